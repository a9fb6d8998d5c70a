//! The names of the items derived from a function `f`, built here and nowhere else: the
//! kinds of derived item ([`Derived`]), `f_X` for each, and the paths by which the derived
//! items reach each other and differentiated callers reach a callee's entry points
//! (`f::pullback_all` for a free function, `f_pullback_all` for a function of an `impl`;
//! see `callers` for why).

use super::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// An item derived from a function `f`, named `f_` and its [`suffix`](Derived::suffix).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Derived {
    /// `f_jvp`: forward mode.
    Jvp,
    /// `f_vjp`: reverse mode, seeded by the caller.
    Vjp,
    /// `f_pullback`: reverse mode, split.
    Pullback,
    /// `f_grad`: the gradient of a float result.
    Grad,
    /// `f_hvp`: Hessian-vector products, forward-over-reverse.
    Hvp,
    /// `f_gradcheck`: the derivatives checked against central differences.
    Gradcheck,
    /// `f_gradcheck_with`: the same with a tolerance.
    GradcheckWith,
    /// `f_jvp_all` (`f::jvp_all`): forward mode for differentiated callers.
    JvpAll,
    /// `f_pullback_all` (`f::pullback_all`): the split reverse mode for differentiated
    /// callers.
    PullbackAll,
    /// `f_dual_pullback_all` (`f::dual_pullback_all`): the callers' pullback on dual numbers.
    DualPullbackAll,
    /// `f_dual_pullback` (hidden): `f_pullback` on dual numbers, which `f_hvp` runs when
    /// `wrt` leaves a float parameter out.
    DualPullback,
    /// `f_dual_vjp` (hidden): `f_vjp`'s fused body on dual numbers, which `f_hvp` runs.
    DualVjp,
    /// `f_jacobian` (on request): the dense Jacobian.
    Jacobian,
    /// `f_hessian` (on request): the dense Hessian.
    Hessian,
}

impl Derived {
    /// The derived items a user calls.
    pub const PUBLIC: [Derived; 9] = [
        Derived::Jvp,
        Derived::Vjp,
        Derived::Pullback,
        Derived::Grad,
        Derived::Hvp,
        Derived::Gradcheck,
        Derived::GradcheckWith,
        Derived::Jacobian,
        Derived::Hessian,
    ];

    /// The entry points differentiated callers reach a function by.
    pub const ENTRY_POINTS: [Derived; 3] = [
        Derived::JvpAll,
        Derived::PullbackAll,
        Derived::DualPullbackAll,
    ];

    /// What follows `f_` in the item's name, and the entry point's own name in `impl f`.
    pub fn suffix(self) -> &'static str {
        match self {
            Derived::Jvp => "jvp",
            Derived::Vjp => "vjp",
            Derived::Pullback => "pullback",
            Derived::Grad => "grad",
            Derived::Hvp => "hvp",
            Derived::Gradcheck => "gradcheck",
            Derived::GradcheckWith => "gradcheck_with",
            Derived::JvpAll => "jvp_all",
            Derived::PullbackAll => "pullback_all",
            Derived::DualPullbackAll => "dual_pullback_all",
            Derived::DualPullback => "dual_pullback",
            Derived::DualVjp => "dual_vjp",
            Derived::Jacobian => "jacobian",
            Derived::Hessian => "hessian",
        }
    }

    /// Whether the item is one of the entry points made for differentiated callers.
    pub fn is_for_callers(self) -> bool {
        Derived::ENTRY_POINTS.contains(&self)
    }

    /// The entry point whose own name (in `impl f`) is `name`.
    pub fn entry_point(name: &str) -> Option<Derived> {
        Derived::ENTRY_POINTS
            .into_iter()
            .find(|d| d.suffix() == name)
    }

    /// The item a user calls that the function named `f` (as text) derives under `name`.
    pub fn public(f: &str, name: &str) -> Option<Derived> {
        let suffix = name.strip_prefix(f)?.strip_prefix('_')?;
        Derived::PUBLIC.into_iter().find(|d| d.suffix() == suffix)
    }

    /// `f_X` as text, for finding a derived item of the function named `f` by its name.
    pub fn name(self, f: &str) -> String {
        format!("{f}_{}", self.suffix())
    }

    /// `f_X`, spanned like `f` (a raw `r#match` gives `match_X`).
    pub fn of(self, f: &Ident) -> Ident {
        crate::ir::ident(&format!("{f}_{}", self.suffix()), f.span())
    }

    /// `f_X` at the call site, `f` as written: a raw `r#match` gives the raw
    /// `r#match_X`.
    pub fn at_call_site(self, f: &Ident) -> Ident {
        format_ident!("{f}_{}", self.suffix())
    }

    /// `stem_X` at the call site, for the function whose name without `r#` is `stem`.
    pub fn of_stem(self, stem: &str) -> Ident {
        format_ident!("{stem}_{}", self.suffix())
    }
}

