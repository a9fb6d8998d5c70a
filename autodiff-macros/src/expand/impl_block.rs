//! `#[differentiate]` on an `impl` block: which methods are differentiated, with which
//! arguments, and where their derived items go (an inherent `impl` of the type, or a trait
//! of their own for `impl … for f64`).

use super::{expand, StripCheckpoints};
use proc_macro2::TokenStream;
use quote::quote;

/// `#[differentiate] impl Trait for Type { … }`: a trait's methods cannot gain members, so
/// the impl is emitted as written and each method's derived items go into an inherent
/// `impl Type` beside it (`rect.area_grad()`), public like the trait's methods; an
/// inherent `impl Type { … }` is read the same way. The
/// methods marked `#[differentiate(…)]` inside the block are differentiated with their own
/// arguments; when none is marked, every method with a float type is, with the block's
/// arguments.
pub(super) fn differentiate_impl(args: TokenStream, mut block: syn::ItemImpl) -> TokenStream {
    let float_self = crate::float_impl::float_self_type(&block.self_ty);
    if let (None, Some(e)) = (&float_self, foreign_self_type(&block.self_ty)) {
        let e = e.to_compile_error();
        return quote!(#block #e);
    }
    let marked = |m: &syn::ImplItemFn| m.attrs.iter().any(is_mark);
    let any_marked = block
        .items
        .iter()
        .any(|i| matches!(i, syn::ImplItem::Fn(m) if marked(m)));
    let mut derived = vec![];
    let mut errors = vec![];
    let of_trait = block.trait_.is_some();
    // `impl Lerp for f64`: the derived items go into a trait of their own.
    if let Some(float) = float_self {
        let mut methods = vec![];
        for item in &mut block.items {
            let syn::ImplItem::Fn(m) = item else { continue };
            // An unmarked block differentiates the methods with a float result.
            let wanted = crate::float_impl::returns_float(&m.sig, &float);
            let Some(own_args) = method_args(m, any_marked, wanted) else {
                continue;
            };
            syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut StripCheckpoints, m);
            methods.push((own_args, m.clone()));
        }
        let expanded = crate::float_impl::expand(&args, &block, &float, methods, expand);
        let generated = expanded.unwrap_or_else(|errors| {
            let errors = errors.into_iter().map(|e| e.to_compile_error());
            quote!(#(#errors)*)
        });
        return quote!(#block #generated);
    }
    let generics = crate::impl_generics::split(&block);
    let mut differentiated = 0;
    for item in &mut block.items {
        let syn::ImplItem::Fn(m) = item else { continue };
        // An unmarked block differentiates the methods that compute with floats.
        let wanted = crate::parse::float_type(&m.sig, Some(&m.block), true).is_ok();
        let Some(own_args) = method_args(m, any_marked, wanted) else {
            continue;
        };
        differentiated += 1;
        let mut own_args = own_args.unwrap_or_else(|| args.clone());
        // A function without `self` in the block is associated: the block says so.
        if m.sig.receiver().is_none()
            && !crate::tokens::mentions_any(own_args.clone(), &["associated"])
        {
            own_args = if own_args.is_empty() {
                quote!(associated)
            } else {
                quote!(#own_args, associated)
            };
        }
        let mut sig = m.sig.clone();
        generics.add_to(&mut sig);
        // A trait's methods are as public as the trait; an inherent one keeps its own.
        let vis = match of_trait {
            true => syn::parse_quote!(pub),
            false => m.vis.clone(),
        };
        // Built, not parsed from tokens: inner attributes of the body (`//!`, `#![allow]`)
        // are among `attrs` and print inside the block.
        let f = syn::ItemFn {
            attrs: m.attrs.clone(),
            vis,
            modifiers: m.modifiers.clone(),
            sig,
            block: Box::new(m.block.clone()),
        };
        match expand(own_args, &f) {
            Ok(tokens) => derived.push(tokens),
            Err(e) => errors.extend(e),
        }
        if of_trait && generics.has_free() {
            // `Self::f` in the derived items would name the trait's `f` for a trait
            // parameter nothing infers: an inherent copy, found first, is the one they call.
            let mut copy = f.clone();
            syn::visit_mut::VisitMut::visit_item_fn_mut(&mut StripCheckpoints, &mut copy);
            derived.push(quote!(#[doc(hidden)] #copy));
        }
        syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut StripCheckpoints, m);
    }
    if differentiated == 0 {
        // Nothing to differentiate is a mistake to report, not an empty `impl`.
        errors.push(syn::Error::new_spanned(&block.self_ty, "`#[differentiate]` on this `impl` found no method to differentiate: none is marked `#[differentiate]`, and none has a float type in its signature (`f64`, `f32`, or a type parameter bounded by `Float`); mark the methods to differentiate, or put the attribute on the methods of an inherent `impl`"));
    }
    let errors = errors.into_iter().map(|e| e.to_compile_error());
    let (generics, self_ty) = (&generics.inherent, &block.self_ty);
    let where_clause = &generics.where_clause;
    quote! {
        #block
        #[allow(dead_code)]
        impl #generics #self_ty #where_clause { #(#derived)* }
        #(#errors)*
    }
}

/// `#[differentiate(…)]` (by any path) on a method of a block.
fn is_mark(a: &syn::Attribute) -> bool {
    a.path()
        .segments
        .last()
        .is_some_and(|s| s.ident == "differentiate")
}

/// The arguments a method of a block is differentiated with: its own mark's (which is
/// removed), or the block's (`Some(None)`) where the block marks none and the method is
/// `wanted`; `None` where it is not differentiated.
fn method_args(
    m: &mut syn::ImplItemFn,
    any_marked: bool,
    wanted: bool,
) -> Option<Option<TokenStream>> {
    match m.attrs.iter().position(is_mark) {
        Some(pos) => Some(match &m.attrs.remove(pos).meta {
            syn::Meta::List(l) => Some(l.tokens.clone()),
            _ => Some(TokenStream::new()),
        }),
        None if any_marked || !wanted => None,
        None => Some(None),
    }
}

/// A type no inherent `impl` can be written for (`f64`, `[f64; 3]`, `&T`, a tuple, `Vec<f64>`), where
/// the derived items would go: the macro's error, spanned on it.
fn foreign_self_type(ty: &syn::Type) -> Option<syn::Error> {
    // The standard library's and `ndarray`'s containers (`impl Energy for Vec<f64>`) are
    // another crate's types too.
    const FOREIGN: &[&str] = &[
        "Vec",
        "VecDeque",
        "Box",
        "Option",
        "String",
        "HashMap",
        "BTreeMap",
        "Array",
        "Array1",
        "Array2",
        "Array3",
        "ArrayD",
        "ArrayBase",
        "ArrayView",
        "ArrayView1",
        "ArrayView2",
    ];
    let primitive = match ty {
        syn::Type::Path(p) => {
            p.qself.is_none()
                && (p.path.get_ident().is_some_and(|i| {
                    let name = i.to_string();
                    crate::tokens::SCALAR_TYPES.contains(&name.as_str())
                        || matches!(name.as_str(), "char" | "str")
                }) || p
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| FOREIGN.contains(&s.ident.to_string().as_str())))
        }
        syn::Type::Array(_)
        | syn::Type::Slice(_)
        | syn::Type::Tuple(_)
        | syn::Type::Reference(_) => true,
        _ => false,
    };
    primitive.then(|| {
        syn::Error::new_spanned(ty, "`#[differentiate]` on an `impl` puts the derived items in an inherent `impl` of its type, which Rust allows only for types of this crate (and for `f64` and `f32` in a trait of their own): write the methods' bodies as free `#[differentiate]` functions (`fn norm(x: &[f64; 2]) -> f64`) and call them from the trait's methods")
    })
}
