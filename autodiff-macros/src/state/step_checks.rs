//! The shapes of a method made of steps (`super::steps`) that its parts cannot carry:
//! locals passed between parts other than through carried slots, calls in a step's
//! argument expression, and early exits before a step. Each is the macro's message.

use super::segments::{assigned_names, Bindings, Reads, Segment};
use syn::visit::Visit;
use syn::{ExprMethodCall, Ident, Stmt};

/// A local bound in one part and read after a step is refused: each part is a method of
/// its own (locals a step binds are carried, `carried_reads`).
pub(super) fn check_locals(segments: &[Segment], values: &[bool]) -> syn::Result<()> {
    let mut bound: Vec<Ident> = vec![];
    let mut steps_seen = false;
    for (i, segment) in segments.iter().enumerate() {
        let mut reads = Reads::default();
        match segment {
            Segment::Stmts(stmts) => stmts.iter().for_each(|s| reads.visit_stmt(s)),
            Segment::Call(call, _) => reads.visit_expr_method_call(call),
        }
        let after_step = steps_seen || matches!(segment, Segment::Call(..));
        if let Some(read) = reads.0.iter().find(|r| after_step && bound.contains(r)) {
            // (A step's argument bound first by `hoist`, `__arg0`: said as the expression
            // the user wrote, at its place.)
            let hoisted = hoisted_argument(segments, read);
            let (at, name): (&dyn quote::ToTokens, String) = match &hoisted {
                Some(e) => {
                    // (The names it reads that those statements bind: `t` of `t * t`.)
                    let mut inner = Reads::default();
                    inner.visit_expr(e);
                    let culprit = inner.0.iter().find(|r| bound.contains(r));
                    let written = quote::ToTokens::to_token_stream(e).to_string();
                    match culprit {
                        Some(c) => (e, format!("{c}` (in `{written}`)")),
                        None => (e, format!("{written}`")),
                    }
                }
                None => (read, format!("{read}`")),
            };
            return Err(syn::Error::new_spanned(at, format!("`{name} is computed among statements that assign fields of `self` and read by a later step of the state (a call of a method of `self` or of a field of `self`) or after one, which `#[differentiate]` does not follow yet: compute it after those statements' last assignment to `self`, or keep it in a field of `self`")));
        }
        match segment {
            // (A part computing values only gives them on: `bound_values`.)
            Segment::Stmts(_) if values[i] => {}
            Segment::Stmts(stmts) => {
                for stmt in stmts {
                    if let Stmt::Local(local) = stmt {
                        let mut names = Bindings::default();
                        names.visit_pat(&local.pat);
                        bound.extend(names.0);
                    }
                }
                // (A parameter or a local given a value here, `x *= drive;`, too.)
                bound.extend(assigned_names(stmts));
            }
            Segment::Call(_, binds) => {
                steps_seen = true;
                bound.retain(|b| Some(b) != binds.as_ref());
            }
        }
    }
    Ok(())
}

/// The expression a step's argument named `name` was bound to by `hoist` (`let __arg0 = t *
/// t;`), if it is one.
fn hoisted_argument(segments: &[Segment], name: &Ident) -> Option<syn::Expr> {
    if !name.to_string().starts_with("__arg") {
        return None;
    }
    segments.iter().find_map(|segment| {
        let Segment::Stmts(stmts) = segment else {
            return None;
        };
        stmts.iter().find_map(|stmt| match stmt {
            Stmt::Local(local) => match (&local.pat, &local.init) {
                (syn::Pat::Ident(p), Some(init)) if p.ident == *name => Some((*init.expr).clone()),
                _ => None,
            },
            _ => None,
        })
    })
}

/// A step's argument computed with a call (`self.lp.process(x * Self::noise())`, bound
/// first as `let __arg0 = …;` by `hoist`) is refused: the statements between steps run
/// again in the reverse, so the call would give another value there. (A call as the whole
/// argument is evaluated once; a float's own methods, `x.sin()`, are functions of it.)
pub(super) fn check_argument_calls(segments: &[Segment]) -> syn::Result<()> {
    struct Calls(Option<proc_macro2::TokenStream>);
    impl<'a> Visit<'a> for Calls {
        fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
            self.0
                .get_or_insert_with(|| quote::ToTokens::to_token_stream(c));
        }
        fn visit_expr_method_call(&mut self, m: &'a ExprMethodCall) {
            if crate::rules::lookup(&m.method.to_string()).is_none() {
                self.0
                    .get_or_insert_with(|| quote::ToTokens::to_token_stream(m));
            }
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    for segment in segments {
        let Segment::Stmts(stmts) = segment else {
            continue;
        };
        for stmt in stmts {
            let Stmt::Local(local) = stmt else { continue };
            let hoisted = matches!(&local.pat, syn::Pat::Ident(p) if p.ident.to_string().starts_with("__arg"));
            let (true, Some(init)) = (hoisted, &local.init) else {
                continue;
            };
            let mut calls = Calls(None);
            calls.visit_expr(&init.expr);
            if let Some(call) = calls.0 {
                return Err(syn::Error::new_spanned(call, "a call in a step's argument expression is not followed by `#[differentiate]`: the reverse runs the statements between steps again, where the call could give another value; pass the call's value in from outside the method, or make the call the step's whole argument (`self.filter.process(Self::noise())`, evaluated once)"));
            }
        }
    }
    Ok(())
}

/// A `return` or `?` in a statement (closures aside).
pub(super) fn early_exit(stmt: &Stmt) -> Option<proc_macro2::TokenStream> {
    struct Find(Option<proc_macro2::TokenStream>);
    impl<'a> Visit<'a> for Find {
        fn visit_expr_return(&mut self, r: &'a syn::ExprReturn) {
            self.0
                .get_or_insert_with(|| quote::ToTokens::to_token_stream(r));
        }
        fn visit_expr_try(&mut self, t: &'a syn::ExprTry) {
            self.0
                .get_or_insert_with(|| quote::ToTokens::to_token_stream(t));
            syn::visit::visit_expr_try(self, t);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find(None);
    find.visit_stmt(stmt);
    find.0
}
