//! A method made of steps (`super::steps`) cut at its steps into segments, and what the
//! statements of a segment read and bind: the names the split passes from part to part.

use syn::visit::Visit;
use syn::{Expr, ExprMethodCall, Ident, Stmt};

/// Statements between steps, or a step (with the local its value is bound to).
pub(super) enum Segment<'a> {
    Stmts(Vec<Stmt>),
    Call(&'a ExprMethodCall, Option<Ident>),
}

/// The single-segment lower-case paths an expression reads (`x`, `self`): variables.
#[derive(Default)]
pub(super) struct Reads(pub(super) Vec<Ident>);

impl<'a> Visit<'a> for Reads {
    fn visit_expr_path(&mut self, p: &'a syn::ExprPath) {
        if let Some(id) = p.path.get_ident() {
            let text = id.to_string();
            // `PI`, `MAX`: constants.
            if text.chars().any(|c| c.is_lowercase()) {
                self.0.push(id.clone());
            }
        }
    }
    fn visit_expr_method_call(&mut self, m: &'a ExprMethodCall) {
        self.visit_expr(&m.receiver);
        for a in &m.args {
            self.visit_expr(a);
        }
    }
    fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
        // The function's own path is not a read.
        for a in &c.args {
            self.visit_expr(a);
        }
    }
}

/// The names the statements give values to: the locals `let` binds (with their written
/// types), then the variables they assign (`x *= drive;`, a parameter's too).
pub(super) fn bound_values(stmts: &[Stmt]) -> Vec<(Ident, Option<syn::Type>)> {
    let mut found = let_bound(stmts);
    for name in assigned_names(stmts) {
        if !found.iter().any(|(n, _)| *n == name) {
            found.push((name, None));
        }
    }
    found
}

/// The plain variables the statements assign (`x = …`, `x *= …`; closures aside).
pub(super) fn assigned_names(stmts: &[Stmt]) -> Vec<Ident> {
    let mut names: Vec<Ident> = vec![];
    for place in super::places::assigned_places(stmts) {
        if let Expr::Path(p) = place {
            if let Some(id) = p.path.get_ident().filter(|id| !names.contains(id)) {
                names.push(id.clone());
            }
        }
    }
    names
}

/// The locals `let` binds in the statements, with their written types.
pub(super) fn let_bound(stmts: &[Stmt]) -> Vec<(Ident, Option<syn::Type>)> {
    let mut found = vec![];
    for stmt in stmts {
        let Stmt::Local(local) = stmt else { continue };
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(t) => (&*t.pat, Some((*t.ty).clone())),
            p => (p, None),
        };
        let mut names = Bindings::default();
        names.visit_pat(pat);
        let single = names.0.len() == 1;
        found.extend(
            names
                .0
                .into_iter()
                .map(|n| (n, ty.clone().filter(|_| single))),
        );
    }
    found
}

#[derive(Default)]
pub(super) struct Bindings(pub(super) Vec<Ident>);

impl<'a> Visit<'a> for Bindings {
    fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
        self.0.push(p.ident.clone());
    }
}
