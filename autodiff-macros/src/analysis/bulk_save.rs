//! Bulk saves: a loop that overwrites `x[i]` once in iteration `i` would push the old
//! `x[i]` on `x`'s element tape in every iteration, and that push (a store and a length
//! update) keeps the loop from vectorising. No iteration before `i` writes `x[i]`, so its
//! value when iteration `i` overwrites it is its value when the loop starts: the forward
//! sweep copies the elements the loop will overwrite onto the tape in one go before it,
//! in the order the pushes would have made, and the reverse sweep pops them one by one as
//! before.

use super::plan::{save_site, BulkSaves, Needed, SaveSite};
use super::window::offset;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// The bulk saves of every `for` loop of `func` that runs all its trips (a loop that counts
/// its trips is replayed from the count, its index saved, and keeps its pushes) and is not
/// checkpointed (its reverse replays its iterations a segment at a time, from their bodies).
pub fn analyze(func: &Func, needed: &Needed) -> BulkSaves {
    let mut saves = BulkSaves::default();
    func.body.for_each_stmt(&mut |s| {
        if let StmtKind::For {
            var,
            range,
            body,
            exit,
            trips: None,
            checkpoint: None,
            ..
        } = &s.kind
        {
            let found = bulk_saves(func, needed, range, *var, body, exit);
            let late: Vec<(&Stmt, VarId)> = found
                .iter()
                .copied()
                .filter(|&(w, x)| restores_wait(body, w, x, *var, range.rev))
                .collect();
            record(&mut saves.late, &mut saves.restored_after, s, late);
            record(&mut saves.moved, &mut saves.before, s, found);
        }
    });
    saves
}

/// Notes the assignments of `found` and, for the loop `s`, their sequences.
fn record(
    assignments: &mut HashSet<StmtId>,
    per_loop: &mut HashMap<StmtId, Vec<VarId>>,
    s: &Stmt,
    found: Vec<(&Stmt, VarId)>,
) {
    if !found.is_empty() {
        assignments.extend(found.iter().map(|&(a, _)| a.id));
        per_loop.insert(s.id, found.into_iter().map(|(_, v)| v).collect());
    }
}

/// Whether the reverse of a loop whose bulk-saved assignment `w` overwrites `x[index]` can
/// put the old elements back after it is done, in one copy, instead of one in each
/// iteration at `w`'s reverse. Until then every element keeps its value from after the
/// loop, so no reverse statement of the loop may read an old element: `w` does not read
/// `x` (`x[i] = e` or `x[i] += e` with no `x` in `e`: its partials need no old element),
/// the statements before it do not mention `x`, and those after it read only elements the
/// loop has already overwritten when they run: `x[index - c]` (`x[index + c]` in a loop
/// running down), `c ≥ 0`. The reverse loop is then free of pops, and can vectorise.
fn restores_wait(body: &Block, w: &Stmt, x: VarId, index: VarId, rev: bool) -> bool {
    let StmtKind::Assign {
        value, compound, ..
    } = &w.kind
    else {
        return false;
    };
    let Some(at) = body.stmts.iter().position(|s| s.id == w.id) else {
        return false;
    };
    let plain = matches!(compound, None | Some(ArithOp::Add) | Some(ArithOp::Sub));
    let written = |c: i64| if rev { c >= 0 } else { c <= 0 };
    plain
        && offsets(&[value], x, index).is_empty()
        && body.stmts[..at]
            .iter()
            .all(|s| stmt_offsets(s, x, index).is_empty())
        && body.stmts[at + 1..].iter().all(|s| {
            stmt_offsets(s, x, index)
                .into_iter()
                .all(|c| c.is_some_and(written))
        })
}

/// The offsets from `index` at which a statement (and those nested in it) mentions `x`:
/// `None` for a mention that is not `x[index ± c]`.
fn stmt_offsets(s: &Stmt, x: VarId, index: VarId) -> Vec<Option<i64>> {
    let mut found = offsets(&super::window::stmt_exprs(s), x, index);
    if s.writes(x) {
        found.push(None);
    }
    for inner in s.blocks() {
        for t in &inner.stmts {
            found.extend(stmt_offsets(t, x, index));
        }
    }
    found
}

/// The offsets from `index` at which `exprs` mention `x` (`None`: not as `x[index ± c]`).
fn offsets(exprs: &[&Expr], x: VarId, index: VarId) -> Vec<Option<i64>> {
    fn walk(e: &Expr, x: VarId, index: VarId, found: &mut Vec<Option<i64>>) {
        match &e.kind {
            ExprKind::Var(u) if *u == x => found.push(None),
            ExprKind::Index(base, i) if matches!(base.kind, ExprKind::Var(u) if u == x) => {
                found.push(offset(i, index));
                walk(i, x, index, found);
            }
            _ => e
                .children()
                .into_iter()
                .for_each(|c| walk(c, x, index, found)),
        }
    }
    let mut found = vec![];
    for e in exprs {
        walk(e, x, index, &mut found);
    }
    found
}

/// The assignments of `for index in range { body }` whose saves move before the loop, with
/// the sequence each overwrites: in
/// the body itself (so they run in every iteration), to `x[index]` of a float sequence
/// declared outside the loop (one made in the body is a new one every iteration, and does
/// not exist before it), saved on its tape, and the only write to `x` in the body. The loop
/// must run all its iterations, one index apart.
pub fn bulk_saves<'b>(
    func: &Func,
    needed: &Needed,
    range: &Range,
    index: VarId,
    body: &'b Block,
    exit: &Option<Expr>,
) -> Vec<(&'b Stmt, VarId)> {
    if range.step.is_some() || exit.is_some() {
        return vec![];
    }
    let outer = Region::of(func, body).outer;
    body.stmts
        .iter()
        .filter_map(|s| {
            let StmtKind::Assign {
                place: Place::Index(v, i),
                ..
            } = &s.kind
            else {
                return None;
            };
            let saved = func.vars[*v].kind == Kind::FloatSeq
                && outer.contains(v)
                && offset(i, index) == Some(0)
                && save_site(func, needed, s) == Some(SaveSite::Tape)
                && writers(body, *v) == 1;
            saved.then_some((s, *v))
        })
        .collect()
}

/// How many statements of `b` (nested ones too) write `v` or an element of it.
fn writers(b: &Block, v: VarId) -> usize {
    let mut count = 0;
    for s in &b.stmts {
        count += usize::from(s.writes(v));
        count += s
            .blocks()
            .into_iter()
            .map(|inner| writers(inner, v))
            .sum::<usize>();
    }
    count
}
