//! The derivatives of a function with in-place buffers (see `crate::in_place`), built on
//! those of its hidden function `__f_in_place`, which takes each buffer's entry contents
//! as a parameter of its own (`y_on_entry`):
//!
//! - `f_jvp(<params>, <tangents>, y_dot: &mut [F]) -> …`: copies `y` and `y_dot` (the
//!   tangent of the entry contents) and runs `__f_in_place_jvp`, which leaves the contents
//!   on exit in `y` and their tangent in `y_dot`;
//! - `f_vjp(<params>, [dout,] y_bar: &mut [F]) -> …`: copies `y`, runs `__f_in_place_vjp`
//!   with `y_bar` (the cotangent of the contents on exit) as the buffer's seed, and leaves
//!   the cotangent of the entry contents in `y_bar`; the other cotangents are returned as
//!   `f_vjp` of any function returns them.

use super::names::Derived;
use crate::in_place::{Buffer, InPlace};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `f_jvp` and `f_vjp` of `item` from the derived items of its hidden function.
pub fn wrappers(
    item: &syn::ItemFn,
    in_place: &InPlace,
    derived: &TokenStream,
    in_impl: bool,
) -> TokenStream {
    let fns = match super::fallible::derived_fns(derived.clone()) {
        Ok((fns, _)) => fns,
        Err(e) => {
            let message = format!("`#[differentiate]` could not read back the derived items of `{}` to give them its in-place buffers ({e}): please report this", item.sig.ident);
            return syn::Error::new(item.sig.ident.span(), message).to_compile_error();
        }
    };
    let hidden = in_place.hidden.sig.ident.to_string();
    let stem = item.sig.ident.to_string().replace("r#", "");
    let mut out = TokenStream::new();
    for g in &fns {
        let name = g.sig.ident.to_string();
        if name == Derived::Jvp.name(&hidden) {
            out.extend(jvp(
                item,
                in_place,
                g,
                &Derived::Jvp.of_stem(&stem),
                in_impl,
            ));
        } else if name == Derived::Vjp.name(&hidden) {
            out.extend(vjp(
                item,
                in_place,
                g,
                &Derived::Vjp.of_stem(&stem),
                in_impl,
            ));
        }
    }
    out
}

