//! `#[checkpoint]` attributes: parsed on loops and blocks, refused elsewhere, and stripped
//! (the emitted code carries no attribute, so it compiles on stable Rust).

use super::Lowerer;
use crate::ir::*;

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
