//! `f_hvp` of a function generic over its float type `T` with struct parameters
//! (`fn loss<T: Float>(p: &Gpt<T>, …) -> T`). There is no dual twin to call (a struct of dual
//! numbers is a type the macro cannot write), but there is no need for one: the function's
//! own `f_pullback`, instantiated at `T = Dual<T>`, *is* forward-over-reverse. The inputs are
//! seeded through `DualTwin` (which `#[derive(Differentiable)]` implements for structs
//! generic over `T: Float`), and the gradient and H·v are read off the dual cotangents.
//!
//! Every bound of `T` is repeated for `Dual<T>`, and each struct parameter's `DualTwin` is a
//! bound too, so `f_hvp` always compiles; where a bound does not hold, it cannot be called.
//!
//! A method of a generic `impl<T: Float> S<T>` gets one when it asks
//! (`#[differentiate(hvp)]`): its receiver is seeded the same way and the pullback called as
//! a method of `S<Dual<T>>`. That cannot be a bound: `Self: DualTwin<T>` written as one would
//! hide the impl that says what `S<T>`'s twin is, and the `impl`'s own bounds, which must
//! hold at `Dual<T>`, are out of the attribute's sight. Hence the request: the user vouches
//! for them, and a wrong guess is a compile error at the attribute rather than a method that
//! silently goes missing.

use crate::emit::names::{sibling, Derived};
use crate::emit::signature::{allows, cotangent_type, doc_link, float_param, one, passed_name};
use crate::emit::Ctx;
use crate::ir::*;
use crate::tokens::{mentions_ident, subst};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};