/// The name a parameter binds, the receiver aside.
fn param_name(a: &syn::FnArg) -> Option<&syn::Ident> {
    match a {
        syn::FnArg::Typed(pt) => match &*pt.pat {
            syn::Pat::Ident(p) => Some(&p.ident),
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    }
}

/// `g(args)` as the derived items reach each other: a method of `self`, an associated
/// function of `Self`, or a free function.
fn call(g: &syn::Signature, args: &[TokenStream], in_impl: bool) -> TokenStream {
    let name = &g.ident;
    if g.receiver().is_some() {
        quote!(self.#name(#(#args),*))
    } else if in_impl {
        quote!(Self::#name(#(#args),*))
    } else {
        quote!(#name(#(#args),*))
    }
}

/// The hidden item's parameters, those holding entry contents (or their tangents) left
/// out, and the arguments it is called with (the entry copies borrowed).
fn split_params(g: &syn::Signature, entries: &[syn::Ident]) -> (Vec<syn::FnArg>, Vec<TokenStream>) {
    let mut kept = vec![];
    let mut args = vec![];
    for input in &g.inputs {
        match param_name(input) {
            Some(n) if entries.contains(n) => args.push(quote!(&#n)),
            Some(n) => {
                args.push(quote!(#n));
                kept.push(input.clone());
            }
            None => {
                if matches!(input, syn::FnArg::Typed(_)) {
                    // Derived items bind every parameter by a name.
                    args.push(quote!(_));
                }
                kept.push(input.clone());
            }
        }
    }
    (kept, args)
}

fn jvp(
    item: &syn::ItemFn,
    in_place: &InPlace,
    g: &syn::ItemFn,
    name: &syn::Ident,
    in_impl: bool,
) -> TokenStream {
    let mut entries = vec![];
    let mut copies = vec![];
    for Buffer { param, entry, .. } in &in_place.buffers {
        copies.push(quote!(let #entry = #param.to_vec();));
        entries.push(entry.clone());
        let entry_dot = format_ident!("{entry}_dot");
        if g.sig
            .inputs
            .iter()
            .any(|a| param_name(a) == Some(&entry_dot))
        {
            let param_dot = format_ident!("{}_dot", param.to_string().replace("r#", ""));
            copies.push(quote!(let #entry_dot = #param_dot.to_vec();));
            entries.push(entry_dot);
        }
    }
    let (inputs, args) = split_params(&g.sig, &entries);
    let derived_call = call(&g.sig, &args, in_impl);
    let f = &item.sig.ident;
    let doc = format!(" Forward mode of [`{f}`]: its value and its directional derivative along the tangents (one per active parameter, of the same type). Each in-place buffer's tangent (`{}`) holds the tangent of its contents on entry, and that of its contents on exit when this returns.", dots(in_place));
    let sig = signature(&g.sig, name, inputs, g.sig.output.clone());
    let (vis, allows) = (&item.vis, allows(g));
    quote! {
        #[doc = #doc]
        #allows
        #vis #sig {
            #(#copies)*
            #derived_call
        }
    }
}

fn vjp(
    item: &syn::ItemFn,
    in_place: &InPlace,
    g: &syn::ItemFn,
    name: &syn::Ident,
    in_impl: bool,
) -> TokenStream {
    let entries: Vec<syn::Ident> = in_place.buffers.iter().map(|b| b.entry.clone()).collect();
    let copies = in_place.buffers.iter().map(|b| {
        let (param, entry) = (&b.param, &b.entry);
        quote!(let #entry = #param.to_vec();)
    });
    let (mut inputs, args) = split_params(&g.sig, &entries);
    let active: Vec<&Buffer> = in_place.buffers.iter().filter(|b| b.active).collect();
    // An active buffer's seed is in and out: the cotangent of its contents on exit, then
    // that of its contents on entry.
    for input in &mut inputs {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let Some(n) = param_name(&syn::FnArg::Typed(pt.clone())).cloned() else {
            continue;
        };
        if let Some(b) = active.iter().find(|b| n == bar(&b.param)) {
            if let syn::Type::Reference(r) = &mut *pt.ty {
                r.mutability = Some(Default::default());
                // A `&mut Vec<F>` buffer may change length (`y.push(v)`): its seed does
                // too, from the exit contents' to the entry contents'.
                if let (true, syn::Type::Slice(elem)) = (grows(item, &b.param), &*r.elem) {
                    let elem = &elem.elem;
                    *r.elem = syn::parse_quote!(::std::vec::Vec<#elem>);
                }
            }
        }
    }
    let elems: Vec<syn::Type> = match &g.sig.output {
        syn::ReturnType::Type(_, t) => match &**t {
            syn::Type::Tuple(t) => t.elems.iter().cloned().collect(),
            other => vec![other.clone()],
        },
        syn::ReturnType::Default => vec![],
    };
    // The entry cotangents come last, in buffer order, as their parameters do.
    let kept = elems.len().saturating_sub(active.len());
    let results: Vec<syn::Ident> = (0..kept).map(|i| format_ident!("derived_{i}")).collect();
    let entry_bars: Vec<syn::Ident> = active
        .iter()
        .map(|b| format_ident!("{}_bar", b.entry))
        .collect();
    let kept_tys = &elems[..kept];
    let output: syn::ReturnType = if kept == 0 {
        syn::ReturnType::Default
    } else {
        syn::parse_quote!(-> (#(#kept_tys,)*))
    };
    let writes = active.iter().zip(&entry_bars).map(|(b, entry_bar)| {
        let seed = bar(&b.param);
        match grows(item, &b.param) {
            true => quote! {
                #seed.clear();
                #seed.extend_from_slice(&#entry_bar);
            },
            false if is_array1(item, &b.param) => {
                quote!(::autodiff::__private::copy_into_array(#seed, &#entry_bar);)
            }
            false => quote!(#seed.copy_from_slice(&#entry_bar);),
        }
    });
    let derived_call = call(&g.sig, &args, in_impl);
    let unpack = if elems.len() == 1
        && matches!(&g.sig.output, syn::ReturnType::Type(_, t) if !matches!(&**t, syn::Type::Tuple(_)))
    {
        quote!(#(#results)* #(#entry_bars)*)
    } else {
        quote!((#(#results,)* #(#entry_bars,)*))
    };
    let result = (kept > 0).then(|| quote!((#(#results,)*)));
    let f = &item.sig.ident;
    let doc = format!(" Reverse mode of [`{f}`]: the cotangents of the active parameters for the cotangent of its result, as `_vjp` gives them. Each in-place buffer's seed (`{}`) holds the cotangent of its contents on exit, and that of its contents on entry when this returns.", bars(in_place));
    let sig = signature(&g.sig, name, inputs, output);
    let (vis, allows) = (&item.vis, allows(g));
    quote! {
        #[doc = #doc]
        #allows
        #vis #sig {
            #(#copies)*
            let #unpack = #derived_call;
            #(#writes)*
            #result
        }
    }
}

/// Whether the buffer `param` is a `&mut Vec<F>`, whose length the function may change.
fn grows(item: &syn::ItemFn, param: &syn::Ident) -> bool {
    buffer_type(item, param).is_some_and(|t| {
        matches!(t, syn::Type::Path(v) if v.path.segments.last().is_some_and(|s| s.ident == "Vec"))
    })
}

/// Whether the buffer `param` is a `&mut Array1<F>` (written back element by element).
fn is_array1(item: &syn::ItemFn, param: &syn::Ident) -> bool {
    buffer_type(item, param).is_some_and(|t| {
        matches!(t, syn::Type::Path(v) if v.path.segments.last().is_some_and(|s| s.ident == "Array1"))
    })
}

/// The type a buffer parameter refers to (`Vec<F>` of `y: &mut Vec<F>`).
fn buffer_type<'a>(item: &'a syn::ItemFn, param: &syn::Ident) -> Option<&'a syn::Type> {
    item.sig.inputs.iter().find_map(|a| match a {
        syn::FnArg::Typed(pt) => match (&*pt.pat, &*pt.ty) {
            (syn::Pat::Ident(p), syn::Type::Reference(r))
                if p.ident == *param && r.mutability.is_some() =>
            {
                Some(&*r.elem)
            }
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    })
}

/// `y_bar` of the buffer `y`.
fn bar(param: &syn::Ident) -> syn::Ident {
    format_ident!("{}_bar", param.to_string().replace("r#", ""))
}

fn dots(in_place: &InPlace) -> String {
    names(in_place, "dot")
}

fn bars(in_place: &InPlace) -> String {
    names(in_place, "bar")
}

fn names(in_place: &InPlace, suffix: &str) -> String {
    in_place
        .buffers
        .iter()
        .map(|b| format!("{}_{suffix}", b.param.to_string().replace("r#", "")))
        .collect::<Vec<_>>()
        .join("`, `")
}

fn signature(
    g: &syn::Signature,
    name: &syn::Ident,
    inputs: Vec<syn::FnArg>,
    output: syn::ReturnType,
) -> syn::Signature {
    let mut sig = g.clone();
    sig.ident = name.clone();
    sig.inputs = inputs.into_iter().collect();
    sig.output = output;
    sig
}

/// The derived item's own allowances.
fn allows(g: &syn::ItemFn) -> TokenStream {
    let own = g.attrs.iter().filter(|a| a.path().is_ident("allow"));
    quote!(#(#own)*)
}
