//! The entry points of differentiated callers (`f_jvp_all`, `f_pullback_all`,
//! `f_dual_pullback_all`; see `emit::callers`), made beside `f_pullback` and `f`'s dual
//! twin: adapters from `f`'s own derivatives to the callers' convention, or, the other way
//! round, `f_pullback` lending nothing to a callers' pullback with its own body.

use super::jvp::jvp_signature;
use super::pullback::pullback_with;
use crate::emit::names::{sibling, Derived};
use crate::emit::signature::{
    accumulators, active_params, args, is_reference, leaves_out, lift_slot, passed_name,
    ref_params, slots, Body, PullbackSig,
};
use crate::emit::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

/// Makes a pullback of `f` with its own body, under a name (the name says whether it takes
/// accumulators, see [`accumulators`]).
type OwnFn<'a, 'f> = dyn Fn(&mut Emitter<'f>, Derived) -> TokenStream + 'a;

/// `f_pullback`, the entry points of differentiated callers, and `f`'s dual twin (`own` on
/// dual numbers) when `with_dual`; with the name of the twin `f_hvp` runs.
///
/// Callers cannot see `f`'s attribute, so they pass a tangent for, and expect a cotangent
/// of, every float argument: `f_jvp_all`, `f_pullback_all` and `f_dual_pullback_all`
/// (hidden) take and give one for every float parameter. When every float parameter is
/// active they are `f`'s own derivatives. When `wrt` leaves one out, that parameter is a
/// constant, for callers too: they wrap `f`'s own derivatives, ignore its tangent and give
/// `ExcludedByWrt` as its cotangent. A caller passing it a constant never reads that; one
/// passing a varying value fails to compile, at the argument, saying so (the caller checks
/// each cotangent it uses), instead of silently losing a derivative. Computing derivatives
/// `wrt` ruled out instead would make every call pay for them (a data set's cotangent) and
/// would break `f` wherever such a parameter reaches code without derivatives.
///
/// The callers' pullbacks also take an accumulator per sequence parameter (see
/// [`accumulators`]). When `f` has its own body there, `f_pullback` lends it nothing.
pub(super) fn pullbacks<'f>(
    item: &syn::ItemFn,
    plain: &mut Emitter<'f>,
    own: &OwnFn<'_, 'f>,
    with_dual: bool,
) -> Pullbacks {
    let mut lifted = Emitter::new(plain.func, plain.act, plain.needed, Mode::Lifted);
    let leaves_out = leaves_out(plain);
    let lends = !accumulators(plain, Derived::PullbackAll).is_empty();
    let jvp_all = adapter(item, plain, Derived::JvpAll, Derived::Jvp);
    let (pullback, pullback_all) = if lends && !leaves_out {
        (
            lender(item, plain, Derived::Pullback, Derived::PullbackAll),
            own(plain, Derived::PullbackAll),
        )
    } else {
        (
            own(plain, Derived::Pullback),
            adapter(item, plain, Derived::PullbackAll, Derived::Pullback),
        )
    };
    let entry_points = quote!(#jvp_all #pullback_all);
    if !with_dual {
        return Pullbacks {
            own: pullback,
            entry_points,
            dual: Derived::DualPullback,
        };
    }
    if !leaves_out {
        // The dual twin: differentiated callers' `_hvp` runs it, and so does `f_hvp`.
        let twin = own(&mut lifted, Derived::DualPullbackAll);
        return Pullbacks {
            own: pullback,
            entry_points: quote!(#entry_points #twin),
            dual: Derived::DualPullbackAll,
        };
    }
    let twin = own(&mut lifted, Derived::DualPullback);
    let twin_all = adapter(
        item,
        &lifted,
        Derived::DualPullbackAll,
        Derived::DualPullback,
    );
    Pullbacks {
        own: quote!(#pullback #twin),
        entry_points: quote!(#entry_points #twin_all),
        dual: Derived::DualPullback,
    }
}

/// What [`pullbacks`] makes: `f`'s own items, the callers' entry points (declared as
/// `callers` says), and the name of the dual twin `f_hvp` runs.
pub(super) struct Pullbacks {
    pub(super) own: TokenStream,
    pub(super) entry_points: TokenStream,
    pub(super) dual: Derived,
}

/// `f_<kind>` (the user's `f_pullback`, or its dual twin) made from the callers' entry
/// point `f_<target>`, lending it nothing.
fn lender(item: &syn::ItemFn, ctx: &Ctx, kind: Derived, target: Derived) -> TokenStream {
    let target_ident = sibling(item, ctx, target);
    let args = args(ctx);
    let refs = ref_params(ctx);
    // Inside the closure a method's receiver is the closure's own parameter, not `self`.
    let reborrowed: Vec<&syn::Ident> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| ctx.name(p.var))
        .collect();
    let nothing: Vec<TokenStream> = accumulators(ctx, target)
        .iter()
        .map(|_| quote!(__ad::no_accumulator()))
        .collect();
    let mut body = move |sig: &PullbackSig| {
        let (dout, ret_ty, cts) = (&sig.dout, &sig.seed_ty, &sig.cts);
        quote! {
            let (value, pullback) = #target_ident(#(#args),*);
            let pullback = move |#(#refs,)* #dout: #ret_ty| -> (#(#cts,)*) {
                pullback(#(#reborrowed,)* #dout, #(#nothing),*)
            };
            (value, pullback)
        }
    };
    pullback_with(item, ctx, kind, Body::Adapts(&mut body))
}

/// `f_<kind>`, a callers' entry point made from `f_<target>`: `f_<target>` itself when
/// the two agree (every float parameter active, no sequence parameter). Otherwise it adds
/// the sequence cotangents into the lent accumulators, drops the tangents of the parameters
/// `wrt` leaves out, gives them `ExcludedByWrt` as cotangents and, on dual numbers, passes
/// them on as plain values.
fn adapter(item: &syn::ItemFn, ctx: &Ctx, kind: Derived, target: Derived) -> TokenStream {
    let target = sibling(item, ctx, target);
    let active_dots: Vec<TokenStream> = active_params(ctx)
        .map(|p| {
            let dot = ctx.dot(p.var);
            quote!(#dot)
        })
        .collect();
    if kind == Derived::JvpAll {
        let args = args(ctx);
        let body = quote!(#target(#(#args,)* #(#active_dots),*));
        return jvp_signature(item, ctx, kind, Body::Forwards(body));
    }
    if !leaves_out(ctx) && accumulators(ctx, kind).is_empty() {
        let args = args(ctx);
        return pullback_with(item, ctx, kind, Body::Forwards(quote!(#target(#(#args),*))));
    }
    // Dual numbers where the callers pass them, plain values where `f`'s twin takes them.
    let plain_value = |p: &Param, e: TokenStream| -> TokenStream {
        if ctx.mode == Mode::Plain || p.active || p.shape == ParamShape::Inactive {
            return e;
        }
        match p.shape {
            ParamShape::Scalar => quote!(#e.primal),
            ParamShape::Slice | ParamShape::ArrayRef => quote!(&__ad::primals(#e)),
            ParamShape::OwnedVec | ParamShape::Array => quote!(__ad::primals(&#e)),
            ParamShape::NdRef => quote!(&__ad::primals_nd(#e)),
            ParamShape::Nd => quote!(__ad::primals_nd(&#e)),
            ParamShape::Inactive
            | ParamShape::Struct
            | ParamShape::StructSlice
            | ParamShape::Output => e,
        }
    };
    let args: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .map(|p| plain_value(p, passed_name(ctx, p)))
        .collect();
    let ref_params = ref_param_decls(ctx, kind);
    let reborrowed: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty))
        .map(|p| {
            let n = ctx.name(p.var);
            plain_value(p, quote!(#n))
        })
        .collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let slots = slot_cotangents(ctx, kind);
    let mut body = move |sig: &PullbackSig| {
        let (dout, ret_ty, cts_ty) = (&sig.dout, &sig.seed_ty, &sig.cts);
        let (accs, cts) = (acc_decls(sig), slots.given(sig));
        quote! {
            let (value, pullback) = #target(#(#args),*);
            let pullback = move |#(#ref_params,)* #dout: #ret_ty, #(#accs),*| -> (#(#cts_ty,)*) {
                let (#(#bars,)*) = pullback(#(#reborrowed,)* #dout);
                (#(#cts,)*)
            };
            (value, pullback)
        }
    };
    pullback_with(item, ctx, kind, Body::Adapts(&mut body))
}

/// `name: type` for each reference parameter: what a pullback closure takes again (on
/// dual numbers where the item takes them).
pub(super) fn ref_param_decls(ctx: &Ctx, kind: Derived) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty))
        .map(|p| {
            let (n, ty) = (ctx.name(p.var), lift_slot(ctx, kind, p));
            quote!(#n: #ty)
        })
        .collect()
}

/// `name: type` for each accumulator a pullback takes.
pub(super) fn acc_decls(sig: &PullbackSig) -> Vec<TokenStream> {
    sig.accs
        .iter()
        .map(|a| {
            let (name, ty) = (&a.name, &a.ty);
            quote!(#name: #ty)
        })
        .collect()
}

/// The slots of an item (see [`slots`]) by variable, activity and adjoint name, owned so
/// that a pullback's body can be built from them later.
pub(super) struct SlotCotangents(Vec<(VarId, bool, syn::Ident)>);

pub(super) fn slot_cotangents(ctx: &Ctx, kind: Derived) -> SlotCotangents {
    let slots = slots(ctx, kind).into_iter();
    SlotCotangents(slots.map(|p| (p.var, p.active, ctx.bar(p.var))).collect())
}

impl SlotCotangents {
    /// The cotangent given for each slot: `ExcludedByWrt` where `wrt` leaves the parameter
    /// out, the lent accumulator with the adjoint added for a sequence, the adjoint itself
    /// otherwise.
    pub(super) fn given(&self, sig: &PullbackSig) -> Vec<TokenStream> {
        let given = |(var, active, bar): &(VarId, bool, syn::Ident)| match sig
            .accs
            .iter()
            .find(|a| a.param == *var)
        {
            _ if !active => quote!(__ad::ExcludedByWrt),
            Some(a) => {
                let acc = &a.name;
                quote!(__ad::accumulate(#acc, #bar))
            }
            None => quote!(#bar),
        };
        self.0.iter().map(given).collect()
    }
}
