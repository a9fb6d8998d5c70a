//! `#[checkpoint]` attributes: parsed on loops and blocks, refused elsewhere, and stripped
//! (the emitted code carries no attribute, so it compiles on stable Rust); and the `let v;`
//! a checkpointed region assigns, which its replay needs initialised.

use super::Lowerer;
use crate::ir::*;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};

impl Lowerer {
    /// The schedule a `#[checkpoint]` among `attrs` asks for (malformed ones are errors).
    pub(super) fn checkpoint_attr(&mut self, attrs: &[syn::Attribute]) -> Option<Checkpoint> {
        let attr = attrs.iter().find(|a| a.path().is_ident("checkpoint"))?;
        match &attr.meta {
            syn::Meta::Path(_) => Some(Checkpoint::Sqrt),
            syn::Meta::List(list) => match list.parse_args::<syn::MetaNameValue>() {
                // A written count of none leaves nothing to replay from.
                Ok(nv) if is_zero(&nv.value) => {
                    self.error(syn::spanned::Spanned::span(&nv.value), "a `#[checkpoint]` needs at least one segment and one snapshot: write a count of 1 or more");
                    None
                }
                Ok(nv) if nv.path.is_ident("segments") => Some(Checkpoint::Segments(nv.value)),
                Ok(nv) if nv.path.is_ident("snapshots") => Some(Checkpoint::Snapshots(nv.value)),
                _ => {
                    self.error(syn::spanned::Spanned::span(&list.tokens), "write `#[checkpoint]`, `#[checkpoint(segments = K)]` or `#[checkpoint(snapshots = S)]`");
                    None
                }
            },
            syn::Meta::NameValue(nv) => {
                self.error(syn::spanned::Spanned::span(nv), "write `#[checkpoint]`, `#[checkpoint(segments = K)]` or `#[checkpoint(snapshots = S)]`");
                None
            }
        }
    }

    /// A `#[checkpoint]` where it means nothing is an error.
    pub(super) fn refuse_checkpoint(&mut self, attrs: &[syn::Attribute]) {
        if let Some(attr) = attrs.iter().find(|a| a.path().is_ident("checkpoint")) {
            self.error(
                syn::spanned::Spanned::span(attr),
                "`#[checkpoint]` goes on a `for` or `while` loop, or on a block `{ … }`, inside a `#[differentiate]` function",
            );
        }
    }

    /// The checks a checkpointed loop must pass: it runs all its iterations, in order.
    pub(super) fn check_checkpointed_loop(
        &mut self,
        span: Span,
        exit: &Option<Expr>,
        range: Option<&Range>,
    ) {
        if exit.is_some() {
            self.error(span, "a `#[checkpoint]` loop cannot `break` or `return` early: its segments are replayed by step count; move the exit test outside, or drop `#[checkpoint]`");
        }
        if range.is_some_and(|r| r.rev || r.step.is_some()) {
            self.error(span, "a `#[checkpoint]` loop runs over an ascending range (`a..b` or `a..=b`): index backwards or with a stride inside the loop");
        }
    }
}

/// Where `block` leaves itself early: a `return`, `?`, or a `break`/`continue` not inside
/// a loop of its own (closures and nested loops keep theirs).
pub(super) fn early_exit(block: &syn::Block) -> Option<Span> {
    use syn::visit::Visit;
    struct Exits {
        loops: usize,
        found: Option<Span>,
    }
    impl<'ast> Visit<'ast> for Exits {
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            self.found.get_or_insert(syn::spanned::Spanned::span(r));
        }
        fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
            self.found.get_or_insert(t.question_token.span);
            syn::visit::visit_expr_try(self, t);
        }
        fn visit_expr_break(&mut self, b: &'ast syn::ExprBreak) {
            if self.loops == 0 || b.label.is_some() {
                self.found.get_or_insert(syn::spanned::Spanned::span(b));
            }
            syn::visit::visit_expr_break(self, b);
        }
        fn visit_expr_continue(&mut self, c: &'ast syn::ExprContinue) {
            if self.loops == 0 || c.label.is_some() {
                self.found.get_or_insert(syn::spanned::Spanned::span(c));
            }
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
        fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
            self.loops += 1;
            syn::visit::visit_expr_for_loop(self, f);
            self.loops -= 1;
        }
        fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
            self.loops += 1;
            syn::visit::visit_expr_while(self, w);
            self.loops -= 1;
        }
        fn visit_expr_loop(&mut self, l: &'ast syn::ExprLoop) {
            self.loops += 1;
            syn::visit::visit_expr_loop(self, l);
            self.loops -= 1;
        }
    }
    let mut exits = Exits {
        loops: 0,
        found: None,
    };
    exits.visit_block(block);
    exits.found
}

