//! The calling convention of derived items: what a differentiated caller calls.
//!
//! A caller cannot see its callee's attribute, only the path it is called by, so every
//! callee, a differentiated function or a runtime rule alike, offers three entry points
//! reached through its own name: `f::jvp_all`, `f::pullback_all` and
//! `f::dual_pullback_all` (tangents and cotangents for every float parameter; see
//! `items::entry_points::pullbacks`). For a free function `f` they are associated functions of a type
//! `f` the attribute declares beside it, `struct f {}`: a braced struct lives in the type
//! namespace only, so it does not clash with the function, and every `use` that imports
//! the function (by name, by glob, through a re-export, under an alias) imports the type
//! too. The runtime's rules declare a module of that name instead. Functions of an
//! `impl` (methods, `Self::f`, `Type::f`) keep `f_jvp_all`, … beside them, reached by
//! method resolution or through their type, since an `impl` cannot hold a type.

use super::Ctx;
use proc_macro2::TokenStream;
use quote::quote;

/// The entry point a derived item's suffix names, if it is one.
fn entry_point(suffix: &str) -> Option<&'static str> {
    match suffix {
        "_jvp_all" => Some("jvp_all"),
        "_pullback_all" => Some("pullback_all"),
        "_dual_pullback_all" => Some("dual_pullback_all"),
        _ => None,
    }
}

/// The name a derived item of `f` is declared under: `f_suffix`, or the entry point's
/// own name inside `impl f`.
pub fn item_name(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> syn::Ident {
    let f = &item.sig.ident;
    match entry_point(suffix).filter(|_| !ctx.func.in_impl) {
        Some(entry) => syn::Ident::new(entry, f.span()),
        None => crate::ir::ident(&format!("{f}{suffix}"), f.span()),
    }
}

/// How `f`'s derived items call each other: `f_pullback`, `f::pullback_all`, or
/// `Self::f_pullback` from an item of an `impl`.
pub fn sibling(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> TokenStream {
    let name = item_name(item, ctx, suffix);
    let f = &item.sig.ident;
    match (ctx.func.in_impl, entry_point(suffix)) {
        (true, _) => quote!(Self::#name),
        (false, Some(_)) => quote!(#f::#name),
        (false, None) => quote!(#name),
    }
}

/// The entry points of a free function, as associated functions of the type named like
/// it; an `impl`'s functions declare them beside the others.
pub fn declare(item: &syn::ItemFn, ctx: &Ctx, entry_points: TokenStream) -> TokenStream {
    if ctx.func.in_impl || entry_points.is_empty() {
        return entry_points;
    }
    entry_point_type(&item.vis, &item.sig.ident, entry_points)
}

/// `struct f {}` holding `entry_points` as its associated functions.
pub fn entry_point_type(
    vis: &syn::Visibility,
    f: &syn::Ident,
    entry_points: TokenStream,
) -> TokenStream {
    let doc = format!(" The derivatives of [`{f}`] that differentiated callers call.");
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #vis struct #f {}

        #[allow(dead_code)]
        impl #f {
            #entry_points
        }
    }
}

/// The function a caller calls for `callee`'s entry point `suffix` (or `callee` itself for
/// the empty suffix): `path::f::pullback_all`, or `path::Type::f_pullback_all` and
/// `recv.f_pullback_all` for functions of an `impl`. A turbofish moves to the entry point
/// (`g::<T>` is called as `g::pullback_all::<T>`).
pub fn callee(callee: &syn::Path, method: bool, suffix: &str) -> syn::Path {
    let mut path = callee.clone();
    let Some(last) = path.segments.last_mut() else {
        return path;
    };
    let f = last.ident.clone();
    match entry_point(suffix).filter(|_| !method && !of_a_type(callee)) {
        Some(entry) => {
            let args = std::mem::take(&mut last.arguments);
            let mut entry = syn::PathSegment::from(syn::Ident::new(entry, f.span()));
            entry.arguments = args;
            path.segments.push(entry);
        }
        None if suffix.is_empty() => {}
        None => last.ident = crate::ir::ident(&format!("{f}{suffix}"), f.span()),
    }
    path
}

/// `Self::f`, `Type::f`, `Type::<T>::f`: a function of an `impl`, by Rust's naming (types
/// are `UpperCamelCase`, modules `snake_case`).
fn of_a_type(path: &syn::Path) -> bool {
    let n = path.segments.len();
    n >= 2
        && path.segments[n - 2]
            .ident
            .to_string()
            .trim_start_matches("r#")
            .starts_with(|c: char| c.is_ascii_uppercase())
}
