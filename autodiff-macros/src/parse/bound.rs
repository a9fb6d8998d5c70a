//! The bounds added to the copy the derivatives are built from: `Float` on a type parameter
//! bounded only by arithmetic traits, and the traits a generic float type needs where rows,
//! tuples or values left to rustc are differentiated.

use super::float::float_type;
use crate::types::{element, is_float_name, is_float_tuple, is_rows};
use syn::{Type, TypeParamBound};

/// Traits of `std` and `num-traits` that generic numeric code bounds its element type by
/// (`T: Mul<Output = T> + Add<Output = T> + Default + Copy`, `T: Num + Copy`), beside the
/// `STRUCTURAL_BOUNDS`: every float has them.
const ARITHMETIC_BOUNDS: &[&str] = &[
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Neg",
    "Rem",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "Sum",
    "Product",
    // num-traits' numeric traits, which floats have too.
    "Num",
    "NumOps",
    "NumAssign",
    "NumAssignOps",
    "NumCast",
    "Zero",
    "One",
    "Signed",
    "FromPrimitive",
    "ToPrimitive",
    "Bounded",
    // ndarray's element of linear algebra (`T: LinalgScalar`: `Copy`, `Zero`, `One`, the
    // four operators).
    "LinalgScalar",
];

/// A type parameter's bounds, written inline or in the `where` clause (`where T: Mul<Output
/// = T> + …`).
pub(super) fn bounds_of(item: &syn::ItemFn, tp: &syn::TypeParam) -> Vec<TypeParamBound> {
    let mut all: Vec<TypeParamBound> = tp.bounds.iter().cloned().collect();
    for p in item
        .sig
        .generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
    {
        if let syn::WherePredicate::Type(pt) = p {
            if is_param(&pt.bounded_ty, &tp.ident) {
                all.extend(pt.bounds.iter().cloned());
            }
        }
    }
    all
}

/// `generics` without the type parameters `names` and their `where` predicates (the
/// copies that write those parameters as a concrete type).
pub(super) fn without_type_params(generics: &mut syn::Generics, names: &[&syn::Ident]) {
    generics.params = std::mem::take(&mut generics.params)
        .into_iter()
        .filter(|p| !matches!(p, syn::GenericParam::Type(tp) if names.contains(&&tp.ident)))
        .collect();
    if let Some(w) = &mut generics.where_clause {
        w.predicates = std::mem::take(&mut w.predicates)
            .into_iter()
            .filter(|p| {
                !matches!(p, syn::WherePredicate::Type(pt)
                    if names.iter().any(|n| is_param(&pt.bounded_ty, n)))
            })
            .collect();
        if w.predicates.is_empty() {
            generics.where_clause = None;
        }
    }
    if generics.params.is_empty() {
        generics.lt_token = None;
        generics.gt_token = None;
    }
}

/// Whether `ty` is the type parameter `name` itself.
pub(super) fn is_param(ty: &Type, name: &syn::Ident) -> bool {
    matches!(ty, Type::Path(q) if q.qself.is_none() && q.path.is_ident(name))
}

/// The type parameters bounded only by arithmetic traits, or by a float trait of the user's
/// own (`T: MyFloat`, `T: BasicFloat`, `T: RealField`, which the attribute cannot see is
/// `Float`), where the signature names no float type.
fn arithmetic_params(item: &syn::ItemFn) -> Vec<&syn::TypeParam> {
    if float_type(&item.sig, None, false).is_ok()
        || matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(_)))
    {
        return vec![];
    }
    let arithmetic = |tp: &syn::TypeParam| {
        let bounds = bounds_of(item, tp);
        !bounds.is_empty()
            && bounds.iter().all(|b| match b {
                TypeParamBound::Trait(t) => t.path.segments.last().is_some_and(|s| {
                    let name = s.ident.to_string();
                    ARITHMETIC_BOUNDS.contains(&name.as_str())
                        || STRUCTURAL_BOUNDS.contains(&name.as_str())
                        || name.contains("Float")
                        || name.contains("Real")
                }),
                _ => true,
            })
    };
    item.sig
        .generics
        .type_params()
        .filter(|tp| arithmetic(tp))
        .collect()
}

