//! Closure hygiene: the names a closure's body reads resolve where the closure is
//! *defined*, as in Rust, although lowering inlines the body where it is *called*.
//!
//! Between the two sites a captured name may have been shadowed (`let a = x; let g = |t| a
//! * t; let a = y;`), or a mutable variable reassigned (`move` closures copy it). Lowering
//! records, at the definition, which variable each free name of the body denotes
//! ([`free_names`]); at a call where a name now denotes another variable it rewrites the
//! inlined body ([`rename_free`]) so the name reaches the definition's variable again.
//!
//! A name is free when no pattern inside the body binds it before the use: the closure's
//! own parameters, `let`s of its blocks (from the statement after them), `for`, `match`,
//! `if let` and `while let` patterns, and nested closures' parameters.

use crate::tokens::pattern_names;
use proc_macro2::{Ident, TokenStream, TokenTree};
use std::collections::{HashMap, HashSet};
use syn::visit_mut::VisitMut;
use syn::{Expr, Pat};

/// A name the body reads from outside itself.
pub(super) struct Free {
    pub name: String,
    /// The body assigns to it (`a = …`, `a += …`, `a[i] = …`): a mutable capture.
    pub assigned: bool,
}

/// The free names of a closure with these parameters and body, in order of first use.
pub(super) fn free_names(params: &[Pat], body: &Expr) -> Vec<Free> {
    let mut walker = Walker::new(params, Mode::Collect(vec![]));
    walker.visit_expr_mut(&mut body.clone());
    let Mode::Collect(found) = walker.mode else {
        unreachable!("collecting")
    };
    let mut out: Vec<Free> = vec![];
    for (name, assigned) in found {
        match out.iter_mut().find(|f| f.name == name) {
            Some(f) => f.assigned |= assigned,
            None => out.push(Free { name, assigned }),
        }
    }
    out
}

/// The body with each free name in `renames` replaced by its new name.
pub(super) fn rename_free(params: &[Pat], body: &Expr, renames: &HashMap<String, Ident>) -> Expr {
    let mut body = body.clone();
    Walker::new(params, Mode::Rename(renames)).visit_expr_mut(&mut body);
    body
}

enum Mode<'a> {
    /// Every free use, with whether it is an assignment's target.
    Collect(Vec<(String, bool)>),
    Rename(&'a HashMap<String, Ident>),
}

/// A walk over the body that keeps the names bound at each point.
struct Walker<'a> {
    bound: Vec<HashSet<String>>,
    mode: Mode<'a>,
}

impl<'a> Walker<'a> {
    fn new(params: &[Pat], mode: Mode<'a>) -> Self {
        let mut walker = Walker {
            bound: vec![HashSet::new()],
            mode,
        };
        params.iter().for_each(|p| walker.bind(p));
        walker
    }

    fn bind(&mut self, p: &Pat) {
        let mut names = vec![];
        pattern_names(p, &mut names);
        self.bound
            .last_mut()
            .expect("a scope is open")
            .extend(names);
    }

    fn is_free(&self, name: &str) -> bool {
        !self.bound.iter().any(|s| s.contains(name))
    }

    fn scoped(&mut self, f: impl FnOnce(&mut Self)) {
        self.bound.push(HashSet::new());
        f(self);
        self.bound.pop();
    }

    /// A free identifier in expression position: noted, or renamed.
    fn ident(&mut self, ident: &mut Ident, assigned: bool) {
        let name = ident.to_string();
        if !self.is_free(&name) {
            return;
        }
        match &mut self.mode {
            Mode::Collect(found) => found.push((name, assigned)),
            Mode::Rename(map) => {
                if let Some(new) = map.get(&name) {
                    let span = ident.span();
                    *ident = new.clone();
                    ident.set_span(span);
                }
            }
        }
    }

    /// The variable at the root of an assigned place: `a`, `a[i]`, `a.f`, `*a`.
    fn assigned_root(&mut self, place: &mut Expr) {
        match place {
            Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => {
                self.ident(&mut p.path.segments[0].ident, true);
            }
            Expr::Index(i) => self.assigned_root(&mut i.expr),
            Expr::Field(f) => self.assigned_root(&mut f.base),
            Expr::Paren(p) => self.assigned_root(&mut p.expr),
            Expr::Unary(u) => self.assigned_root(&mut u.expr),
            _ => {}
        }
    }

