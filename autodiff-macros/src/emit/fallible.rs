//! The derivatives of a function with an `Option` or `Result` result (see
//! `crate::fallible`), built on those of its hidden value function `__f_inner`: each
//! derived item `__f_inner_X` gets a twin `f_X` with the same parameters, which runs `f`
//! and, where its result exists, returns `__f_inner_X`'s in the same wrapper:
//!
//! - `f_jvp(x, x_dot) -> Option<(T, T)>`, `f_vjp(x, dout) -> Option<(T, x̄…)>`,
//!   `f_grad(x) -> Option<(T, x̄…)>`, `f_hvp`, `f_pullback`: `None` where `f` is `None`;
//!   with a `Result`, `Err(e)` with `f`'s own error;
//! - `f_gradcheck`, `f_gradcheck_with`: `__f_inner`'s where `f` has a value, else a pass;
//! - the entry points of differentiated callers (`f::pullback_all`, …, which callers that
//!   unwrap `f`'s result reach): `__f_inner`'s, after running `f` and panicking where it
//!   has no value, as the caller's `unwrap` would.
//!
//! `f` runs once more than a function with a plain result would need (on copies of the
//! buffers it writes, which the derived item then finds as the caller gave them): the price
//! of knowing whether the result exists without changing the shape of the derived items.

use super::names::Derived;
use crate::fallible::{Fallible, Wrapper};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The user-named twins of the derived items of `fallible.inner` found in `derived`.
pub fn wrappers(
    item: &syn::ItemFn,
    fallible: &Fallible,
    derived: &TokenStream,
    in_impl: bool,
) -> TokenStream {
    let inner_name = fallible.inner.sig.ident.to_string();
    let mut out = TokenStream::new();
    // The derived items are this macro's own output, so they parse; if they ever did not,
    // the user would see the wrappers missing without a word: say so at the function.
    let fns = match derived_fns(derived.clone()) {
        Ok(fns) => fns,
        Err(e) => {
            let message = format!("`#[differentiate]` could not read back the derived items of `{}` to wrap them in its `Option`/`Result` ({e}): please report this", item.sig.ident);
            return syn::Error::new(item.sig.ident.span(), message).to_compile_error();
        }
    };
    let (fns, entry_points) = fns;
    out.extend(callers_entry_points(item, fallible, &entry_points, in_impl));
    for g in fns {
        let name = g.sig.ident.to_string();
        if in_impl {
            if let Some(entry) = Derived::ENTRY_POINTS
                .into_iter()
                .find(|e| name == e.name(&inner_name))
            {
                let called = format_ident!("{name}");
                let own = entry.of_stem(item.sig.ident.to_string().trim_start_matches("r#"));
                out.extend(entry_point_twin(
                    item, fallible, &g.attrs, &g.sig, &own, &called, entry, in_impl,
                ));
                continue;
            }
        }
        // The user's items only: the hidden ones for differentiated callers (`_dual_…`,
        // `…_all`) stay the inner function's, which no caller of `f` reaches.
        if let Some(derived) = Derived::public(&inner_name, &name) {
            out.extend(twin(item, fallible, &g, derived, in_impl));
        }
    }
    out
}