/// `0` written as the count.
fn is_zero(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) if i.base10_parse::<u64>().ok() == Some(0))
}

/// The attributes of the expressions that can stand as statements.
pub(super) fn expr_attrs(e: &syn::Expr) -> &[syn::Attribute] {
    match e {
        syn::Expr::If(x) => &x.attrs,
        syn::Expr::Match(x) => &x.attrs,
        syn::Expr::Assign(x) => &x.attrs,
        syn::Expr::Binary(x) => &x.attrs,
        syn::Expr::MethodCall(x) => &x.attrs,
        syn::Expr::Call(x) => &x.attrs,
        syn::Expr::Return(x) => &x.attrs,
        syn::Expr::Break(x) => &x.attrs,
        syn::Expr::Continue(x) => &x.attrs,
        syn::Expr::Paren(x) => &x.attrs,
        _ => &[],
    }
}

impl Lowerer {
    /// A `let v;` assigned inside a `#[checkpoint]` region starts from a default and is
    /// `mut`, as `let mut v: f64;` is: the region's snapshot copies `v` at the region's entry,
    /// and its replay in the reverse sweep assigns `v` again.
    pub(super) fn initialise_deferred_in_checkpoints(&mut self, body: &mut Block) {
        fn assigned_in_regions(block: &Block, inside: bool, into: &mut HashSet<VarId>) {
            for s in &block.stmts {
                if inside {
                    if let StmtKind::Assign { place, .. } = &s.kind {
                        into.insert(place.var());
                    }
                }
                let region = inside
                    || matches!(
                        &s.kind,
                        StmtKind::Block { .. }
                            | StmtKind::For {
                                checkpoint: Some(_),
                                ..
                            }
                            | StmtKind::While {
                                checkpoint: Some(_),
                                ..
                            }
                    );
                for b in s.blocks() {
                    assigned_in_regions(b, region, into);
                }
            }
        }
        let mut assigned = HashSet::new();
        assigned_in_regions(body, false, &mut assigned);
        let deferred: Vec<(VarId, Span)> = {
            let mut found = vec![];
            body.for_each_stmt(&mut |s| {
                if let StmtKind::Let { var, init: None } = &s.kind {
                    if assigned.contains(var) && !self.vars[*var].mutable {
                        found.push((*var, s.span));
                    }
                }
            });
            found
        };
        if deferred.is_empty() {
            return;
        }
        for &(var, _) in &deferred {
            let guessed = self.guessed.contains(&var);
            let v = &mut self.vars[var];
            v.mutable = true;
            // Untyped (`let v;`) and given a float: the snapshot names its type. (Not where
            // the float is a guess, a call's result whose type rustc decides.)
            if v.ty.is_none() && v.kind == Kind::Float && !guessed {
                v.ty = Some(self.float.clone());
            }
        }
        let inits: HashMap<VarId, Expr> = deferred
            .iter()
            .map(|&(var, span)| (var, self.placeholder(var, span)))
            .collect();
        fn set(block: &mut Block, inits: &HashMap<VarId, Expr>) {
            for s in &mut block.stmts {
                if let StmtKind::Let { var, init } = &mut s.kind {
                    if init.is_none() {
                        *init = inits.get(var).cloned();
                    }
                }
                for b in s.blocks_mut() {
                    set(b, inits);
                }
            }
        }
        set(body, &inits);
    }
}
