//! Vectors of a fixed length and the loops that write them whole: a top-level
//! `let v = vec![e; len]` that nothing reassigns or pushes to, and `for j in 0..len { v[j]
//! = e }` over it, after which no element of `v` holds what it held before the loop (asked
//! by flow-sensitive saving and by fusion's scratch vectors).

use crate::ir::*;

/// `for j in 0..len { …; v[j] = e; … }` over `v`'s declared length, where the write is
/// directly in the body and the only mention of `v` there (`e` does not read it).
pub(super) fn covering_loop(func: &Func, s: &Stmt, v: VarId) -> bool {
    let StmtKind::For {
        var: j,
        range,
        body,
        exit: None,
        checkpoint: None,
        ..
    } = &s.kind
    else {
        return false;
    };
    let Some(len) = declared_len(func, v) else {
        return false;
    };
    let full = range.step.is_none()
        && !range.inclusive
        && matches!(init_of(func, range.start), Some(Expr { kind: ExprKind::Int(i), .. }) if i.base10_digits() == "0")
        && init_of(func, range.end).is_some_and(|end| same_length(func, end, len, v));
    let writes = body.stmts.iter().filter(|t| match &t.kind {
        StmtKind::Assign {
            place: Place::Index(u, i),
            value,
            compound: None,
        } => *u == v && matches!(i.kind, ExprKind::Var(w) if w == *j) && !expr_mentions(value, v),
        _ => false,
    });
    let mentioning = body.stmts.iter().filter(|t| mentions(t, v)).count();
    full && writes.count() == 1 && mentioning == 1
}

/// The length of a top-level `let v = vec![e; len]` that nothing reassigns whole or
/// pushes to.
pub(super) fn declared_len(func: &Func, v: VarId) -> Option<&Expr> {
    let var = &func.vars[v];
    if var.kind != Kind::FloatSeq || var.scope != Some(0) {
        return None;
    }
    match init_of(func, v)? {
        Expr {
            kind: ExprKind::Repeat {
                len, array: false, ..
            },
            ..
        } if fixed_length(func, v) => Some(len),
        _ => None,
    }
}

/// Whether `v` keeps the length it is declared with: nothing reassigns it whole or pushes
/// to it.
pub fn fixed_length(func: &Func, v: VarId) -> bool {
    !func.body.any(&|s| reassigns(s, v))
}

/// A statement (or one nested in it) that reassigns `v` whole or pushes to it.
pub(super) fn reassigns(s: &Stmt, v: VarId) -> bool {
    s.any(&|t| matches!(&t.kind, StmtKind::Assign { place: Place::Var(u), .. } | StmtKind::Push { vec: u, .. } if *u == v))
}

/// Whether a loop bound is the vector's declared length: the same literal, the same
/// variable that nothing assigns, `v.len()`, or the same `w.len()` of a vector whose
/// length nothing changes.
fn same_length(func: &Func, end: &Expr, len: &Expr, v: VarId) -> bool {
    let unassigned = |u: VarId| !func.body.any(&|s| s.writes(u));
    match (&end.kind, &len.kind) {
        (ExprKind::Int(a), ExprKind::Int(b)) => a.base10_digits() == b.base10_digits(),
        (ExprKind::Var(a), ExprKind::Var(b)) => a == b && unassigned(*a) && !func.vars[*a].mutable,
        _ if len_of(end, v) => true,
        // `w.len()` both times, of a `w` whose length nothing changes.
        _ => (0..func.vars.len())
            .any(|w| len_of(end, w) && len_of(len, w) && !func.body.any(&|s| reassigns(s, w))),
    }
}

/// The initialiser of a variable bound once by a `let`.
fn init_of(func: &Func, v: VarId) -> Option<&Expr> {
    fn find(b: &Block, v: VarId) -> Option<&Expr> {
        b.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Let { var, init: Some(e) } if *var == v => Some(e),
            _ => s.blocks().into_iter().find_map(|inner| find(inner, v)),
        })
    }
    find(&func.body, v)
}

pub(super) fn len_of(e: &Expr, v: VarId) -> bool {
    matches!(&e.kind, ExprKind::Opaque(OpaqueCall::Method(recv, m, None, args))
        if m == "len" && args.is_empty() && matches!(recv.kind, ExprKind::Var(u) if u == v))
}

fn expr_mentions(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    e.visit_vars(&mut |u| found |= u == v);
    found
}

/// Whether a statement (or one nested in it) reads or writes `v`.
pub(super) fn mentions(s: &Stmt, v: VarId) -> bool {
    let mut found = false;
    visit_stmt(s, &mut |u, _| found |= u == v);
    found || s.any(&|t| t.writes(v))
}