/// `f_hvp`, or nothing when a parameter has no dual-number form here (an inactive
/// fixed-size array).
pub(super) fn emit(item: &syn::ItemFn, ctx: &Ctx) -> Option<TokenStream> {
    let t = float_type_param(item, ctx)?;
    let dual = quote!(::autodiff::__private::Dual<#t>);
    let (lifts, lifted) = lifted_args(ctx, &t)?;
    let args = lifted.iter().map(|(_, a)| a.clone());
    let reborrowed = lifted
        .iter()
        .filter(|(p, _)| matches!(p.ty, syn::Type::Reference(_)))
        .map(|(_, a)| a);
    let active: Vec<&Param> = ctx.func.params.iter().filter(|p| p.active).collect();
    let bars: Vec<syn::Ident> = active.iter().map(|p| ctx.bar(p.var)).collect();
    let grads = active.iter().zip(&bars).map(|(p, b)| part(p, b, "primal"));
    let hvs = active.iter().zip(&bars).map(|(p, b)| part(p, b, "tangent"));
    let cts: Vec<TokenStream> = active.iter().map(|p| cotangent_type(ctx, p)).collect();
    let directions = active.iter().map(|p| {
        let (dot, ty) = (ctx.dot(p.var), &p.ty);
        quote!(#dot: #ty)
    });
    let f = &item.sig.ident;
    let name = Derived::Hvp.at_call_site(f);
    let call = pullback_call(item, ctx, args.collect());
    let (vis, generics) = (&item.vis, &item.sig.generics);
    let params = item.sig.inputs.iter();
    let ret_ty = &ctx.func.ret_ty;
    let bounds = dual_bounds(item, ctx, &t, &dual);
    let one = one(ctx);
    let link = doc_link(item, ctx);
    let doc = format!(
        " Hessian-vector product of [`{f}`]{link} by forward-over-reverse: its value, its \
         gradient, then H·v for the direction `v = ({})`, in one pass and without forming the \
         Hessian (`{f}`'s own pullback run on dual numbers; struct parameters are seeded \
         through `DualTwin`).",
        active
            .iter()
            .map(|p| ctx.dot(p.var).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let allows = allows();
    let imports = crate::emit::body_imports();
    Some(quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#directions),*) -> (#ret_ty, #(#cts,)* #(#cts),*)
        where #(#bounds,)*
        {
            #imports
            #(#lifts)*
            let (value, pullback) = #call;
            let (#(#bars,)*) = pullback(#(#reborrowed,)* __ad::Dual::constant(#one));
            (value.primal, #(#grads,)* #(#hvs),*)
        }
    })
}

/// The statements building the arguments in locals, and each parameter's argument.
type Lifted<'a> = (Vec<TokenStream>, Vec<(&'a Param, TokenStream)>);

/// Each argument of the pullback call on dual numbers: active parameters seeded with their
/// direction, inactive floats as constants, the rest as they are; sequences and structs are
/// built in locals first (`lifts`), since the pullback borrows them again.
fn lifted_args<'a>(ctx: &'a Ctx, t: &syn::Ident) -> Option<Lifted<'a>> {
    let mut lifts = vec![];
    let mut lifted = vec![];
    for p in &ctx.func.params {
        let (x, dot) = (passed_name(ctx, p), ctx.dot(p.var));
        let local = format_ident!("{}_dual", ctx.func.vars[p.var].stem);
        let receiver = ctx.func.method && p.var == ctx.func.params[0].var;
        let (by_ref, value) = match (p.active, p.shape) {
            // The receiver's type is `Self`, which names no `T` but holds them.
            (false, ParamShape::Struct) if receiver => (true, quote!(__ad::DualTwin::constant(#x))),
            (_, ParamShape::Inactive) => (false, x.clone()),
            // A slice of structs has no dual twin the macro can write, nor a tuple.
            (_, ParamShape::StructSlice) => return None,
            (_, ParamShape::Struct) if is_tuple(&p.ty) => return None,
            (true, ParamShape::Scalar) => (false, quote!(__ad::Dual::new(#x, #dot))),
            (false, ParamShape::Scalar) => (false, quote!(__ad::lift(#x))),
            (true, ParamShape::Slice) => (true, quote!(__ad::duals(&#x, &#dot))),
            (false, ParamShape::Slice) => (true, quote!(__ad::lift_seq(&#x))),
            (true, ParamShape::OwnedVec) => (false, quote!(__ad::duals(&#x, &#dot))),
            (false, ParamShape::OwnedVec) => (false, quote!(__ad::lift_seq(&#x))),
            (true, ParamShape::ArrayRef) => (true, quote!(__ad::dual_array(&#x, &#dot))),
            (true, ParamShape::Array) => (false, quote!(__ad::dual_array(&#x, &#dot))),
            (false, ParamShape::ArrayRef | ParamShape::Array) => return None,
            (true, ParamShape::NdRef) => (true, quote!(__ad::duals_nd(#x, #dot))),
            (false, ParamShape::NdRef) => (true, quote!(__ad::lift_nd(#x))),
            (true, ParamShape::Nd) => (false, quote!(__ad::duals_nd(&#x, &#dot))),
            (false, ParamShape::Nd) => (false, quote!(__ad::lift_nd(&#x))),
            (true, ParamShape::Struct) => (true, quote!(__ad::DualTwin::duals(#x, #dot))),
            // A constant struct with no float of this type (options, a configuration) is
            // the same value on dual numbers.
            (false, ParamShape::Struct) if !mentions_ident(p.ty.to_token_stream(), t) => {
                (false, x.clone())
            }
            (false, ParamShape::Struct) => (true, quote!(__ad::DualTwin::constant(#x))),
            (_, ParamShape::Output) => return None,
        };
        if by_ref {
            lifts.push(quote!(let #local = #value;));
            lifted.push((p, quote!(&#local)));
        } else {
            lifted.push((p, value));
        }
    }
    Some((lifts, lifted))
}

/// `f_pullback` called on the lifted arguments: for a method, as a method of the receiver's
/// twin (`S<Dual<T>>`, a type the attribute cannot name but rustc infers).
fn pullback_call(item: &syn::ItemFn, ctx: &Ctx, args: Vec<TokenStream>) -> TokenStream {
    if ctx.func.method {
        let name = Derived::Pullback.of(&item.sig.ident);
        let (receiver, rest) = args.split_first().expect("a method has a receiver");
        quote!((#receiver).#name(#(#rest),*))
    } else {
        let pullback = sibling(item, ctx, Derived::Pullback);
        quote!(#pullback(#(#args),*))
    }
}

/// The float type parameter: the function's own, or, for a method, its `impl`'s.
fn float_type_param(item: &syn::ItemFn, ctx: &Ctx) -> Option<syn::Ident> {
    if ctx.func.method && !ctx.concrete_float() {
        return syn::parse2(ctx.float()).ok();
    }
    float_param(item, ctx)
}

/// The primal or tangent part (`which`) of the dual cotangent `b` of parameter `p`.
fn part(p: &Param, b: &syn::Ident, which: &str) -> TokenStream {
    let field = format_ident!("{which}");
    match p.shape {
        ParamShape::Scalar => quote!(#b.#field),
        ParamShape::Struct => {
            let f = format_ident!("{which}s");
            quote!(__ad::DualTwin::#f(&#b))
        }
        ParamShape::NdRef | ParamShape::Nd => {
            let f = format_ident!("{which}s_nd");
            quote!(__ad::#f(&#b))
        }
        _ => {
            let f = format_ident!("{which}s");
            quote!(__ad::#f(&#b))
        }
    }
}

/// The function's own bounds, the same with `Dual<T>` for `T`, and a `DualTwin` bound per
/// struct parameter.
fn dual_bounds(
    item: &syn::ItemFn,
    ctx: &Ctx,
    t: &syn::Ident,
    dual: &TokenStream,
) -> Vec<TokenStream> {
    let all = crate::tokens::predicates(&item.sig.generics);
    let written: Vec<TokenStream> = item
        .sig
        .generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .map(|p| p.to_token_stream())
        .collect();
    // (A bound on `Self`, the receiver's type, is the receiver's alone: not repeated.)
    let substituted: Vec<TokenStream> = all
        .into_iter()
        .filter(|p| !p.to_string().starts_with("Self :"))
        .map(|p| subst(p, t, dual))
        .collect();
    let twins = ctx
        .func
        .params
        .iter()
        .filter(|p| p.shape == ParamShape::Struct && mentions_ident(p.ty.to_token_stream(), t))
        .filter_map(|p| match &p.ty {
            syn::Type::Reference(r) => {
                let ty = &r.elem;
                let dual_ty = subst(ty.to_token_stream(), t, dual);
                // `&T<>` (generics on a type parameter, which rustc refuses) gives no type.
                syn::parse2::<syn::Type>(dual_ty.clone()).ok()?;
                Some(quote!(#ty: ::autodiff::__private::DualTwin<#t, Dual = #dual_ty>))
            }
            _ => None,
        });
    written
        .into_iter()
        .chain(substituted)
        .chain(twins)
        .collect()
}

/// `(F, F)` or `&(F, F)`: a tuple parameter, read as a struct, which has no dual twin.
fn is_tuple(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => is_tuple(&r.elem),
        syn::Type::Paren(p) => is_tuple(&p.elem),
        syn::Type::Tuple(_) => true,
        _ => false,
    }
}
