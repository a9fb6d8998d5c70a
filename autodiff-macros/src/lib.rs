//! The `#[differentiate]` attribute of `autodiff`: a small compiler from a Rust function
//! to its derivative functions, at compile time.
//!
//! Stages, one module each: `parse` (attribute arguments, types) → `ir::lower` (syn to
//! the IR) → `analysis` (activity, what the reverse sweep reads) → `emit` (forward and
//! reverse code). `expand` runs them in order. Use it through the `autodiff` crate, which
//! re-exports it with its documentation.

mod analysis;
mod emit;
mod expand;
mod ir;
mod parse;
mod rules;

use proc_macro::TokenStream;

/// See `autodiff::differentiate`.
#[proc_macro_attribute]
pub fn differentiate(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::differentiate(args.into(), item.into()).into()
}

