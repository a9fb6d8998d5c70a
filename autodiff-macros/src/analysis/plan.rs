//! The reverse sweep's plan: which variables it reads, and how each is kept for it (saved
//! where it is overwritten or in bulk before a loop, recomputed, or not saved at all), and
//! which loops `f_vjp` fuses with their reverse. The passes that `needed::analyze` runs in
//! order each fill in their part of one [`Needed`], which emission reads; the questions
//! asked of it (where an assignment saves, whether a statement has a reverse) are here.

use super::remat::Remat;
use super::Activity;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

pub struct Needed {
    pub needed: Vec<bool>,
    /// Needed values of inner blocks that the reverse sweep recomputes instead of popping.
    pub remat: Remat,
    /// Assignments that overwrite a needed float no reverse reads before them:
    /// they save nothing (see [`super::unsaved`]).
    pub unsaved: HashSet<StmtId>,
    /// The saves loops make before they start (see [`super::bulk_save`]).
    pub bulk: BulkSaves,
    /// The loops `f_vjp` runs fused with their reverse (see [`super::fusion`]).
    pub fusion: Option<Fusion>,
    /// The loop nests that reserve their tapes before they run (see [`super::nests`]).
    pub nests: Nests,
    /// With fused loops, what `f_vjp`'s joint body saves: an iteration of a fused loop
    /// saves only for its own reverse and for what runs before the loop, since the earlier
    /// iterations' reverses have run already.
    pub joint: Option<Box<Needed>>,
}

impl Needed {
    pub fn is_needed(&self, v: VarId) -> bool {
        self.needed[v]
    }

    /// The needed values alone, before the passes that decide where they are saved.
    pub(super) fn of(needed: Vec<bool>, remat: Remat) -> Needed {
        Needed {
            needed,
            remat,
            unsaved: HashSet::new(),
            bulk: Default::default(),
            fusion: None,
            nests: Nests::default(),
            joint: None,
        }
    }
}

/// The bulk saves of a function: what each loop saves before it starts, and which
/// assignments no longer save anything themselves (see [`super::bulk_save`]).
#[derive(Clone, Default)]
pub struct BulkSaves {
    /// Per loop, the sequences whose elements it saves before it starts, in
    /// the order of their assignments.
    pub before: HashMap<StmtId, Vec<VarId>>,
    /// The assignments whose saves moved before their loop.
    pub moved: HashSet<StmtId>,
    /// Per loop, the sequences whose saved elements its reverse puts back in one copy
    /// after it is done, rather than one by one (see `bulk_save::restores_wait`).
    pub restored_after: HashMap<StmtId, Vec<VarId>>,
    /// The assignments whose restores wait so.
    pub late: HashSet<StmtId>,
}

/// The loop nests that reserve room on their tapes before they run (see [`super::nests`]).
#[derive(Clone, Default)]
pub struct Nests {
    /// The outer loops of the reserved nests.
    pub roots: HashSet<StmtId>,
    /// The loops inside them, whose pushes the outer loop's reservation covers (they
    /// reserve nothing of their own).
    pub inner: HashSet<StmtId>,
    /// Whether `f_pullback`'s body runs some reserved nest recording (in its forward sweep,
    /// or in a checkpointed region its reverse sweep records again): the function is then
    /// kept out of its callers (`items::pullback::pullback_with`).
    pub reserved: bool,
}

/// What `f_vjp` fuses: the positions in the body of the fused loops, and of the early
/// statements (after the first fused loop, reversed before it), both in program order (see
/// [`super::fusion`]).
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Fusion {
    pub loops: Vec<usize>,
    pub early: Vec<usize>,
}

/// Where an assignment keeps the value it overwrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveSite {
    /// In a local: the assignment runs once (it is in the function's outermost block).
    Local,
    /// On the variable's tape: the assignment may run many times.
    Tape,
    /// Nowhere: `k += c` on an integer is undone by `k -= c` (an invertible update).
    Invert,
}

/// Whether (and where) an assignment must save the value it overwrites: when the reverse
/// sweep reads the variable and the assignment is not its initialisation.
pub fn save_site(func: &Func, needed: &Needed, s: &Stmt) -> Option<SaveSite> {
    let StmtKind::Assign { place, .. } = &s.kind else {
        return None;
    };
    let v = place.var();
    let overwrites = matches!(place, Place::Index(..)) || func.vars[v].mutable;
    if !(needed.is_needed(v) && overwrites) || needed.unsaved.contains(&s.id) {
        return None;
    }
    if invertible(func, s) {
        return Some(SaveSite::Invert);
    }
    let top = func.body.stmts.iter().any(|t| t.id == s.id);
    Some(if top { SaveSite::Local } else { SaveSite::Tape })
}

/// `k += c` or `k -= c` on an integer variable, with `c` a literal or an immutable variable
/// bound once for the whole function (a parameter, or a local of its outermost block: one
/// bound in a loop's body may differ from turn to turn, and the reverse sweep does not bind
/// it again): the reverse sweep undoes it exactly instead of storing the old `k`.
fn invertible(func: &Func, s: &Stmt) -> bool {
    let StmtKind::Assign {
        place: Place::Var(v),
        value,
        compound: Some(ArithOp::Add | ArithOp::Sub),
    } = &s.kind
    else {
        return false;
    };
    let constant = match &value.kind {
        ExprKind::Int(_) | ExprKind::Const(_) => true,
        ExprKind::Var(u) => {
            let var = &func.vars[*u];
            !var.mutable && *u != *v && var.scope.is_none_or(|b| b == func.body.id)
        }
        _ => false,
    };
    func.vars[*v].kind == Kind::Int && constant
}

/// Whether the reverse sweep has work to do for this statement: adjoints, or restoring
/// values the forward sweep saved.
pub fn replayed(func: &Func, act: &Activity, needed: &Needed, s: &Stmt) -> bool {
    s.any(&|s| replayed_itself(func, act, needed, s))
}

pub fn block_replayed(func: &Func, act: &Activity, needed: &Needed, b: &Block) -> bool {
    b.any(&|s| replayed_itself(func, act, needed, s))
}

/// `replayed` for a simple statement (a control statement is replayed for what it holds).
fn replayed_itself(func: &Func, act: &Activity, needed: &Needed, s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Assign { .. } => act.stmt_active(s) || save_site(func, needed, s).is_some(),
        StmtKind::Push { vec, .. } => act.is_active(*vec) || needed.is_needed(*vec),
        StmtKind::Let { .. } | StmtKind::Call { .. } => act.stmt_active(s),
        _ => false,
    }
}
