//! Assignments that save nothing: the reverse sweep restores an overwritten value only for
//! the reverses that run before the assignment's own and read it (flow-sensitive saving).

use super::covering::covering_loop;
use super::reads::reverse_reads;
use super::Activity;
use crate::ir::*;
use std::collections::HashSet;

/// The assignments of `func` that save nothing (see [`unsaved_overwrites`]),
/// the loops in `fused` running each iteration's reverse right after its primal.
pub(super) fn analyze(func: &Func, act: &Activity, fused: &[StmtId]) -> HashSet<StmtId> {
    let nothing = vec![false; func.vars.len()];
    let mut unsaved = HashSet::new();
    unsaved_overwrites(func, act, &func.body, &nothing, fused, &mut unsaved);
    unsaved
}

/// Flow-sensitive saving (Tapenade's TBR is flow-sensitive in the same way): the reverse
/// sweep runs the reverses of the statements after an assignment before it restores the
/// overwritten value, and they read the values that were current then. So the old value
/// is wanted only by the reverses of what may run *before* the assignment (statements
/// earlier in its block and the blocks around it, the whole body of an enclosing loop
/// for a variable declared outside that loop, and the assignment itself). `sum += eᵢ` in a loop whose `sum` is read only after the
/// loop saves nothing. Only floats and elements of float vectors are treated so (the reads
/// of integers and flags by replayed control flow are not among the adjoints' reads; a
/// whole vector or array gives its adjoint its shape), never inside a checkpointed region
/// (re-run by its own schedule) and never for a vector that is pushed to (restored by
/// popping).
///
/// A loop that writes a whole fixed-length vector (`for j in 0..d { v[j] = e }`, as
/// [`covering_loop`] finds it) restores all of it for the reverses that run after its
/// own; the statements after it in its block then save for the reverses of what runs
/// between it and them alone. The loops in `fused` run each iteration's reverse right
/// after its primal (`f_vjp`'s joint body): their iterations save nothing for the
/// iterations before them.
fn unsaved_overwrites(
    func: &Func,
    act: &Activity,
    b: &Block,
    before: &[bool],
    fused: &[StmtId],
    out: &mut HashSet<StmtId>,
) {
    let mut acc = before.to_vec();
    for s in &b.stmts {
        let reads = reverse_reads(func, act, s);
        match &s.kind {
            StmtKind::Assign { place, .. } => {
                let v = place.var();
                // A float, or an element of a float vector: never a whole vector or array,
                // whose adjoint takes its shape from the value it has when the reverse
                // sweep reaches it.
                let kind = func.vars[v].kind;
                let float = match place {
                    Place::Var(_) => kind == Kind::Float,
                    Place::Index(..) => kind == Kind::FloatSeq,
                };
                if float && !acc[v] && !reads[v] && !pushed(func, v) {
                    out.insert(s.id);
                }
            }
            StmtKind::For {
                body,
                checkpoint: None,
                ..
            }
            | StmtKind::While {
                body,
                checkpoint: None,
                ..
            } => {
                // Every iteration runs before the later ones, but a variable declared in
                // the body is a new one in each: an iteration's reverse reads its own,
                // kept when the body ended, not the one later iterations overwrite.
                let mut ids = vec![];
                collect_block_ids(body, &mut ids);
                let own = |v: usize| matches!(func.vars[v].scope, Some(b) if ids.contains(&b));
                let fused = fused.contains(&s.id);
                let inner: Vec<bool> = (0..acc.len())
                    .map(|v| acc[v] || (reads[v] && !own(v) && !fused))
                    .collect();
                unsaved_overwrites(func, act, body, &inner, &[], out);
            }
            StmtKind::If { then, els, .. } => {
                unsaved_overwrites(func, act, then, &acc, &[], out);
                unsaved_overwrites(func, act, els, &acc, &[], out);
            }
            StmtKind::Match { arms, .. } => {
                for (_, arm) in arms {
                    unsaved_overwrites(func, act, arm, &acc, &[], out);
                }
            }
            _ => {}
        }
        acc.iter_mut().zip(&reads).for_each(|(a, r)| *a |= *r);
        if let Some(v) = covered_by(func, s) {
            acc[v] = reads[v];
        }
    }
}

/// The vector a loop writes whole (see [`covering_loop`]).
fn covered_by(func: &Func, s: &Stmt) -> Option<VarId> {
    let StmtKind::For { body, .. } = &s.kind else {
        return None;
    };
    body.stmts.iter().find_map(|t| match &t.kind {
        StmtKind::Assign {
            place: Place::Index(v, _),
            ..
        } if covering_loop(func, s, *v) => Some(*v),
        _ => None,
    })
}

fn pushed(func: &Func, v: VarId) -> bool {
    func.body
        .any(&|s| matches!(&s.kind, StmtKind::Push { vec, .. } if *vec == v))
}
