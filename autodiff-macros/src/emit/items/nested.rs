//! Nested differentiation (`#[differentiate(nested)]`): entry points for `f_grad`, `f_jvp`
//! and `f_vjp`, so that a differentiated function can call them and be differentiated in
//! turn, forward or reverse (an argmin by gradient descent inside an objective, a force
//! `-∇ₓp` inside an integrator).
//!
//! A caller reaches a callee's derivatives through the callee's name (`callers`), so each
//! of the three items gets a type of its own name, `struct f_grad {}`, holding `jvp_all`,
//! `pullback_all` and `dual_pullback_all` as `f`'s own type holds `f`'s. Their derivatives
//! are second derivatives of `f`, each a Hessian-vector product `f_hvp(a, v) = (f, g, H v)`
//! (forward-over-reverse, never the Hessian itself). With `g = ∇f(a)` and `H` symmetric:
//!
//! | item | value | tangent along `(ȧ, ḋ)` | cotangent of `(v̄, ū)` |
//! |---|---|---|---|
//! | `f_grad(a)` | `(f, g)` | `(g·ȧ, H ȧ)` | `ā = v̄ g + H ū` |
//! | `f_jvp(a, d)` | `(f, g·d)` | `(g·ȧ, d·H ȧ + g·ḋ)` | `ā = v̄ g + ū H d`, `d̄ = ū g` |
//! | `f_vjp(a, w)` | `(f, w g)` | `(g·ȧ, w H ȧ + ẇ g)` | `ā = v̄ g + w H ū`, `w̄ = g·ū` |
//!
//! The value is the item's own (`f_grad(a)`, …), so the derived code of a caller branches as
//! its primal does. The items' `dual_pullback_all` (what a caller's `_hvp` runs) needs third
//! derivatives of `f`: where `f` is generic over its float type `T`, it is `pullback_all` at
//! `Dual<T>`, whose `f_hvp` then runs on `Dual<Dual<T>>`; for `f64` or `f32` it panics saying
//! so (the caller's `_grad`, `_jvp` and `_vjp` need none). The driver has checked that every
//! parameter is an active float and the result a float (`expand::checks`).

use crate::emit::callers::entry_point_type;
use crate::emit::names::{sibling, Derived};
use crate::emit::signature::{allows, passed_name};
use crate::emit::Ctx;
use proc_macro2::TokenStream;
use quote::quote;

/// The entry point types of `f_grad`, `f_jvp` and `f_vjp`.
pub(super) fn nested(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    [Derived::Grad, Derived::Jvp, Derived::Vjp]
        .into_iter()
        .map(|kind| {
            let mut names = Names::new(ctx);
            let rule = rule(item, ctx, kind, &mut names);
            let entry_points = entry_points(item, ctx, kind, rule, &mut names);
            entry_point_type(&item.vis, &kind.of(&item.sig.ident), entry_points)
        })
        .collect()
}

/// The names of an item's entry points: `f`'s parameters `a`, and names built from them
/// that none of them, nor another built one, already has.
struct Names {
    a: Vec<syn::Ident>,
    taken: Vec<String>,
}

impl Names {
    fn new(ctx: &Ctx) -> Names {
        let a: Vec<syn::Ident> = ctx
            .func
            .params
            .iter()
            .map(|p| syn::parse2(passed_name(ctx, p)).expect("a parameter's name"))
            .collect();
        let taken = a.iter().map(|n| n.to_string().replace("r#", "")).collect();
        Names { a, taken }
    }

    /// `base`, or `base_`, … where that is taken.
    fn fresh(&mut self, base: &str) -> syn::Ident {
        let mut name = base.to_string();
        while self.taken.contains(&name) {
            name.push('_');
        }
        self.taken.push(name.clone());
        crate::ir::ident(&name, proc_macro2::Span::call_site())
    }

    /// `a_suffix` for each parameter `a`.
    fn each(&mut self, suffix: &str) -> Vec<syn::Ident> {
        let stems: Vec<String> = self
            .a
            .iter()
            .map(|a| a.to_string().replace("r#", ""))
            .collect();
        stems
            .iter()
            .map(|a| self.fresh(&format!("{a}_{suffix}")))
            .collect()
    }
}

