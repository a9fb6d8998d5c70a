//! Iterators and closures, desugared at the syntax level into what the rest of lowering
//! already knows: index loops, `let` bindings and blocks.
//!
//! - `for v in x.iter()`, `for &v in x`, `for (i, v) in x.iter().enumerate()`,
//!   `for (a, b) in x.iter().zip(y)`: a loop over `0..len` that binds the elements;
//! - `x.iter().map(|v| e).sum::<f64>()`, `.product()`, `.fold(init, |acc, v| e)`,
//!   `.collect::<Vec<f64>>()`, `.cloned().fold(f64::NEG_INFINITY, f64::max)`: a block with
//!   an accumulator and such a loop;
//! - `let sq = |t: f64| t * t; … sq(x)`: the closure's body inlined at each call, its
//!   parameters bound to the arguments; the names it captures denote what they denoted
//!   where it was defined (see `hygiene`).
//!
//! Parameters are bound by `let`s in order; when an argument reads a name an earlier
//! parameter binds (`|a, b| …` called as `g(b, a)`), every argument is first bound to a
//! temporary, so each is read before any parameter shadows it.

use super::hygiene;
use super::lower::Lowerer;
use super::{Expr as IrExpr, ExprKind, Kind, Stmt, StmtKind, VarId};
use proc_macro2::Ident;
use std::collections::HashMap;
use syn::{Expr, Pat};

