//! `f_vjp`, reverse mode with the seed given: `f_pullback` called and its pullback run at
//! once, or, where loops fuse with their reverse, a body of its own (`joint.rs`).

use crate::emit::names::{item_name, sibling, Derived};
use crate::emit::signature::{
    active_params, allows, args, cotangent_type, doc_link, is_reference, params, passed_name,
};
use crate::emit::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

/// `f_vjp`: its value and the cotangents of the active parameters for a cotangent of the
/// result.
pub(super) fn vjp(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, pb) = (
        &item.sig.ident,
        item_name(item, ctx, Derived::Vjp),
        sibling(item, ctx, Derived::Pullback),
    );
    let params = params(item);
    let args = args(ctx);
    let (ret_ty, seed_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    let dout = ctx.param_name("dout");
    let reborrowed = reborrow_args(ctx);
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let (seed_params, seeds) = (ctx.output_seed_params(), ctx.output_seed_args());
    // Output buffers take their cotangents as seeds; a `()` result takes none.
    let (dout_param, dout_arg, vjp_ret, result) = if ctx.unit_result() {
        (
            quote!(),
            quote!(),
            quote!((#(#cts,)*)),
            quote!((#(#bars,)*)),
        )
    } else {
        (
            quote!(#dout: #seed_ty,),
            quote!(#dout,),
            quote!((#ret_ty, #(#cts),*)),
            quote!((value, #(#bars),*)),
        )
    };
    let mut seeded: Vec<String> = seeds
        .iter()
        .map(|s| format!("`{s}` of its buffer"))
        .collect();
    if !ctx.unit_result() {
        seeded.insert(0, format!("`{dout}` of the result"));
    }
    let seeds_doc = seeded.join(" and ");
    let link = doc_link(item, ctx);
    let doc =
        format!(
        " Reverse mode of [`{f}`]{link}: its value, then the cotangents `{}` of the active parameters \
         (in parameter order) for the cotangent {seeds_doc}: x̄ = ȳ ∂{f}/∂x.",
        bars.iter().map(|b| b.to_string()).collect::<Vec<_>>().join("`, `")
    );
    let allows = allows();
    let imports = crate::emit::body_imports();
    let body = match fusion(ctx) {
        Some(fusion) => {
            // An emitter of its own: the tapes it declares are this body's alone.
            let needed = ctx.needed.joint.as_deref().unwrap_or(ctx.needed);
            let mut joint = Emitter::new(ctx.func, ctx.act, needed, Mode::Plain);
            let body = joint.joint_body(&dout, fusion, &[]);
            quote!(#imports #body)
        }
        None => quote! {
            let (value, pullback) = #pb(#(#args),*);
            let (#(#bars,)*) = pullback(#(#reborrowed,)* #dout_arg #(#seeds),*);
            #result
        },
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #dout_param #(#seed_params),*) -> #vjp_ret #where_clause {
            #body
        }
    }
}

/// The names of the reference parameters, as passed to a pullback.
fn reborrow_args(ctx: &Ctx) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| passed_name(ctx, p))
        .collect()
}

/// The loops `f_vjp` fuses with their reverse (`analysis::fusion`), where `f_vjp` has a
/// body of its own: a float result, and no output buffers or struct parameters (whose
/// seeds and fields the split form handles).
pub(super) fn fusion<'a>(ctx: &Ctx<'a>) -> Option<&'a crate::analysis::fusion::Fusion> {
    let plain = matches!(ctx.func.ret_shape, Ret::Single(Kind::Float))
        && ctx.func.outputs.is_empty()
        && !ctx.has_struct_param()
        && ctx.func.fields.is_empty();
    ctx.needed.fusion.as_ref().filter(|_| plain)
}
