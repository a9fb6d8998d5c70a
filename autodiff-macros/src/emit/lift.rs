//! User types on dual numbers: the float type replaced by `Dual<F>` where a value is
//! active and the code is lifted (`f_hvp`'s twins).

use super::{Ctx, Mode};
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// A user type with the float type replaced by `Dual<F>` where the value is active
    /// and the mode is lifted.
    pub fn lift_type(&self, ty: &syn::Type, active: bool) -> TokenStream {
        if self.mode == Mode::Plain || !active {
            return quote!(#ty);
        }
        let float = self.func.float.clone();
        let dual: syn::Type = syn::parse_quote!(::autodiff::__private::Dual<#float>);
        replace_type(ty, &float, &dual)
    }
}

fn replace_type(ty: &syn::Type, from: &syn::Type, to: &syn::Type) -> TokenStream {
    let from_str = quote!(#from).to_string();
    let tokens = quote!(#ty);
    replace_tokens(tokens, &from_str, &quote!(#to))
}

fn replace_tokens(ts: TokenStream, from: &str, to: &TokenStream) -> TokenStream {
    ts.into_iter()
        .map(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) if i == from => to.clone(),
            proc_macro2::TokenTree::Group(g) => {
                let inner = replace_tokens(g.stream(), from, to);
                let mut ng = proc_macro2::Group::new(g.delimiter(), inner);
                ng.set_span(g.span());
                quote!(#ng)
            }
            other => quote!(#other),
        })
        .collect()
}