/// The entry points of `f` for differentiated callers, which unwrap its result
/// (`mean(x).unwrap()`, `mean(x)?` in a function returning an `Option` too): those of
/// `__f_inner`, reached through `f`'s own name (`struct f {}` as for any free function),
/// which first run `f` and panic where it has no value, as the caller's `unwrap` would.
/// The dual-number entry point cannot run `f` (its arguments are dual numbers), so a
/// caller's `_hvp` at a point where `f` has no value computes with the default instead of
/// panicking.
fn callers_entry_points(
    item: &syn::ItemFn,
    fallible: &Fallible,
    entry_points: &[syn::ImplItemFn],
    in_impl: bool,
) -> TokenStream {
    if in_impl || entry_points.is_empty() {
        return TokenStream::new();
    }
    let (vis, f) = (&item.vis, &item.sig.ident);
    let twins = entry_points.iter().filter_map(|g| {
        let entry = Derived::entry_point(&g.sig.ident.to_string())?;
        Some(entry_point_twin(
            item,
            fallible,
            &g.attrs,
            &g.sig,
            &g.sig.ident,
            &g.sig.ident,
            entry,
            false,
        ))
    });
    super::callers::entry_point_type(vis, f, quote!(#(#twins)*))
}

/// `own` (an entry point of `f`) for the entry point `called` of `__f_inner` (`g`).
#[allow(clippy::too_many_arguments)]
fn entry_point_twin(
    item: &syn::ItemFn,
    fallible: &Fallible,
    attrs: &[syn::Attribute],
    sig: &syn::Signature,
    own: &syn::Ident,
    called: &syn::Ident,
    entry: Derived,
    in_impl: bool,
) -> TokenStream {
    let f = &item.sig.ident;
    let inner = &fallible.inner.sig.ident;
    let (generics, where_clause) = (&sig.generics, &sig.generics.where_clause);
    let (inputs, output) = (&sig.inputs, &sig.output);
    let method = matches!(inputs.first(), Some(syn::FnArg::Receiver(_)));
    let names = arg_names(inputs);
    let derived_call = if method {
        quote!(self.#called(#(#names),*))
    } else if in_impl {
        quote!(Self::#called(#(#names),*))
    } else {
        quote!(#inner::#called(#(#names),*))
    };
    let own_attrs = attrs
        .iter()
        .filter(|a| a.path().is_ident("allow") || a.path().is_ident("doc"));
    let check = (entry != Derived::DualPullbackAll).then(|| {
        let args = primal_arguments(item, sig);
        let primal = if method {
            let receiver = primal_receiver(item);
            quote!(#receiver.#f(#(#args),*))
        } else if in_impl {
            quote!(Self::#f(#(#args),*))
        } else {
            quote!(#f(#(#args),*))
        };
        let (missing, message) = match fallible.wrapper {
            Wrapper::Option => (
                quote!(::core::option::Option::is_none(&#primal)),
                "called `Option::unwrap()` on a `None` value",
            ),
            Wrapper::Result => (
                quote!(::core::result::Result::is_err(&#primal)),
                "called `Result::unwrap()` on an `Err` value",
            ),
        };
        quote! {
            if #missing {
                ::core::panic!(#message);
            }
        }
    });
    // As public as `f`, so that callers in other modules reach them.
    let vis = &item.vis;
    quote! {
        #(#own_attrs)*
        #vis fn #own #generics (#inputs) #output #where_clause {
            #check
            #derived_call
        }
    }
}

/// The functions among the derived items, and the entry points in the `impl` of the type
/// named like the function (their other helper types and impls aside).
pub(crate) fn derived_fns(
    tokens: TokenStream,
) -> syn::Result<(Vec<syn::ItemFn>, Vec<syn::ImplItemFn>)> {
    struct Items(Vec<syn::Item>);
    impl syn::parse::Parse for Items {
        fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
            let mut items = vec![];
            while !input.is_empty() {
                items.push(input.parse()?);
            }
            Ok(Items(items))
        }
    }
    let items = syn::parse2::<Items>(tokens)?.0;
    let mut fns = vec![];
    let mut entry_points = vec![];
    for item in items {
        match item {
            syn::Item::Fn(f) => fns.push(f),
            syn::Item::Impl(i) if i.trait_.is_none() => {
                entry_points.extend(i.items.into_iter().filter_map(|m| match m {
                    syn::ImplItem::Fn(f)
                        if Derived::entry_point(&f.sig.ident.to_string()).is_some() =>
                    {
                        Some(f)
                    }
                    _ => None,
                }))
            }
            _ => {}
        }
    }
    Ok((fns, entry_points))
}

/// `f_X` for the derived item `g` = `__f_inner_X`.
fn twin(
    item: &syn::ItemFn,
    fallible: &Fallible,
    g: &syn::ItemFn,
    derived: Derived,
    in_impl: bool,
) -> TokenStream {
    let f = &item.sig.ident;
    let suffix = derived.suffix();
    let name = derived.of_stem(f.to_string().trim_start_matches("r#"));
    let inner = &g.sig.ident;
    let vis = &item.vis;
    let (generics, where_clause) = (&g.sig.generics, &g.sig.generics.where_clause);
    let inputs = &g.sig.inputs;
    let method = matches!(inputs.first(), Some(syn::FnArg::Receiver(_)));
    let names = arg_names(inputs);
    let call = |callee: &syn::Ident, args: &[TokenStream]| {
        if method && callee == f {
            let receiver = primal_receiver(item);
            quote!(#receiver.#callee(#(#args),*))
        } else if method {
            quote!(self.#callee(#(#args),*))
        } else if in_impl {
            quote!(Self::#callee(#(#args),*))
        } else {
            quote!(#callee(#(#args),*))
        }
    };
    let derived_call = call(inner, &names);
    // The derived item's own allowances (a gradcheck's bounds sit in two places).
    let own = g.attrs.iter().filter(|a| a.path().is_ident("allow"));
    let allows = quote!(#(#own)*);
    let doc = format!(
        "`_{suffix}` of [`{f}`], in `{f}`'s wrapper: the derivative where `{f}` has a value, else what `{f}` returns (`None`, or its error). It runs `{f}` once to learn which (on copies of the buffers it writes)."
    );
    if matches!(derived, Derived::Gradcheck | Derived::GradcheckWith) {
        let output = &g.sig.output;
        let doc = format!("Checks the derivatives of [`{f}`]'s value against central differences, as `_{suffix}` does for a plain result; where `{f}` has no value there is nothing to check, and it passes.");
        let primal_call = call(f, &primal_arguments(item, &g.sig));
        let present = match fallible.wrapper {
            Wrapper::Option => quote!(::core::option::Option::is_some(&#primal_call)),
            Wrapper::Result => quote!(::core::result::Result::is_ok(&#primal_call)),
        };
        return quote! {
            #[doc = #doc]
            #allows
            #vis fn #name #generics (#inputs) #output #where_clause {
                if #present {
                    #derived_call
                } else {
                    ::core::result::Result::Ok(())
                }
            }
        };
    }
    let primal_call = call(f, &primal_arguments(item, &g.sig));
    let out = match &g.sig.output {
        syn::ReturnType::Type(_, t) => quote!(#t),
        syn::ReturnType::Default => quote!(()),
    };
    let syn::ReturnType::Type(_, written) = &item.sig.output else {
        unreachable!("an `Option` or `Result` result is written")
    };
    let output = rewrapped(written, out);
    let body = match fallible.wrapper {
        Wrapper::Option => quote! {
            match #primal_call {
                ::core::option::Option::Some(_) => ::core::option::Option::Some(#derived_call),
                ::core::option::Option::None => ::core::option::Option::None,
            }
        },
        Wrapper::Result => quote! {
            match #primal_call {
                ::core::result::Result::Ok(_) => ::core::result::Result::Ok(#derived_call),
                ::core::result::Result::Err(error) => ::core::result::Result::Err(error),
            }
        },
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#inputs) -> #output #where_clause {
            #body
        }
    }
}

/// The written wrapper around `out` (`Option<out>`, `Result<out, E>`, `io::Result<out>`).
fn rewrapped(written: &syn::Type, out: TokenStream) -> syn::Type {
    let mut ty = written.clone();
    if let syn::Type::Path(p) = &mut ty {
        if let Some(syn::PathArguments::AngleBracketed(a)) =
            p.path.segments.last_mut().map(|s| &mut s.arguments)
        {
            if let Some(first) = a.args.first_mut() {
                *first = syn::parse_quote!(#out);
            }
        }
    }
    ty
}

/// The receiver of a call of the primal from a derived item, which takes `&self`: a copy
/// where the primal takes `self` by value, made through `Differentiable` (the struct need
/// not be `Clone`; its `#[no_grad]` fields are copied).
fn primal_receiver(item: &syn::ItemFn) -> TokenStream {
    match item.sig.inputs.first() {
        Some(syn::FnArg::Receiver(r)) if !matches!(r.kind, syn::ReceiverKind::Reference(..)) => {
            quote!(::autodiff::__private::rebuilt_like(
                self,
                &::autodiff::__private::Differentiable::to_flat(self)
            ))
        }
        _ => quote!(self),
    }
}

/// The names a derived item's parameters bind, the receiver aside.
fn arg_names(inputs: &syn::punctuated::Punctuated<syn::FnArg, syn::Token![,]>) -> Vec<TokenStream> {
    inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(pt) => Some(pat_name(&pt.pat)),
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

/// The name a derived item's parameter binds.
fn pat_name(p: &syn::Pat) -> TokenStream {
    match p {
        syn::Pat::Ident(i) => {
            let i = &i.ident;
            quote!(#i)
        }
        syn::Pat::Type(t) => pat_name(&t.pat),
        other => quote!(#other),
    }
}

/// The arguments of `f` from the derived item `g`'s parameters of the same names: a
/// parameter the derived items take with fewer references than written (`x: &f64` by
/// value) is borrowed; one written by value is cloned, since `g`'s call takes it next, and
/// so is a `&mut` buffer, which `g` must find unchanged.
fn primal_arguments(item: &syn::ItemFn, g: &syn::Signature) -> Vec<TokenStream> {
    let depth = |t: &syn::Type| {
        let mut t = t;
        let mut n = 0;
        while let syn::Type::Reference(r) = t {
            n += 1;
            t = &r.elem;
        }
        n
    };
    item.sig
        .inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(pt) => Some(pt),
            syn::FnArg::Receiver(_) => None,
        })
        .map(|pt| {
            let name = pat_name(&pt.pat);
            // A buffer the function writes is lent a copy: the derived item that runs next
            // reads the buffer as the caller gave it.
            if matches!(&*pt.ty, syn::Type::Reference(r) if r.mutability.is_some()) {
                return quote!(&mut ::std::borrow::ToOwned::to_owned(&*#name));
            }
            let taken = g.inputs.iter().find_map(|a| match a {
                syn::FnArg::Typed(q) if pat_name(&q.pat).to_string() == name.to_string() => {
                    Some(&*q.ty)
                }
                _ => None,
            });
            // A function value, taken with its derivatives (`impl Function1<f64>`): the
            // plain function it carries, as written (`fn`, `impl Fn`, `&dyn Fn`).
            if let Some(trait_name) = taken.and_then(|t| function_value_trait(t, &g.generics)) {
                let primal = quote!(::autodiff::function_value::#trait_name::primal(#name));
                let borrows = (0..depth(&pt.ty)).map(|_| quote!(&));
                return quote!(#(#borrows)* #primal);
            }
            // A view the derived items take as an owned array: a view of it again.
            if is_view(&pt.ty) && taken.is_some_and(|t| !is_view(t)) {
                let borrows = (0..depth(&pt.ty)).map(|_| quote!(&));
                return quote!(#(#borrows)* #name.view());
            }
            let (written, taken) = (depth(&pt.ty), taken.map_or(0, depth));
            if written == 0 {
                let arg = if taken == 0 {
                    quote!(&#name)
                } else {
                    quote!(#name)
                };
                return quote!(::core::clone::Clone::clone(#arg));
            }
            let borrows = (taken..written).map(|_| quote!(&));
            quote!(#(#borrows)* #name)
        })
        .collect()
}

/// An `ndarray` view (`ArrayView1<f64>`, `&ArrayView<f64, Ix2>`), which derived items
/// take as an owned array.
fn is_view(ty: &syn::Type) -> bool {
    let mut t = ty;
    while let syn::Type::Reference(r) = t {
        t = &r.elem;
    }
    matches!(t, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident.to_string().starts_with("ArrayView")))
}

/// `FunctionN` where a derived item takes a function value with its derivatives
/// (`impl ::autodiff::function_value::Function2<f64>`, `&F` of a type parameter so bounded):
/// the trait named after `function_value` in a path of the type or of the parameter's
/// bounds.
fn function_value_trait(ty: &syn::Type, generics: &syn::Generics) -> Option<syn::Ident> {
    use syn::visit::Visit;
    /// The first `function_value::FunctionN` among the paths visited.
    struct Find(Option<syn::Ident>);
    impl<'ast> Visit<'ast> for Find {
        fn visit_path(&mut self, p: &'ast syn::Path) {
            let found = p
                .segments
                .iter()
                .zip(p.segments.iter().skip(1))
                .find(|(module, _)| module.ident == "function_value")
                .map(|(_, function)| function.ident.clone())
                .filter(|f| f.to_string().starts_with("Function"));
            if self.0.is_none() {
                self.0 = found;
            }
            syn::visit::visit_path(self, p);
        }
    }
    let mut held = ty;
    while let syn::Type::Reference(r) = held {
        held = &r.elem;
    }
    let mut find = Find(None);
    match held {
        syn::Type::Path(p) if p.path.get_ident().is_some() => {
            let name = p.path.get_ident().expect("checked");
            for t in generics.type_params().filter(|t| t.ident == *name) {
                find.visit_type_param(t);
            }
            let wheres = generics
                .where_clause
                .iter()
                .flat_map(|w| w.predicates.iter());
            for pred in wheres {
                if matches!(pred, syn::WherePredicate::Type(t) if matches!(&t.bounded_ty, syn::Type::Path(q) if q.path.is_ident(name)))
                {
                    find.visit_where_predicate(pred);
                }
            }
        }
        _ => find.visit_type(ty),
    }
    find.0
}
