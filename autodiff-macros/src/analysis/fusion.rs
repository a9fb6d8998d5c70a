//! Joint-mode loop fusion. `f_vjp` knows its seed before its forward sweep starts, unlike
//! the split `f_pullback` that callers use. When a function ends with a loop that only adds
//! terms to accumulators (`s += term(x, i)`, the shape of most objectives: sums of
//! squares, Rosenbrock, log-likelihoods), and what follows the loop is linear in them
//! (`return s`), each accumulator's adjoint is the seed times a constant throughout the
//! loop's reverse, and no iteration's reverse depends on another's. `f_vjp` then runs each
//! iteration's adjoint right after its primal, in the primal's order, while its operands
//! are still in registers, as a hand-written gradient does: one pass over the data instead
//! of two, and nothing recorded across iterations (what an iteration records, its own
//! reverse pops at once). Tapenade's adjoint of an independent-iterations loop (`II-LOOP`)
//! does the same within an iteration.

use super::needed::{checkpointed, replayed, save_site};
use super::{Activity, Needed};
use crate::ir::*;

/// The position in the body of the loop `f_vjp` fuses, if there is one: the last
/// statement that is a loop, when
/// - it is a `for` loop that runs all its trips, without a checkpoint in or on it;
/// - every variable from outside it that it assigns keeps its old value unsaved (the
///   reverse restores nothing across iterations), and each such active one is a float it
///   only adds to or subtracts from and never reads otherwise (its adjoint stays
///   constant over the reverse);
/// - every call in it binds a variable of its own, and it pushes to no outer vector;
/// - the statements after it are assignments whose reverse reads no primal value: linear
///   in floats, with literal or constant-parameter coefficients.
pub fn fused_loop(func: &Func, act: &Activity, needed: &Needed) -> Option<usize> {
    let stmts = &func.body.stmts;
    let k = stmts.iter().rposition(|s| !s.blocks().is_empty())?;
    let (l, tail) = (&stmts[k], &stmts[k + 1..]);
    let StmtKind::For {
        body,
        exit: None,
        trips: None,
        checkpoint: None,
        ..
    } = &l.kind
    else {
        return None;
    };
    let fusable = replayed(func, act, needed, l)
        && !body.any(&|s| checkpointed(s).is_some())
        && independent_iterations(func, act, needed, body)
        && tail
            .iter()
            .all(|s| reverse_reads_nothing(func, act, needed, s));
    fusable.then_some(k)
}

/// Whether the reverses of the loop's iterations commute and restore nothing the next
/// iteration's primal reads.
fn independent_iterations(func: &Func, act: &Activity, needed: &Needed, body: &Block) -> bool {
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
    let carried = Region::of(func, body).carried;
    own_results
        && carried.iter().all(|&v| {
            let writes_unsaved =
                !body.any(&|s| s.writes(v) && save_site(func, needed, s).is_some());
            writes_unsaved && (!act.is_active(v) || accumulator(func, body, v))
        })
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

/// Whether a statement after the fused loop has a reverse that reads no primal value, so
/// that it can run before the loop's primal has: an inactive statement the reverse does
/// not replay, or a `let` or assignment of a float, linear in floats.
fn reverse_reads_nothing(func: &Func, act: &Activity, needed: &Needed, s: &Stmt) -> bool {
    if !replayed(func, act, needed, s) {
        return true;
    }
    let (target, value) = match &s.kind {
        StmtKind::Let { var, init: Some(e) } => (*var, e),
        StmtKind::Assign {
            place: Place::Var(v),
            value,
            compound: None | Some(ArithOp::Add | ArithOp::Sub),
        } => (*v, value),
        _ => return false,
    };
    func.vars[target].kind == Kind::Float
        && save_site(func, needed, s).is_none()
        && linear(func, act, value)
}

/// An expression whose adjoint reads no primal value: sums and differences of floats and
/// of elements at constant indices, each scaled by constants, and terms without
/// derivatives.
fn linear(func: &Func, act: &Activity, e: &Expr) -> bool {
    let (lin, con) = (|e| linear(func, act, e), |e| constant(func, act, e));
    if !act.varied(e) {
        return true; // no adjoint at all
    }
    match &e.kind {
        ExprKind::Var(v) => func.vars[*v].kind == Kind::Float,
        ExprKind::Neg(a) => lin(a),
        ExprKind::Arith(ArithOp::Add | ArithOp::Sub, a, b) => lin(a) && lin(b),
        ExprKind::Arith(ArithOp::Mul, a, b) => (con(a) && lin(b)) || (lin(a) && con(b)),
        ExprKind::Arith(ArithOp::Div, a, b) => lin(a) && con(b),
        // Its adjoint adds to one element, at an index known up front.
        ExprKind::Index(base, i) => {
            matches!(base.kind, ExprKind::Var(v) if func.vars[v].kind == Kind::FloatSeq) && con(i)
        }
        _ => false,
    }
}

/// A value known before the function body runs and carrying no derivative: a literal, a
/// constant path, an inactive parameter the body never assigns, or arithmetic and casts
/// of those.
fn constant(func: &Func, act: &Activity, e: &Expr) -> bool {
    let con = |e| constant(func, act, e);
    match &e.kind {
        ExprKind::Float(_) | ExprKind::Int(_) | ExprKind::Const(_) => true,
        ExprKind::Var(v) => {
            func.vars[*v].scope.is_none()
                && !act.is_active(*v)
                && matches!(func.vars[*v].kind, Kind::Float | Kind::Int)
                && !func.body.any(&|s| s.writes(*v))
        }
        ExprKind::Neg(a) | ExprKind::Cast(a, _) => con(a),
        ExprKind::Arith(_, a, b) => con(a) && con(b),
        _ => false,
    }
}
