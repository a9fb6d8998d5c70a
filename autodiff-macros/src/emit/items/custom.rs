//! The items of a function with a custom rule (`#[differentiate(custom)]`): the user wrote
//! `f_jvp` and `f_vjp`, the attribute the rest.

use super::entry_points::{acc_decls, pullbacks, ref_param_decls, slot_cotangents, Pullbacks};
use super::grad::grad;
use super::pullback::pullback_with;
use crate::analysis::{Activity, Needed};
use crate::emit::names::{primal, sibling, Derived};
use crate::emit::signature::{active_params, args, Body, PullbackSig};
use crate::emit::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

/// `#[differentiate(custom)]`: the user wrote `f_jvp` and `f_vjp`; the split form calls
/// `f` forward and `f_vjp` in the reverse sweep, so the function slots into differentiated
/// callers like a generated one. The dual twin (for `f_hvp` of callers) exists when `f`
/// and `f_vjp` are generic over the float type.
pub fn emit_custom(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
) -> TokenStream {
    let mut plain = Emitter::new(func, act, needed, Mode::Plain);
    let (f, vjp) = (&primal(item, &plain), &sibling(item, &plain, Derived::Vjp));
    // The split form calls `f` forward and the user's `f_vjp` backward; its dual twin
    // lifts every float parameter (the rule is generic over one float type), and is the
    // callers' entry point itself.
    let body = |ctx: &Ctx, kind: Derived| {
        let moved = args(ctx);
        let copied: Vec<TokenStream> = ctx
            .func
            .params
            .iter()
            .map(|p| {
                let n = ctx.name(p.var);
                if p.shape == ParamShape::OwnedVec {
                    quote!(#n.clone())
                } else {
                    quote!(#n)
                }
            })
            .collect();
        let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
        let slots = slot_cotangents(ctx, kind);
        let refs = ref_param_decls(ctx, kind);
        move |sig: &PullbackSig| {
            let (dout, ret_ty, cts_ty) = (&sig.dout, &sig.seed_ty, &sig.cts);
            let (accs, cts) = (acc_decls(sig), slots.given(sig));
            quote! {
                let value = #f(#(#copied),*);
                let pullback = move |#(#refs,)* #dout: #ret_ty, #(#accs),*| -> (#(#cts_ty,)*) {
                    let (_, #(#bars),*) = #vjp(#(#moved,)* #dout);
                    (#(#cts,)*)
                };
                (value, pullback)
            }
        }
    };
    let own = |e: &mut Emitter, kind: Derived| {
        pullback_with(item, e, kind, Body::Own(&mut body(e, kind)))
    };
    let Pullbacks {
        own: pullbacks,
        entry_points,
        ..
    } = pullbacks(item, &mut plain, &own, false);
    let dual = if !plain.concrete_float() && matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        let mut lifted = Emitter::new(func, act, needed, Mode::Lifted);
        own(&mut lifted, Derived::DualPullbackAll)
    } else {
        quote!()
    };
    let entry_points = crate::emit::callers::declare(item, &plain, quote!(#entry_points #dual));
    let grad = if matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        grad(item, &plain)
    } else {
        quote!()
    };
    quote!(#pullbacks #grad #entry_points)
}
