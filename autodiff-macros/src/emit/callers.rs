//! The calling convention of derived items: where a differentiated caller finds them.
//!
//! A caller cannot see its callee's attribute, only the path it is called by, so every
//! callee, a differentiated function or a runtime rule alike, offers three entry points
//! reached through its own name: `f::jvp_all`, `f::pullback_all` and
//! `f::dual_pullback_all` (tangents and cotangents for every float parameter; see
//! `items::entry_points::pullbacks`; their names are `names`'). For a free function `f` they
//! are associated functions of a type `f` the attribute declares beside it, `struct f {}`:
//! a braced struct lives in the type namespace only, so it does not clash with the
//! function, and every `use` that imports the function (by name, by glob, through a
//! re-export, under an alias) imports the type too. The runtime's rules declare a module of
//! that name instead. Functions of an `impl` (methods, `Self::f`, `Type::f`) keep
//! `f_jvp_all`, … beside them, reached by method resolution or through their type, since an
//! `impl` cannot hold a type.

use super::Ctx;
use proc_macro2::TokenStream;
use quote::quote;

/// The entry points of a free function, as associated functions of the type named like
/// it; an `impl`'s functions declare them beside the others.
pub fn declare(item: &syn::ItemFn, ctx: &Ctx, entry_points: TokenStream) -> TokenStream {
    if ctx.func.in_impl || entry_points.is_empty() {
        return entry_points;
    }
    entry_point_type(&item.vis, &item.sig.ident, entry_points)
}

/// A function of one to four floats returning a float, every one active, outside an `impl`
/// and not generic,
/// as a function value with its derivatives (`autodiff::function_value`): `f::with_derivatives()`,
/// which the derived items of a function holding a function parameter take in its place,
/// implements `FunctionN` through `f`'s entry points. Called only where `f` has all three
/// (its dual twin included).
pub fn function_value(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    use crate::types::Kind;
    let func = ctx.func;
    let float = &func.float;
    let float_name = quote!(#float).to_string();
    let n = func.params.len();
    // Taken by value as written (not `&f64`, which the derived items collapse).
    let written_float = |t: &syn::Type| quote!(#t).to_string() == float_name;
    let scalar = |(i, p): (usize, &crate::ir::Param)| {
        func.vars[p.var].kind == Kind::Float
            && written_float(&p.ty)
            && !func.written_tys.iter().any(|(at, _)| *at == i)
    };
    let returns_float = matches!(&item.sig.output, syn::ReturnType::Type(_, t) if quote!(#t).to_string() == float_name);
    if func.in_impl
        || func.method
        || !item.sig.generics.params.is_empty()
        || !func.outputs.is_empty()
        || !(1..=4).contains(&n)
        || !returns_float
        || !func.params.iter().enumerate().all(scalar)
        // (A parameter `wrt` leaves out has no cotangent to give.)
        || !func.params.iter().all(|p| p.active)
    {
        return quote!();
    }
    let f = &item.sig.ident;
    let vis = &item.vis;
    let trait_name = quote::format_ident!("Function{}", n);
    let xs: Vec<syn::Ident> = func
        .params
        .iter()
        .map(|p| ctx.name(p.var).clone())
        .collect();
    let ts: Vec<syn::Ident> = func.params.iter().map(|p| ctx.dot(p.var)).collect();
    let floats = vec![float; n];
    let dual = quote!(::autodiff::__private::Dual<#float>);
    let duals = vec![&dual; n];
    let count = ["one float", "two floats", "three floats", "four floats"][n - 1];
    let doc = format!(" [`{f}`] with its derivatives, for the derived items of a function that takes a function of {count} as a parameter (`autodiff::function_value`).");
    quote! {
        impl ::core::clone::Clone for #f {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl ::core::marker::Copy for #f {}

        #[allow(dead_code, unused_imports)]
        impl #f {
            #[doc = #doc]
            #vis const fn with_derivatives() -> Self {
                Self {}
            }
        }

        impl ::autodiff::function_value::#trait_name<#float> for #f {
            #[inline]
            fn call(self, #(#xs: #float),*) -> #float {
                #f(#(#xs),*)
            }
            #[inline]
            fn call_jvp_all(self, #(#xs: #float,)* #(#ts: #float),*) -> (#float, #float) {
                Self::jvp_all(#(#xs,)* #(#ts),*)
            }
            #[inline]
            fn call_pullback_all(self, #(#xs: #float),*) -> (#float, impl ::core::ops::FnOnce(#float) -> (#(#floats,)*)) {
                Self::pullback_all(#(#xs),*)
            }
            #[inline]
            fn call_dual_pullback_all(self, #(#xs: #dual),*) -> (#dual, impl ::core::ops::FnOnce(#dual) -> (#(#duals,)*)) {
                Self::dual_pullback_all(#(#xs),*)
            }
            #[inline]
            fn primal(self) -> fn(#(#floats),*) -> #float {
                #f
            }
        }
    }
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

/// Whether a caller can count the accumulators its callee's pullback takes (one per
/// sequence parameter) from the kinds of the arguments it passes (`kinds`, of the arguments
/// that have a cotangent slot). It cannot when one is a struct value: the macro takes a
/// value whose type it cannot see for one (a parameter typed by an alias of an array, a row
/// of a field), and the callee may see a sequence there. Such a call lends nothing and
/// lets rustc fill in the accumulators from the pullback's type (`lending::lending_nothing`),
/// within the numbers of values and accumulators the runtime's impls cover (`given` values
/// passed: the arguments passed again and the seed).
pub fn counts_accumulators(kinds: impl Iterator<Item = crate::types::Kind>, given: usize) -> bool {
    use crate::types::Kind;
    // (`autodiff_runtime::lending::{MAX_GIVEN, MAX_ACCUMULATORS}`.)
    const MAX_GIVEN: usize = 16;
    const MAX_ACCUMULATORS: usize = 10;
    let kinds: Vec<Kind> = kinds.collect();
    let sequences = kinds.iter().filter(|k| **k == Kind::FloatSeq).count();
    let guessed = kinds
        .iter()
        .filter(|k| matches!(k, Kind::Struct | Kind::StructSeq | Kind::ArraySeq))
        .count();
    guessed == 0 || given > MAX_GIVEN || sequences + guessed > MAX_ACCUMULATORS
}
