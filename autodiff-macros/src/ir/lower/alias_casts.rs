//! Variables made by a cast to a type the attribute cannot see (`let mut b = n as Beats;`,
//! `type Beats = f64;` elsewhere). Lowering first reads such a target as an integer when
//! neither the value cast nor the alias's name says float; a later float assigned to the
//! variable (`b += x * y`) settles it, since Rust adds a float only to a float, and its
//! value is then written `(n as Beats) as f64`, which is the same number and reads as a
//! float to every later stage.

use super::Lowerer;
use crate::ir::*;

impl Lowerer {
    /// Makes floats of the integer-read alias casts that the body assigns floats to, and of
    /// the integer locals computed from them, until nothing changes.
    pub(super) fn settle_alias_casts(&mut self, body: &mut Block) {
        if self.alias_casts.is_empty() {
            return;
        }
        let casts: Vec<VarId> = std::mem::take(&mut self.alias_casts);
        let mut settled = casts.clone();
        loop {
            let mut changed = false;
            visit(body, &mut |s| {
                let (v, value) = match &s.kind {
                    StmtKind::Assign {
                        place: Place::Var(v),
                        value,
                        ..
                    } if settled.contains(v) => (*v, value),
                    // `let c = b * 2.0;` of a settled variable, read as an integer before.
                    StmtKind::Let {
                        var,
                        init: Some(value),
                    } if reads_any(value, &settled) => (*var, value),
                    _ => return,
                };
                if self.vars[v].kind == Kind::Int
                    && self.vars[v].ty.is_none()
                    && self.kind_of(value) == Kind::Float
                {
                    self.vars[v].kind = Kind::Float;
                    settled.push(v);
                    changed = true;
                }
            });
            if !changed {
                break;
            }
        }
        let floats: Vec<VarId> = casts
            .into_iter()
            .filter(|&v| self.vars[v].kind == Kind::Float)
            .collect();
        let float = self.float.clone();
        visit_mut(body, &mut |s| {
            if let StmtKind::Let {
                var,
                init: Some(value),
            } = &mut s.kind
            {
                if floats.contains(var) {
                    let span = value.span;
                    let cast = std::mem::replace(value, Expr::new(ExprKind::Bool(false), span));
                    *value = Expr::new(ExprKind::Cast(Box::new(cast), float.clone()), span);
                }
            }
        });
    }
}

fn visit_mut(b: &mut Block, f: &mut impl FnMut(&mut Stmt)) {
    for s in &mut b.stmts {
        f(s);
        for inner in s.blocks_mut() {
            visit_mut(inner, f);
        }
    }
}

fn visit(b: &Block, f: &mut impl FnMut(&Stmt)) {
    for s in &b.stmts {
        f(s);
        for inner in s.blocks() {
            visit(inner, f);
        }
    }
}

fn reads_any(e: &Expr, vars: &[VarId]) -> bool {
    let mut found = false;
    e.visit_vars(&mut |u| found |= vars.contains(&u));
    found
}
