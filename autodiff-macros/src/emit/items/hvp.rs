//! `f_hvp`, Hessian-vector products by forward-over-reverse: `f`'s dual twin (a pullback on
//! dual numbers) run on inputs seeded with the direction, or, where `f_vjp` fuses loops
//! with their reverse, the hidden `f_dual_vjp`, that fused body on dual numbers.

use super::vjp::fusion;
use crate::emit::names::{item_name, sibling, Derived};
use crate::emit::signature::{
    accumulators, active_params, allows, cotangent_type, is_reference, lifted_params, one, params,
    sequence_accumulators, Acc,
};
use crate::emit::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `f_hvp`, running the dual twin `f<dual>`.
pub(super) fn hvp(item: &syn::ItemFn, ctx: &Ctx, dual: Derived) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, dual_pb) = (
        &item.sig.ident,
        item_name(item, ctx, Derived::Hvp),
        sibling(item, ctx, dual),
    );
    // The twin of callers takes an accumulator per sequence: a pooled one (below) or none.
    let lifted = Ctx::new(ctx.func, ctx.act, ctx.needed, Mode::Lifted);
    // At a concrete float type, an active slice's dual input and its cotangent live in
    // buffers of the thread's pool (`autodiff::pool`), given back at the end.
    let pooled = |v: VarId| {
        let p = ctx.func.params.iter().find(|p| p.var == v);
        ctx.concrete_float() && p.is_some_and(|p| p.active && p.shape == ParamShape::Slice)
    };
    let mut recycled = vec![];
    // The fused body on dual numbers takes an accumulator per active sequence too.
    let accs = match fusion(ctx) {
        Some(_) => joint_accumulators(&lifted),
        None => accumulators(&lifted, dual),
    };
    let lent: Vec<TokenStream> = accs
        .iter()
        .map(|a| {
            if !pooled(a.param) {
                return quote!(__ad::no_accumulator());
            }
            let (x, bar) = (ctx.name(a.param), ctx.bar(a.param));
            recycled.push(quote!(__ad::pool::give_back(#bar);));
            quote!(__ad::pool::zeros(#x.len()))
        })
        .collect();
    let params = params(item);
    let ret_ty = &ctx.func.ret_ty;
    let directions: Vec<TokenStream> = active_params(ctx)
        .map(|p| {
            let (dot, ty) = (ctx.dot(p.var), &p.ty);
            quote!(#dot: #ty)
        })
        .collect();
    let DualInputs {
        lifts,
        args: lifted_args,
        given_back,
    } = dual_inputs(ctx, &pooled);
    recycled.extend(given_back);
    let reborrowed: Vec<&TokenStream> = ctx
        .func
        .params
        .iter()
        .zip(&lifted_args)
        .filter(|(p, _)| is_reference(&p.ty))
        .map(|(_, a)| a)
        .collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let one = one(ctx);
    let doc = format!(
        " Hessian-vector product of [`{f}`] by forward-over-reverse: its value, its gradient, then \
         H·v for the direction `v = ({})`, in one pass and without forming the Hessian.",
        active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join(", ")
    );
    let allows = allows();
    let imports = crate::emit::body_imports();
    let result = hvp_result(ctx, &bars);
    // With fused loops, the joint body on dual numbers.
    let (run, twin) = match fusion(ctx) {
        Some(fusion) => {
            let dual_vjp = sibling(item, ctx, Derived::DualVjp);
            (
                quote!(let (value, #(#bars,)*) = #dual_vjp(#(#lifted_args,)* __ad::Dual::constant(#one), #(#lent),*);),
                dual_vjp_item(item, ctx, fusion),
            )
        }
        None => (
            quote! {
                let (value, pullback) = #dual_pb(#(#lifted_args),*);
                let (#(#bars,)*) = pullback(#(#reborrowed,)* __ad::Dual::constant(#one), #(#lent),*);
            },
            quote!(),
        ),
    };
    let result = if recycled.is_empty() {
        result
    } else {
        quote!(let result = #result; #(#recycled)* result)
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#directions),*) -> (#ret_ty, #(#cts,)* #(#cts),*) #where_clause {
            #imports
            #(#lifts)*
            #run
            #result
        }
        #twin
    }
}

/// `f_hvp`'s inputs on dual numbers: active inputs seeded with the direction (sequences
/// built in locals first, since the pullback borrows them), and the pooled buffers to give
/// back at the end.
struct DualInputs {
    lifts: Vec<TokenStream>,
    args: Vec<TokenStream>,
    given_back: Vec<TokenStream>,
}

fn dual_inputs(ctx: &Ctx, pooled: &dyn Fn(VarId) -> bool) -> DualInputs {
    let (mut lifts, mut given_back) = (vec![], vec![]);
    let args = ctx
        .func
        .params
        .iter()
        .map(|p| {
            let (x, dot) = (ctx.name(p.var), ctx.dot(p.var));
            let dual = format_ident!("{}_dual", ctx.func.vars[p.var].stem);
            match (p.active, p.shape) {
                (false, _) | (_, ParamShape::Inactive) => quote!(#x),
                (true, ParamShape::Scalar) => quote!(__ad::Dual::new(#x, #dot)),
                // (A sequence behind an alias, `&V3`, is walked as a slice.)
                (true, ParamShape::Slice)
                    if crate::emit::signature::aliased_sequence(ctx, p).is_some() =>
                {
                    lifts.push(quote!(let #dual = __ad::duals(&#x[..], &#dot[..]);));
                    quote!(&#dual)
                }
                (true, ParamShape::Slice) if pooled(p.var) => {
                    lifts.push(quote!(let #dual = __ad::pool::duals(&#x, &#dot);));
                    given_back.push(quote!(__ad::pool::give_back(#dual);));
                    quote!(&#dual)
                }
                (true, ParamShape::Slice) => {
                    lifts.push(quote!(let #dual = __ad::duals(&#x, &#dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::OwnedVec) if crate::types::is_boxed_slice(&p.ty) => {
                    quote!(__ad::duals(&#x, &#dot).into_boxed_slice())
                }
                (true, ParamShape::OwnedVec) => quote!(__ad::duals(&#x, &#dot)),
                (true, ParamShape::ArrayRef) => {
                    lifts.push(quote!(let #dual = __ad::dual_array(&#x, &#dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::Array) => quote!(__ad::dual_array(&#x, &#dot)),
                (true, ParamShape::NdRef) => {
                    lifts.push(quote!(let #dual = __ad::duals_nd(#x, #dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::Nd) => quote!(__ad::duals_nd(&#x, &#dot)),
                (true, ParamShape::Struct | ParamShape::StructSlice | ParamShape::Output) => {
                    unreachable!("struct parameters have their own `_hvp`; output buffers none")
                }
            }
        })
        .collect();
    DualInputs {
        lifts,
        args,
        given_back,
    }
}

/// `f_hvp`'s result from the dual cotangents `bars`: the value, the gradients (their
/// primal parts), then H·v (their tangents).
pub(super) fn hvp_result(ctx: &Ctx, bars: &[syn::Ident]) -> TokenStream {
    // A sequence behind an alias (`&V3`): its adjoint's own type, made from the entries.
    let shaped =
        |p: &crate::ir::Param, v: TokenStream| match crate::emit::signature::aliased_sequence(
            ctx, p,
        ) {
            Some(ty) => {
                quote!(<<#ty as __ad::Sequence>::Zeros as __ad::FromEntries<_>>::from_entries(&#v))
            }
            None => v,
        };
    let grads = active_params(ctx).zip(bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.primal),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::primals_nd(&#b)),
        _ => shaped(p, quote!(__ad::primals(&#b))),
    });
    let hvs = active_params(ctx).zip(bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.tangent),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::tangents_nd(&#b)),
        _ => shaped(p, quote!(__ad::tangents(&#b))),
    });
    quote!((value.primal, #(#grads,)* #(#hvs),*))
}

/// The accumulators `f_dual_vjp` takes: one per active sequence parameter, which `f_hvp`
/// lends from the thread's pool where it can (see [`accumulators`]).
fn joint_accumulators(ctx: &Ctx) -> Vec<Acc> {
    sequence_accumulators(ctx, active_params(ctx))
}

/// `f_dual_vjp` (hidden): `f_vjp`'s joint body (its loops fused with their reverse) on
/// dual numbers, which `f_hvp` runs: forward-over-reverse of the fused form.
fn dual_vjp_item(
    item: &syn::ItemFn,
    ctx: &Ctx,
    fusion: &crate::analysis::fusion::Fusion,
) -> TokenStream {
    let needed = ctx.needed.joint.as_deref().unwrap_or(ctx.needed);
    let mut lifted = Emitter::new(ctx.func, ctx.act, needed, Mode::Lifted);
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name) = (&item.sig.ident, item_name(item, ctx, Derived::DualVjp));
    let params = lifted_params(item, &lifted, Derived::DualVjp);
    let ret_ty = lifted.lift_type(&ctx.func.ret_ty, true);
    let seed_ty = lifted.lift_type(&ctx.func.tangent_ty, true);
    let cts: Vec<TokenStream> = active_params(&lifted)
        .map(|p| cotangent_type(&lifted, p))
        .collect();
    let dout = lifted.param_name("dout");
    let accs = joint_accumulators(&lifted);
    let acc_params = accs.iter().map(|a| {
        let (name, ty) = (&a.name, &a.ty);
        quote!(#name: #ty)
    });
    let body = lifted.joint_body(&dout, fusion, &accs);
    let doc = format!(" [`{f}_vjp`] on dual numbers, for [`{f}_hvp`] (forward-over-reverse).");
    let allows = allows();
    let imports = crate::emit::body_imports();
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #allows
        #vis fn #name #generics (#(#params,)* #dout: #seed_ty, #(#acc_params),*) -> (#ret_ty, #(#cts),*) #where_clause {
            #imports
            #body
        }
    }
}
