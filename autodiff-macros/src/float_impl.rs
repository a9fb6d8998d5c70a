//! `#[differentiate] impl Lerp for f64 { fn lerp(&self, other: &Self, v: f64) -> Self { … } }`:
//! a trait implemented for a float type itself (or for a sequence of floats, `impl Mean for
//! [f64]`, `for Vec<f64>`, `for [f64; 3]`, whose derivatives trait is `MeanDerivativesForSlice`,
//! `…ForVec`, `…ForArray`). Rust allows no inherent `impl f64`, where
//! the derived items of other `impl` blocks go, so they go into a trait of their own,
//! `LerpDerivatives`, implemented for `f64` beside the user's block
//! (`x.lerp_grad(y, v)` where that trait is in scope, as it is in its own module).
//!
//! Each method is read as a free function of its receiver: `fn lerp(this: &f64, other:
//! &f64, v: f64) -> f64`, `self` renamed `this` and `Self` written as the float type, in
//! a hidden module (`__lerp_for_f64`) that sees the user's items through `use super::*`.
//! That function is differentiated as any other; each of its derived items a user calls
//! (`_jvp`, `_vjp`, `_pullback`, `_grad`, `_hvp`, `_gradcheck`, `_gradcheck_with`) becomes
//! a method of the derivatives trait whose receiver is `this`.

use crate::emit::{fallible::derived_fns, names::Derived};
use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{format_ident, quote};

/// The float type an `impl` is for, when it is one (`f64`, `f32`).
pub fn float_self_type(ty: &syn::Type) -> Option<Ident> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p
            .path
            .get_ident()
            .filter(|i| *i == "f64" || *i == "f32")
            .cloned(),
        _ => None,
    }
}

/// The float type of the elements of a sequence type an `impl` is for (`[f64]`, `Vec<f64>`,
/// `[f32; 3]`): a trait of statistics implemented for the sequences of floats.
pub fn sequence_self_type(ty: &syn::Type) -> Option<Ident> {
    let elem = match ty {
        syn::Type::Slice(s) => &*s.elem,
        syn::Type::Array(a) => &*a.elem,
        t => crate::types::type_arg(t, &["Vec"])?,
    };
    float_self_type(elem)
}

