//! Joint-mode loop fusion. `f_vjp` knows its seed before its forward sweep starts, unlike
//! the split `f_pullback` that callers use. When a loop of the function body only adds
//! terms to accumulators (`s += term(x, i)`, the shape of most objectives: sums of
//! squares, Rosenbrock, log-likelihoods) and the statements after it read them only
//! linearly (`return 0.5 * s + prior`), each accumulator's adjoint is the seed times a
//! constant throughout the loop's reverse, known before the loop runs, and no iteration's
//! reverse depends on another's. `f_vjp` then runs each iteration's adjoint right after its
//! primal, in the primal's order, while its operands are still in registers, as a
//! hand-written gradient does: one pass over the data instead of two, and nothing recorded
//! across iterations (what an iteration records, its own reverse pops at once). Tapenade's
//! adjoint of an independent-iterations loop (`II-LOOP`) does the same within an iteration.
//!
//! The linear statements after such loops (the *early* ones) have their reverse run before
//! the first fused loop: it reads the seed and constants alone. Scratch vectors the loop
//! writes whole before reading them in every iteration (GMM's `xcentered`) are private to
//! the iteration: its reverse restores them, which the next iteration cannot notice.

pub use super::covering::fixed_length;
pub use super::plan::Fusion;

use super::covering::{covering_loop, declared_len, len_of, mentions, reassigns};
use super::plan::{replayed, save_site, Needed};
use super::reads::checkpointed;
use super::Activity;
use crate::ir::*;

/// The loops `f_vjp` fuses, if any. A top-level `for` loop is fused when
/// - it runs all its trips, without a checkpoint in or on it;
/// - every variable from outside it that it assigns is an accumulator (an active float it
///   only adds to or subtracts from and never reads otherwise), a scratch vector private
///   to each iteration, or a variable whose old value nothing reads (saved by no write);
/// - every call in it binds a variable of its own, and it pushes to no outer vector;
/// - after it, only early statements mention its accumulators or scratch vectors, and no
///   statement but an early one overwrites a variable it reads; no early statement
///   between the first fused loop and it does either (its reverse is hoisted before the
///   loop's, which it follows).
///
/// A statement after the first fused loop is early when its reverse reads no primal value
/// (a `let` or assignment of a float, linear in floats and in elements at constant indices
/// of parameters, with coefficients known before the first fused loop: literals, inactive
/// parameters and `let`s), every later statement reading its target is early, and no
/// later statement overwrites what it reads.
pub fn fusion(func: &Func, act: &Activity, needed: &Needed) -> Option<Fusion> {
    let stmts = &func.body.stmts;
    let loops = |k: usize| matches!(stmts[k].kind, StmtKind::For { .. });
    // The early statements may read what the body computes before the first fused loop.
    (0..stmts.len()).filter(|&k| loops(k)).find_map(|first| {
        let early = early_statements(func, act, needed, first);
        fusable(func, act, needed, &early, first, first).then(|| Fusion {
            loops: (first..stmts.len())
                .filter(|&k| loops(k) && fusable(func, act, needed, &early, first, k))
                .collect(),
            early: (first + 1..stmts.len()).filter(|&k| early[k]).collect(),
        })
    })
}

/// Per top-level statement, whether it would be early (see [`fusion`]) were the first
/// fused loop at `first`: its reverse may read values the statements before `first` made.
fn early_statements(func: &Func, act: &Activity, needed: &Needed, first: usize) -> Vec<bool> {
    let stmts = &func.body.stmts;
    let mut early = vec![false; stmts.len()];
    for k in (0..stmts.len()).rev() {
        let Some((target, reads)) = linear_statement(func, act, needed, first, &stmts[k]) else {
            continue;
        };
        let later = &stmts[k + 1..];
        let readers_early = later
            .iter()
            .zip(&early[k + 1..])
            .all(|(s, &e)| e || !mentions(s, target));
        let operands_kept = !later
            .iter()
            .any(|s| reads.iter().any(|&v| writes_any(s, v)));
        early[k] = readers_early && operands_kept;
    }
    early
}

