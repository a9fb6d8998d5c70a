//! The driver's checks, each with its rule and its error: the signature (before lowering),
//! that something varies and that `hvp` can be honoured (after).

use crate::ir::ParamShape;
use crate::parse::Args;
use quote::quote;

/// At least one parameter holds the float type: otherwise there is nothing to differentiate
/// with respect to (a slice of another type parameter `T: Into<f64>` is such a parameter).
pub(super) fn check_something_varies(
    item: &syn::ItemFn,
    func: &crate::ir::Func,
) -> Result<(), Vec<syn::Error>> {
    if func.params.iter().any(|p| p.active) || !func.outputs.is_empty() {
        return Ok(());
    }
    let float = &func.float;
    let others: Vec<&syn::Ident> = item
        .sig
        .generics
        .type_params()
        .map(|t| &t.ident)
        .filter(|t| quote!(#t).to_string() != quote!(#float).to_string())
        .collect();
    let of_other = item.sig.inputs.iter().find_map(|input| match input {
        syn::FnArg::Typed(pt) => others
            .iter()
            .find(|t| crate::tokens::mentions_ident(quote!(#pt), t))
            .map(|t| (pt, *t)),
        syn::FnArg::Receiver(_) => None,
    });
    // A struct taken by value and read only through its methods (`fn f(p: P, q: P) -> f64 {
    // p.dot(&q) }`): by value, the attribute takes it as a struct only where the body reads
    // its fields, since any other type could be one.
    let by_value_struct = item.sig.inputs.iter().find_map(|input| match input {
        syn::FnArg::Typed(pt) => match (&*pt.pat, &*pt.ty) {
            (syn::Pat::Ident(p), syn::Type::Path(tp))
                if tp.path.segments.last().is_some_and(|s| {
                    s.ident
                        .to_string()
                        .starts_with(|c: char| c.is_ascii_uppercase())
                }) =>
            {
                Some((p.ident.clone(), (*pt.ty).clone()))
            }
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    });
    let error = match (of_other, by_value_struct) {
        (None, Some((name, ty))) => syn::Error::new_spanned(
            &ty,
            format!("no parameter of `{}` holds the float type `{}` that the attribute can see: `{name}` is taken by value and read only through its methods; take it by reference (`{name}: &{}`, a `#[derive(Differentiable)]` struct, whose methods carry `#[differentiate]`), or read its fields in the body", item.sig.ident, quote!(#float), quote!(#ty)),
        ),
        (Some((pt, t)), _) => syn::Error::new_spanned(
            &pt.ty,
            format!("this parameter holds `{t}`, which is not the float type `{}`: `#[differentiate]` differentiates with respect to parameters of the float type; write the element as `{}` (or a type parameter bounded by `num_traits::Float`), and convert before the call", quote!(#float), quote!(#float)),
        ),
        (None, None) => syn::Error::new(
            item.sig.ident.span(),
            format!("no parameter of `{}` holds the float type `{}`, so there is nothing to differentiate with respect to: take the inputs as `{}` values, slices, `Vec`s, arrays, `ndarray` arrays or `#[derive(Differentiable)]` structs; a helper of other values (integers, flags) needs no `#[differentiate]`: differentiated functions call it as any function of values without derivatives", item.sig.ident, quote!(#float), quote!(#float)),
        ),
    };
    Err(vec![error])
}

/// `hvp` can be honoured: a method of an `impl` generic over its float type, with a float
/// result and every parameter with a dual-number form. Other functions get `_hvp` without
/// asking, where they can have one.
pub(super) fn check_hvp_request(
    args: &Args,
    func: &crate::ir::Func,
) -> Result<(), Vec<syn::Error>> {
    let Some(word) = &args.hvp else {
        return Ok(());
    };
    let float = &func.float;
    let float = quote!(#float).to_string();
    let message = if !func.method {
        "`hvp` is for methods taking `&self` in a generic `impl<T: Float>`: other functions get `_hvp` without asking, where they can have one".to_string()
    } else if float == "f64" || float == "f32" {
        format!("a method's `_hvp` runs its `impl` on dual numbers, which needs the `impl` generic over its float type (`impl<T: Float> S<T>`); this method's float type is `{float}`: make the struct and its `impl` generic, or differentiate a generic free function that calls the method")
    } else if !matches!(
        func.ret_shape,
        crate::ir::Ret::Single(crate::ir::Kind::Float)
    ) {
        "`_hvp` is the Hessian-vector product of a function with a float result: this method returns something else, so it can have none".to_string()
    } else if let Some(p) = func
        .params
        .iter()
        .find(|p| !p.active && matches!(p.shape, ParamShape::ArrayRef | ParamShape::Array))
    {
        // Spanned on the parameter: the syntax to change.
        let message = "this method's `_hvp` cannot be made: a fixed-size array parameter left out by `wrt` has no dual-number form here; make it active, or pass it as a slice";
        return Err(vec![syn::Error::new_spanned(&p.ty, message)]);
    } else {
        return Ok(());
    };
    Err(vec![syn::Error::new(word.span(), message)])
}

/// The checks on the signature, each with its rule.
pub(super) fn check_signature(
    item: &syn::ItemFn,
    args: &Args,
    in_impl: bool,
) -> Result<(), Vec<syn::Error>> {
    let sig = &item.sig;
    let mut errors = vec![];
    // Only ordinary functions: their body is plain code the macro can transform.
    if let Some(t) = &sig.asyncness {
        errors.push(syn::Error::new(t.span, "`async fn` cannot be differentiated: differentiate a synchronous function and call it from async code"));
    }
    if !matches!(sig.safety, syn::Safety::Default) {
        errors.push(syn::Error::new_spanned(&sig.safety, "`unsafe fn` cannot be differentiated: differentiate a safe function and keep the unsafe code outside it"));
    }
    if let Some(v) = &sig.variadic {
        errors.push(syn::Error::new_spanned(
            v,
            "variadic functions cannot be differentiated",
        ));
    }
    // A tuple of one element is read as its element nowhere else: say so.
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        if matches!(&**ty, syn::Type::Tuple(t) if t.elems.len() == 1) {
            errors.push(syn::Error::new_spanned(ty, "a one-element tuple result is not supported by `#[differentiate]`: return the element itself (`-> f64`), or a tuple of two or more"));
        }
    }
    // Types are read as written: a macro in a type cannot be.
    let mut types: Vec<&syn::Type> = sig
        .inputs
        .iter()
        .filter_map(|p| match p {
            syn::FnArg::Typed(pt) => Some(&*pt.ty),
            _ => None,
        })
        .collect();
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        types.push(ty);
    }
    let type_params: Vec<&syn::Ident> = sig.generics.type_params().map(|t| &t.ident).collect();
    for ty in types {
        // `&T<T>` of a type parameter `T`: not Rust (a parameter takes no arguments), and the
        // derived items' bounds, which substitute `T`, would not parse.
        struct Applied<'a> {
            params: &'a [&'a syn::Ident],
            found: Option<syn::Path>,
        }
        impl<'ast> syn::visit::Visit<'ast> for Applied<'_> {
            fn visit_path(&mut self, p: &'ast syn::Path) {
                let applied = p.segments.len() == 1
                    && p.segments.first().is_some_and(|s| {
                        self.params.contains(&&s.ident) && !s.arguments.is_empty()
                    });
                if applied && self.found.is_none() {
                    self.found = Some(p.clone());
                }
                syn::visit::visit_path(self, p);
            }
        }
        let mut applied = Applied {
            params: &type_params,
            found: None,
        };
        syn::visit::Visit::visit_type(&mut applied, ty);
        if let Some(p) = applied.found {
            errors.push(syn::Error::new_spanned(p, "a type parameter takes no generic arguments: write the type it stands for, or a type with parameters (`Vec<T>`)"));
        }
        let has_macro = quote!(#ty)
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '!'));
        if has_macro {
            errors.push(syn::Error::new_spanned(ty, "a macro in a parameter or return type is not supported by `#[differentiate]`: write the type itself"));
        }
    }
    // Rows of floats in a form the derivatives do not take (modified by value, `&mut`,
    // `&[&[f64]]`) would be constants without a word: refused unless `wrt` leaves them out.
    if let Ok(float) = crate::parse::float_type(sig, Some(&item.block), in_impl) {
        for input in &sig.inputs {
            let syn::FnArg::Typed(pt) = input else {
                continue;
            };
            let named = match &*pt.pat {
                syn::Pat::Ident(pi) => args
                    .wrt
                    .as_ref()
                    .is_none_or(|names| names.contains(&pi.ident)),
                _ => true,
            };
            if let Some(t) = named
                .then(|| sequence_of_unbounded_param(&pt.ty, sig, &float))
                .flatten()
            {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("this parameter is a sequence of `{t}`, a type parameter that is not the float type `{float}`: the macro cannot see what a `{t}` holds or how its operators differentiate; take the floats themselves (`&[{float}]`, converting before the call), bound `{t}: Differentiable` if it is a `#[derive(Differentiable)]` struct, or leave this parameter out with `wrt(…)` if it carries no derivative")));
                continue;
            }
            let inactive = crate::types::param_shape(&pt.ty, &float) == ParamShape::Inactive;
            if named && inactive && crate::types::mixed_float_tuple(&pt.ty, &float) {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` differentiates tuples of two to four `{float}`s (`({float}, {float})`, also in a slice or an array): this tuple holds other types or more floats, which would be constants; pass them as parameters of their own or in a `#[derive(Differentiable)]` struct, or leave this parameter out with `wrt(…)` if it holds constants")));
                continue;
            }
            // `y: f64` where the float type is the type parameter `T`.
            let generic = type_params
                .iter()
                .any(|t| quote!(#t).to_string() == quote!(#float).to_string());
            let leaf = crate::types::peel_refs(&pt.ty);
            let concrete = crate::types::is_float_name(leaf)
                || matches!(crate::types::element(leaf), Some((e, _)) if crate::types::is_float_name(e));
            if named && generic && concrete {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("this parameter holds a concrete float type, and the function computes in its type parameter `{float}`: give it the type `{float}` to differentiate with respect to it, or leave it out with `wrt(…)` (it is then a constant, converted where the body writes `{float}::from(…)`)")));
                continue;
            }
            if named && inactive && crate::types::other_float(&pt.ty, &float) {
                let float = quote!(#float);
                let other = if float.to_string() == "f64" {
                    "f32"
                } else {
                    "f64"
                };
                errors.push(syn::Error::new_spanned(&pt.ty, format!("this parameter holds `{other}`s, and the function computes its derivatives in `{float}`: leave it out with `wrt(…)` (it is then a constant, converted where the body writes `as {float}`), or give it the type `{float}` to differentiate with respect to it")));
                continue;
            }
            // `mut x: ArrayViewMut1<f64>`: a view written in place, as `&mut Array2` is.
            let view_mut = matches!(&*pt.ty, syn::Type::Path(p)
                if p.path.segments.last().is_some_and(|s| s.ident.to_string().starts_with("ArrayViewMut")));
            if named && inactive && view_mut {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("a mutable view parameter (an array written in place) is not supported in a `#[differentiate]` function: take the buffer flat, as `&mut Array1<{float}>`, `&mut [{float}]` (pass `v.as_slice_mut().unwrap()`) or `&mut Vec<{float}>`, or take the array by reference and return the new one")));
                continue;
            }
            // (A parameter called as a function, `equation(t, y)` of `equation:
            // DiffEq<T>`, gets the message of function values.)
            let called =
                matches!(&*pt.pat, syn::Pat::Ident(pi) if called_in(&item.block, &pi.ident));
            if named
                && inactive
                && !called
                && !crate::types::nests_floats(&pt.ty, &float)
                && crate::types::holds_floats(&pt.ty, &float)
                && !crate::types::is_mut_float_ref(&pt.ty, &float)
            {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` cannot differentiate the `{float}`s this parameter holds (it takes floats, slices, `Vec`s and arrays of them, rows, tuples of two to four floats, `ndarray` arrays and `#[derive(Differentiable)]` structs), so they would be constants: pass them in one of those forms, or leave this parameter out with `wrt(…)` if it holds constants")));
                continue;
            }
            if named && inactive && crate::types::nests_floats(&pt.ty, &float) {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` takes rows of `{float}` as a shared slice or array of rows (`&[Vec<{float}>]`, `&[[{float}; N]]`, `&[[{float}; N]; M]`, or one of these by value and not modified), not in this form: copy modified rows into a local flat `Vec<{float}>` (indexed `v[i * n + j]`) or an `ndarray::Array2<{float}>`, or leave this parameter out with `wrt(…)` if it holds constants")));
            }
        }
    }
    // `wrt` names parameters that exist and hold floats.
    if let Some(names) = &args.wrt {
        let float =
            crate::parse::float_type(sig, Some(&item.block), in_impl).map_err(|e| vec![e])?;
        for name in names {
            if name == "self" && sig.receiver().is_some() {
                continue;
            }
            let param = sig.inputs.iter().find_map(|p| match p {
                syn::FnArg::Typed(pt) => match &*pt.pat {
                    syn::Pat::Ident(pi) if pi.ident == *name => Some(&pt.ty),
                    _ => None,
                },
                _ => None,
            });
            match param {
                None => {
                    // A binding of a parameter written as a pattern (`(a, b): (f64, f64)`),
                    // which the derived items name after its bindings (`a_b`).
                    let named = name.to_string();
                    let pattern = sig.inputs.iter().find_map(|p| match p {
                        syn::FnArg::Typed(pt) => match &*pt.pat {
                            syn::Pat::Ident(pi) if pi.ident.to_string().split('_').any(|part| part == named) && item.block.stmts.iter().any(|s| matches!(s, syn::Stmt::Local(l) if matches!(&l.pat, syn::Pat::Tuple(_) | syn::Pat::Slice(_)))) => Some(pi.ident.clone()),
                            _ => None,
                        },
                        _ => None,
                    });
                    let hint = pattern.map_or(String::new(), |p| format!(": a parameter written as a pattern is named after its bindings, here `{p}`; write `wrt({p})`"));
                    errors.push(syn::Error::new(name.span(), format!("`wrt` names `{name}`, which is not a parameter of `{}`{hint}", sig.ident)));
                }
                // An output buffer named in `wrt`: its entry contents, where the body
                // reads them (`crate::in_place`).
                Some(ty) if crate::types::param_shape(ty, &float) == ParamShape::Inactive && !crate::types::is_buffer(ty, &float) => errors.push(syn::Error::new(
                    name.span(),
                    format!("`{name}` cannot be differentiated: only float, float slice, `Vec`, array and `&Struct` (a `#[derive(Differentiable)]` struct) parameters can be named in `wrt`"),
                )),
                Some(_) => {}
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `jacobian` and `hessian` ask for dense matrices over the coordinates of the active
/// parameters and of the result (`emit/items/jacobian.rs`): each active parameter must be a
/// float, a float slice, `Vec`, array or `ndarray` array, the result a float or such a
/// sequence (a float for `hessian`, which needs `_hvp`), with no output buffers.
pub(super) fn check_matrix_requests(
    args: &Args,
    func: &crate::ir::Func,
) -> Result<(), Vec<syn::Error>> {
    use crate::ir::{Kind, Ret};
    let words = args
        .jacobian
        .as_ref()
        .map(|(_, w)| (w, "jacobian"))
        .into_iter()
        .chain(args.hessian.as_ref().map(|w| (w, "hessian")));
    let mut errors = vec![];
    for (word, what) in words {
        let coordinates = |shape: ParamShape| {
            matches!(
                shape,
                ParamShape::Scalar
                    | ParamShape::Slice
                    | ParamShape::OwnedVec
                    | ParamShape::ArrayRef
                    | ParamShape::Array
                    | ParamShape::NdRef
                    | ParamShape::Nd
            )
        };
        let result_ok = matches!(
            (&func.ret_shape, what),
            (Ret::Single(Kind::Float), _) | (Ret::Single(Kind::FloatSeq | Kind::Array), "jacobian")
        );
        // The functions whose `_hvp` is not the standard one (`emit/items/mod.rs`): methods,
        // struct parameters or values (no dual twin), closures mapped over arrays.
        let no_hvp = what == "hessian"
            && (func.method
                || func
                    .params
                    .iter()
                    .any(|p| matches!(p.shape, ParamShape::Struct | ParamShape::StructSlice))
                || func.holds_struct_values()
                || func.maps_closures());
        let message = if !func.outputs.is_empty() {
            format!("`{what}` cannot be made for a function with output buffers: return the values instead")
        } else if let Some(p) = func
            .params
            .iter()
            .find(|p| p.active && !coordinates(p.shape))
        {
            let message = format!("`{what}` needs every active parameter to be a float, a float slice, `Vec`, array or `ndarray` array (whose coordinates are its columns); this one is not: leave it out with `wrt(…)`, or pass its floats as a slice");
            errors.push(syn::Error::new_spanned(&p.ty, message));
            continue;
        } else if !result_ok {
            match what {
                "jacobian" => "`jacobian` needs a result that is a float, a float `Vec`, array or `ndarray` array (whose coordinates are the rows): return one".to_string(),
                _ => "`hessian` is the matrix of second derivatives of a float result: this function returns something else".to_string(),
            }
        } else if no_hvp {
            "`hessian` is built from `_hvp`, which this function does not have (a method, a function with struct parameters or values, or one mapping a closure over an array): differentiate a free function with float, slice or array parameters".to_string()
        } else {
            continue;
        };
        errors.push(syn::Error::new(word.span(), message));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `nested` gives `f_grad`, `f_jvp` and `f_vjp` entry points whose derivatives are
/// `f_hvp`'s (`emit/items/nested.rs`): a free function whose parameters are all active
/// floats and whose result is a float, with the standard `_hvp`.
pub(super) fn check_nested_request(
    args: &Args,
    func: &crate::ir::Func,
) -> Result<(), Vec<syn::Error>> {
    use crate::ir::{Kind, Ret};
    let Some(word) = &args.nested else {
        return Ok(());
    };
    let refuse = |span: proc_macro2::Span, why: &str| Err(vec![syn::Error::new(span, why)]);
    if func.in_impl {
        return refuse(word.span(), "`nested` is for free functions: move the function out of the `impl` (a function of an `impl` cannot have types of its own beside it to hold the entry points of its `_grad`, `_jvp` and `_vjp`)");
    }
    if let Some(p) = func.params.iter().find(|p| p.shape != ParamShape::Scalar) {
        return Err(vec![syn::Error::new_spanned(&p.ty, "`nested` needs every parameter to be a float (its `_grad`, `_jvp` and `_vjp` are then functions of floats that callers differentiate through `_hvp`): pass this value's floats as separate parameters")]);
    }
    if let Some(p) = func.params.iter().find(|p| !p.active) {
        return Err(vec![syn::Error::new_spanned(&p.ty, "`nested` needs the derivatives with respect to every parameter (a caller differentiating `f_grad` needs its mixed second derivatives): drop `wrt(…)`")]);
    }
    if !matches!(func.ret_shape, Ret::Single(Kind::Float)) || !func.outputs.is_empty() {
        return refuse(word.span(), "`nested` needs a float result (its `_grad` and `_vjp` are a float result's): return one float");
    }
    if func.holds_struct_values() || func.maps_closures() {
        return refuse(word.span(), "`nested` builds the derivatives of `f_grad`, `f_jvp` and `f_vjp` from `f_hvp`, which this function does not have (it holds struct values or maps a closure over an array): compute with floats");
    }
    Ok(())
}

/// `T` of a parameter `&[T]`, `Vec<T>` or `[T; N]` (behind references) where `T` is a type
/// parameter of `sig` other than the float type, bounded neither by `Float` (nor another
/// float bound) nor by `Differentiable`, in its list or a `where` clause.
fn sequence_of_unbounded_param(
    ty: &syn::Type,
    sig: &syn::Signature,
    float: &syn::Type,
) -> Option<syn::Ident> {
    let (elem, _) = crate::types::element(crate::types::peel_refs(ty))?;
    let syn::Type::Path(p) = elem else {
        return None;
    };
    let name = p.path.get_ident()?;
    if *name == quote!(#float).to_string() {
        return None;
    }
    let own: Vec<&syn::TypeParam> = sig
        .generics
        .type_params()
        .filter(|t| t.ident == *name)
        .collect();
    if own.is_empty() {
        return None;
    }
    let wheres = sig
        .generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .filter_map(|pred| match pred {
            syn::WherePredicate::Type(t) => {
                let bounded = &t.bounded_ty;
                (quote!(#bounded).to_string() == *name.to_string()).then_some(&t.bounds)
            }
            _ => None,
        });
    let bounded = own
        .into_iter()
        .map(|t| &t.bounds)
        .chain(wheres)
        .flatten()
        .any(|b| {
            crate::parse::is_float_bound(b)
                || matches!(b, syn::TypeParamBound::Trait(t)
                    if t.path.segments.last().is_some_and(|s| s.ident == "Differentiable"))
        });
    (!bounded).then(|| name.clone())
}

/// A method of an operator trait's impl marked itself (`impl Mul<Vec<f64>> for &M {
/// #[differentiate] fn mul(self, rhs: Vec<f64>) -> … }`): its derived items cannot go into
/// the trait's impl, which holds the trait's items only, so the attribute belongs on the
/// block. Recognised by the trait's signature: `self` by value and `-> Self::Output` (`&mut
/// self` for the `…_assign` methods), one operand (none for `neg`), no visibility; written
/// otherwise (`-> Vec<f64>`), it may be an inherent method of that name, and is taken as one.
pub(super) fn operator_trait_method(item: &syn::ItemFn) -> Option<syn::Error> {
    const TRAITS: &[(&str, &str)] = &[
        ("add", "Add"),
        ("sub", "Sub"),
        ("mul", "Mul"),
        ("div", "Div"),
        ("rem", "Rem"),
        ("neg", "Neg"),
        ("add_assign", "AddAssign"),
        ("sub_assign", "SubAssign"),
        ("mul_assign", "MulAssign"),
        ("div_assign", "DivAssign"),
    ];
    let sig = &item.sig;
    let name = sig.ident.to_string();
    let (_, trait_name) = TRAITS.iter().find(|(m, _)| *m == name)?;
    let receiver = sig.receiver()?;
    let assign = name.ends_with("_assign");
    let shape = match (assign, &receiver.kind) {
        (true, syn::ReceiverKind::Reference(_, _, mutable)) => mutable.is_some(),
        (false, syn::ReceiverKind::Reference(..)) | (true, _) => false,
        (false, _) => true,
    };
    let operands = if name == "neg" { 1 } else { 2 };
    // (`-> Self::Output` names the trait's type: an inherent `fn mul(self, …)` cannot.)
    let output = &sig.output;
    let trait_output = assign
        || crate::tokens::mentions_ident(
            quote::quote!(#output),
            &syn::Ident::new("Output", proc_macro2::Span::call_site()),
        );
    if !shape
        || !trait_output
        || sig.inputs.len() != operands
        || !matches!(item.vis, syn::Visibility::Inherited)
    {
        return None;
    }
    Some(syn::Error::new_spanned(
        &sig.ident,
        format!("`{name}` is the method of the operator trait `{trait_name}`, and `#[differentiate]` on a method of a trait's `impl` cannot add its derived items there (a trait's `impl` holds the trait's items only): put the attribute on the `impl` block instead (`#[differentiate] impl {trait_name}<…> for …`), which adds them in an inherent `impl` beside it"),
    ))
}

/// Whether the written result is a `bool` or an integer (`-> usize`), which carries no
/// derivative, of floats (`near_zero(a: f64)`; a function of integers alone gets the
/// message that there is nothing to differentiate, which catches a type written wrong).
pub(super) fn result_without_derivative(sig: &syn::Signature) -> bool {
    let inputs = &sig.inputs;
    let generics = &sig.generics;
    // (Not one writing `&mut` buffers, whose writes are results of their own.)
    let writes = inputs.iter().any(|a| {
        matches!(a, syn::FnArg::Typed(pt) if matches!(&*pt.ty, syn::Type::Reference(r) if r.mutability.is_some()))
    });
    if writes {
        return false;
    }
    let of_floats =
        crate::tokens::mentions_any(quote::quote!(#inputs #generics), &["f64", "f32", "Float"]);
    of_floats
        && matches!(&sig.output, syn::ReturnType::Type(_, ty)
        if matches!(&**ty, syn::Type::Path(p)
            if p.qself.is_none()
                && (p.path.is_ident("bool")
                    || crate::types::INTS.iter().any(|i| p.path.is_ident(i)))))
}

/// Whether some expression of the body satisfies `test`.
fn body_has(block: &syn::Block, test: &dyn Fn(&syn::Expr) -> bool) -> bool {
    struct Find<'t>(&'t dyn Fn(&syn::Expr) -> bool, bool);
    impl<'a> syn::visit::Visit<'a> for Find<'_> {
        fn visit_expr(&mut self, e: &'a syn::Expr) {
            self.1 |= (self.0)(e);
            syn::visit::visit_expr(self, e);
        }
    }
    let mut find = Find(test, false);
    syn::visit::Visit::visit_block(&mut find, block);
    find.1
}

/// Whether the body calls `name` as a function (`name(…)`).
fn called_in(block: &syn::Block, name: &syn::Ident) -> bool {
    body_has(block, &|e| {
        matches!(e, syn::Expr::Call(c)
            if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident(name)))
    })
}

/// A parameter typed by a name the attribute cannot see into (`m: MatrixView`, with `type
/// MatrixView<'a> = ArrayView2<'a, f64>` elsewhere) and read as an `ndarray` array
/// (`m[[i, j]]`): the alias hides what the derived items take, so the message asks for the
/// type written out. Checked on the function as written (its spans the user's).
pub(crate) fn alias_read_as_array(item: &syn::ItemFn) -> Option<syn::Error> {
    let f64_type: syn::Type = syn::parse_quote!(f64);
    item.sig.inputs.iter().find_map(|input| {
        let syn::FnArg::Typed(pt) = input else {
            return None;
        };
        let syn::Pat::Ident(pi) = &*pt.pat else {
            return None;
        };
        let user_type = crate::types::kind_of_type(&pt.ty, &f64_type) == crate::types::Kind::Struct;
        if !(user_type && entry_read(&item.block, &pi.ident)) {
            return None;
        }
        let ty = &pt.ty;
        let ty = quote!(#ty).to_string().replace(" <", "<").replace("< ", "<").replace(" >", ">").replace("& ", "&");
        Some(syn::Error::new_spanned(&pt.ty, format!("this parameter is read as an `ndarray` array (`{}[[i, j]]`), but its type `{ty}` does not show one (the attribute cannot see through an alias of an array or a view): write the type out, as `ArrayView2<f64>` or `&Array2<f64>` (with the float type the function uses)", pi.ident)))
    })
}

/// Whether the body reads `name` by an `ndarray` index of several parts (`name[[i, j]]`).
fn entry_read(block: &syn::Block, name: &syn::Ident) -> bool {
    body_has(block, &|e| {
        matches!(e, syn::Expr::Index(ix)
            if matches!(&*ix.expr, syn::Expr::Path(p) if p.path.is_ident(name))
                && matches!(&*ix.index, syn::Expr::Array(a) if a.elems.len() > 1))
    })
}
