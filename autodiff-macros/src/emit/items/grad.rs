//! `f_grad`, for a float result: `f_vjp` seeded with one.

use crate::emit::names::{item_name, sibling, Derived};
use crate::emit::signature::{active_params, allows, args, cotangent_type, doc_link, one, params};
use crate::emit::Ctx;
use proc_macro2::TokenStream;
use quote::quote;

/// `f_grad`: its value and the gradient.
pub(super) fn grad(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, vjp) = (
        &item.sig.ident,
        item_name(item, ctx, Derived::Grad),
        sibling(item, ctx, Derived::Vjp),
    );
    let params = params(item);
    let args = args(ctx);
    let ret_ty = &ctx.func.ret_ty;
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let one = one(ctx);
    let link = doc_link(item, ctx);
    let doc = format!(" The gradient of [`{f}`]{link}: its value, then ∂{f}/∂x for each active parameter (`{f}_vjp` seeded with 1).");
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> (#ret_ty, #(#cts),*) #where_clause {
            #vjp(#(#args,)* #one)
        }
    }
}
