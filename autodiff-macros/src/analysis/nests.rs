//! Which loop nests reserve room on their tapes before they run (`emit/nest.rs` says why
//! and how much): decided here, before emission, so that emitters only read the decision.
//!
//! A nest is reserved from its outer loop: a `for` loop that runs all its trips (no exit,
//! no trip count), not checkpointed, whose body holds an inner `for` loop, and all of whose
//! pushes can be counted before it runs: those of its loop bodies and `if` branches, and of
//! inner `for` loops that run all their trips, reached through loop bodies only, whose
//! bounds the outer loop does not change (literals, integer arithmetic, and variables
//! declared outside it that it never writes, or whose elements alone it writes when only
//! their `len()` is read). A `while`, a `match`, a checkpoint or a loop with an exit leaves
//! the nest as it was. The outermost such loop wins: the loops inside it are part of it.

use super::plan::{replayed, Needed, Nests};
use super::reads::checkpointed;
use super::Activity;
use crate::ir::*;
use std::collections::HashSet;

/// The reserved nests of `func`, and whether the reverse sweep that `needed` plans runs
/// one recording. The loops of `fused` (`f_vjp`'s joint body) run each iteration's
/// reverse right after its primal, their bodies emitted statement by statement: they are
/// no nest's outer loop, but the loops in them may be.
pub fn analyze(func: &Func, act: &Activity, needed: &Needed, fused: &[StmtId]) -> Nests {
    let mut nests = Nests::default();
    let walk = Walk {
        func,
        act,
        needed,
        fused,
    };
    walk.block(&func.body, true, &mut nests);
    nests
}

struct Walk<'a> {
    func: &'a Func,
    act: &'a Activity,
    needed: &'a Needed,
    fused: &'a [StmtId],
}

impl Walk<'_> {
    /// Walks `b` (recorded when `recorded`: in the forward sweep, or in a checkpointed
    /// region that the reverse sweep records again).
    fn block(&self, b: &Block, recorded: bool, out: &mut Nests) {
        let (func, act, needed) = (self.func, self.act, self.needed);
        for s in &b.stmts {
            if let StmtKind::For {
                body,
                exit: None,
                trips: None,
                checkpoint: None,
                ..
            } = &s.kind
            {
                if !self.fused.contains(&s.id) && countable_nest(func, body) {
                    out.roots.insert(s.id);
                    out.reserved |= recorded;
                    collect_loops(body, &mut out.inner);
                    continue;
                }
            }
            // A checkpointed region is recorded again by its reverse, which runs when the
            // statement has one.
            let recorded = match checkpointed(s) {
                Some(_) => recorded && replayed(func, act, needed, s),
                None => recorded,
            };
            for inner in s.blocks() {
                self.block(inner, recorded, out);
            }
        }
    }
}

fn collect_loops(b: &Block, out: &mut HashSet<StmtId>) {
    for s in &b.stmts {
        if matches!(s.kind, StmtKind::For { .. }) {
            out.insert(s.id);
        }
        s.blocks()
            .into_iter()
            .for_each(|inner| collect_loops(inner, out));
    }
}

/// Whether `for … { body }` is the outer loop of a nest whose pushes can all be
/// counted before it runs (see the module documentation); not when the body holds no
/// inner loop (a single loop's pushes are reserved with growth).
fn countable_nest(func: &Func, body: &Block) -> bool {
    if !body
        .stmts
        .iter()
        .any(|s| matches!(s.kind, StmtKind::For { .. }))
    {
        return false;
    }
    let outer = Outer::of(body);
    countable(func, &outer, body, false)
}

fn countable(func: &Func, outer: &Outer, b: &Block, in_branch: bool) -> bool {
    b.stmts.iter().all(|s| {
        if checkpointed(s).is_some() {
            return false;
        }
        match &s.kind {
            StmtKind::Let { .. }
            | StmtKind::Push { .. }
            | StmtKind::Call { .. }
            | StmtKind::Assign { .. } => true,
            StmtKind::If { then, els, .. } => {
                countable(func, outer, then, true) && countable(func, outer, els, true)
            }
            StmtKind::For {
                range,
                body,
                exit: None,
                ..
            } if !in_branch => {
                let bounds = [Some(range.start), Some(range.end), range.step];
                bounds
                    .into_iter()
                    .flatten()
                    .all(|v| outer.bound(func, b, v).is_some())
                    && countable(func, outer, body, false)
            }
            StmtKind::For { .. }
            | StmtKind::While { .. }
            | StmtKind::Match { .. }
            | StmtKind::Block { .. } => false,
        }
    })
}

/// The loop a nest hangs from, for the questions its inner loops' bounds raise.
pub struct Outer<'b> {
    body: &'b Block,
    blocks: Vec<BlockId>,
}

/// An inner loop's bound as the outer loop can evaluate it before it starts.
pub enum Bound<'b> {
    /// A variable declared outside the outer loop, which it never writes.
    Outside,
    /// A `let` of the block the inner loop is in, with this initial value.
    Init(&'b Expr),
}

impl<'b> Outer<'b> {
    pub fn of(body: &'b Block) -> Outer<'b> {
        let mut blocks = vec![];
        collect_block_ids(body, &mut blocks);
        Outer { body, blocks }
    }

    /// The bound `v` of an inner loop in block `b`, if the outer loop can evaluate it
    /// before it starts.
    pub fn bound<'a>(&self, func: &Func, b: &'a Block, v: VarId) -> Option<Bound<'a>> {
        if !self.declares(func, v) {
            return (!self.writes(v)).then_some(Bound::Outside);
        }
        let init = b.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Let { var, init } if *var == v => init.as_ref(),
            _ => None,
        })?;
        if self.writes(v) || !self.invariant(func, init) {
            return None;
        }
        Some(Bound::Init(init))
    }

    fn declares(&self, func: &Func, v: VarId) -> bool {
        matches!(func.vars[v].scope, Some(b) if self.blocks.contains(&b))
    }

    /// Whether the nest writes `v` whole (not only elements of it).
    fn writes_whole(&self, v: VarId) -> bool {
        self.body.any(&|s| {
            s.writes(v)
                && !matches!(
                    &s.kind,
                    StmtKind::Assign {
                        place: Place::Index(..),
                        ..
                    }
                )
        })
    }

    fn writes(&self, v: VarId) -> bool {
        self.body.any(&|s| s.writes(v))
    }

    /// Whether `e` has the same value wherever the nest evaluates it.
    fn invariant(&self, func: &Func, e: &Expr) -> bool {
        let declared_outside = |v: VarId| !self.declares(func, v);
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Const(_) => true,
            ExprKind::Var(v) => declared_outside(*v) && !self.writes(*v),
            ExprKind::Arith(_, a, b) => self.invariant(func, a) && self.invariant(func, b),
            ExprKind::Neg(a) | ExprKind::Cast(a, _) => self.invariant(func, a),
            ExprKind::Opaque(OpaqueCall::Method(recv, m, None, args)) if m == "len" => {
                matches!(&recv.kind, ExprKind::Var(v)
                    if declared_outside(*v) && !self.writes_whole(*v))
                    && args.is_empty()
            }
            _ => false,
        }
    }
}