/// Whether the loop at `k` fuses, the first fused loop being at `first`.
fn fusable(
    func: &Func,
    act: &Activity,
    needed: &Needed,
    early: &[bool],
    first: usize,
    k: usize,
) -> bool {
    let l = &func.body.stmts[k];
    let StmtKind::For {
        body,
        exit: None,
        trips: None,
        checkpoint: None,
        ..
    } = &l.kind
    else {
        return false;
    };
    if !replayed(func, act, needed, l) || body.any(&|s| checkpointed(s).is_some()) {
        return false;
    }
    let Some(private) = independent_iterations(func, act, needed, body) else {
        return false;
    };
    let region = Region::of(func, body);
    let shared: Vec<VarId> = region
        .carried
        .iter()
        .copied()
        .filter(|&v| act.is_active(v))
        .chain(private)
        .collect();
    let read: Vec<VarId> = region
        .outer
        .iter()
        .copied()
        .filter(|v| !region.carried.contains(v))
        .collect();
    // A vector declared after the first fused loop whose length changes gets its adjoint
    // after the primal (shaped like its last value): no fused loop may add to it.
    let unshaped = |v: &VarId| {
        matches!(func.vars[*v].kind, Kind::FloatSeq | Kind::Array)
            && declared_at(func, *v) > first
            && !fixed_length(func, *v)
    };
    if region.outer.iter().any(unshaped) {
        return false;
    }
    let apart = |s: &Stmt| {
        !(shared.iter().any(|&v| mentions(s, v)) || read.iter().any(|&v| writes_any(s, v)))
    };
    // After the loop, a statement whose reverse runs after the loop's (not early) must
    // keep apart from it; so must an early one before it, whose reverse is hoisted
    // before the loop's although it belongs after. (The early closure already keeps such
    // a statement from reading the loop's sums or writing what it reads; this states the
    // invariant the emission relies on.)
    let stmts = &func.body.stmts;
    let after = (k + 1..stmts.len()).all(|j| early[j] || apart(&stmts[j]));
    let before = (first + 1..k).all(|j| !early[j] || apart(&stmts[j]));
    after && before
}

/// Whether the reverses of a loop's iterations commute and restore nothing the next
/// iteration's primal reads; with the scratch vectors private to an iteration.
fn independent_iterations(
    func: &Func,
    act: &Activity,
    needed: &Needed,
    body: &Block,
) -> Option<Vec<VarId>> {
    let mut inner = vec![];
    collect_block_ids(body, &mut inner);
    let declared_inside = |v: VarId| matches!(func.vars[v].scope, Some(b) if inner.contains(&b));
    // A call binding an outer variable, or a push to an outer vector, is undone by the
    // reverse (the vector popped): the next iteration would see it undone.
    let own_results = !body.any(&|s| match &s.kind {
        StmtKind::Call { out, .. } => !declared_inside(*out),
        StmtKind::Push { vec, .. } => !declared_inside(*vec),
        _ => false,
    });
    if !own_results {
        return None;
    }
    let mut private = vec![];
    for v in Region::of(func, body).carried {
        if scratch(func, body, v) {
            private.push(v);
            continue;
        }
        let unsaved = !body.any(&|s| s.writes(v) && save_site(func, needed, s).is_some());
        if !(unsaved && (!act.is_active(v) || accumulator(func, body, v))) {
            return None;
        }
    }
    Some(private)
}

/// Whether `v` is a float the loop only adds to (`v += e`, `v -= e`, with `e` free of `v`)
/// and never reads otherwise.
fn accumulator(func: &Func, body: &Block, v: VarId) -> bool {
    let only_added = !body.any(&|s| {
        s.writes(v)
            && !matches!(
                &s.kind,
                StmtKind::Assign {
                    place: Place::Var(_),
                    compound: Some(ArithOp::Add | ArithOp::Sub),
                    ..
                }
            )
    });
    let mut read = false;
    visit_region(body, &mut |u, assigned| read |= u == v && !assigned);
    func.vars[v].kind == Kind::Float && only_added && !read
}

/// Whether `v` is a scratch vector of the loop: a `vec![0.0; n]` of the top level, never
/// reassigned whole or pushed to, that every iteration writes whole before it reads any
/// of it (see [`covers_before_reading`]). Its reverse restores what the iteration
/// overwrote and clears the adjoints of what it wrote, so each iteration starts, forward
/// and in reverse, as if it were the first.
fn scratch(func: &Func, body: &Block, v: VarId) -> bool {
    declared_len(func, v).is_some() && covers_before_reading(func, &body.stmts, v).is_some()
}

/// Walks one iteration's statements: `Some(covered)` when no statement reads or writes
/// `v` before a covering loop has written all of it (after which anything goes); inner
/// loops may use `v` when their own iterations cover it first, but cover nothing for
/// the statements after them. `None` when some use of `v` could see an older iteration's
/// values.
fn covers_before_reading(func: &Func, stmts: &[Stmt], v: VarId) -> Option<bool> {
    for (k, s) in stmts.iter().enumerate() {
        if covering_loop(func, s, v) {
            return Some(true).filter(|_| stmts[k + 1..].iter().all(|t| !reassigns(t, v)));
        }
        if !mentions(s, v) || is_len_of(s, v) {
            continue;
        }
        match &s.kind {
            StmtKind::For {
                body,
                exit: None,
                checkpoint: None,
                ..
            } => {
                covers_before_reading(func, &body.stmts, v)?;
            }
            _ => return None,
        }
    }
    Some(false)
}