/// The name a derived item of `f` is declared under: `f_X`, or the entry point's own name
/// inside `impl f`.
pub(super) fn item_name(item: &syn::ItemFn, ctx: &Ctx, kind: Derived) -> syn::Ident {
    let f = &item.sig.ident;
    match kind.is_for_callers() && !ctx.func.in_impl {
        true => syn::Ident::new(kind.suffix(), f.span()),
        false => kind.of(f),
    }
}

/// How `f`'s derived items call each other: `f_pullback`, `f::pullback_all`, or
/// `Self::f_pullback` from an item of an `impl`.
pub(super) fn sibling(item: &syn::ItemFn, ctx: &Ctx, kind: Derived) -> TokenStream {
    let name = item_name(item, ctx, kind);
    let f = &item.sig.ident;
    let generics = turbofish(item);
    match (ctx.func.in_impl, kind.is_for_callers()) {
        (true, _) => quote!(Self::#name #generics),
        (false, true) => quote!(#f::#name #generics),
        (false, false) => quote!(#name #generics),
    }
}

/// How `f`'s derived items call `f` itself: `f`, or `Self::f` from an item of an `impl`.
pub(super) fn primal(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    primal_named(&item.sig.ident, item, ctx)
}

/// [`primal`] for the function `f` of `item`'s signature (the user's function whose value
/// `item` is, for one with an `Option` or `Result` result).
pub(super) fn primal_named(f: &syn::Ident, item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let name = crate::ir::ident(&f.to_string(), f.span());
    let generics = turbofish(item);
    match ctx.func.in_impl {
        true => quote!(Self::#name #generics),
        false => quote!(#name #generics),
    }
}

/// `::<T, N>` of the function's type and const parameters where its arguments do not
/// determine one (`fn g<T>(x: f64)`, called `g_grad::<()>(x)`), so that it passes from one
/// derived item to the next; nothing otherwise, or where an argument is `impl Trait`
/// (which forbids a turbofish).
fn turbofish(item: &syn::ItemFn) -> TokenStream {
    let params: Vec<&syn::Ident> = item
        .sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(&t.ident),
            syn::GenericParam::Const(c) => Some(&c.ident),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect();
    let inputs = &item.sig.inputs;
    let impl_trait = inputs.iter().any(|a| {
        matches!(a, syn::FnArg::Typed(pt) if crate::tokens::mentions_any(quote!(#pt), &["impl"]))
    });
    // (Where the arguments determine every parameter, the calls read as written.)
    let undetermined = params
        .iter()
        .any(|p| !crate::tokens::mentions_ident(quote!(#inputs), p));
    if !undetermined || impl_trait {
        return quote!();
    }
    quote!(::<#(#params),*>)
}

/// The function a caller calls for `callee`'s derived item `kind` (or `callee` itself for
/// `None`): `path::f::pullback_all`, or `path::Type::f_pullback_all` and
/// `recv.f_pullback_all` for functions of an `impl`. A turbofish moves to the entry point
/// (`g::<T>` is called as `g::pullback_all::<T>`).
pub(super) fn callee(callee: &syn::Path, method: bool, kind: Option<Derived>) -> syn::Path {
    let mut path = callee.clone();
    let Some(last) = path.segments.last_mut() else {
        return path;
    };
    let f = last.ident.clone();
    match kind {
        Some(entry) if entry.is_for_callers() && !method && !of_a_type(callee) => {
            let args = std::mem::take(&mut last.arguments);
            let mut entry = syn::PathSegment::from(syn::Ident::new(entry.suffix(), f.span()));
            entry.arguments = args;
            path.segments.push(entry);
        }
        None => {}
        Some(kind) => last.ident = kind.of(&f),
    }
    path
}

/// `Self::f`, `Type::f`, `Type::<T>::f`: a function of an `impl`, by Rust's naming (types
/// are `UpperCamelCase`, modules `snake_case`); and `g::__lent`, the lent form of a free
/// function `g` (`crate::lent`), an associated function of the type `g`.
fn of_a_type(path: &syn::Path) -> bool {
    crate::lent::is_lent_path(path) || crate::lent::names_a_type_fn(path)
}
