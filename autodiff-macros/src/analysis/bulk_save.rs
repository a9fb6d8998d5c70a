//! Bulk saves: a loop that overwrites `x[i]` once in iteration `i` would push the old
//! `x[i]` on `x`'s element tape in every iteration, and that push (a store and a length
//! update) keeps the loop from vectorising. No iteration before `i` writes `x[i]`, so its
//! value when iteration `i` overwrites it is its value when the loop starts: the forward
//! sweep copies the elements the loop will overwrite onto the tape in one go before it,
//! in the order the pushes would have made, and the reverse sweep pops them one by one as
//! before.

use super::needed::{save_site, SaveSite};
use super::window::offset;
use super::Needed;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// The bulk saves of a function: what each loop saves before it starts, and which
/// assignments no longer save anything themselves.
#[derive(Default)]
pub struct BulkSaves {
    /// Per loop (by address), the sequences whose elements it saves before it starts, in
    /// the order of their assignments.
    pub before: HashMap<*const Stmt, Vec<VarId>>,
    /// The assignments (by address) whose saves moved before their loop.
    pub moved: HashSet<*const Stmt>,
}

/// The bulk saves of every `for` loop of `func` that runs all its trips (a loop that counts
/// its trips is replayed from the count, its index saved, and keeps its pushes).
pub fn analyze(func: &Func, needed: &Needed) -> BulkSaves {
    let mut saves = BulkSaves::default();
    visit(&func.body, &mut |s| {
        if let StmtKind::For {
            var,
            range,
            body,
            exit,
            trips: None,
            ..
        } = &s.kind
        {
            let found = bulk_saves(func, needed, range, *var, body, exit);
            if !found.is_empty() {
                saves
                    .moved
                    .extend(found.iter().map(|&(a, _)| a as *const Stmt));
                saves
                    .before
                    .insert(s, found.into_iter().map(|(_, v)| v).collect());
            }
        }
    });
    saves
}

fn visit<'b>(b: &'b Block, f: &mut impl FnMut(&'b Stmt)) {
    for s in &b.stmts {
        f(s);
        for inner in s.blocks() {
            visit(inner, f);
        }
    }
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