/// A function generic over several element types bounded by arithmetic traits (`T1:
/// Mul<Output = T1>`, `T2: Mul<T1, Output = T2>`: real diagonals and a right-hand side that
/// may be complex, as banded solvers write them): its derivatives are built from a copy
/// where they are all one type, the first, as they exist where all are one float type (the
/// function itself keeps its parameters). `None` where there are not several, or where one
/// is bounded only as any value is (`I: Copy`, which need not be a number).
pub(crate) fn unify_element_types(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let candidates = arithmetic_params(item);
    let [first, others @ ..] = candidates.as_slice() else {
        return None;
    };
    let operated = |tp: &syn::TypeParam| {
        bounds_of(item, tp).iter().any(|b| {
            matches!(b, TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| {
                !STRUCTURAL_BOUNDS.contains(&s.ident.to_string().as_str())
            }))
        })
    };
    // Each other one is linked to another by an operator's bounds (`T2: Mul<T1, Output =
    // T2>`): elements meant to meet in arithmetic. An unlinked one may be an integer (a count
    // `I: Rem<Output = I> + Zero`, which a float would change the meaning of).
    let bounds: Vec<(String, proc_macro2::TokenStream)> = candidates
        .iter()
        .map(|t| {
            let b = bounds_of(item, t);
            (t.ident.to_string(), quote::quote!(#(#b)+*))
        })
        .collect();
    let names_in = |(owner, tokens): &(String, proc_macro2::TokenStream), name: &str| {
        owner != name && crate::tokens::mentions_any(tokens.clone(), &[name])
    };
    let linked = |tp: &syn::TypeParam| {
        let own = tp.ident.to_string();
        let own_bounds = bounds.iter().find(|(o, _)| *o == own).expect("a candidate");
        bounds.iter().any(|(other, _)| names_in(own_bounds, other))
            || bounds.iter().any(|b| names_in(b, &own))
    };
    if others.is_empty()
        || !candidates.iter().all(|tp| operated(tp))
        || !others.iter().all(|tp| linked(tp))
    {
        return None;
    }
    Some(unified(item, first, others))
}

/// A function with no float type of its own but a type parameter bounded only by
/// arithmetic traits: its derivatives are built from a copy where that parameter is also
/// bounded by `Float`, so they exist for `f64` and `f32` (the function itself keeps its
/// bounds). `None` where the signature already names a float type.
pub(crate) fn bound_arithmetic_param(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let candidates = arithmetic_params(item);
    let [tp] = candidates.as_slice() else {
        return None;
    };
    let name = tp.ident.clone();
    let inline = !tp.bounds.is_empty();
    let mut copy = item.clone();
    let float: TypeParamBound = syn::parse_quote!(::autodiff::__private::Float);
    let lifetime: TypeParamBound = syn::parse_quote!('static);
    if inline {
        for param in copy.sig.generics.type_params_mut() {
            if param.ident == name {
                param.bounds.extend([float.clone(), lifetime.clone()]);
            }
        }
    } else {
        // Bounded in the `where` clause only: the bounds go there too (one place for them,
        // as clippy's `multiple_bound_locations` asks of the derived items).
        let where_clause = copy.sig.generics.make_where_clause();
        for p in where_clause.predicates.iter_mut() {
            if let syn::WherePredicate::Type(pt) = p {
                if matches!(&pt.bounded_ty, Type::Path(q) if q.qself.is_none() && q.path.is_ident(&name))
                {
                    pt.bounds.extend([float.clone(), lifetime.clone()]);
                    break;
                }
            }
        }
    }
    Some(copy)
}

/// Bounds that every type has that is copied, compared or printed: not a sign of a
/// number (`I: Copy` of an index type).
const STRUCTURAL_BOUNDS: &[&str] = &[
    "Copy",
    "Clone",
    "Default",
    "PartialEq",
    "PartialOrd",
    "Debug",
    "Display",
    "Sized",
    "Send",
    "Sync",
];

/// `item` with the type parameters `others` written as `first`: their declarations gone,
/// their bounds (inline or in the `where` clause) now `first`'s, all in the `where` clause
/// (one place for them, as clippy's `multiple_bound_locations` asks of the derived items).
fn unified(item: &syn::ItemFn, first: &syn::TypeParam, others: &[&syn::TypeParam]) -> syn::ItemFn {
    let into = &first.ident;
    let mut copy = item.clone();
    let mut moved: Vec<syn::WherePredicate> = vec![];
    copy.sig.generics.params = item
        .sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(tp)
                if tp.ident == *into || others.iter().any(|o| o.ident == tp.ident) =>
            {
                let bounds = &tp.bounds;
                if !bounds.is_empty() {
                    moved.push(syn::parse_quote!(#into: #bounds));
                }
                let mut bare = tp.clone();
                bare.bounds.clear();
                bare.colon_token = None;
                (tp.ident == *into).then_some(syn::GenericParam::Type(bare))
            }
            other => Some(other.clone()),
        })
        .collect();
    if !moved.is_empty() {
        copy.sig
            .generics
            .make_where_clause()
            .predicates
            .extend(moved);
    }
    let mut tokens = quote::ToTokens::to_token_stream(&copy);
    for other in others {
        tokens = crate::tokens::subst(tokens, &other.ident, &quote::quote!(#into));
    }
    syn::parse2(tokens).expect("a type parameter written as another keeps the item valid")
}

/// A copy of a function generic over its float type `T` whose rows (`&[[T; 2]; 2]`) or
/// tuples (`&(T, T)`) are differentiated as values of `Differentiable` types made of `T`s,
/// with the bound that makes them so, `T: Differentiable<Scalar = T>` (every float type
/// meets it). `None` where no such parameter needs it.
pub(crate) fn bound_float_leaves(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    bound_float(
        item,
        |float| {
            let tuple = |t: &Type| match t {
                Type::Reference(r) => {
                    is_float_tuple(&r.elem, float)
                        || element(&r.elem).is_some_and(|(e, _)| is_float_tuple(e, float))
                }
                _ => false,
            };
            item.sig.inputs.iter().any(|input| match input {
                syn::FnArg::Typed(pt) => is_rows(&pt.ty, float) || tuple(&pt.ty),
                syn::FnArg::Receiver(_) => false,
            })
        },
        |float| vec![syn::parse_quote!(::autodiff::__private::Differentiable<Scalar = #float>)],
    )
}

/// A copy of a function generic over its float type `T` taking structs over `T` (`&State<T>`,
/// `&[Body<T>]`, or `self` in a method of `impl<T: Float> State<T>`), with the bound that
/// makes each a parameter, `State<T>: Differentiable<Scalar = T>`, on the derived items: a
/// struct declared without a bound (`struct State<T> { q: T }`) is `Differentiable` where
/// `T` is, which the bound asks of the caller; one declared `State<T: Float>` meets it for
/// every `T: Float`, so generic callers of its derived items need say nothing more. `None`
/// where no parameter needs it.
pub(crate) fn bound_generic_structs(
    item: &syn::ItemFn,
    wrt: Option<&[syn::Ident]>,
) -> Option<syn::ItemFn> {
    // (A parameter `wrt` leaves out is a constant of any type.)
    let active = |name: &str| wrt.is_none_or(|names| names.iter().any(|n| n == name));
    let float = float_type(&item.sig, Some(&item.block), true).ok()?;
    // (A type parameter: not `f64`, nor a projection such as a step's
    // `<Self as Differentiable>::Scalar`.)
    let param =
        matches!(&float, Type::Path(p) if p.qself.is_none() && p.path.get_ident().is_some());
    if is_float_name(&float) || !param {
        return None;
    }
    let mut structs: Vec<Type> = vec![];
    for input in &item.sig.inputs {
        match input {
            syn::FnArg::Typed(pt) => {
                let name = match &*pt.pat {
                    syn::Pat::Ident(p) => p.ident.to_string(),
                    _ => continue,
                };
                if !active(&name) {
                    continue;
                }
                if let Some(ty) = generic_struct(&pt.ty, &float) {
                    if !structs.contains(ty) {
                        structs.push(ty.clone());
                    }
                }
            }
            // A method of `impl<T: Float> State<T>`, whose `Self` may be such a struct.
            syn::FnArg::Receiver(_) if !declares(&item.sig.generics, &float) && active("self") => {
                structs.push(syn::parse_quote!(Self));
            }
            syn::FnArg::Receiver(_) => {}
        }
    }
    if structs.is_empty() {
        return None;
    }
    let mut copy = item.clone();
    let predicates = &mut copy.sig.generics.make_where_clause().predicates;
    for ty in structs {
        predicates
            .push(syn::parse_quote!(#ty: ::autodiff::__private::Differentiable<Scalar = #float>));
    }
    Some(copy)
}

/// A copy of a function generic over its float type `T` that holds a value whose type the
/// macro leaves to rustc (a call's result only passed on, `let z = g(x); h(z)`: a float or
/// an array), with the bounds its adjoint's traits need for `T` itself, `T: Adjoint + Like<Owned = T>`
/// (every float type meets them).
pub(crate) fn bound_undecided_values(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    bound_float(
        item,
        |_| true,
        |float| {
            vec![
                syn::parse_quote!(::autodiff::__private::Adjoint),
                syn::parse_quote!(::autodiff::__private::Like<Owned = #float>),
            ]
        },
    )
}

/// `item` with a bound on its float type where that is a type parameter and `needs` it.
fn bound_float(
    item: &syn::ItemFn,
    needs: impl Fn(&Type) -> bool,
    bounds: impl Fn(&Type) -> Vec<syn::TypeParamBound>,
) -> Option<syn::ItemFn> {
    let float = float_type(&item.sig, Some(&item.block), true).ok()?;
    if is_float_name(&float) || !needs(&float) {
        return None;
    }
    let bounds = bounds(&float);
    let mut copy = item.clone();
    // On the function's own parameter where it is declared (one place for its bounds),
    // else (an `impl`'s parameter) in a `where` clause.
    let own = copy
        .sig
        .generics
        .type_params_mut()
        .find(|t| t.ident == quote::quote!(#float).to_string());
    match own {
        Some(param) => param.bounds.extend(bounds),
        None => copy
            .sig
            .generics
            .make_where_clause()
            .predicates
            .push(syn::parse_quote!(#float: #(#bounds)+*)),
    }
    Some(copy)
}

/// The struct over the float type `float` that `ty` is or holds (`State<T>` of `&State<T>`,
/// `Body<T>` of `&[Body<T>]` or `&Vec<Body<T>>`): a path other than `std`'s and `ndarray`'s
/// containers with `float` among its type arguments.
fn generic_struct<'t>(ty: &'t Type, float: &Type) -> Option<&'t Type> {
    const CONTAINERS: &[&str] = &["Vec", "Box", "Option", "Rc", "Arc", "Cow", "ArrayBase"];
    let ty = match ty {
        Type::Reference(r) => &*r.elem,
        ty => ty,
    };
    let ty = element(ty).map_or(ty, |(e, _)| e);
    let Type::Path(p) = ty else {
        return None;
    };
    let last = p.path.segments.last()?;
    let name = last.ident.to_string();
    if CONTAINERS.contains(&name.as_str()) || name.starts_with("Array") {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args
        .iter()
        .any(|a| matches!(a, syn::GenericArgument::Type(t) if t == float))
        .then_some(ty)
}

/// Whether `generics` declare the type `ty` (a function's own type parameter, not its
/// `impl`'s).
fn declares(generics: &syn::Generics, ty: &Type) -> bool {
    let Type::Path(p) = ty else {
        return false;
    };
    generics.type_params().any(|tp| p.path.is_ident(&tp.ident))
}
