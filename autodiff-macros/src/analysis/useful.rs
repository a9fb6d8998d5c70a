//! Which variables are *useful*: their values reach the function's results (its returned
//! values, its output buffers) through differentiable reads. A variable that is not useful
//! (`let _q = x * (x - 3.0).ln();` never read again, or a value only compared, `if q < 1.0`)
//! has a cotangent that is identically zero, so the reverse sweep skips the adjoint of its
//! definition: `0 · ∂q/∂x` would be `0 · NaN = NaN` where a partial is not finite at the
//! point (the `ln` of a negative number), poisoning every gradient the function has.
//!
//! The analysis is conservative: only definitions of locals (`let v = e`, `v = e`) are
//! gated by their variable; every other statement (a call, a push, an element written, a
//! loop's bounds) makes everything it reads useful.

use crate::ir::*;

/// One flag per variable: whether its value may reach a result differentiably.
pub fn analyze(func: &Func) -> Vec<bool> {
    let mut useful = vec![false; func.vars.len()];
    for &v in &func.ret {
        useful[v] = true;
    }
    for o in &func.outputs {
        useful[o.local] = true;
    }
    loop {
        let mut changed = false;
        mark_block(&func.body, &mut useful, &mut changed);
        if !changed {
            return useful;
        }
    }
}

fn mark_block(b: &Block, useful: &mut [bool], changed: &mut bool) {
    for s in &b.stmts {
        let defines = match &s.kind {
            StmtKind::Let { var, .. } => Some(*var),
            StmtKind::Assign {
                place: Place::Var(v),
                ..
            } => Some(*v),
            _ => None,
        };
        if defines.is_none_or(|v| useful[v]) {
            for e in s.exprs() {
                reads(e, &mut |v| {
                    if !useful[v] {
                        useful[v] = true;
                        *changed = true;
                    }
                });
            }
        }
        for inner in s.blocks() {
            mark_block(inner, useful, changed);
        }
    }
}

/// The variables `e` reads where a derivative can flow: not the operands of a comparison,
/// whose value is a flag.
fn reads(e: &Expr, f: &mut impl FnMut(VarId)) {
    match &e.kind {
        ExprKind::Var(v) => f(*v),
        ExprKind::Cmp(..) => {}
        _ => {
            for c in e.children() {
                reads(c, f);
            }
        }
    }
}