/// A closure kept by name until it is called.
#[derive(Clone)]
pub(super) struct Closure {
    params: Vec<Pat>,
    body: Expr,
    /// The variable each free name of the body denoted at the definition.
    captures: Vec<(String, VarId)>,
    /// The closures the body calls, as they were at the definition.
    calls: Vec<(String, Closure)>,
    /// Tells closures apart (a name may be bound to several in turn).
    id: usize,
    /// The block it is defined in: it is out of scope once that block ends.
    pub(super) scope: Option<super::BlockId>,
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
        let mut pairs = vec![];
        bind_pattern(&f.pat, &element(&chain, &index), &mut pairs)?;
        let bindings = self.bind_in_order(pairs);
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
            self.refuse_early_return(&map.body);
            let next = self.fresh_syn_ident(&format!("mapped{k}"));
            let call = self.inline(&map.params, &map.body, std::slice::from_ref(&current))?;
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
                        let c = closure_of(c);
                        self.refuse_early_return(&c.body);
                        let args = [syn::parse_quote!(#acc), current.clone()];
                        self.inline(&c.params, &c.body, &args)?
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

    /// Remembers `let name = |…| …;` for inlining, with what its free names denote here;
    /// returns whether it was a closure.
    ///
    /// A mutable scalar the body reads but does not assign is copied here (`a_in_g`): a
    /// `move` closure holds the value of the definition, and a borrowing one forbids
    /// assignments while it lives, so the copy is what every call reads.
    pub(super) fn record_closure(
        &mut self,
        name: &syn::Ident,
        init: &Expr,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let Expr::Closure(c) = init else { return false };
        let mut closure = closure_of(c);
        self.refuse_early_return(&closure.body);
        for free in hygiene::free_names(&closure.params, &closure.body) {
            if let Some(var) = self.lookup(&free.name) {
                let scalar = matches!(self.vars[var].kind, Kind::Float | Kind::Int | Kind::Bool);
                if free.assigned && scalar && c.capture.is_some() {
                    self.error(
                        c.capture.map_or(name.span(), |m| m.span),
                        format!("this `move` closure assigns `{}`, which changes its own copy only: this is not supported in a `#[differentiate]` function; drop `move`, or return the new value from the closure", free.name),
                    );
                }
                let var = if self.vars[var].mutable && scalar && !free.assigned {
                    self.snapshot(var, name, out)
                } else {
                    var
                };
                closure.captures.push((free.name, var));
            } else if let Some(callee) = self.closure_named(&free.name) {
                let callee = callee.clone();
                closure.calls.push((free.name, callee));
            }
        }
        self.closures_made += 1;
        closure.id = self.closures_made;
        closure.scope = self.current_scope();
        self.closures.push((name.to_string(), closure));
        true
    }

    /// `return` in a closure would leave the function once inlined.
    fn refuse_early_return(&mut self, body: &Expr) {
        if let Some(span) = early_return(body) {
            self.error(span, "`return` inside a closure is not supported in a `#[differentiate]` function (its body is inlined where it is called): write the closure's result as its last expression, with `if … { a } else { b }`");
        }
    }

    /// `let a_in_g = a;`: the value of a mutable capture at the closure's definition.
    fn snapshot(&mut self, var: VarId, closure: &syn::Ident, out: &mut Vec<Stmt>) -> VarId {
        let span = closure.span();
        let base = format!("{}_in_{}", self.vars[var].stem, closure);
        let copy = self.temp(&base, self.vars[var].kind, span);
        self.vars[copy].mutable = false;
        out.push(Stmt {
            kind: StmtKind::Let {
                var: copy,
                init: Some(IrExpr::new(ExprKind::Var(var), span)),
            },
            span,
        });
        copy
    }

    /// The closure `name` denotes here: the latest of that name still in scope.
    fn closure_named(&self, name: &str) -> Option<&Closure> {
        self.closures
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c)
    }

    /// `name(args)`, inlined, when `name` is a recorded closure.
    pub(super) fn closure_call(&mut self, c: &syn::ExprCall) -> Option<Expr> {
        let Expr::Path(p) = &*c.func else { return None };
        let name = p.path.get_ident()?.to_string();
        let args: Vec<Expr> = c.args.iter().cloned().collect();
        self.inline_closure(&name, &args)
    }

    /// `name(args)` for a recorded closure: its body with the parameters bound, and each
    /// captured name that now denotes another variable renamed to reach the definition's.
    pub(super) fn inline_closure(&mut self, name: &str, args: &[Expr]) -> Option<Expr> {
        let c = self.closure_named(name)?.clone();
        let mut renames: HashMap<String, Ident> = HashMap::new();
        for (free, var) in &c.captures {
            if self.lookup(free) != Some(*var) {
                let marker = self.synthetic_ident(&format!("captured_{free}"));
                self.bind_hidden(&marker, *var);
                renames.insert(free.clone(), marker);
            }
        }
        for (free, callee) in &c.calls {
            if self.closure_named(free).map(|now| now.id) != Some(callee.id) {
                let marker = self.synthetic_ident(&format!("captured_{free}"));
                let mut callee = callee.clone();
                callee.scope = self.current_scope();
                self.closures.push((marker.to_string(), callee));
                renames.insert(free.clone(), marker);
            }
        }
        let body = if renames.is_empty() {
            c.body.clone()
        } else {
            hygiene::rename_free(&c.params, &c.body, &renames)
        };
        self.inline(&c.params, &body, args)
    }

    fn fresh_syn_ident(&mut self, base: &str) -> syn::Ident {
        self.synthetic_ident(base)
    }
}

fn closure_of(c: &syn::ExprClosure) -> Closure {
    Closure {
        params: c.inputs.iter().cloned().collect(),
        body: (*c.body).clone(),
        captures: vec![],
        calls: vec![],
        id: 0,
        scope: None,
    }
}

impl Lowerer {
    /// `{ let p1 = a1; let p2 = a2; body }`.
    fn inline(&mut self, params: &[Pat], body: &Expr, args: &[Expr]) -> Option<Expr> {
        if params.len() != args.len() {
            return None;
        }
        let mut pairs = vec![];
        for (p, a) in params.iter().zip(args) {
            bind_pattern(p, a, &mut pairs)?;
        }
        let lets = self.bind_in_order(pairs);
        // A body that is an assignment (`|v| total += v`) is a statement of the block.
        let statement = matches!(body, Expr::Assign(_))
            || matches!(body, Expr::Binary(b) if hygiene::is_compound(&b.op));
        Some(match statement {
            true => syn::parse_quote!({ #(#lets)* #body; }),
            false => syn::parse_quote!({ #(#lets)* #body }),
        })
    }

    /// `let name = value;` for each pair, every value read before any name shadows it.
    pub(super) fn bind_in_order(&mut self, pairs: Vec<(Ident, Expr)>) -> Vec<syn::Stmt> {
        let clash = pairs.iter().enumerate().any(|(k, (_, value))| {
            let read = mentioned(value);
            pairs[..k]
                .iter()
                .any(|(n, _)| read.contains(&n.to_string()))
        });
        if !clash {
            return pairs
                .into_iter()
                .map(|(n, v)| syn::parse_quote!(let #n = #v;))
                .collect();
        }
        let temps: Vec<Ident> = pairs
            .iter()
            .map(|(n, _)| self.synthetic_ident(&format!("arg_{n}")))
            .collect();
        let values = pairs
            .iter()
            .zip(&temps)
            .map(|((_, v), t)| -> syn::Stmt { syn::parse_quote!(let #t = #v;) });
        let names = pairs
            .iter()
            .zip(&temps)
            .map(|((n, _), t)| -> syn::Stmt { syn::parse_quote!(let #n = #t;) });
        values.chain(names).collect()
    }
}

/// A `return` of the closure itself (not of a closure nested in it).
fn early_return(body: &Expr) -> Option<proc_macro2::Span> {
    struct Find(Option<proc_macro2::Span>);
    impl<'a> syn::visit::Visit<'a> for Find {
        fn visit_expr_return(&mut self, r: &'a syn::ExprReturn) {
            self.0.get_or_insert(r.return_token.span);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    let mut find = Find(None);
    syn::visit::Visit::visit_expr(&mut find, body);
    find.0
}

/// Every identifier in an expression's tokens.
fn mentioned(e: &Expr) -> Vec<String> {
    fn walk(ts: proc_macro2::TokenStream, out: &mut Vec<String>) {
        for tt in ts {
            match tt {
                proc_macro2::TokenTree::Ident(i) => out.push(i.to_string()),
                proc_macro2::TokenTree::Group(g) => walk(g.stream(), out),
                _ => {}
            }
        }
    }
    let mut out = vec![];
    walk(quote::ToTokens::to_token_stream(e), &mut out);
    out
}

/// The names a pattern binds, each with its value: names, `&name`, `_`, typed names, and
/// tuples of those against tuple expressions (as `zip` and `enumerate` yield).
fn bind_pattern(p: &Pat, value: &Expr, out: &mut Vec<(Ident, Expr)>) -> Option<()> {
    match (p, value) {
        (Pat::Reference(r), _) => bind_pattern(&r.pat, value, out),
        (Pat::Type(t), _) => bind_pattern(&t.pat, value, out),
        (Pat::Wild(_), _) => Some(()),
        (Pat::Ident(i), _) if i.subpat.is_none() && i.by_ref.is_none() => {
            out.push((i.ident.clone(), value.clone()));
            Some(())
        }
        (Pat::Tuple(t), Expr::Tuple(v)) if t.elems.len() == v.elems.len() => {
            for (p, e) in t.elems.iter().zip(&v.elems) {
                bind_pattern(p, e, out)?;
            }
            Some(())
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
