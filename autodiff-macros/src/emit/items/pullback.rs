//! `f_pullback`, the split reverse mode, and every item of its shape (its dual twin, the
//! callers' pullbacks): the signature, with a body `pullback_body.rs` writes or an adapter's.

use crate::emit::names::{item_name, Derived};
use crate::emit::signature::{
    accumulators, allows, cotangent_type, doc_link, is_reference, leaves_out, lift_slot,
    lifted_params, slots, Body, PullbackSig,
};
use crate::emit::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

/// `f_<kind>`, a pullback with its own body: `f`'s forward sweep, then a closure holding
/// its reverse sweep.
pub(super) fn pullback(item: &syn::ItemFn, e: &mut Emitter, kind: Derived) -> TokenStream {
    pullback_with(
        item,
        &e.cx(),
        kind,
        Body::Own(&mut |sig| e.pullback_body(sig)),
    )
}

/// Makes a pullback's body from its signature (`FnMut`: an own body names its locals
/// through the emitter it holds).
pub(super) type BodyFn<'a> = dyn FnMut(&PullbackSig) -> TokenStream + 'a;

/// `f_pullback` (or its dual twin, or a callers' entry point): the signature, with the
/// body made from it.
pub(super) fn pullback_with(
    item: &syn::ItemFn,
    ctx: &Ctx,
    kind: Derived,
    body: Body<&mut BodyFn>,
) -> TokenStream {
    let name = item_name(item, ctx, kind);
    let f = &item.sig.ident;
    let vis = &item.vis;
    let (generics, where_clause) = (&item.sig.generics, &item.sig.generics.where_clause);
    let params = lifted_params(item, ctx, kind);
    // The pullback borrows nothing: reference parameters are passed to it again.
    let reborrowed: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| lift_slot(ctx, kind, p))
        .collect();
    let ret_ty = ctx.lift_type(&ctx.func.ret_ty, true);
    let seed_ty = ctx.lift_type(&ctx.func.tangent_ty, true);
    let seed_tys = ctx.func.outputs.iter().map(|o| ctx.output_seed_type(o));
    let dout_ty = (!ctx.unit_result()).then(|| quote!(#seed_ty,));
    let link = doc_link(item, ctx);
    let cts: Vec<TokenStream> = slots(ctx, kind)
        .into_iter()
        .map(|p| match p.active {
            true => cotangent_type(ctx, p),
            false => quote!(::autodiff::__private::ExcludedByWrt),
        })
        .collect();
    let sig = PullbackSig {
        dout: ctx.param_name("dout"),
        seed_ty,
        cts: cts.clone(),
        accs: accumulators(ctx, kind),
    };
    let acc_tys: Vec<&TokenStream> = sig.accs.iter().map(|a| &a.ty).collect();
    let panics = matches!(body, Body::Panics(_));
    let (inline, body) = body.emit(|own| own(&sig));
    // A forward sweep with a reserved loop nest stays out of its callers: inlined beside
    // its reverse sweep (the closure), LLVM kept the nest's carried floats in stack memory
    // (the mass chain's `f_grad` took 5.5× its primal, against 4.1× kept apart). One call
    // per gradient is nothing beside a loop nest. A stub that panics runs none.
    let inline = match inline.is_empty() && !panics && ctx.needed.nests.reserved {
        true => quote!(#[inline(never)]),
        false => inline,
    };
    let allows = allows();
    let excluded = if kind.is_for_callers() && leaves_out(ctx) {
        " (`ExcludedByWrt` for those `wrt` leaves out)"
    } else {
        ""
    };
    let doc = match ctx.mode {
        Mode::Plain if kind.is_for_callers() => format!(
            " [`{f}_pullback`] for differentiated callers, which expect a cotangent for every \
             float parameter{excluded}."
        ),
        Mode::Lifted if kind.is_for_callers() => format!(
            " [`{f}_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every \
             float parameter{excluded}: what differentiated callers' `_hvp` runs."
        ),
        Mode::Plain => format!(
            " Reverse mode of [`{f}`]{link}, split: runs `{f}` once, keeping what its reverse sweep reads, \
             and returns the value with its pullback, which maps a cotangent of the result to the \
             cotangents of the active parameters. Differentiated callers use the split form, so \
             nested calls never re-run a callee's forward pass."
        ),
        Mode::Lifted => format!(" [`{f}_pullback`] on dual numbers, for [`{f}_hvp`] (forward-over-reverse)."),
    };
    let hidden =
        (ctx.mode == Mode::Lifted || kind.is_for_callers()).then(|| quote!(#[doc(hidden)]));
    let pullback_ty = quote!(::core::ops::FnOnce(#(#reborrowed,)* #dout_ty #(#acc_tys,)* #(#seed_tys),*) -> (#(#cts,)*));
    // A recursive function's callers' pullbacks contain their own type: boxed, they have one.
    let (pullback_ty, body) = match ctx.func.recursive && kind.is_for_callers() {
        // A panicking item returns no closure whose type could stand for `impl FnOnce`.
        _ if panics => (quote!(::std::boxed::Box<dyn #pullback_ty>), body),
        true => (
            quote!(::std::boxed::Box<dyn #pullback_ty>),
            quote!(let (value, pullback) = { #body }; (value, ::std::boxed::Box::new(pullback))),
        ),
        false => (quote!(impl #pullback_ty), body),
    };
    quote! {
        #[doc = #doc]
        #hidden
        #inline
        #allows
        #vis fn #name #generics (#(#params),*)
            -> (#ret_ty, #pullback_ty) #where_clause
        {
            #body
        }
    }
}