/// How one item is differentiated: its parameters beyond `a` (a direction, a seed) and
/// their tangents, the number of results after its value, `jvp_all`'s body (binding
/// `value`), and `pullback_all`'s closure: its cotangent pattern and body (it captures the
/// parameters).
struct Rule {
    value: syn::Ident,
    extra: Vec<syn::Ident>,
    a_dot: Vec<syn::Ident>,
    extra_dot: Vec<syn::Ident>,
    results: usize,
    jvp_all: TokenStream,
    cotangent: TokenStream,
    pullback: TokenStream,
}

fn rule(item: &syn::ItemFn, ctx: &Ctx, kind: Derived, names: &mut Names) -> Rule {
    let (own, hvp) = (kind.of(&item.sig.ident), sibling(item, ctx, Derived::Hvp));
    let a = names.a.clone();
    let (value, value_bar) = (names.fresh("value"), names.fresh("value_bar"));
    // `f_hvp(a, v)`'s gradient `g` and Hessian-vector product `hv`, bound by name.
    let (g, hv) = (names.each("grad"), names.each("hv"));
    let hvp_along = |v: &[syn::Ident]| quote!(let (_, #(#g,)* #(#hv,)*) = #hvp(#(#a,)* #(#v),*););
    let dot = |u: &[syn::Ident], v: &[syn::Ident]| quote!(#(#u * #v)+*);
    match kind {
        Derived::Grad => {
            // (f, g): tangent (g·ȧ, H ȧ); cotangent of (v̄, ū): ā = v̄ g + H ū.
            let (a_dot, u) = (names.each("dot"), names.each("grad_bar"));
            let (by_a_dot, by_u, g_a_dot) = (hvp_along(&a_dot), hvp_along(&u), dot(&g, &a_dot));
            Rule {
                jvp_all: quote! {
                    let #value = #own(#(#a),*);
                    #by_a_dot
                    (#value, (#g_a_dot, #(#hv),*))
                },
                cotangent: quote!((#value_bar, #(#u),*)),
                pullback: quote! {
                    #by_u
                    (#(#value_bar * #g + #hv,)*)
                },
                value,
                extra: vec![],
                a_dot,
                extra_dot: vec![],
                results: a.len(),
            }
        }
        Derived::Jvp => {
            // (f, g·d): tangent (g·ȧ, d·H ȧ + g·ḋ); cotangent of (v̄, ū): ā = v̄ g + ū H d,
            // d̄ = ū g.
            let d = names.each("dot");
            let (a_dot, d_dot) = (names.each("tangent"), names.each("dot_tangent"));
            let u = names.fresh("tangent_bar");
            let (by_a_dot, by_d) = (hvp_along(&a_dot), hvp_along(&d));
            let (g_a_dot, d_hv, g_d_dot) = (dot(&g, &a_dot), dot(&d, &hv), dot(&g, &d_dot));
            Rule {
                jvp_all: quote! {
                    let #value = #own(#(#a,)* #(#d),*);
                    #by_a_dot
                    (#value, (#g_a_dot, #d_hv + #g_d_dot))
                },
                cotangent: quote!((#value_bar, #u)),
                pullback: quote! {
                    #by_d
                    (#(#value_bar * #g + #u * #hv,)* #(#u * #g,)*)
                },
                value,
                extra: d,
                a_dot,
                extra_dot: d_dot,
                results: 1,
            }
        }
        _ => {
            // (f, w g): tangent (g·ȧ, w H ȧ + ẇ g); cotangent of (v̄, ū): ā = v̄ g + w H ū,
            // w̄ = g·ū.
            let (w, w_dot) = (names.fresh("dout"), names.fresh("dout_dot"));
            let (a_dot, u) = (names.each("dot"), names.each("bar_bar"));
            let (by_a_dot, by_u) = (hvp_along(&a_dot), hvp_along(&u));
            let (g_a_dot, g_u) = (dot(&g, &a_dot), dot(&g, &u));
            Rule {
                jvp_all: quote! {
                    let #value = #own(#(#a,)* #w);
                    #by_a_dot
                    (#value, (#g_a_dot, #(#w * #hv + #w_dot * #g),*))
                },
                cotangent: quote!((#value_bar, #(#u),*)),
                pullback: quote! {
                    #by_u
                    (#(#value_bar * #g + #w * #hv,)* #g_u,)
                },
                value,
                extra: vec![w],
                a_dot,
                extra_dot: vec![w_dot],
                results: a.len(),
            }
        }
    }
}

/// `jvp_all`, `pullback_all` and `dual_pullback_all` of the item `kind` by its `rule`.
fn entry_points(
    item: &syn::ItemFn,
    ctx: &Ctx,
    kind: Derived,
    rule: Rule,
    names: &mut Names,
) -> TokenStream {
    let float = ctx.float();
    let dual = quote!(::autodiff::__private::Dual<#float>);
    let (generics, where_clause) = (&item.sig.generics, &item.sig.generics.where_clause);
    let (f, own) = (&item.sig.ident, kind.of(&item.sig.ident));
    let pullback = names.fresh("pullback");
    let inputs: Vec<&syn::Ident> = names.a.iter().chain(&rule.extra).collect();
    let tangents: Vec<&syn::Ident> = rule.a_dot.iter().chain(&rule.extra_dot).collect();
    // The item's result, `(value, …)`, and a cotangent per input, over a scalar type.
    let result = |s: &TokenStream| {
        let rest = (0..rule.results).map(|_| s.clone());
        quote!((#s, #(#rest),*))
    };
    let cotangents = |s: &TokenStream| {
        let each = inputs.iter().map(|_| s.clone());
        quote!((#(#each,)*))
    };
    let (r, r_dual) = (result(&float), result(&dual));
    let (c, c_dual) = (cotangents(&float), cotangents(&dual));
    let Rule {
        value,
        jvp_all,
        cotangent,
        pullback: pullback_body,
        ..
    } = rule;
    let dual_body = match ctx.concrete_float() {
        false => quote!(Self::pullback_all(#(#inputs),*)),
        true => {
            let message = format!("`{own}` has no derivatives on dual numbers: they are third derivatives of `{f}`, which the `_hvp` of a function calling `{own}` needs; make `{f}` generic over its float type (`fn {f}<T: Float>`) to have them. That function's `_grad`, `_jvp` and `_vjp` need none");
            // The closure gives the opaque pullback its type; it is never made.
            quote!((::core::panic!(#message), move |_: #r_dual| -> #c_dual { ::core::unreachable!() }))
        }
    };
    let doc_jvp =
        format!(" [`{own}`] for differentiated callers: its value and tangent, by `{f}_hvp`.");
    let doc_pullback =
        format!(" [`{own}`] for differentiated callers: its value and pullback, by `{f}_hvp`.");
    let doc_dual = format!(" The pullback of [`{own}`] on dual numbers, which the `_hvp` of a differentiated caller runs.");
    let allows = allows();
    quote! {
        #[doc = #doc_jvp]
        #[doc(hidden)]
        #allows
        fn jvp_all #generics (#(#inputs: #float,)* #(#tangents: #float),*) -> (#r, #r) #where_clause {
            #jvp_all
        }
        #[doc = #doc_pullback]
        #[doc(hidden)]
        #allows
        fn pullback_all #generics (#(#inputs: #float),*) -> (#r, impl ::core::ops::FnOnce(#r) -> #c) #where_clause {
            let #value = #own(#(#inputs),*);
            let #pullback = move |#cotangent: #r| -> #c {
                #pullback_body
            };
            (#value, #pullback)
        }
        #[doc = #doc_dual]
        #[doc(hidden)]
        #allows
        fn dual_pullback_all #generics (#(#inputs: #dual),*) -> (#r_dual, impl ::core::ops::FnOnce(#r_dual) -> #c_dual) #where_clause {
            #dual_body
        }
    }
}
