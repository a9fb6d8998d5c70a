//! Items in a function's body (`const`, `static`, `use`, `type` and nested `fn`s): they
//! see none of the function's locals, so each generated function gets its own copy at the
//! top of its body, where the user's code names them as it did in the original.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};

/// The generated items, each function with the body's items first in its block.
pub fn place(generated: TokenStream, items: &[syn::Item], in_impl: bool) -> TokenStream {
    if items.is_empty() {
        return generated;
    }
    let stmts: Vec<syn::Stmt> = items.iter().cloned().map(syn::Stmt::Item).collect();
    let prepend = |block: &mut syn::Block| {
        block.stmts.splice(0..0, stmts.iter().cloned());
    };
    if in_impl {
        let Ok(ImplItems(mut fns)) = syn::parse2::<ImplItems>(generated.clone()) else {
            return generated;
        };
        for f in &mut fns {
            if let syn::ImplItem::Fn(f) = f {
                prepend(&mut f.block);
            }
        }
        return fns.iter().map(|f| f.to_token_stream()).collect();
    }
    let Ok(mut file) = syn::parse2::<syn::File>(generated.clone()) else {
        return generated;
    };
    for item in &mut file.items {
        match item {
            syn::Item::Fn(f) => prepend(&mut f.block),
            // The callers' entry points, in `impl f {}` (see `callers`); not a trait's
            // impl, whose methods only forward to them.
            syn::Item::Impl(i) if i.trait_.is_none() => i.items.iter_mut().for_each(|f| {
                if let syn::ImplItem::Fn(f) = f {
                    prepend(&mut f.block)
                }
            }),
            _ => {}
        }
    }
    file.into_token_stream()
}

/// The items of an `impl` block, as the attribute on a method emits them.
struct ImplItems(Vec<syn::ImplItem>);

impl Parse for ImplItems {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut items = vec![];
        while !input.is_empty() {
            items.push(input.parse()?);
        }
        Ok(ImplItems(items))
    }
}
