//! Iterators and closures, desugared at the syntax level into what the rest of lowering
//! already knows: index loops, `let` bindings and blocks.
//!
//! - `for v in x.iter()`, `for &v in x`, `for (i, v) in x.iter().enumerate()`,
//!   `for (a, b) in x.iter().zip(y)`: a loop over `0..len` that binds the elements;
//! - `x.iter().map(|v| e).sum::<f64>()`, `.product()`, `.fold(init, |acc, v| e)`,
//!   `.collect::<Vec<f64>>()`, `.cloned().fold(f64::NEG_INFINITY, f64::max)`: a block with
//!   an accumulator and such a loop;
//! - `let sq = |t: f64| t * t; … sq(x)`: the closure's body inlined at each call, its
//!   parameters bound to the arguments (captured names resolve where it is called).

use super::lower::Lowerer;
use syn::{Expr, Pat};

/// A closure kept by name until it is called.
#[derive(Clone)]
pub(super) struct Closure {
    params: Vec<Pat>,
    body: Expr,
}

/// The sequences an iterator chain walks in step, and what it yields per step.
struct Chain {
    /// The sequences (one, or two for `zip`), as written.
    sources: Vec<Expr>,
    /// Yields `(index, element)` pairs.
    enumerate: bool,
    /// `map` closures, applied in order.
    maps: Vec<Closure>,
}

