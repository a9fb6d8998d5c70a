//! The derived items of a free function stepping a struct (`state::as_method`): the hidden
//! method `__f_as_method_…` is differentiated as any `&mut self` method, inside an `impl` of
//! the struct, and each of its derived items the user calls (`__f_as_method_…_vjp`, …) gets a
//! free twin named after the function (`f_vjp`) with the function's parameters in their
//! order, the state where the function takes it:
//!
//! ```text
//! fn update(dt: f64, body: &mut Body) -> f64            // as written
//! fn update_vjp(dt: f64, body: &mut Body, dout: f64, body_bar: &mut Body) -> (f64, f64)
//!     { body.__update_as_method_…_vjp(dt, dout, body_bar) }
//! ```
//!
//! The method's `self_dot`/`self_bar` are named after the state (`body_dot`, `body_bar`),
//! and `Self` in its types is the struct's own.

use super::names::Derived;
use crate::state::as_method::Lifted;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;
use syn::{FnArg, Ident, Pat, Type};

/// The `impl` of the struct holding the hidden method and its derived items, and the free
/// twins of the user's items among them.
/// (`method` is the hidden method as emitted: `lifted.method` without `#[checkpoint]`.)
pub fn items(lifted: &Lifted, method: &syn::ItemFn, derived: TokenStream) -> TokenStream {
    let owner = &lifted.owner;
    let (impl_generics, _, where_clause) = lifted.impl_generics.split_for_impl();
    let hidden = method.sig.ident.to_string();
    let fns = match super::fallible::derived_fns(derived.clone()) {
        Ok((fns, _)) => fns,
        Err(e) => {
            let f = &lifted.function.sig.ident;
            let message = format!("`#[differentiate]` could not read back the derived items of `{f}` to give them their free names ({e}): please report this");
            return syn::Error::new(f.span(), message).to_compile_error();
        }
    };
    let twins = fns.iter().filter_map(|g| {
        let kind = Derived::public(&hidden, &g.sig.ident.to_string())?;
        Some(twin(lifted, g, kind))
    });
    quote! {
        #[allow(dead_code, unused_variables, unused_mut, clippy::needless_lifetimes)]
        impl #impl_generics #owner #where_clause {
            #[doc(hidden)]
            #method
            #derived
        }
        #(#twins)*
    }
}

