//! In-place buffers: a `y: &mut [f64]` (or `&mut Vec<f64>`) parameter whose entry contents
//! the body reads (an integrator's step `y[i] += h * k[i]`, a normalisation `v[i] /= n`)
//! maps the entry contents, with the other arguments, to the contents on exit. The
//! function is read as a hidden one, `__f_in_place`, that takes the entry contents as a
//! parameter of their own (`y_on_entry: &[f64]`, after the written parameters) and starts
//! by copying them into the buffer, which is then an output buffer written before it is
//! read; that function is differentiated as any other, and `emit::in_place` wraps its
//! derivatives in the function's own, whose buffer arguments are in and out:
//!
//! - `f_jvp(…, x_dot…, y_dot: &mut [f64])`: `y_dot` holds the tangent of the entry
//!   contents on entry and that of the contents on exit when it returns;
//! - `f_vjp(…, [dout,] y_bar: &mut [f64])`: `y_bar` holds the cotangent of the contents on
//!   exit on entry, and that of the entry contents when it returns (Tapenade's convention
//!   for an argument that is both read and written).
//!
//! `wrt(…)` leaving the buffer out makes its entry contents constants: the buffer is then
//! an output alone.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::format_ident;
use std::collections::HashSet;
use syn::{Ident, ItemFn};

/// A function with in-place buffers, read as its hidden function.
pub struct InPlace {
    /// `__f_in_place(<params>, y_on_entry: &[F], …)`: the body after a copy of each entry
    /// parameter into its buffer.
    pub hidden: ItemFn,
    /// The buffers, in parameter order.
    pub buffers: Vec<Buffer>,
}

/// One in-place buffer.
pub struct Buffer {
    /// The parameter (`y`).
    pub param: Ident,
    /// The hidden function's parameter holding its entry contents (`y_on_entry`).
    pub entry: Ident,
    /// `wrt` takes it (or names no parameter): the entry contents carry a derivative.
    pub active: bool,
}

/// The hidden function of `item`, whose buffers `read` (by name, from lowering) are read on
/// entry, and the arguments it is differentiated with: `wrt(…)` naming a buffer names its
/// entry parameter too.
pub fn split(
    item: &ItemFn,
    read: &[(Ident, Span)],
    float: &syn::Type,
    args: TokenStream,
    wrt: Option<&[Ident]>,
    taken: &HashSet<String>,
) -> (InPlace, TokenStream) {
    let buffers: Vec<Buffer> = crate::parse::param_idents(&item.sig)
        .into_iter()
        .filter(|p| read.iter().any(|(r, _)| r == *p))
        .map(|param| {
            let stem = param.to_string().replace("r#", "");
            let entry = fresh(&format!("{stem}_on_entry"), taken);
            let active = wrt.is_none_or(|names| names.iter().any(|n| n == param));
            Buffer {
                param: param.clone(),
                entry,
                active,
            }
        })
        .collect();
    let mut hidden = item.clone();
    // A copy of the user's code, linted once already where it is written.
    hidden.attrs.retain(|a| a.path().is_ident("allow"));
    hidden.attrs.push(syn::parse_quote!(#[doc(hidden)]));
    hidden
        .attrs
        .push(syn::parse_quote!(#[allow(warnings, clippy::all, clippy::pedantic)]));
    hidden.vis = syn::Visibility::Inherited;
    hidden.sig.ident = format_ident!(
        "__{}_in_place",
        item.sig.ident.to_string().replace("r#", "")
    );
    let index = fresh("entry_index", taken);
    let mut copies: Vec<syn::Stmt> = vec![];
    for b in &buffers {
        let (param, entry) = (&b.param, &b.entry);
        hidden.sig.inputs.push(syn::parse_quote!(#entry: &[#float]));
        copies.push(syn::parse_quote! {
            for #index in 0..#param.len() {
                #param[#index] = #entry[#index];
            }
        });
    }
    copies.append(&mut hidden.block.stmts);
    hidden.block.stmts = copies;
    let args = with_entries_in_wrt(args, &buffers);
    (InPlace { hidden, buffers }, args)
}

/// `base`, or `base_2`, `base_3`, … where the function already uses the name.
fn fresh(base: &str, taken: &HashSet<String>) -> Ident {
    let name = crate::ir::lower::first_free(base, |n| !taken.contains(n));
    crate::ir::ident(&name, Span::call_site())
}

/// `wrt(y, h)` with `y` in place: `wrt(y_on_entry, h)` (the hidden function's `y` is an
/// output buffer, whose entry contents are the new parameter).
fn with_entries_in_wrt(args: TokenStream, buffers: &[Buffer]) -> TokenStream {
    let mut out = TokenStream::new();
    let mut tokens = args.into_iter().peekable();
    while let Some(t) = tokens.next() {
        let is_wrt = matches!(&t, TokenTree::Ident(i) if i == "wrt");
        out.extend([t]);
        if !is_wrt {
            continue;
        }
        if let Some(TokenTree::Group(g)) = tokens.peek() {
            let renamed: TokenStream = g
                .stream()
                .into_iter()
                .map(|t| match &t {
                    TokenTree::Ident(i) => match buffers.iter().find(|b| b.param == *i) {
                        Some(b) => TokenTree::Ident(b.entry.clone()),
                        None => t,
                    },
                    _ => t,
                })
                .collect();
            let mut group = proc_macro2::Group::new(g.delimiter(), renamed);
            group.set_span(g.span());
            out.extend([TokenTree::Group(group)]);
            tokens.next();
        }
    }
    out
}
