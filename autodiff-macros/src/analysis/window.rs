//! Adjoint windows: scalar replacement of a stencil's adjoint. A loop that reads
//! `x[i - 1]`, `x[i]` and `x[i + 1]` has a reverse that adds to `x̄[i - 1]`, `x̄[i]` and
//! `x̄[i + 1]`, so each iteration reads back from memory what the one before has just
//! written: a chain through store-to-load forwarding that neither overlaps nor vectorises.
//! When `x̄` is only ever added to in the loop, at the index plus constant offsets, its
//! reverse keeps the few elements in flight in registers instead (one per offset) and
//! writes each element once, when the last iteration that touches it is done (the
//! scalar replacement of Carr and Kennedy, applied to adjoint increments; the reverse of a
//! stencil is the case PerforAD studies). The sums are the same, added in another order.

use super::Activity;
use crate::ir::*;

/// The most registers a window takes (offsets −2 to 2): every register is shifted in every
/// iteration, so a wide window (`x[i]` and `x[i + 100]`) would cost more than the memory
/// chain it removes.
const MAX_WIDTH: i64 = 5;

/// An adjoint kept in registers over one loop's reverse: the offsets from the loop index
/// at which the loop reads the variable, `first..=last`.
pub struct Window {
    pub var: VarId,
    pub first: i64,
    pub last: i64,
}

/// The windows of a `for index in range { body }` loop's reverse. A float sequence gets
/// one when every read of it that carries a derivative is an element `x[index ± c]` in a
/// statement directly in the body (so that every iteration touches every offset: the
/// writes at the window's edges are of elements the forward sweep indexed), at two
/// offsets or more no further apart than [`MAX_WIDTH`] allows, and the body never writes
/// it, pushes to it or uses it whole. Windows come in the order of the variables' first
/// mention.
pub fn windows(
    func: &Func,
    act: &Activity,
    index: VarId,
    range: &Range,
    body: &Block,
) -> Vec<Window> {
    if range.step.is_some() {
        return vec![];
    }
    // Declared outside the loop: a sequence made in the body is a new one every iteration.
    let outer = Region::of(func, body).outer;
    outer
        .into_iter()
        .filter(|&v| func.vars[v].kind == Kind::FloatSeq && act.is_active(v))
        .filter_map(|v| window(v, index, body))
        .collect()
}

fn window(v: VarId, index: VarId, body: &Block) -> Option<Window> {
    let mut offsets = vec![];
    for s in &body.stmts {
        if s.any(&|s| s.writes(v)) {
            return None;
        }
        for e in stmt_exprs(s) {
            reads(e, v, index, &mut offsets)?;
        }
        // A read in a nested block may not happen in every iteration.
        let nested = |inner: &Stmt| stmt_exprs(inner).into_iter().any(|e| reached(e, v, index));
        if s.blocks().into_iter().any(|b| b.any(&nested)) {
            return None;
        }
    }
    let (first, last) = (*offsets.iter().min()?, *offsets.iter().max()?);
    (first != last && last - first < MAX_WIDTH).then_some(Window {
        var: v,
        first,
        last,
    })
}

/// The expressions a statement reads itself (not those of its nested blocks).
pub fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    s.exprs()
}

/// Walks the parts of `e` a cotangent reaches (as `emit::adjoint` propagates it), noting
/// the offset of each element of `v` it reads; `None` if it reaches `v` otherwise (whole,
/// or at an index that is not `index ± c`).
fn reads(e: &Expr, v: VarId, index: VarId, offsets: &mut Vec<i64>) -> Option<()> {
    use ExprKind::*;
    match &e.kind {
        Var(u) if *u == v => None,
        Index(base, i) if matches!(base.kind, Var(u) if u == v) => {
            offsets.push(offset(i, index)?);
            Some(())
        }
        Index(base, _) => reads(base, v, index, offsets),
        // No cotangent flows through these.
        Opaque(_) | StopGradient(_) | Cmp(..) | Logic(..) | Not(_) | EmptyVec(_) => Some(()),
        Repeat { elem, .. } => reads(elem, v, index, offsets),
        _ => e
            .children()
            .into_iter()
            .try_for_each(|c| reads(c, v, index, offsets)),
    }
}

/// Whether a cotangent of `e` reaches `v` at all.
fn reached(e: &Expr, v: VarId, index: VarId) -> bool {
    let mut offsets = vec![];
    reads(e, v, index, &mut offsets).is_none() || !offsets.is_empty()
}

/// `c` when `e` is `index`, `index + c`, `c + index` or `index - c` for an integer literal `c`.
pub fn offset(e: &Expr, index: VarId) -> Option<i64> {
    use ExprKind::*;
    let literal = |e: &Expr| match &e.kind {
        Int(lit) => lit.base10_parse::<i64>().ok(),
        _ => None,
    };
    let is_index = |e: &Expr| matches!(e.kind, Var(u) if u == index);
    match &e.kind {
        Var(u) if *u == index => Some(0),
        Arith(ArithOp::Add, a, b) if is_index(a) => literal(b),
        Arith(ArithOp::Add, a, b) if is_index(b) => literal(a),
        Arith(ArithOp::Sub, a, b) if is_index(a) => literal(b).map(|c| -c),
        _ => None,
    }
}
