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
