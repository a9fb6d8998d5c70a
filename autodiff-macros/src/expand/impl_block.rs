//! `#[differentiate]` on an `impl` block: which methods are differentiated, with which
//! arguments, and where their derived items go (an inherent `impl` of the type, or a trait
//! of their own for `impl … for f64`).

use super::{expand, StripCheckpoints};
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use quote::ToTokens;

/// `#[differentiate] impl Trait for Type { … }`: a trait's methods cannot gain members, so
/// the impl is emitted as written and each method's derived items go into an inherent
/// `impl Type` beside it (`rect.area_grad()`), public like the trait's methods; an
/// inherent `impl Type { … }` is read the same way. The
/// methods marked `#[differentiate(…)]` inside the block are differentiated with their own
/// arguments; when none is marked, every method with a float type is, with the block's
/// arguments.
pub(super) fn differentiate_impl(args: TokenStream, mut block: syn::ItemImpl) -> TokenStream {
    let float_self = crate::float_impl::float_self_type(&block.self_ty);
    // `impl Mean for [f64]`: a trait of its own too, over the elements' float type.
    let sequence_self = crate::float_impl::sequence_self_type(&block.self_ty);
    let own_trait = float_self.clone().or(sequence_self.clone());
    // `impl Sub for &Vec3`: the derived items go into `impl Vec3`, where `self` (a `&Vec3`)
    // is `&self`, and `Self` is written out as `&Vec3`.
    let by_ref = referenced_self_type(&block.self_ty);
    if let (None, None, Some(e)) = (&own_trait, &by_ref, foreign_self_type(&block.self_ty)) {
        // The methods' own marks go too: each would expand on its own, beside the message,
        // into errors about items a trait cannot hold.
        for item in &mut block.items {
            if let syn::ImplItem::Fn(m) = item {
                m.attrs.retain(|a| !is_mark(a));
                syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut StripCheckpoints, m);
            }
        }
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
    // `impl Mul<Vec3> for f64`: the operator with the float on the left (`k * v`), as a
    // method of the right operand's type.
    if let Some(float) = &float_self {
        if let Some(swapped) = float_on_the_left(&block, float) {
            let swapped = differentiate_impl(args, swapped);
            return quote!(#block #swapped);
        }
    }
    // `impl Lerp for f64`: the derived items go into a trait of their own.
    if let Some(float) = own_trait {
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
        let sequence = sequence_self.is_some();
        let expanded = crate::float_impl::expand(&args, &block, &float, sequence, methods, expand);
        let generated = expanded.unwrap_or_else(|errors| {
            let errors = errors.into_iter().map(|e| e.to_compile_error());
            quote!(#(#errors)*)
        });
        return quote!(#block #generated);
    }
    let generics = match &by_ref {
        Some(inner) => {
            let mut target = block.clone();
            *target.self_ty = inner.clone();
            crate::impl_generics::split(&target)
        }
        None => crate::impl_generics::split(&block),
    };
    // `Self::Output` and the block's other associated types, as the types they are (an
    // inherent `impl` has none), and `Self` of a reference self type.
    let mut written_out = associated_types(&block);
    // The block's lifetimes (`impl<'a, 'b> Add<&'b Vec3> for &'a Vec3`) are left to
    // elision in the derived items of a reference self type: their pullbacks take the
    // references again, at any lifetime.
    let lifetimes: Vec<Ident> = match by_ref.is_some() {
        true => block
            .generics
            .lifetimes()
            .map(|l| l.lifetime.ident.clone())
            .collect(),
        false => vec![],
    };
    if by_ref.is_some() {
        let self_ty = erase_lifetimes(block.self_ty.to_token_stream(), &lifetimes);
        written_out.push((None, self_ty));
    } else if of_trait {
        // `impl Add for V { fn add(self, other: Self) -> Self }`: the operand's type is the
        // struct's, which the signature then names.
        written_out.push((None, block.self_ty.to_token_stream()));
    }
    // A `&mut self` method another method calls as a step (`self.update_increments();`)
    // is differentiated whatever its signature says: its caller needs its derivatives.
    let steps_called = steps_called_on_self(&block);
    let mut differentiated = 0;
    for item in &mut block.items {
        let syn::ImplItem::Fn(m) = item else { continue };
        let (sig, body) = match written_out.is_empty() {
            true => (m.sig.clone(), m.block.clone()),
            false => match (
                syn::parse2::<syn::Signature>(erase_lifetimes(
                    self_written_out(m.sig.to_token_stream(), &written_out),
                    &lifetimes,
                )),
                syn::parse2::<syn::Block>(erase_lifetimes(
                    self_written_out(m.block.to_token_stream(), &written_out),
                    &lifetimes,
                )),
            ) {
                (Ok(sig), Ok(body)) => (sig, body),
                _ => (m.sig.clone(), m.block.clone()),
            },
        };
        // An unmarked block differentiates the methods that compute with floats.
        // (With the impl's generics, so that `T` of `impl<T: Float>` is seen as a float.)
        // An `Option` or `Result` of one is too (`fn next(&mut self) -> Option<T>`).
        let wanted = {
            let mut with_generics = sig.clone();
            generics.add_to(&mut with_generics);
            let value = match &with_generics.output {
                syn::ReturnType::Type(_, t) => crate::types::type_arg(t, &["Option", "Result"]),
                syn::ReturnType::Default => None,
            };
            if let Some(inner) = value.cloned() {
                with_generics.output = syn::parse_quote!(-> #inner);
            }
            crate::parse::float_type_said(&with_generics, Some(&body), true).is_ok()
                || (steps_called.contains(&m.sig.ident)
                    && matches!(m.sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if matches!(r.kind, syn::ReceiverKind::Reference(_, _, Some(_)))))
        };
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
        let mut sig = sig;
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
            block: Box::new(body),
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
    let (generics, self_ty) = (
        &generics.inherent,
        by_ref.as_ref().unwrap_or(&block.self_ty),
    );
    let where_clause = &generics.where_clause;
    quote! {
        #block
        #[allow(dead_code)]
        impl #generics #self_ty #where_clause { #(#derived)* }
        #(#errors)*
    }
}

/// `impl Mul<Vec3> for f64 { fn mul(self, v: Vec3) -> Vec3 { … } }` (or `Add`, `Sub`,
/// `Div`, with the right operand a type of this crate) as the method `v.__lhs_mul(k)` of the
/// right operand's type, `impl Vec3 { fn __lhs_mul(self, __lhs: f64) -> Vec3 { … } }`: the
/// body with `self` as `__lhs`, the operand as `self`, and `Self` as the float type. A
/// differentiated caller calls it for `k * v` (`ir::lower::operators`).
fn float_on_the_left(block: &syn::ItemImpl, float: &Ident) -> Option<syn::ItemImpl> {
    let (trait_path, _) = block.trait_.as_ref()?;
    let last = trait_path.segments.last()?;
    let op = match last.ident.to_string().as_str() {
        "Add" => "add",
        "Sub" => "sub",
        "Mul" => "mul",
        "Div" => "div",
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
        return None;
    };
    let Some(syn::GenericArgument::Type(rhs)) = a.args.first() else {
        return None;
    };
    let rhs_value = match rhs {
        syn::Type::Reference(r) => (*r.elem).clone(),
        other => other.clone(),
    };
    let local_struct = matches!(&rhs_value, syn::Type::Path(_))
        && foreign_self_type(&rhs_value).is_none()
        && crate::float_impl::float_self_type(&rhs_value).is_none();
    if !local_struct {
        return None;
    }
    let m = block.items.iter().find_map(|i| match i {
        syn::ImplItem::Fn(m) if m.sig.ident == op => Some(m),
        _ => None,
    })?;
    let mut inputs = m.sig.inputs.iter();
    let (Some(syn::FnArg::Receiver(_)), Some(syn::FnArg::Typed(operand)), None) =
        (inputs.next(), inputs.next(), inputs.next())
    else {
        return None;
    };
    let syn::Pat::Ident(operand) = &*operand.pat else {
        return None;
    };
    let operand = &operand.ident;
    let mut types = associated_types(block);
    types.push((None, quote!(#float)));
    let lhs = Ident::new("__lhs", operand.span());
    let output = match &m.sig.output {
        syn::ReturnType::Type(_, ty) => self_written_out(ty.to_token_stream(), &types),
        syn::ReturnType::Default => return None,
    };
    let body = swap_operands(
        self_written_out(m.block.to_token_stream(), &types),
        operand,
        &lhs,
    );
    let receiver = match rhs {
        syn::Type::Reference(_) => quote!(&self),
        _ => quote!(self),
    };
    let name = quote::format_ident!("__lhs_{}", op);
    syn::parse2(quote! {
        #[allow(dead_code, clippy::all)]
        impl #rhs_value {
            #[doc(hidden)]
            pub fn #name(#receiver, #lhs: #float) -> #output #body
        }
    })
    .ok()
}

/// `tokens` with `self` as `lhs` and `operand` as `self`.
fn swap_operands(tokens: TokenStream, operand: &Ident, lhs: &Ident) -> TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) if i == "self" => TokenTree::Ident(lhs.clone()),
            TokenTree::Ident(i) if i == *operand => TokenTree::Ident(Ident::new("self", i.span())),
            TokenTree::Group(g) => {
                let mut inner =
                    proc_macro2::Group::new(g.delimiter(), swap_operands(g.stream(), operand, lhs));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other,
        })
        .collect()
}

/// The block's associated types (`type Output = Vec3;`), by name, for `self_written_out`.
fn associated_types(block: &syn::ItemImpl) -> Vec<(Option<Ident>, TokenStream)> {
    block
        .items
        .iter()
        .filter_map(|i| match i {
            syn::ImplItem::Type(t) => {
                let ty = &t.ty;
                Some((Some(t.ident.clone()), quote!(#ty)))
            }
            _ => None,
        })
        .collect()
}

/// `T` of a self type `&T` (or `&'a T`) naming a type of this crate.
fn referenced_self_type(ty: &syn::Type) -> Option<syn::Type> {
    let syn::Type::Reference(r) = ty else {
        return None;
    };
    let inner = (*r.elem).clone();
    (r.mutability.is_none()
        && matches!(inner, syn::Type::Path(_))
        && foreign_self_type(&inner).is_none()
        && crate::float_impl::float_self_type(&inner).is_none())
    .then_some(inner)
}

/// `tokens` with `Self::Name` as the associated type `Name` is (each `(Some(name), ty)`), and
/// `Self` alone as the self type where one `(None, ty)` says so.
fn self_written_out(tokens: TokenStream, types: &[(Option<Ident>, TokenStream)]) -> TokenStream {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = vec![];
    let mut k = 0;
    while k < trees.len() {
        match &trees[k] {
            TokenTree::Ident(i) if i == "Self" => {
                let colons = matches!(trees.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                    && matches!(trees.get(k + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                let assoc = match (colons, trees.get(k + 3)) {
                    (true, Some(TokenTree::Ident(name))) => types
                        .iter()
                        .find(|(n, _)| n.as_ref() == Some(name))
                        .map(|(_, ty)| ty.clone()),
                    _ => None,
                };
                if let Some(ty) = assoc {
                    out.extend(self_written_out(ty, types));
                    k += 4;
                    continue;
                }
                match types.iter().find(|(n, _)| n.is_none()) {
                    Some((_, ty)) => out.extend(ty.clone()),
                    None => out.push(trees[k].clone()),
                }
            }
            TokenTree::Group(g) => {
                let mut inner =
                    proc_macro2::Group::new(g.delimiter(), self_written_out(g.stream(), types));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
        k += 1;
    }
    out.into_iter().collect()
}

/// `tokens` without the lifetimes `names`: `&'a T` as `&T`, `Foo<'a>` as `Foo<'_>`.
fn erase_lifetimes(tokens: TokenStream, names: &[Ident]) -> TokenStream {
    use proc_macro2::{Punct, Spacing, TokenTree};
    if names.is_empty() {
        return tokens;
    }
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = vec![];
    let mut k = 0;
    while k < trees.len() {
        let lifetime = matches!(&trees[k], TokenTree::Punct(p) if p.as_char() == '\'')
            && matches!(trees.get(k + 1), Some(TokenTree::Ident(i)) if names.contains(i));
        if lifetime {
            if matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '&') {
                k += 2;
                continue;
            }
            out.push(TokenTree::Punct(Punct::new('\'', Spacing::Joint)));
            out.push(TokenTree::Ident(Ident::new("_", trees[k + 1].span())));
            k += 2;
            continue;
        }
        match &trees[k] {
            TokenTree::Group(g) => {
                let mut inner =
                    proc_macro2::Group::new(g.delimiter(), erase_lifetimes(g.stream(), names));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
        k += 1;
    }
    out.into_iter().collect()
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
/// The methods of `self` the block's methods call (`self.update();`).
fn steps_called_on_self(block: &syn::ItemImpl) -> Vec<Ident> {
    use syn::visit::Visit;
    #[derive(Default)]
    struct Calls(Vec<Ident>);
    impl<'a> Visit<'a> for Calls {
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            if matches!(&*m.receiver, syn::Expr::Path(p) if p.path.is_ident("self")) {
                self.0.push(m.method.clone());
            }
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut calls = Calls::default();
    calls.visit_item_impl(block);
    calls.0
}

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
        syn::Error::new_spanned(ty, "`#[differentiate]` on an `impl` puts the derived items in an inherent `impl` of its type, which Rust allows only for types of this crate (and for `f64` and `f32`, and slices, `Vec`s and arrays of them, in a trait of their own): write the methods' bodies as free `#[differentiate]` functions (`fn norm(x: &[f64; 2]) -> f64`) and call them from the trait's methods")
    })
}
