//! `f_gradcheck` and `f_gradcheck_with`: a function's own derivative check, for users' test
//! suites. Every active parameter is flattened into one point (a struct parameter through
//! `Differentiable::to_flat`); closures rebuild the parameters from a flat slice, so the
//! runtime's `check_derivatives` can perturb it.

use crate::emit::names::{primal, primal_named, sibling, Derived};
use crate::emit::signature::{float_param, passed_name};
use crate::emit::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Whether `f` gets an `f_gradcheck` (whose points are `f64`): at `f64`; at `f32`, checked
/// with steps and a tolerance for `f32`, when every active parameter is of `f32` (not a
/// struct, whose leaves the attribute cannot see, nor a method's receiver); or generic over
/// its float type `T`, checked where `T` is `f64` or `f32`: `T` is the function's own type
/// parameter, or a method's `impl`'s (its receiver then flattened through a bound,
/// `Self: Differentiable<Scalar = T>`), and every other active parameter is over `T` alone
/// (a parameter of `f64` or a struct of `f64` fields beside `T` would not be rebuilt from
/// the check's points).
pub(super) fn has_gradcheck(item: &syn::ItemFn, ctx: &Ctx) -> bool {
    use crate::tokens::mentions_ident;
    // The check rebuilds each parameter from a flat vector of numbers, and an array's
    // length must then be known: not `[f64; N]` with `N` a const parameter.
    if item.sig.generics.const_params().next().is_some() {
        return false;
    }
    if ctx.float_is_f64() {
        return true;
    }
    let (f64_, f32_) = (format_ident!("f64"), format_ident!("f32"));
    let t = if ctx.concrete_float() {
        (!ctx.func.method).then(|| f32_.clone())
    } else if ctx.func.method {
        syn::parse2::<syn::Ident>(ctx.float()).ok()
    } else {
        // (A float alias, `Real`, is no declared parameter: the check names it as written.)
        float_param(item, ctx).or_else(|| syn::parse2::<syn::Ident>(ctx.float()).ok())
    };
    let Some(t) = t else {
        return false;
    };
    let receiver = ctx.func.method.then(|| ctx.func.params[0].var);
    ctx.func
        .params
        .iter()
        .filter(|p| p.active && Some(p.var) != receiver)
        .all(|p| {
            let ty = &p.ty;
            let ty = quote!(#ty);
            mentions_ident(ty.clone(), &t)
                && !mentions_ident(ty.clone(), &f64_)
                && (t == f32_ || !mentions_ident(ty, &f32_))
        })
}

/// The two items, for functions with a float result, of `f64`, `f32` or generic over their
/// float type (the check's points are `f64`, met through `AtF64`, with steps and a default
/// tolerance for the function's own precision; a generic function's check requires
/// `T: AtF64`, so it compiles whatever the function's bounds and runs where `T` is `f64` or
/// `f32`). Without `f_hvp` (functions of concrete structs, methods that do not ask for one)
/// the Hessian-vector product is not checked.
pub(super) fn emit(
    item: &syn::ItemFn,
    ctx: &Ctx,
    allows: &TokenStream,
    with_hvp: bool,
) -> TokenStream {
    let f = &item.sig.ident;
    let (vis, generics) = (&item.vis, &item.sig.generics);
    let generic = !ctx.concrete_float();
    // `f32` and generic floats meet the check's `f64` points through `AtF64`.
    let converts = !ctx.float_is_f64();
    let where_clause = where_clause(item, ctx, generic);
    // `T: AtF64` goes in the `where` clause, beside the bounds written inline.
    let allows = if generic {
        quote!(#allows #[allow(clippy::multiple_bound_locations)])
    } else {
        allows.clone()
    };
    let (check, check_with) = (
        Derived::Gradcheck.at_call_site(f),
        Derived::GradcheckWith.at_call_site(f),
    );
    let path = |kind: Derived| sibling(item, ctx, kind);
    let (primal, check_with_path) = (primal(item, ctx), path(Derived::GradcheckWith));
    let (grad, jvp, hvp) = (path(Derived::Grad), path(Derived::Jvp), path(Derived::Hvp));
    let params: Vec<TokenStream> = item.sig.inputs.iter().map(|p| quote!(#p)).collect();
    let names: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .map(|p| passed_name(ctx, p))
        .collect();
    let active: Vec<&Param> = ctx.func.params.iter().filter(|p| p.active).collect();
    let at_point = arguments(ctx, &item.sig.generics, quote!(__v));
    let skip_grads: Vec<TokenStream> = active.iter().map(|_| quote!(_)).collect();
    let directions: Vec<TokenStream> = active
        .iter()
        .map(|p| rebuild(ctx, p, &quote!(__d)))
        .collect();
    let flat_f64 = |p: &Param, value: TokenStream, borrowed: bool| match p.shape {
        ParamShape::Scalar if converts => quote!(::std::vec![__ad::AtF64::to_f64(#value)]),
        // `to_flat` gives the struct's own float type.
        ParamShape::Struct | ParamShape::StructSlice if converts => {
            let leaves = flat(p.shape, value, borrowed);
            quote!(#leaves.flatten())
        }
        _ => flat(p.shape, value, borrowed),
    };
    // The result is of the function's float type.
    let to_f64 = |value: TokenStream| {
        if converts {
            quote!(__ad::AtF64::to_f64(#value))
        } else {
            value
        }
    };
    let flats = active
        .iter()
        .map(|p| flat_f64(p, passed_name(ctx, p), true));
    let k = 0..active.len();
    let labels = active.iter().map(|p| ctx.name(p.var).to_string());
    let bars: Vec<syn::Ident> = active
        .iter()
        .map(|p| format_ident!("__{}", ctx.name(p.var)))
        .collect();
    let flat_bars: Vec<TokenStream> = active
        .iter()
        .zip(&bars)
        .map(|(p, b)| flat_f64(p, quote!(#b), false))
        .collect();
    let hvs: Vec<syn::Ident> = active
        .iter()
        .map(|p| format_ident!("__hv_{}", ctx.name(p.var)))
        .collect();
    let flat_hvs: Vec<TokenStream> = active
        .iter()
        .zip(&hvs)
        .map(|(p, hv)| flat_f64(p, quote!(#hv), false))
        .collect();
    let primal_args = primal_arguments(ctx, &at_point);
    let tangent = to_f64(quote!(#jvp(#(#at_point,)* #(#directions),*).1));
    let gradient = quote! {
        let (_, #(#bars),*) = #grad(#(#at_point),*);
        [#(#flat_bars),*].concat()
    };
    // The value function of a function with an `Option` or `Result` result returns a
    // default where that function has no value: the check reads the function itself to
    // learn where a difference steps out of its domain.
    let (first, check_all, check_first) = match &ctx.func.value_of {
        None => {
            let value = to_f64(quote!(#primal(#(#primal_args),*)));
            (
                quote! {
                    |__v: &[f64]| #value,
                    |__v: &[f64]| { #gradient },
                    |__v: &[f64], __d: &[f64]| #tangent,
                },
                quote!(__ad::check_derivatives),
                quote!(__ad::check_first_derivatives),
            )
        }
        Some(f) => {
            let f = primal_named(f, item, ctx);
            let maybe = quote!(__ad::MaybeValue::value(#f(#(#primal_args),*)));
            let value = to_f64(quote!(__y));
            (
                quote! {
                    |__v: &[f64]| #maybe.map(|__y| #value),
                    |__v: &[f64]| {
                        #maybe?;
                        ::core::option::Option::Some({ #gradient })
                    },
                    |__v: &[f64], __d: &[f64]| #tangent,
                },
                quote!(__ad::check_derivatives_where_defined),
                quote!(__ad::check_first_derivatives_where_defined),
            )
        }
    };
    let params_at = quote!(&__point, &[#((#labels, __ranges[#k].clone())),*], __tol);
    let checks = if with_hvp {
        quote! {
            #check_all(
                #first
                |__v: &[f64], __d: &[f64]| {
                    let (_, #(#skip_grads,)* #(#hvs),*) = #hvp(#(#at_point,)* #(#directions),*);
                    [#(#flat_hvs),*].concat()
                },
                #params_at
            )
        }
    } else {
        let done = ctx.func.value_of.is_none().then(|| quote!(.map(|_| ())));
        quote!(#check_first(#first #params_at) #done)
    };
    let doc = format!(
        " Checks the derivatives of [`{f}`] at this point: the gradient of each active parameter \
         against central differences of `{f}` (the report names the parameter and coordinate), \
         `{f}_jvp` against the gradient along a random direction{}, with the default \
         tolerance for its float type (`Tolerance::default()` for `f64`, \
         `Tolerance::for_f32()` for `f32`).",
        if with_hvp {
            format!(", and `{f}_hvp` against differences of `{f}_grad`")
        } else {
            String::new()
        }
    );
    let doc_with = format!(
        " [`{check}`] with the given tolerance; the difference steps follow the function's \
         float type whatever its `eps`."
    );
    // The precision the check works at: the float type's, or `f32`'s where an `f64`
    // function rounds a value carrying a derivative through `f32` (its differences at
    // `f64`'s steps would measure the rounding).
    let t = match rounds_through_f32(ctx) {
        true => quote!(f32),
        false => ctx.float(),
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #check #generics (#(#params),*) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            #check_with_path(#(#names,)* ::autodiff::__private::tolerance_for::<#t>())
        }

        #[doc = #doc_with]
        #allows
        #vis fn #check_with #generics (#(#params,)* __tol: ::autodiff::Tolerance) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            use ::autodiff::__private as __ad;
            use __ad::Flatten as _;
            let __tol = __tol.with_eps(<#t as __ad::AtF64>::EPSILON);
            let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![#(#flats),*];
            let __point: ::std::vec::Vec<f64> = __parts.concat();
            let __ranges = __ad::ranges(&__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>());
            #checks
        }
    }
}

/// Whether an `f64` function casts a value carrying a derivative to `f32` (`(x as f32) as
/// f64`: the value rounds, the derivative passes).
fn rounds_through_f32(ctx: &Ctx) -> bool {
    if ctx.float().to_string() != "f64" {
        return false;
    }
    ctx.func.body.any(&|s| {
        s.exprs().into_iter().any(|e| {
            let mut found = false;
            e.visit(&mut |x| {
                found |= matches!(&x.kind, ExprKind::Cast(inner, ty)
                    if quote!(#ty).to_string() == "f32" && ctx.act.varied(inner));
            });
            found
        })
    })
}

/// The function's `where` clause, with `T: AtF64` for a function generic over `T`, and, for
/// a method of a generic `impl`, the receiver's leaves of type `T` (a bound, so the check
/// compiles whatever the struct, and is there to call where it holds).
fn where_clause(item: &syn::ItemFn, ctx: &Ctx, generic: bool) -> TokenStream {
    let written = &item.sig.generics.where_clause;
    if !generic {
        return quote!(#written);
    }
    let t = ctx.float();
    let predicates = written.iter().flat_map(|w| w.predicates.iter());
    // (A receiver `wrt` leaves out is a constant: any type.)
    let receiver = (ctx.func.method && ctx.func.params.first().is_some_and(|p| p.active))
        .then(|| quote!(Self: ::autodiff::__private::Differentiable<Scalar = #t>,));
    quote!(where #(#predicates,)* #receiver #t: ::autodiff::__private::AtF64)
}

/// A parameter (a struct parameter is a reference already) or a cotangent as a flat
/// `Vec<f64>`.
fn flat(shape: ParamShape, value: TokenStream, borrowed: bool) -> TokenStream {
    match (shape, borrowed) {
        (ParamShape::Struct, true) => quote!(__ad::Differentiable::to_flat(#value)),
        (ParamShape::Struct, false) => quote!(__ad::Differentiable::to_flat(&#value)),
        (ParamShape::StructSlice, true) => quote!(__ad::structs_to_flat(#value)),
        (ParamShape::StructSlice, false) => quote!(__ad::structs_to_flat(&#value)),
        _ => quote!(#value.flatten()),
    }
}

/// The arguments of the primal: a parameter the derived items take through one reference
/// (`&[F]` for `&&[F]` or `&Box<[F]>`) is passed as the primal's written type.
fn primal_arguments(ctx: &Ctx, args: &[TokenStream]) -> Vec<TokenStream> {
    let mut args = args.to_vec();
    // A function value with its derivatives: the function itself, as the primal takes it.
    for &(v, arity) in &ctx.func.function_values {
        let Some(i) = ctx.func.params.iter().position(|p| p.var == v) else {
            continue;
        };
        let name = quote::format_ident!("Function{}", arity);
        let arg = &args[i];
        let primal = quote!(::autodiff::function_value::#name::primal(#arg));
        let written = ctx
            .func
            .written_tys
            .iter()
            .find(|(at, _)| *at == i)
            .map(|(_, t)| t);
        args[i] = match written {
            Some(syn::Type::Reference(r)) if r.mutability.is_some() => quote!(&mut #primal),
            Some(syn::Type::Reference(_)) => quote!(&#primal),
            Some(syn::Type::Path(p))
                if p.path.segments.last().is_some_and(|s| s.ident == "Box") =>
            {
                quote!(::std::boxed::Box::new(#primal))
            }
            _ => primal,
        };
    }
    let function_value = |i: usize| ctx.func.function_value(ctx.func.params[i].var).is_some();
    for (i, written) in ctx
        .func
        .written_tys
        .iter()
        .filter(|(i, _)| !function_value(*i))
    {
        let arg = args[*i].clone();
        args[*i] = match written {
            // `a: &ArrayView1<F>`, taken as `&Array1<F>` by the derived items.
            _ if crate::parse::view_by_reference(written).is_some() => quote!(&(#arg).view()),
            // `x: &f64` or `n: &usize`, taken by value by the derived items.
            syn::Type::Reference(_)
                if !matches!(ctx.func.params[*i].ty, syn::Type::Reference(_)) =>
            {
                quote!(&#arg)
            }
            // `a: ArrayView1<F>`, taken as `&Array1<F>` by the derived items.
            _ if crate::parse::view_as_array_ref(written).is_some() => quote!((#arg).view()),
            // `input: &mut [Data]` only read, taken as `&[Data]` by the derived items: a copy
            // of each element made through `Differentiable`, lent mutably.
            syn::Type::Reference(r)
                if r.mutability.is_some()
                    && matches!(&ctx.func.params[*i].ty, syn::Type::Reference(d) if d.mutability.is_none()) =>
            {
                quote!(&mut (#arg).iter().map(|__element| {
                    let mut __copy = ::autodiff::Differentiable::zero_like(__element);
                    ::autodiff::Differentiable::set_from_flat(&mut __copy, &::autodiff::Differentiable::to_flat(__element));
                    __copy
                }).collect::<::std::vec::Vec<_>>())
            }
            // `p: Point` by value (`bonds: Vec<Bond>`), taken as `&Point` by the derived
            // items: a copy made through `Differentiable`, so the struct need not be `Clone`.
            _ if !matches!(written, syn::Type::Reference(_))
                && matches!(
                    ctx.func.params[*i].shape,
                    crate::ir::ParamShape::Struct | crate::ir::ParamShape::StructSlice
                ) =>
            {
                quote!({
                    let mut __copy = ::autodiff::Differentiable::zero_like(#arg);
                    ::autodiff::Differentiable::set_from_flat(&mut __copy, &::autodiff::Differentiable::to_flat(#arg));
                    __copy
                })
            }
            _ if !matches!(written, syn::Type::Reference(_)) => {
                quote!(::core::clone::Clone::clone(#arg))
            }
            _ => as_written(written, arg),
        };
    }
    args
}

/// `arg`, a `&T`, as `written`: `&&T` (one more `&` per outer reference) or `&Box<[F]>`.
fn as_written(written: &syn::Type, arg: TokenStream) -> TokenStream {
    match written {
        syn::Type::Reference(r) => match &*r.elem {
            inner @ syn::Type::Reference(_) => {
                let arg = as_written(inner, arg);
                quote!(&#arg)
            }
            syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Box") => {
                quote!(&::std::boxed::Box::<[_]>::from(#arg))
            }
            _ => arg,
        },
        _ => arg,
    }
}

/// The arguments of a call at the flat point `from`: active parameters rebuilt from it,
/// inactive ones passed as they are.
fn arguments(ctx: &Ctx, generics: &syn::Generics, from: TokenStream) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .map(|p| {
            if p.active {
                rebuild(ctx, p, &from)
            } else {
                let n = passed_name(ctx, p);
                if matches!(p.ty, syn::Type::Reference(_)) {
                    quote!(#n)
                } else if is_generic_fn(&p.ty, generics) {
                    // `f: impl Fn(f64) -> f64` (or `F: Fn(…)`), called at every point: lent,
                    // since `&F` is a `Fn` too and a closure need not be `Clone`.
                    quote!(&#n)
                } else {
                    quote!(#n.clone())
                }
            }
        })
        .collect()
}

/// Whether `ty` is `impl Fn(…)` or a type parameter bounded by `Fn(…)`.
fn is_generic_fn(ty: &syn::Type, generics: &syn::Generics) -> bool {
    let is_fn = |b: &syn::TypeParamBound| matches!(b, syn::TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| s.ident == "Fn"));
    match ty {
        syn::Type::ImplTrait(i) => i.bounds.iter().any(is_fn),
        syn::Type::Path(p) => p.path.get_ident().is_some_and(|name| {
            let in_params = generics
                .type_params()
                .any(|t| t.ident == *name && t.bounds.iter().any(is_fn));
            let in_where = generics.where_clause.as_ref().is_some_and(|w| {
                w.predicates.iter().any(|pr| match pr {
                    syn::WherePredicate::Type(pt) => {
                        matches!(&pt.bounded_ty, syn::Type::Path(b) if b.path.is_ident(name))
                            && pt.bounds.iter().any(is_fn)
                    }
                    _ => false,
                })
            });
            in_params || in_where
        }),
        _ => false,
    }
}

/// Active parameter `p`, of its own type, from its range of the flat slice `from`.
fn rebuild(ctx: &Ctx, p: &Param, from: &TokenStream) -> TokenStream {
    let k = ctx
        .func
        .params
        .iter()
        .filter(|q| q.active)
        .position(|q| q.var == p.var)
        .expect("p is active");
    let (converts, t) = (!ctx.float_is_f64(), ctx.float());
    let part = if converts {
        quote!(__ad::seq_from_f64::<#t>(&#from[__ranges[#k].clone()]))
    } else {
        quote!(#from[__ranges[#k].clone()])
    };
    let by_vec_ref =
        matches!(&p.ty, syn::Type::Reference(r) if !matches!(&*r.elem, syn::Type::Slice(_)));
    if let (ParamShape::Slice, Some(ty)) =
        (p.shape, crate::emit::signature::aliased_sequence(ctx, p))
    {
        // A sequence behind an alias (`&V3` with `type V3 = [f64; 3]`): made from its entries.
        return quote!(&<#ty as __ad::FromEntries<_>>::from_entries(&#part));
    }
    match p.shape {
        ParamShape::Scalar if converts => {
            quote!(<#t as __ad::AtF64>::from_f64(#from[__ranges[#k].start]))
        }
        ParamShape::Scalar => quote!(#from[__ranges[#k].start]),
        // `seq_from_f64` made a `Vec` already.
        ParamShape::Slice | ParamShape::OwnedVec if converts => {
            if p.shape == ParamShape::Slice {
                quote!(&#part)
            } else if crate::types::is_boxed_slice(&p.ty) {
                quote!(#part.into_boxed_slice())
            } else {
                part
            }
        }
        ParamShape::Slice if by_vec_ref => quote!(&#part.to_vec()),
        ParamShape::Slice => quote!(&#part),
        ParamShape::OwnedVec if crate::types::is_boxed_slice(&p.ty) => {
            quote!(#part.to_vec().into_boxed_slice())
        }
        ParamShape::OwnedVec => quote!(#part.to_vec()),
        ParamShape::ArrayRef => quote!(&__ad::to_array(&#part)),
        ParamShape::Array => quote!(__ad::to_array(&#part)),
        ParamShape::NdRef | ParamShape::Nd => {
            let n = ctx.name(p.var);
            let shaped = quote!(__ad::reshape_like(&#n, &#part));
            if p.shape == ParamShape::NdRef {
                quote!(&#shaped)
            } else {
                shaped
            }
        }
        ParamShape::Struct => {
            let n = passed_name(ctx, p);
            quote!(&__ad::rebuilt_like(#n, &#part))
        }
        ParamShape::StructSlice if crate::emit::signature::rows_as_written(ctx, p) => {
            let n = passed_name(ctx, p);
            quote!(&__ad::rebuilt_like(#n, &#part))
        }
        ParamShape::StructSlice => {
            let n = passed_name(ctx, p);
            quote!(&__ad::structs_from_flat(#n, &#part))
        }
        ParamShape::Inactive | ParamShape::Output => {
            unreachable!("only active parameters are rebuilt; functions with output buffers have no gradcheck")
        }
    }
}
