//! Recompute instead of record: a value of an inner block that the reverse sweep reads is
//! normally pushed on a tape when the block ends. When it is cheap to compute and made only
//! from values that never change (immutable parameters and locals, the index of a loop that
//! is replayed over its range), the reverse sweep computes it again instead: a few
//! arithmetic operations cost less than a push and a pop (Enzyme's cache-or-recompute).

use crate::analysis::Needed;
use crate::ir::*;
use crate::rules::Partial;
use std::collections::HashMap;

/// The variables to recompute, with the expression that computes them.
pub struct Remat {
    pub init: HashMap<VarId, Expr>,
}

impl Remat {
    pub fn contains(&self, v: VarId) -> bool {
        self.init.contains_key(&v)
    }
}

pub fn analyze(func: &Func, needed: &mut Needed) -> Remat {
    let mut lets = HashMap::new();
    let mut rebound = vec![];
    collect(&func.body, &mut lets, &mut rebound);
    let mut remat: HashMap<VarId, Expr> = HashMap::new();
    // Candidates in declaration order, so a candidate may read an earlier one.
    let mut candidates: Vec<VarId> = lets.keys().copied().collect();
    candidates.sort_unstable();
    for v in candidates {
        let var = &func.vars[v];
        let init: &Expr = lets[&v];
        let inner = matches!(var.scope, Some(b) if b != 0);
        if !(inner && needed.is_needed(v) && !var.mutable && cheap(init)) {
            continue;
        }
        let mut stable = true;
        init.visit_vars(&mut |u| {
            let w = &func.vars[u];
            let immutable_top =
                func.is_top_level(u) && !w.mutable && (w.scope.is_none() || lets.contains_key(&u));
            stable &= immutable_top || rebound.contains(&u) || remat.contains_key(&u);
        });
        if stable {
            remat.insert(v, init.clone());
        }
    }
    // What a recomputation reads must be there when it runs.
    for init in remat.values() {
        init.visit_vars(&mut |u| needed.needed[u] = true);
    }
    Remat { init: remat }
}

/// `let` initialisers by variable, and the indices of loops replayed over their range.
fn collect<'f>(b: &'f Block, lets: &mut HashMap<VarId, &'f Expr>, rebound: &mut Vec<VarId>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                lets.insert(*var, e);
            }
            StmtKind::If { then, els, .. } => {
                collect(then, lets, rebound);
                collect(els, lets, rebound);
            }
            StmtKind::For {
                var, body, trips, ..
            } => {
                if trips.is_none() {
                    rebound.push(*var);
                }
                collect(body, lets, rebound);
            }
            StmtKind::While { body, .. } => collect(body, lets, rebound),
            StmtKind::Match { arms, .. } => {
                arms.iter().for_each(|(_, b)| collect(b, lets, rebound))
            }
            _ => {}
        }
    }
}

/// Arithmetic, indexing, casts and piecewise-linear functions: cheaper to redo than to
/// store. Transcendental functions and calls are stored.
fn cheap(e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        ok &= match &x.kind {
            ExprKind::Elementary(rule, _) => {
                matches!(rule.partial, Partial::Zero)
                    || matches!(rule.name, "abs" | "max" | "min" | "clamp" | "mul_add")
            }
            ExprKind::Opaque(OpaqueCall::Method(_, m, _, _)) => m == "len",
            ExprKind::Opaque(_)
            | ExprKind::Copy(_)
            | ExprKind::Repeat { .. }
            | ExprKind::List { .. }
            | ExprKind::EmptyVec(_) => false,
            _ => true,
        }
    });
    ok
}
