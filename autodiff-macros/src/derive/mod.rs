//! `#[derive(Differentiable)]`: reads a struct of parameters into a [`Model`] (its fields,
//! which of them are `#[no_grad]` constants), checks it, finds its float type, and writes an
//! impl that visits the differentiable fields in declaration order.
//!
//! `read` makes the model and checks it, `float` finds its float type and which fields are
//! float leaves, `emit` writes the impl, and `dual` the dual-number twin of a struct
//! generic over its float type.

mod dual;
mod emit;
mod float;
mod read;
#[cfg(test)]
mod tests;

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;
use syn::{DeriveInput, Ident, Member, Type};

/// Expands `#[derive(Differentiable)]` on `item`, or its errors.
pub fn differentiable(item: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(item) {
        Ok(input) => input,
        Err(e) => return e.into_compile_error(),
    };
    // `#[differentiable(crate = "path")]`: where the `autodiff` crate is (`crate_path`).
    let mut path = None;
    for attr in input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("differentiable"))
    {
        let args = match &attr.meta {
            syn::Meta::List(l) => l.tokens.clone(),
            _ => TokenStream::new(),
        };
        match crate::crate_path::take(args) {
            Ok((rest, Some(p))) if rest.is_empty() => path = Some(p),
            Ok(_) => {
                let message = "`#[differentiable(…)]` takes `crate = \"path\"` alone: the path of the `autodiff` crate, such as `crate = \"my_lib::autodiff\"`";
                return syn::Error::new_spanned(attr, message).into_compile_error();
            }
            Err(e) => return e.into_compile_error(),
        }
    }
    let out = expand_model(&input);
    match path {
        Some(p) => crate::crate_path::rewrite(out, &p),
        None => out,
    }
}

fn expand_model(input: &DeriveInput) -> TokenStream {
    match Model::read(input).and_then(|m| m.check()) {
        Ok((model, scalar)) => {
            let twin = match &scalar {
                Scalar::Keyword(t) if model.is_float_param(t) => model.dual_twin(t),
                // A type parameter the struct does not bound (`struct State<T> { q: T }`):
                // a float where a function generic over `T: Float` uses it.
                Scalar::Of(ty) => match float::single_ident(ty) {
                    Some(t) if model.is_type_param(t) => model.dual_twin(t),
                    _ => TokenStream::new(),
                },
                _ => TokenStream::new(),
            };
            let differentiable = model.emit(&scalar);
            let refused = model.refused.iter().map(syn::Error::to_compile_error);
            quote!(#differentiable #twin #(#refused)*)
        }
        Err(e) => e.into_compile_error(),
    }
}

/// The struct as the derive sees it.
struct Model<'a> {
    input: &'a DeriveInput,
    fields: Vec<Field<'a>>,
    /// Fields written `S(a, b)` rather than `S { a, b }`.
    tuple: bool,
    /// Errors that still leave an impl to emit (a borrowed field, read as a constant), so
    /// that they are the only errors the user sees.
    refused: Vec<syn::Error>,
}

struct Field<'a> {
    member: Member,
    ty: &'a Type,
    /// `#[no_grad]`: a constant, cloned by `zero_like` and skipped by everything else.
    no_grad: bool,
    /// The type names the struct itself (`Vec<Tree>` in `Tree`). Bounding it would make the
    /// impl require itself, which rustc cannot prove, so it gets no where-clause.
    recursive: bool,
}

/// A field holding floats of the struct's float parameter directly.
#[derive(Clone, Copy)]
enum FloatSeq<'a> {
    /// `Vec<T>`.
    Vec,
    /// `[T; N]`, with its length expression.
    Array(&'a syn::Expr),
}

/// Where `type Scalar` comes from: the element type of a field, seen through `Vec`, `[T; N]`
/// and `ndarray` arrays (`f64` in `Array2<f64>`, `Block` in `Vec<Block>`).
enum Scalar<'a> {
    /// A float keyword or a type parameter bounded by `Float`: `type Scalar = f64`.
    /// Preferred: it names no user type, so it cannot leak a private field type into the
    /// public impl.
    Keyword(&'a Ident),
    /// No field is differentiable (a unit struct whose methods compute with their
    /// arguments, a struct of constants): `f64`, with no leaves.
    Constant,
    /// Another type, `T` or `Block<T>`: `<T as Differentiable>::Scalar`, with the bound
    /// `T: Differentiable`. A type parameter is preferred to a struct, and `Array2<T>` is seen
    /// as `T`: ndarray's array type carries a projection (`<OwnedRepr<T> as RawData>::Elem`)
    /// that rustc normalises in the other bounds but not in `type Scalar`, which then differ.
    Of(&'a Type),
}

/// Whether `tokens` name the struct `name` (or `Self`).
fn mentions(tokens: TokenStream, name: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(ident) => ident == *name || ident == "Self",
        TokenTree::Group(group) => mentions(group.stream(), name),
        _ => false,
    })
}