/// `f_X(…)` calling the method's `__f_as_method_…_X` on the state.
fn twin(lifted: &Lifted, g: &syn::ItemFn, kind: Derived) -> TokenStream {
    let state = &lifted.state;
    let function = &lifted.function;
    let name = kind.of_stem(function.sig.ident.to_string().trim_start_matches("r#"));
    let called = &g.sig.ident;
    let mut sig = g.sig.clone();
    sig.ident = name;
    sig.generics = merged_generics(&lifted.impl_generics, &g.sig.generics);
    let mut inputs: Vec<FnArg> = vec![];
    let mut args: Vec<Ident> = vec![];
    let mut receiver = None;
    for (i, input) in g.sig.inputs.iter().enumerate() {
        match input {
            FnArg::Receiver(r) => receiver = Some(r.clone()),
            FnArg::Typed(pt) => {
                let mut pt = pt.clone();
                let name = match &*pt.pat {
                    Pat::Ident(p) => renamed(&p.ident, state),
                    _ => format_ident!("arg{i}"),
                };
                pt.pat = Box::new(syn::parse_quote!(#name));
                inputs.push(FnArg::Typed(pt));
                args.push(name);
            }
        }
    }
    // The state where the function takes it (the method's other parameters come first, in
    // the function's order, then the derived item's own).
    let owner = &lifted.owner;
    let state_ty: Type = match receiver.map(|r| r.kind) {
        Some(syn::ReceiverKind::Reference(_, _, Some(_))) => syn::parse_quote!(&mut #owner),
        Some(syn::ReceiverKind::Reference(_, _, None)) => syn::parse_quote!(&#owner),
        Some(syn::ReceiverKind::Value) => syn::parse_quote!(#owner),
        // (`self: Box<Self>` or none: no item of a `&mut self` method.)
        _ => return TokenStream::new(),
    };
    inputs.insert(
        lifted.position.min(inputs.len()),
        syn::parse_quote!(#state: #state_ty),
    );
    // (The call passes them in the method's order.)
    let call_args = args.clone();
    tangent_in_order(&mut inputs, &mut args, lifted);
    sig.inputs = inputs.into_iter().collect();
    SelfIsOwner(owner).visit_signature_mut(&mut sig);
    let attrs = g
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("allow") || a.path().is_ident("doc"));
    // (Their docs name the function, not the hidden method: ``[`update`]``.)
    let hidden = format!("`{called}`").replace(&format!("_{}`", kind.suffix()), "`");
    let own = format!("`{}`", function.sig.ident);
    let attrs = crate::state::as_method::map_strings(quote!(#(#attrs)*), &|doc| {
        doc.replace(&format!("`Self::{}", &hidden[1..]), &own)
            .replace(&hidden, &own)
    });
    let vis = &function.vis;
    let call = quote!(#state.#called(#(#call_args),*));
    // `_grad`: the gradients in the function's parameters' order, the state's among them
    // (the method gives it first, as `self`'s).
    let body = match in_parameter_order(g, lifted, &mut sig) {
        Some((parts, order)) => {
            let ordered = order.iter().map(|&k| &parts[k]);
            quote!(let (#(#parts),*) = #call; (#(#ordered),*))
        }
        None => call,
    };
    quote! {
        #attrs
        #[allow(dead_code)]
        #vis #sig {
            #body
        }
    }
}

/// For a `_grad` item, whose last expression is its value and gradients by name (`(value,
/// self_bar, dt_bar)`): those names, and their order with the gradients in the function's
/// parameters' order, the signature's result reordered so; `None` for any other item.
fn in_parameter_order(
    g: &syn::ItemFn,
    lifted: &Lifted,
    sig: &mut syn::Signature,
) -> Option<(Vec<Ident>, Vec<usize>)> {
    let Some(syn::Stmt::Expr(syn::Expr::Tuple(tail), None)) = g.block.stmts.last() else {
        return None;
    };
    let parts: Vec<Ident> = tail
        .elems
        .iter()
        .map(|e| match e {
            syn::Expr::Path(p) => p.path.get_ident().cloned(),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if !parts.iter().any(|p| p == "self_bar") {
        return None;
    }
    // Each gradient's parameter, by its position in the function (`self_bar`: the state's).
    let position = |part: &Ident| -> Option<usize> {
        let name = part.to_string();
        let name = name.strip_suffix("_bar")?;
        if name == "self" {
            return Some(lifted.position);
        }
        lifted.function.sig.inputs.iter().position(
            |input| matches!(input, FnArg::Typed(pt) if matches!(&*pt.pat, Pat::Ident(p) if p.ident == name)),
        )
    };
    let positions: Vec<usize> = parts[1..].iter().map(position).collect::<Option<_>>()?;
    let mut order: Vec<usize> = (1..parts.len()).collect();
    order.sort_by_key(|&k| positions[k - 1]);
    order.insert(0, 0);
    let syn::ReturnType::Type(_, ty) = &mut sig.output else {
        return None;
    };
    let Type::Tuple(types) = &mut **ty else {
        return None;
    };
    if types.elems.len() != parts.len() {
        return None;
    }
    let reordered: Vec<Type> = order.iter().map(|&k| types.elems[k].clone()).collect();
    types.elems = reordered.into_iter().collect();
    Some((parts, order))
}

/// The state's tangent (`body_dot`, first of the method's tangents) moved to where the
/// function takes the state among the tangents (`update_jvp(dt, body, dt_dot, body_dot)`
/// for `update(dt, body)`), as a free function's tangents are in its parameters' order.
fn tangent_in_order(inputs: &mut Vec<FnArg>, args: &mut Vec<Ident>, lifted: &Lifted) {
    let state = &lifted.state;
    let state_dot = format_ident!("{state}_dot");
    let Some(at) = args.iter().position(|a| *a == state_dot) else {
        return;
    };
    let names: Vec<Ident> = lifted
        .function
        .sig
        .inputs
        .iter()
        .enumerate()
        .map(|(i, input)| match input {
            FnArg::Typed(pt) => match &*pt.pat {
                Pat::Ident(p) => format_ident!("{}_dot", p.ident),
                // (A pattern's tangents are named otherwise: it holds its place.)
                _ => format_ident!("__pattern{i}"),
            },
            FnArg::Receiver(_) => format_ident!("__receiver"),
        })
        .collect();
    let (before, after) = names.split_at(lifted.position.min(names.len()));
    let (input, arg) = (inputs.remove(at + 1), args.remove(at));
    let in_inputs = |name: &Ident| args.iter().position(|a| a == name);
    let to = match after.iter().skip(1).find_map(in_inputs) {
        Some(next) => next,
        None => match before.iter().rev().find_map(in_inputs) {
            Some(previous) => previous + 1,
            None => at,
        },
    };
    inputs.insert(to + 1, input);
    args.insert(to, arg);
}

/// `self_bar` as `body_bar`; other names as they are.
fn renamed(name: &Ident, state: &Ident) -> Ident {
    match name.to_string().strip_prefix("self_") {
        Some(rest) => format_ident!("{state}_{rest}"),
        None => name.clone(),
    }
}

/// The `impl`'s generics, then the item's own.
fn merged_generics(on_impl: &syn::Generics, own: &syn::Generics) -> syn::Generics {
    let mut merged = on_impl.clone();
    merged.params.extend(own.params.iter().cloned());
    if let Some(w) = &own.where_clause {
        merged
            .make_where_clause()
            .predicates
            .extend(w.predicates.iter().cloned());
    }
    merged
}

/// `Self` in a type (`&mut Self`, `<Self as Differentiable>::Tangent`, `Self::Output`) as
/// the struct's own type.
struct SelfIsOwner<'t>(&'t Type);

impl VisitMut for SelfIsOwner<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(p) = ty {
            if p.qself.is_none() && p.path.is_ident("Self") {
                *ty = self.0.clone();
                return;
            }
            if p.qself.is_none() && p.path.segments.first().is_some_and(|s| s.ident == "Self") {
                let owner = self.0;
                let rest: Vec<_> = p.path.segments.iter().skip(1).collect();
                *ty = syn::parse_quote!(<#owner>::#(#rest)::*);
                return;
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}