impl Lowerer {
    /// `for PAT in ITER { body }` over an iterator chain, as an index loop.
    pub(super) fn desugar_for(&mut self, f: &syn::ExprForLoop) -> Option<syn::ExprForLoop> {
        let chain = parse_chain(&f.expr, true)?;
        // Every source must be a sequence the function knows (a slice, `Vec` or array).
        let known = |e: &Expr| match e {
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| {
                    matches!(
                        self.vars[v].kind,
                        super::Kind::FloatSeq | super::Kind::IntSeq | super::Kind::Array
                    )
                }),
            _ => true,
        };
        if !chain.sources.iter().all(known) {
            return None;
        }
        if !chain.maps.is_empty() {
            return None;
        }
        let index = self.fresh_syn_ident("i");
        let bindings = bind_pattern(&f.pat, &element(&chain, &index))?;
        let len = chain_len(&chain);
        let body = &f.body;
        let attrs = &f.attrs;
        let new: syn::ExprForLoop = syn::parse_quote! {
            #(#attrs)*
            for #index in 0..#len {
                #(#bindings)*
                #body
            }
        };
        Some(new)
    }

    /// `chain.sum()`, `.product()`, `.fold(..)`, `.collect()`, as a block expression.
    pub(super) fn desugar_consumer(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let method = m.method.to_string();
        if !matches!(method.as_str(), "sum" | "product" | "fold" | "collect") {
            return None;
        }
        let chain = parse_chain(&m.receiver, false)?;
        let index = self.fresh_syn_ident("i");
        let mut bindings: Vec<syn::Stmt> = vec![];
        // Each `map` closure turns the step's yield into the next one.
        let mut current = element(&chain, &index);
        for (k, map) in chain.maps.iter().enumerate() {
            let next = self.fresh_syn_ident(&format!("mapped{k}"));
            let call = inline(map, std::slice::from_ref(&current))?;
            bindings.push(syn::parse_quote!(let #next = #call;));
            current = syn::parse_quote!(#next);
        }
        let len = chain_len(&chain);
        let acc = self.fresh_syn_ident("acc");
        let float = &self.float;
        let body: Expr = match method.as_str() {
            "sum" => syn::parse_quote!({
                let mut #acc: #float = <#float as ::autodiff::__private::Zero>::zero();
                for #index in 0..#len { #(#bindings)* #acc += #current; }
                #acc
            }),
            "product" => syn::parse_quote!({
                let mut #acc: #float = <#float as ::autodiff::__private::One>::one();
                for #index in 0..#len { #(#bindings)* #acc *= #current; }
                #acc
            }),
            "fold" if m.args.len() == 2 => {
                let init = &m.args[0];
                let step = match &m.args[1] {
                    Expr::Closure(c) => {
                        inline(&closure_of(c), &[syn::parse_quote!(#acc), current.clone()])?
                    }
                    // `f64::max`: a function named by a path.
                    f @ Expr::Path(_) => syn::parse_quote!(#f(#acc, #current)),
                    _ => return None,
                };
                syn::parse_quote!({
                    let mut #acc = #init;
                    for #index in 0..#len { #(#bindings)* #acc = #step; }
                    #acc
                })
            }
            "collect" => syn::parse_quote!({
                let mut #acc = ::std::vec::Vec::with_capacity(#len);
                for #index in 0..#len { #(#bindings)* #acc.push(#current); }
                #acc
            }),
            _ => return None,
        };
        Some(body)
    }

    /// Remembers `let name = |…| …;` for inlining; returns whether it was a closure.
    pub(super) fn record_closure(&mut self, name: &syn::Ident, init: &Expr) -> bool {
        let Expr::Closure(c) = init else { return false };
        self.closures.push((name.to_string(), closure_of(c)));
        true
    }

    /// `name(args)` for a recorded closure: its body with the parameters bound.
    pub(super) fn inline_closure(&self, name: &str, args: &[Expr]) -> Option<Expr> {
        let (_, c) = self.closures.iter().rev().find(|(n, _)| n == name)?;
        inline(c, args)
    }

    fn fresh_syn_ident(&mut self, base: &str) -> syn::Ident {
        self.synthetic_ident(base)
    }
}

fn closure_of(c: &syn::ExprClosure) -> Closure {
    Closure {
        params: c.inputs.iter().cloned().collect(),
        body: (*c.body).clone(),
    }
}

/// `{ let p1 = a1; let p2 = a2; body }`.
fn inline(c: &Closure, args: &[Expr]) -> Option<Expr> {
    if c.params.len() != args.len() {
        return None;
    }
    let mut lets = vec![];
    for (p, a) in c.params.iter().zip(args) {
        lets.extend(bind_pattern(p, a)?);
    }
    let body = &c.body;
    Some(syn::parse_quote!({ #(#lets)* #body }))
}

/// `let` statements binding a pattern to a value: names, `&name`, `_`, typed names, and
/// tuples of those against tuple expressions (as `zip` and `enumerate` yield).
fn bind_pattern(p: &Pat, value: &Expr) -> Option<Vec<syn::Stmt>> {
    match (p, value) {
        (Pat::Reference(r), _) => bind_pattern(&r.pat, value),
        (Pat::Type(t), _) => bind_pattern(&t.pat, value),
        (Pat::Wild(_), _) => Some(vec![]),
        (Pat::Ident(i), _) if i.subpat.is_none() && i.by_ref.is_none() => {
            let name = &i.ident;
            Some(vec![syn::parse_quote!(let #name = #value;)])
        }
        (Pat::Tuple(t), Expr::Tuple(v)) if t.elems.len() == v.elems.len() => {
            let mut out = vec![];
            for (p, e) in t.elems.iter().zip(&v.elems) {
                out.extend(bind_pattern(p, e)?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// Parses `x.iter()`, `x.iter().copied()`, `x.iter().enumerate()`, `x.iter().zip(y.iter())`,
/// `.map(closure)`…; a bare `x` (or `&x`) counts when `bare` (in `for v in x`).
fn parse_chain(e: &Expr, bare: bool) -> Option<Chain> {
    match e {
        Expr::MethodCall(m) => {
            let name = m.method.to_string();
            match (name.as_str(), m.args.len()) {
                ("iter" | "into_iter", 0) => Some(Chain {
                    sources: vec![(*m.receiver).clone()],
                    enumerate: false,
                    maps: vec![],
                }),
                ("copied" | "cloned", 0) => parse_chain(&m.receiver, false),
                ("enumerate", 0) => {
                    let mut c = parse_chain(&m.receiver, false)?;
                    if c.enumerate || !c.maps.is_empty() {
                        return None;
                    }
                    c.enumerate = true;
                    Some(c)
                }
                ("zip", 1) => {
                    let mut c = parse_chain(&m.receiver, false)?;
                    let other = parse_chain(&m.args[0], true)?;
                    if c.enumerate
                        || other.enumerate
                        || !c.maps.is_empty()
                        || c.sources.len() > 1
                        || other.sources.len() > 1
                    {
                        return None;
                    }
                    c.sources.extend(other.sources);
                    Some(c)
                }
                ("map", 1) => {
                    let Expr::Closure(cl) = &m.args[0] else {
                        return None;
                    };
                    let mut c = parse_chain(&m.receiver, false)?;
                    c.maps.push(closure_of(cl));
                    Some(c)
                }
                _ => None,
            }
        }
        Expr::Reference(r) if bare => parse_chain(&r.expr, true),
        Expr::Path(_) if bare => Some(Chain {
            sources: vec![e.clone()],
            enumerate: false,
            maps: vec![],
        }),
        Expr::Paren(p) => parse_chain(&p.expr, bare),
        _ => None,
    }
}

/// The loop's length: the shortest of the sources.
fn chain_len(c: &Chain) -> Expr {
    let first = &c.sources[0];
    match c.sources.get(1) {
        Some(second) => syn::parse_quote!(#first.len().min(#second.len())),
        None => syn::parse_quote!(#first.len()),
    }
}

/// What one step yields: `x[i]`, `(x[i], y[i])` for `zip`, `(i, x[i])` for `enumerate`.
fn element(c: &Chain, index: &syn::Ident) -> Expr {
    let at = |s: &Expr| -> Expr { syn::parse_quote!(#s[#index]) };
    let items: Vec<Expr> = c.sources.iter().map(at).collect();
    match (c.enumerate, items.as_slice()) {
        (true, [x]) => syn::parse_quote!((#index, #x)),
        (false, [x]) => x.clone(),
        (_, [x, y]) => syn::parse_quote!((#x, #y)),
        _ => unreachable!("a chain walks one or two sequences"),
    }
}