    /// Identifiers in a macro's tokens (`vec![a; n]`) are uses, except after a `.`.
    fn tokens(&mut self, tokens: &mut TokenStream) {
        let mut after_dot = false;
        let out: TokenStream = std::mem::take(tokens)
            .into_iter()
            .map(|tt| {
                let was_dot = after_dot;
                after_dot = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '.');
                match tt {
                    TokenTree::Ident(mut i) if !was_dot => {
                        self.ident(&mut i, false);
                        TokenTree::Ident(i)
                    }
                    TokenTree::Group(g) => {
                        let mut inner = g.stream();
                        self.tokens(&mut inner);
                        let mut new = proc_macro2::Group::new(g.delimiter(), inner);
                        new.set_span(g.span());
                        TokenTree::Group(new)
                    }
                    other => other,
                }
            })
            .collect();
        *tokens = out;
    }
}

impl VisitMut for Walker<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        self.scoped(|w| {
            for stmt in &mut block.stmts {
                match stmt {
                    syn::Stmt::Local(local) => {
                        if let Some(init) = &mut local.init {
                            w.visit_expr_mut(&mut init.expr);
                            if let Some((_, e)) = &mut init.diverge {
                                w.visit_expr_mut(e);
                            }
                        }
                        w.bind(&local.pat);
                    }
                    // Items see none of the closure's locals.
                    syn::Stmt::Item(_) => {}
                    syn::Stmt::Expr(e, _) => w.visit_expr_mut(e),
                    syn::Stmt::Macro(m) => w.tokens(&mut m.mac.tokens),
                }
            }
        });
    }

    fn visit_expr_closure_mut(&mut self, c: &mut syn::ExprClosure) {
        self.scoped(|w| {
            c.inputs.iter().for_each(|p| w.bind(p));
            w.visit_expr_mut(&mut c.body);
        });
    }

    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        self.scoped(|w| {
            w.bind(&f.pat);
            w.visit_block_mut(&mut f.body);
        });
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        self.scoped(|w| {
            w.bind(&arm.pat);
            if let Pat::Guard(g) = &mut arm.pat {
                w.visit_expr_mut(&mut g.guard);
            }
            w.visit_expr_mut(&mut arm.body);
        });
    }

    fn visit_expr_if_mut(&mut self, i: &mut syn::ExprIf) {
        // `if let` binds in the condition (after its scrutinee) and the `then` branch.
        self.scoped(|w| {
            w.visit_expr_mut(&mut i.cond);
            w.visit_block_mut(&mut i.then_branch);
        });
        if let Some((_, e)) = &mut i.else_branch {
            self.visit_expr_mut(e);
        }
    }

    fn visit_expr_while_mut(&mut self, wh: &mut syn::ExprWhile) {
        self.scoped(|w| {
            w.visit_expr_mut(&mut wh.cond);
            w.visit_block_mut(&mut wh.body);
        });
    }

    fn visit_expr_let_mut(&mut self, l: &mut syn::ExprLet) {
        self.visit_expr_mut(&mut l.expr);
        self.bind(&l.pat);
    }

    fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
        if p.qself.is_none() && p.path.get_ident().is_some() {
            self.ident(&mut p.path.segments[0].ident, false);
        }
    }

    fn visit_expr_assign_mut(&mut self, a: &mut syn::ExprAssign) {
        self.assigned_root(&mut a.left);
        syn::visit_mut::visit_expr_assign_mut(self, a);
    }

    fn visit_expr_binary_mut(&mut self, b: &mut syn::ExprBinary) {
        if crate::tokens::is_compound_assign(&b.op) {
            self.assigned_root(&mut b.left);
        }
        syn::visit_mut::visit_expr_binary_mut(self, b);
    }

    fn visit_field_value_mut(&mut self, fv: &mut syn::FieldValue) {
        // `S { a }` is `S { a: a }`: a rename must spell the value out.
        let shorthand = fv.colon_token.is_none();
        self.visit_expr_mut(&mut fv.expr);
        let unchanged = matches!((&fv.member, &fv.expr),
            (syn::Member::Named(m), Expr::Path(p)) if p.path.is_ident(m));
        if shorthand && !unchanged {
            fv.colon_token = Some(Default::default());
        }
    }

    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        self.tokens(&mut m.tokens);
    }

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}

    // Patterns bind (see `bind`); only a guard's expression reads names.
    fn visit_pat_mut(&mut self, _: &mut Pat) {}
}
