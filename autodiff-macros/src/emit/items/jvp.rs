//! `f_jvp`, forward mode: its signature, and its body from `tangent.rs`'s forward sweep
//! (run with fused multiply-adds where the CPU has them); the callers' `f_jvp_all` shares
//! its signature.

use crate::emit::forward::Sweep;
use crate::emit::names::{item_name, Derived};
use crate::emit::signature::{
    active_params, allows, args, doc_link, leaves_out, params, slots, Body,
};
use crate::emit::{Ctx, Emitter};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `f_jvp` (or a callers' entry point on its own body) with `f`'s forward sweep.
pub(super) fn jvp(item: &syn::ItemFn, ctx: &mut Emitter, kind: Derived) -> TokenStream {
    let checks = tangent_len_checks(ctx);
    let prologue = ctx.prologue(Sweep::Jvp);
    let body = ctx.forward_block(&ctx.func.body, Sweep::Jvp, None);
    let write_back = ctx.write_back(Sweep::Jvp);
    let (value, tangent) = jvp_result(ctx);
    // A function whose results are all in output buffers returns nothing.
    let result = (!ctx.unit_result()).then(|| {
        // The tangent first: a zero tangent is shaped from the value before it moves.
        quote!(let __tangent = #tangent; (#value, __tangent))
    });
    let body = quote! {
        #(#checks)*
        #prologue
        #body
        #write_back
        #result
    };
    let body = fma_dispatch(item, ctx, kind, &body).unwrap_or(body);
    jvp_signature(item, ctx, kind, Body::Own(body))
}

/// `f_jvp`'s body as a nested function generic over how its tangent sums multiply and add
/// (`autodiff::fma`), run fused where the CPU has FMA and separate otherwise; `None` where
/// the body fuses nothing or has no loop, or where a nested function cannot repeat the
/// signature (see [`can_nest`]).
fn fma_dispatch(
    item: &syn::ItemFn,
    ctx: &Ctx,
    kind: Derived,
    body: &TokenStream,
) -> Option<TokenStream> {
    let fma = format_ident!("__Fma");
    let (body, fuses) = crate::tokens::subst_private(body.clone(), "mul_add", &fma);
    // Outside loops a fused sum saves a cycle or two a call: not worth a second copy.
    let loops = ctx
        .func
        .body
        .any(&|s| matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. }));
    if !(fuses && loops && can_nest(item, ctx)) {
        return None;
    }
    let sig = &item.sig;
    let mut generics = sig.generics.clone();
    generics
        .params
        .push(syn::parse_quote!(#fma: ::autodiff::__private::MulAdd));
    let where_clause = &sig.generics.where_clause;
    let params = params(item);
    let tangents = tangent_params(ctx, kind);
    let slots = slots(ctx, kind);
    let args = args(ctx);
    let dots: Vec<_> = slots.iter().map(|p| ctx.dot(p.var)).collect();
    let (ret_ty, tangent_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    let imports = crate::emit::body_imports();
    Some(quote! {
        #[inline(always)]
        fn __jvp_body #generics (_: #fma, #(#params,)* #(#tangents),*) -> (#ret_ty, #tangent_ty) #where_clause {
            #imports
            #body
        }
        if __ad::use_fused() {
            __ad::run_fused(|| __jvp_body(__ad::Fused, #(#args,)* #(#dots),*))
        } else {
            __jvp_body(__ad::Separate, #(#args,)* #(#dots),*)
        }
    })
}

/// Whether `f_jvp`'s body can be a nested function with the same signature: not in an
/// `impl` (a method or associated function) or where `Self` is named (a nested item cannot
/// name it), not where the float type belongs to an enclosing `impl`, and not with
/// `impl Trait` parameters or output buffers.
fn can_nest(item: &syn::ItemFn, ctx: &Ctx) -> bool {
    let sig = &item.sig;
    let own_float = match &ctx.func.float {
        syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32") => true,
        float => sig
            .generics
            .type_params()
            .any(|t| t.ident == quote!(#float).to_string()),
    };
    let impl_trait = sig.inputs.iter().any(|a| {
        quote!(#a)
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "impl"))
    });
    own_float
        && !impl_trait
        && !ctx.func.in_impl
        && ctx.func.outputs.is_empty()
        && !crate::tokens::mentions_ident(quote!(#item), &format_ident!("Self"))
}

/// Each sequence tangent checked against its parameter's length on entry.
fn tangent_len_checks(ctx: &Ctx) -> Vec<TokenStream> {
    active_params(ctx)
        .filter(|p| matches!(p.shape, ParamShape::Slice | ParamShape::OwnedVec))
        .map(|p| {
            let (x, dot) = (ctx.name(p.var), ctx.dot(p.var));
            let (x_str, dot_str) = (x.to_string(), dot.to_string());
            quote!(__ad::check_tangent_len(#x.len(), #dot.len(), #dot_str, #x_str);)
        })
        .collect()
}

/// `x_dot: &[f64]`, one per parameter with a tangent.
fn tangent_params(ctx: &Ctx, kind: Derived) -> Vec<TokenStream> {
    slots(ctx, kind)
        .into_iter()
        .map(|p| {
            let (dot, ty) = (ctx.dot(p.var), &p.ty);
            // A parameter the function assigns has its tangent assigned beside it.
            let mutable = ctx.func.vars[p.var].mutable.then(|| quote!(mut));
            quote!(#mutable #dot: #ty)
        })
        .collect()
}

/// `f_jvp` (or the callers' `f_jvp_all`) with this body.
pub(super) fn jvp_signature(
    item: &syn::ItemFn,
    ctx: &Ctx,
    kind: Derived,
    body: Body<TokenStream>,
) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let name = item_name(item, ctx, kind);
    let f = &item.sig.ident;
    let params = params(item);
    let tangents = tangent_params(ctx, kind);
    let out_dots = ctx.output_tangent_params();
    let (ret_ty, tangent_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    let jvp_ret = (!ctx.unit_result()).then(|| quote!(-> (#ret_ty, #tangent_ty)));
    let link = doc_link(item, ctx);
    let excluded = if kind.is_for_callers() && leaves_out(ctx) {
        " (ignored for those `wrt` leaves out)"
    } else {
        ""
    };
    let doc = if kind.is_for_callers() {
        format!(
            " [`{f}_jvp`] for differentiated callers, which pass a tangent for every float \
             parameter{excluded}."
        )
    } else {
        format!(
            " Forward mode of [`{f}`]{link}: its value and its directional derivative along the tangents \
             `{}` (one per active parameter, of the same type), computed in one pass beside the primal.",
            active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join("`, `")
        )
    };
    let hidden = kind.is_for_callers().then(|| quote!(#[doc(hidden)]));
    let (inline, body) = body.emit(|code| code);
    let allows = allows();
    quote! {
        #[doc = #doc]
        #hidden
        #inline
        #allows
        #vis fn #name #generics (#(#params,)* #(#tangents,)* #(#out_dots),*) #jvp_ret #where_clause {
            #body
        }
    }
}

pub(super) fn jvp_result(ctx: &Ctx) -> (TokenStream, TokenStream) {
    let parts: Vec<(TokenStream, TokenStream)> = ctx
        .func
        .ret
        .iter()
        .map(|&r| {
            let name = ctx.name(r);
            let tangent = if ctx.active(r) {
                let dot = ctx.dot(r);
                quote!(#dot)
            } else if ctx.kind(r) == Kind::FloatSeq {
                quote!(__ad::zeros_like(&#name))
            } else if ctx.kind(r) == Kind::Array {
                quote!(__ad::zeros_nd(&#name))
            } else if !ctx.kind(r).is_float() {
                quote!(())
            } else {
                ctx.zero()
            };
            (quote!(#name), tangent)
        })
        .collect();
    match &ctx.func.ret_shape {
        Ret::Single(_) => parts[0].clone(),
        Ret::Tuple(_) => {
            let (vs, ts): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
            (quote!((#(#vs),*)), quote!((#(#ts),*)))
        }
    }
}