/// `let n = v.len()` (a loop bound, lowered so): reads no element.
fn is_len_of(s: &Stmt, v: VarId) -> bool {
    matches!(&s.kind, StmtKind::Let { init: Some(e), .. } if len_of(e, v))
}

/// The position of the top-level statement that declares `v` (0 for a parameter).
pub fn declared_at(func: &Func, v: VarId) -> usize {
    let declares = |s: &Stmt| match &s.kind {
        StmtKind::Let { var, .. } | StmtKind::Call { out: var, .. } => *var == v,
        _ => false,
    };
    func.body.stmts.iter().position(declares).unwrap_or(0)
}

/// Whether a statement (or one nested in it) assigns `v`, an element of it, or pushes to
/// it, or binds it to a call's result.
fn writes_any(s: &Stmt, v: VarId) -> bool {
    s.any(&|t| t.writes(v))
}

/// A statement whose reverse reads no primal value: an inactive one the reverse does not
/// replay (no target), or a `let` or assignment of a float, linear in floats. Returns its
/// target and the variables it reads.
fn linear_statement(
    func: &Func,
    act: &Activity,
    needed: &Needed,
    first: usize,
    s: &Stmt,
) -> Option<(VarId, Vec<VarId>)> {
    let (target, value) = match &s.kind {
        StmtKind::Let { var, init: Some(e) } => (*var, e),
        StmtKind::Assign {
            place: Place::Var(v),
            value,
            compound,
        } => {
            let fits = match compound {
                None | Some(ArithOp::Add | ArithOp::Sub) => true,
                Some(_) => !replayed(func, act, needed, s),
            };
            if !fits {
                return None;
            }
            (*v, value)
        }
        _ => return None,
    };
    let mut reads = vec![];
    value.visit_vars(&mut |u| reads.push(u));
    let reversible = !replayed(func, act, needed, s)
        || (func.vars[target].kind == Kind::Float
            && save_site(func, needed, s).is_none()
            && linear(func, act, first, value));
    reversible.then_some((target, reads))
}

/// An expression whose adjoint reads no primal value: sums and differences of floats and
/// of elements (at constant indices) of parameters nothing writes, each scaled by
/// constants, and terms without derivatives.
fn linear(func: &Func, act: &Activity, first: usize, e: &Expr) -> bool {
    let (lin, con) = (
        |e| linear(func, act, first, e),
        |e| constant(func, act, first, e),
    );
    if !act.varied(e) {
        return true; // no adjoint at all
    }
    match &e.kind {
        ExprKind::Var(v) => func.vars[*v].kind == Kind::Float,
        ExprKind::Neg(a) => lin(a),
        ExprKind::Arith(ArithOp::Add | ArithOp::Sub, a, b) => lin(a) && lin(b),
        ExprKind::Arith(ArithOp::Mul, a, b) => (con(a) && lin(b)) || (lin(a) && con(b)),
        ExprKind::Arith(ArithOp::Div, a, b) => lin(a) && con(b),
        // Its adjoint adds to one element, at an index known up front, of a parameter's
        // adjoint (declared before any statement runs).
        ExprKind::Index(base, i) => {
            matches!(base.kind, ExprKind::Var(v)
                if func.vars[v].kind == Kind::FloatSeq
                    && func.vars[v].scope.is_none()
                    && !func.body.any(&|s| s.writes(v)))
                && con(i)
        }
        _ => false,
    }
}

/// A value known before the statement at `first` runs, carrying no derivative: a literal,
/// a constant path, an inactive parameter or top-level `let` before `first` that nothing
/// assigns, or arithmetic and casts of those.
fn constant(func: &Func, act: &Activity, first: usize, e: &Expr) -> bool {
    let con = |e| constant(func, act, first, e);
    match &e.kind {
        ExprKind::Float(_) | ExprKind::Int(_) | ExprKind::Const(_) => true,
        ExprKind::Var(v) => {
            let declared = |s: &Stmt| matches!(&s.kind, StmtKind::Let { var, .. } if var == v);
            let known = match func.vars[*v].scope {
                None => true,
                Some(0) => func.body.stmts[..first].iter().any(declared),
                Some(_) => false,
            };
            known
                && !act.is_active(*v)
                && matches!(func.vars[*v].kind, Kind::Float | Kind::Int)
                && !func.body.any(&|s| s.writes(*v))
        }
        ExprKind::Neg(a) | ExprKind::Cast(a, _) => con(a),
        ExprKind::Arith(_, a, b) => con(a) && con(b),
        _ => false,
    }
}
