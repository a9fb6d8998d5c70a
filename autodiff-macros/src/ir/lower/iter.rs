//! Closures, desugared at the syntax level into `let` bindings and blocks:
//! `let sq = |t: f64| t * t; … sq(x)` has the closure's body inlined at each call, its
//! parameters bound to the arguments; the names it captures denote what they denoted where
//! it was defined (see `hygiene`). Iterator chains' closures (`map`, `fold`, `for_each`,
//! see `chain`) are inlined the same way.
//!
//! Parameters are bound by `let`s in order; when an argument reads a name an earlier
//! parameter binds (`|a, b| …` called as `g(b, a)`), every argument is first bound to a
//! temporary, so each is read before any parameter shadows it.

use super::Lowerer;
use crate::ir::hygiene;
use crate::ir::{Expr as IrExpr, ExprKind, Kind, Stmt, StmtKind, VarId};
use proc_macro2::Ident;
use std::collections::HashMap;
use syn::{Expr, Pat};

/// A closure kept by name until it is called.
#[derive(Clone)]
pub(super) struct Closure {
    pub(super) params: Vec<Pat>,
    pub(super) body: Expr,
    /// The variable each free name of the body denoted at the definition.
    captures: Vec<(String, VarId)>,
    /// The closures the body calls, as they were at the definition.
    calls: Vec<(String, Closure)>,
    /// Tells closures apart (a name may be bound to several in turn).
    id: usize,
    /// The block it is defined in: it is out of scope once that block ends.
    pub(super) scope: Option<crate::ir::BlockId>,
    /// The number of variables declared before it: a variable of its name declared after
    /// it (`let g = { … };` in an inner block) hides it.
    vars_before: usize,
}

impl Lowerer {
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
        closure.vars_before = self.vars.len();
        self.closures.push((name.to_string(), closure));
        true
    }

    /// `return` in a closure would leave the function once inlined.
    pub(super) fn refuse_early_return(&mut self, body: &Expr) {
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
        out.push(Stmt::new(
            StmtKind::Let {
                var: copy,
                init: Some(IrExpr::new(ExprKind::Var(var), span)),
            },
            span,
        ));
        copy
    }

    /// The closure `name` denotes here: the latest of that name still in scope.
    pub(super) fn closure_named(&self, name: &str) -> Option<&Closure> {
        let closure = self
            .closures
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c)?;
        // A variable of the same name declared since, and in scope here, hides it.
        let hidden = self.lookup(name).is_some_and(|v| v >= closure.vars_before);
        (!hidden).then_some(closure)
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
}

impl Lowerer {
    /// Whether `e` is an element of a float sequence by index (`x[i]`).
    fn float_element(&self, e: &Expr) -> bool {
        let Expr::Index(ix) = e else { return false };
        matches!(&*ix.expr, Expr::Path(p) if p.path.get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
            .is_some_and(|v| self.vars[v].kind == Kind::FloatSeq))
    }
}

pub(super) fn closure_of(c: &syn::ExprClosure) -> Closure {
    Closure {
        params: c.inputs.iter().cloned().collect(),
        body: returns_as_breaks((*c.body).clone()),
        captures: vec![],
        calls: vec![],
        id: 0,
        scope: None,
        vars_before: 0,
    }
}

