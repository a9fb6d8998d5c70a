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
//!
//! A useful value can still go unread on the path a run takes: computed ahead and read only
//! in a branch not taken (`let s = x.sqrt(); if x >= 0.0 { s } else { -x }` at x = −1, or
//! `let u = x / r;` read only where `r > 0`). Its cotangent is then exactly zero, and the
//! same `0 · NaN` would follow. [`conditionally_read`] finds such locals; the reverse sweep
//! runs their definition's adjoint only when their cotangent is not zero. That skips
//! nothing else: where the partial is finite, a zero cotangent adds zero.

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

/// One flag per variable: a float local defined once, by `let v = e`, each of whose
/// differentiable reads lies in a block nested in the one defining it (an arm of an `if` or
/// a `match`, a loop's body) or defines another such local (`let u = x / r;` read only in an
/// arm makes `r` one too), so that a run may read it nowhere.
pub fn conditionally_read(func: &Func) -> Vec<bool> {
    let n = func.vars.len();
    let mut walk = Depths {
        defined: vec![None; n],
        written: vec![false; n],
        reads: vec![vec![]; n],
    };
    walk.block(&func.body, 0);
    let mut conditional: Vec<bool> = (0..n)
        .map(|v| {
            walk.defined[v].is_some()
                && func.vars[v].kind == Kind::Float
                && !walk.written[v]
                && !func.ret.contains(&v)
                && !func.outputs.iter().any(|o| o.local == v)
                && !walk.reads[v].is_empty()
        })
        .collect();
    // Drop, to a fixpoint, each local read where it is defined by anything but the
    // definition of a local still kept.
    loop {
        let dropped: Vec<VarId> = (0..n)
            .filter(|&v| conditional[v])
            .filter(|&v| {
                walk.reads[v].iter().any(|&(depth, by)| {
                    Some(depth) == walk.defined[v] && by.is_none_or(|u| !conditional[u])
                })
            })
            .collect();
        if dropped.is_empty() {
            return conditional;
        }
        for v in dropped {
            conditional[v] = false;
        }
    }
}

/// Where each variable is defined and read, in conditional blocks entered (arms and loop
/// bodies; a `#[checkpoint]` block runs whenever the statements around it do).
struct Depths {
    /// The depth of its `let … = e`, if it has exactly one.
    defined: Vec<Option<usize>>,
    /// Written otherwise: assigned, pushed to, a call's result, or a second `let`.
    written: Vec<bool>,
    /// Each differentiable read: its depth, and the local whose `let` reads it, if one does.
    reads: Vec<Vec<(usize, Option<VarId>)>>,
}

impl Depths {
    fn block(&mut self, b: &Block, depth: usize) {
        for s in &b.stmts {
            let mut by = None;
            match &s.kind {
                StmtKind::Let { var, init: Some(_) }
                    if self.defined[*var].is_none() && !self.written[*var] =>
                {
                    self.defined[*var] = Some(depth);
                    by = Some(*var);
                }
                StmtKind::Let { var, .. } => self.written[*var] = true,
                StmtKind::Assign { place, .. } => self.written[place.var()] = true,
                StmtKind::Push { vec: v, .. } | StmtKind::Call { out: v, .. } => {
                    self.written[*v] = true
                }
                _ => {}
            }
            for e in s.exprs() {
                reads(e, &mut |v| self.reads[v].push((depth, by)));
            }
            let inner = match s.kind {
                StmtKind::Block { .. } => depth,
                _ => depth + 1,
            };
            for b in s.blocks() {
                self.block(b, inner);
            }
        }
    }
}