/// Whether a method's result holds the float type (`Self` or the type itself): those of an
/// unmarked block are differentiated, the others (a name, a count) left alone.
pub fn returns_float(sig: &syn::Signature, float: &Ident) -> bool {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return false;
    };
    fn mentions(ts: TokenStream, float: &Ident) -> bool {
        ts.into_iter().any(|t| match t {
            TokenTree::Ident(i) => i == "Self" || i == *float,
            TokenTree::Group(g) => mentions(g.stream(), float),
            _ => false,
        })
    }
    mentions(quote!(#ty), float)
}

/// The expansion of the block: the block as written, the hidden module of the methods'
/// free functions and their derived items, and the derivatives trait.
pub fn expand(
    args: &TokenStream,
    block: &syn::ItemImpl,
    float: &Ident,
    sequence: bool,
    methods: Vec<(Option<TokenStream>, syn::ImplItemFn)>,
    expand_function: impl Fn(TokenStream, &syn::ItemFn) -> Result<TokenStream, Vec<syn::Error>>,
) -> Result<TokenStream, Vec<syn::Error>> {
    let trait_name = match &block.trait_ {
        Some((path, _)) => path.segments.last().map(|s| s.ident.to_string()),
        None => None,
    }
    .unwrap_or_else(|| "Float".to_string());
    let self_ty = &block.self_ty;
    // (A trait implemented for `[f64]` and for `Vec<f64>` in one module: a derivatives
    // trait for each.)
    let kind = match &**self_ty {
        _ if !sequence => "",
        syn::Type::Slice(_) => "Slice",
        syn::Type::Array(_) => "Array",
        _ => "Vec",
    };
    let module = match kind {
        "" => format_ident!("__{}_for_{float}", snake(&trait_name)),
        _ => format_ident!("__{}_for_{}_{float}", snake(&trait_name), snake(kind)),
    };
    let derivatives = match kind {
        "" => format_ident!("{trait_name}Derivatives"),
        _ => format_ident!("{trait_name}DerivativesFor{kind}"),
    };
    let mut free_fns = vec![];
    let mut decls = vec![];
    let mut impls = vec![];
    let mut errors = vec![];
    // The block's own methods, called on a float inside it (`self.lerp(&b, v)` in
    // `bezier`), are its free functions, whose derivatives exist: the receiver is passed
    // as it is taken (`&self`: by reference).
    let by_ref: Vec<(String, bool)> = block
        .items
        .iter()
        .filter_map(|i| match i {
            syn::ImplItem::Fn(m) => match m.sig.inputs.first() {
                Some(syn::FnArg::Receiver(r)) => Some((
                    m.sig.ident.to_string(),
                    matches!(r.kind, syn::ReceiverKind::Reference(..)),
                )),
                _ => None,
            },
            _ => None,
        })
        .collect();
    // `Self::Output` of the block's own `type Output = f64;`: the type itself (written
    // through the float type, `f64::Output` would be ambiguous).
    let associated: Vec<(Ident, syn::Type)> = block
        .items
        .iter()
        .filter_map(|i| match i {
            syn::ImplItem::Type(t) => Some((t.ident.clone(), t.ty.clone())),
            _ => None,
        })
        .collect();
    for (own_args, mut m) in methods {
        syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut Associated(&associated), &mut m);
        let mut f = free_function(&m, self_ty, sequence)?;
        // The names that hold references already: `this` of `&self`, `other: &Self`.
        let refs: Vec<String> = f
            .sig
            .inputs
            .iter()
            .filter_map(|a| match a {
                syn::FnArg::Typed(pt) if matches!(&*pt.ty, syn::Type::Reference(_)) => {
                    match &*pt.pat {
                        syn::Pat::Ident(p) => Some(p.ident.to_string()),
                        _ => None,
                    }
                }
                _ => None,
            })
            .collect();
        // (For a sequence type, the receivers of its own type: `self`, `other: &Self`.)
        let own_typed: Vec<String> = m
            .sig
            .inputs
            .iter()
            .filter_map(|a| match a {
                syn::FnArg::Receiver(_) => Some("this".to_string()),
                syn::FnArg::Typed(pt) => {
                    let ty = &pt.ty;
                    let written = quote!(#ty).to_string().replace(' ', "");
                    match (&*pt.pat, written.as_str()) {
                        (syn::Pat::Ident(p), "Self" | "&Self") => Some(p.ident.to_string()),
                        _ => None,
                    }
                }
            })
            .collect();
        syn::visit_mut::VisitMut::visit_block_mut(
            &mut OwnCalls(&by_ref, &refs, (!sequence).then_some(float), &own_typed),
            &mut f.block,
        );
        // Its functions are free functions of a module, associated or not: `associated`
        // (which makes derived items call each other through `Self`) does not apply.
        let own_args = without_word(own_args.unwrap_or_else(|| args.clone()), "associated");
        match expand_function(own_args, &f) {
            Ok(derived) => {
                let (fns, _) = derived_fns(derived.clone()).map_err(|e| vec![e])?;
                for g in fns {
                    if let Some((decl, imp)) = method_of(&f, &g, &module) {
                        decls.push(decl);
                        impls.push(imp);
                    }
                }
                free_fns.push(quote!(#[allow(dead_code)] #f #derived));
            }
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let for_type = quote!(#self_ty).to_string().replace(' ', "");
    let doc = format!(
        " The derivatives of the methods of `{trait_name}` for `{for_type}` (`#[differentiate]` on its `impl`): `x.f_grad(…)` for each method `f`."
    );
    Ok(quote! {
        #[doc(hidden)]
        #[allow(non_snake_case, clippy::unnecessary_cast, clippy::ptr_arg)]
        mod #module {
            #[allow(unused_imports)]
            use super::*;
            #(#free_fns)*
        }

        #[doc = #doc]
        #[allow(clippy::type_complexity, clippy::too_many_arguments)]
        pub trait #derivatives {
            #(#decls)*
        }

        #[allow(clippy::type_complexity, clippy::too_many_arguments)]
        impl #derivatives for #self_ty {
            #(#impls)*
        }
    })
}

/// The method as a free function of its receiver, `this`.
fn free_function(
    m: &syn::ImplItemFn,
    self_ty: &syn::Type,
    sequence: bool,
) -> Result<syn::ItemFn, Vec<syn::Error>> {
    let mut sig = m.sig.clone();
    if let Some(syn::FnArg::Receiver(r)) = sig.inputs.first() {
        let ty: syn::Type = match &r.kind {
            syn::ReceiverKind::Reference(_, _, Some(_)) => {
                return Err(vec![syn::Error::new_spanned(r, "a method of an `impl` for a float type or a sequence of floats taking `&mut self` is not supported by `#[differentiate]`: take `&self` or `self` and return the new value")]);
            }
            syn::ReceiverKind::Reference(..) => syn::parse_quote!(&#self_ty),
            _ if sequence => {
                return Err(vec![syn::Error::new_spanned(r, "a method of an `impl` for a sequence of floats taking `self` by value is not supported by `#[differentiate]`: take `&self`")]);
            }
            _ => syn::parse_quote!(#self_ty),
        };
        let this = Ident::new("this", r.self_token.span);
        sig.inputs[0] = syn::parse_quote!(#this: #ty);
    }
    let sig: syn::Signature = syn::parse2(renamed(quote!(#sig), self_ty)).map_err(|e| vec![e])?;
    let block = &m.block;
    let block: syn::Block = syn::parse2(renamed(quote!(#block), self_ty)).map_err(|e| vec![e])?;
    let attrs = m.attrs.iter().filter(|a| a.path().is_ident("doc"));
    Ok(syn::parse_quote!(#(#attrs)* pub #sig #block))
}

/// `x.lerp(&b, v)` of a method of the block as the call of its free function,
/// `lerp(&x, &b, v)`: the receiver borrowed where the method takes `&self` and it is a
/// value (a parameter of the function that is a reference is passed as it is), and read
/// where the method takes `self` and it is a reference.
/// The call is cast to the float type (which it returns, as `Self`), so the macro reads
/// its result as a float rather than leaving its type to rustc (not for a sequence type,
/// whose methods may return anything: `None` then).
struct OwnCalls<'a>(
    &'a [(String, bool)],
    &'a [String],
    Option<&'a Ident>,
    &'a [String],
);

impl syn::visit_mut::VisitMut for OwnCalls<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, e);
        let syn::Expr::MethodCall(m) = e else { return };
        let Some((_, by_ref)) = self.0.iter().find(|(n, _)| m.method == n) else {
            return;
        };
        // (For a sequence type, only `self.m(…)` and `other.m(…)` of an `other: &Self`:
        // another receiver, `self.as_slice().m()`, may be another type's method of that name.)
        let own_type = matches!(&*m.receiver, syn::Expr::Path(p)
            if p.path.get_ident().is_some_and(|i| self.3.contains(&i.to_string())));
        if self.2.is_none() && !own_type {
            return;
        }
        let (name, recv, args) = (&m.method, &m.receiver, &m.args);
        let is_ref = matches!(&**recv, syn::Expr::Path(p) if p.path.get_ident().is_some_and(|i| self.1.contains(&i.to_string())));
        let recv = match (*by_ref, is_ref) {
            (true, false) => quote!(&#recv),
            (false, true) => quote!(*#recv),
            _ => quote!(#recv),
        };
        *e = match self.2 {
            Some(float) => syn::parse_quote!((#name(#recv, #args) as #float)),
            None => syn::parse_quote!(#name(#recv, #args)),
        };
    }
}

/// Replaces `Self::Name` by the type the block gives `Name` (`type Output = f64;`).
struct Associated<'a>(&'a [(Ident, syn::Type)]);

impl syn::visit_mut::VisitMut for Associated<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty {
            let segments: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
            if let (None, [first, name]) = (&p.qself, &segments[..]) {
                if first.ident == "Self" {
                    if let Some((_, given)) = self.0.iter().find(|(n, _)| *n == name.ident) {
                        *ty = given.clone();
                        return;
                    }
                }
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    // `Self::Output::from(x)`: `f64::from(x)`.
    fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
        let segments: Vec<syn::PathSegment> = e.path.segments.iter().cloned().collect();
        if let (None, [first, name, rest @ ..]) = (&e.qself, &segments[..]) {
            let given = self.0.iter().find(|(n, _)| *n == name.ident);
            if let (true, false, Some((_, given))) = (first.ident == "Self", rest.is_empty(), given)
            {
                let rest = rest.iter();
                *e = match given {
                    // (`f64::from`: the float's own path.)
                    syn::Type::Path(p) if p.qself.is_none() => {
                        let base = &p.path;
                        syn::parse_quote!(#base::#(#rest)::*)
                    }
                    _ => syn::parse_quote!(<#given>::#(#rest)::*),
                };
                return;
            }
        }
        syn::visit_mut::visit_expr_path_mut(self, e);
    }
}

/// `tokens` with `self` as `this` and `Self` as the type (closures and nested items
/// included: they are the method's).
fn renamed(tokens: TokenStream, self_ty: &syn::Type) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|t| -> TokenStream {
            match t {
                TokenTree::Ident(i) if i == "self" => {
                    TokenTree::Ident(Ident::new("this", i.span())).into()
                }
                TokenTree::Ident(i) if i == "Self" => quote::quote_spanned!(i.span()=> #self_ty),
                TokenTree::Group(g) => {
                    let mut inner =
                        proc_macro2::Group::new(g.delimiter(), renamed(g.stream(), self_ty));
                    inner.set_span(g.span());
                    TokenTree::Group(inner).into()
                }
                other => other.into(),
            }
        })
        .collect()
}

/// The derived items a user calls, as a declaration and a definition of the derivatives
/// trait's method with `this` as its receiver.
fn method_of(
    f: &syn::ItemFn,
    g: &syn::ItemFn,
    module: &Ident,
) -> Option<(TokenStream, TokenStream)> {
    let name = g.sig.ident.to_string();
    Derived::public(&f.sig.ident.to_string(), &name)?;
    let mut inputs = g.sig.inputs.iter().peekable();
    // A method's derived items take `&self` for `this`; an associated function's
    // (`fn blend(a: f64, b: f64, t: f64) -> f64`, no receiver) stay associated
    // (`<f64 as BlendDerivatives>::blend_grad(a, b, t)`).
    let this = match inputs.peek() {
        Some(syn::FnArg::Typed(first)) if matches!(&*first.pat, syn::Pat::Ident(p) if p.ident == "this") =>
        {
            inputs.next();
            Some(matches!(&*first.ty, syn::Type::Reference(_)))
        }
        _ => None,
    };
    let (self_param, receiver) = match this {
        Some(true) => (quote!(&self,), quote!(self,)),
        Some(false) => (quote!(&self,), quote!(*self,)),
        None => (quote!(), quote!()),
    };
    let rest: Vec<&syn::FnArg> = inputs.collect();
    let names = rest.iter().filter_map(|a| match a {
        syn::FnArg::Typed(pt) => match &*pt.pat {
            syn::Pat::Ident(p) => Some(p.ident.clone()),
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    });
    let (ident, generics, output) = (&g.sig.ident, &g.sig.generics, &g.sig.output);
    let where_clause = &generics.where_clause;
    let docs = g.attrs.iter().filter(|a| a.path().is_ident("doc"));
    let allows: Vec<&syn::Attribute> = g
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("allow"))
        .collect();
    let turbofish = {
        let params = generics.type_params().map(|t| &t.ident);
        let params: Vec<_> = params.collect();
        (!params.is_empty()).then(|| quote!(::<#(#params),*>))
    };
    let decl = quote! {
        #(#docs)*
        #(#allows)*
        fn #ident #generics (#self_param #(#rest),*) #output #where_clause;
    };
    let imp = quote! {
        #(#allows)*
        fn #ident #generics (#self_param #(#rest),*) #output #where_clause {
            #module::#ident #turbofish (#receiver #(#names),*)
        }
    };
    Some((decl, imp))
}

/// The attribute's arguments without `word` (and the comma after or before it).
fn without_word(args: TokenStream, word: &str) -> TokenStream {
    let tokens: Vec<TokenTree> = args.into_iter().collect();
    let mut out: Vec<TokenTree> = vec![];
    let mut skip_comma = false;
    for t in tokens {
        match &t {
            TokenTree::Ident(i) if i == word => {
                // A comma before it goes; otherwise the one after it.
                if matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
                    out.pop();
                } else {
                    skip_comma = true;
                }
            }
            TokenTree::Punct(p) if p.as_char() == ',' && skip_comma => skip_comma = false,
            _ => {
                skip_comma = false;
                out.push(t);
            }
        }
    }
    out.into_iter().collect()
}

/// `lerp` for `Lerp`, `my_trait` for `MyTrait`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