impl Lowerer {
    /// `{ let p1 = a1; let p2 = a2; body }`.
    pub(super) fn inline(&mut self, params: &[Pat], body: &Expr, args: &[Expr]) -> Option<Expr> {
        if params.len() != args.len() {
            return None;
        }
        let mut pairs = vec![];
        for (p, a) in params.iter().zip(args) {
            bind_pattern(p, a, &mut pairs)?;
        }
        // A window or chunk (`x[a..b]`) is read through the sequence it is part of.
        let (views, pairs) = super::views::split_views(pairs);
        let mut substituted;
        let body = if views.is_empty() {
            body
        } else {
            substituted = body.clone();
            if super::views::substitute_views(&mut substituted, &views).is_none() {
                let (name, _) = &views[0];
                self.error(name.span(), format!("a window or chunk `{name}` is read in a `#[differentiate]` function through `{name}[j]`, `{name}.len()` and `{name}.iter()`: index the sequence itself to pass a part of it on (`x[i]`, `x[i + 1]`)"));
                return None;
            }
            &substituted
        };
        // `|i| &x[i]` of a float sequence: the element itself, which the caller's `*pick(1)`
        // or arithmetic reads as a number (the borrow would be a reference into the
        // sequence held past the call).
        let element;
        let body = match body {
            Expr::Reference(r) if r.mutability.is_none() && self.float_element(&r.expr) => {
                element = (*r.expr).clone();
                &element
            }
            _ => body,
        };
        // `|a| a` called with `&v`: the borrow itself, which `let w = pick(&v);` binds as
        // another name for `v` (bound to a parameter and returned, it would be a move).
        let mut pairs = pairs;
        let borrowed;
        let body = match crate::tokens::peel_trivial(body) {
            Expr::Path(p) if p.qself.is_none() => {
                let returned = pairs.iter().position(|(n, v)| {
                    p.path.is_ident(n)
                        && matches!(v, Expr::Reference(r) if r.mutability.is_none()
                            && matches!(&*r.expr, Expr::Path(_)))
                });
                // (Not where another pair binds a name the borrow reads: `|a, y| a` called
                // as `f(&y, &x)` binds `y` to `&x` before the body would read `&y`.)
                let reads_a_bound_name = |k: usize| {
                    let mut read = std::collections::HashSet::new();
                    super::uses::collect_idents(
                        quote::ToTokens::to_token_stream(&pairs[k].1),
                        &mut read,
                    );
                    pairs.iter().enumerate().any(|(j, (n, _))| {
                        j != k && read.contains(&n.to_string().replace("r#", ""))
                    })
                };
                match returned {
                    Some(k)
                        if pairs.iter().filter(|(n, _)| p.path.is_ident(n)).count() == 1
                            && !reads_a_bound_name(k) =>
                    {
                        borrowed = pairs.remove(k).1;
                        &borrowed
                    }
                    _ => body,
                }
            }
            _ => body,
        };
        let mut lets = self.bind_in_order(pairs);
        for p in params {
            keep_mut(&mut lets, p);
        }
        // A body that is an assignment (`|v| total += v`) is a statement of the block.
        let statement = matches!(body, Expr::Assign(_))
            || matches!(body, Expr::Binary(b) if crate::tokens::is_compound_assign(&b.op));
        // (A body that is no statement of a block, `crate.iter()` of a mutant: not inlined.)
        let block = match statement {
            true => quote::quote!({ #(#lets)* #body; }),
            false => quote::quote!({ #(#lets)* #body }),
        };
        syn::parse2(block).ok()
    }

    /// `let name = value;` for each pair, every value read before any name shadows it.
    pub(super) fn bind_in_order(&mut self, pairs: Vec<(Ident, Expr)>) -> Vec<syn::Stmt> {
        let clash = pairs.iter().enumerate().any(|(k, (_, value))| {
            let mut read = std::collections::HashSet::new();
            super::uses::collect_idents(quote::ToTokens::to_token_stream(value), &mut read);
            pairs[..k]
                .iter()
                // `collect_idents` drops the `r#` of raw identifiers.
                .any(|(n, _)| read.contains(&n.to_string().replace("r#", "")))
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
/// A closure body with `return` in it (`|f| { if f <= 0.0 { return floor; } f.ln() }`), as
/// the labelled loop it amounts to once inlined: `'closure: loop { break 'closure { … break
/// 'closure floor; … f.ln() } }`, each `return e` a `break 'closure e` (not those of
/// closures or items nested in it, which are their own).
fn returns_as_breaks(body: Expr) -> Expr {
    if early_return(&body).is_none() {
        return body;
    }
    struct Breaks;
    impl syn::visit_mut::VisitMut for Breaks {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            if let Expr::Return(r) = e {
                let value = r.expr.clone();
                let span = r.return_token.span;
                let label = syn::Lifetime::new("'__closure", span);
                *e = match value {
                    Some(v) => syn::parse_quote_spanned!(span=> break #label #v),
                    None => syn::parse_quote_spanned!(span=> break #label ()),
                };
                if let Expr::Break(b) = e {
                    if let Some(v) = &mut b.expr {
                        self.visit_expr_mut(v);
                    }
                }
                return;
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
        fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}
        fn visit_item_mut(&mut self, _: &mut syn::Item) {}
    }
    let mut body = body;
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Breaks, &mut body);
    // A block's statements go into the loop, its last expression is the last `break`.
    if let Expr::Block(b) = &body {
        let mut stmts = b.block.stmts.clone();
        let tail = match stmts.last() {
            Some(syn::Stmt::Expr(e, None)) => {
                let e = e.clone();
                stmts.pop();
                Some(e)
            }
            // `return v;` last (now `break '__closure v;`): the loop's last break already.
            Some(syn::Stmt::Expr(Expr::Break(_), Some(_))) => None,
            _ => Some(syn::parse_quote!(())),
        };
        return match tail {
            Some(tail) => {
                syn::parse_quote!('__closure: loop { #(#stmts)* break '__closure #tail; })
            }
            None => syn::parse_quote!('__closure: loop { #(#stmts)* }),
        };
    }
    syn::parse_quote!('__closure: loop { break '__closure #body; })
}

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

/// The names a pattern binds, each with its value: names, `&name`, `_`, typed names, and
/// tuples of those against tuple expressions (as `zip` and `enumerate` yield).
pub(super) fn bind_pattern(p: &Pat, value: &Expr, out: &mut Vec<(Ident, Expr)>) -> Option<()> {
    match (p, value) {
        (Pat::Reference(r), _) => bind_pattern(&r.pat, value, out),
        // (`|p: Point| …` called with `t.into()`: `Point::from(t)`.)
        (Pat::Type(t), _) => match super::let_rewrites::into_as_from_of(&t.ty, value) {
            Some(from) => bind_pattern(&t.pat, &from, out),
            None => bind_pattern(&t.pat, value, out),
        },
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
        // An element that is a tuple (`for &(x, y) in pts` over `pts: &[(f64, f64)]`): each
        // name reads its field (`pts[i].0`); so does an entry's index in an array of three
        // axes (`unravel_pattern(&shape, k).2`).
        (Pat::Tuple(t), Expr::Index(_) | Expr::Path(_) | Expr::Field(_) | Expr::Call(_)) => {
            if t.elems.iter().any(|p| matches!(p, Pat::Rest(_))) {
                return None;
            }
            for (k, p) in t.elems.iter().enumerate() {
                let member = syn::Member::Unnamed(syn::Index::from(k));
                bind_pattern(p, &syn::parse_quote!(#value.#member), out)?;
            }
            Some(())
        }
        _ => None,
    }
}

/// The `let`s among `lets` that bind a name `pat` binds `mut` (`for mut t in …`,
/// `|mut acc| …`), made `mut` too.
pub(super) fn keep_mut(lets: &mut [syn::Stmt], pat: &Pat) {
    use syn::visit::Visit;
    struct Mutable(Vec<Ident>);
    impl<'ast> Visit<'ast> for Mutable {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            if p.mutability.is_some() {
                self.0.push(p.ident.clone());
            }
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut mutable = Mutable(vec![]);
    mutable.visit_pat(pat);
    for s in lets.iter_mut() {
        if let syn::Stmt::Local(syn::Local {
            pat: Pat::Ident(i), ..
        }) = s
        {
            if mutable.0.contains(&i.ident) {
                i.mutability = Some(Default::default());
            }
        }
    }
}

/// The name a closure's one parameter binds: `x`, `&x`, `x: f64`, `&x: &f64`.
pub(super) fn closure_param_ident(p: &Pat) -> Option<Ident> {
    match p {
        Pat::Ident(i) if i.subpat.is_none() && i.by_ref.is_none() => Some(i.ident.clone()),
        Pat::Reference(r) => closure_param_ident(&r.pat),
        Pat::Type(t) => closure_param_ident(&t.pat),
        _ => None,
    }
}
