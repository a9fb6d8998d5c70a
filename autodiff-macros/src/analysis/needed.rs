//! What the reverse sweep reads, and how each value it reads is kept for it: the passes
//! that decide it, run in order, each filling in its part of the plan ([`Needed`]) that
//! emission reads. The paths emission uses for the plan and its questions are kept here.

pub use super::plan::{block_replayed, replayed, save_site, Needed, SaveSite};
pub use super::reads::{checkpointed, passed_again};

use super::plan::Fusion;
use super::{bulk_save, fusion, nests, reads, remat, unsaved, Activity};
use crate::ir::*;

/// The plan of `func`'s reverse sweep: the variables it reads ([`reads`]), those of them it
/// recomputes ([`remat`]), the assignments that save nothing ([`unsaved`]), the saves loops
/// make in bulk ([`bulk_save`]), the loops `f_vjp` fuses ([`fusion`]), the loop nests that
/// reserve their tapes ([`nests`]), and with fused loops the saves of `f_vjp`'s joint body.
pub fn analyze(func: &Func, act: &Activity) -> Needed {
    debug_assert!(
        statements_numbered(func),
        "the plan is keyed by statement ids"
    );
    let mut needed = reads::analyze(func, act);
    let remat = remat::analyze(func, &mut needed);
    let mut needed = Needed::of(needed, remat);
    needed.unsaved = unsaved::analyze(func, act, &[]);
    // Last: which saves a loop can make in bulk depends on where each value is saved.
    needed.bulk = bulk_save::analyze(func, &needed);
    needed.fusion = fusion::fusion(func, act, &needed);
    needed.nests = nests::analyze(func, act, &needed, &[]);
    needed.joint = needed
        .fusion
        .as_ref()
        .map(|fusion| Box::new(joint(func, act, &needed, fusion)));
    needed
}

/// With fused loops, what `f_vjp`'s joint body saves: the same needed values, but an
/// iteration of a fused loop saves nothing for the iterations before it, whose reverses
/// have run already.
fn joint(func: &Func, act: &Activity, needed: &Needed, fusion: &Fusion) -> Needed {
    let fused: Vec<StmtId> = fusion
        .loops
        .iter()
        .map(|&k| func.body.stmts[k].id)
        .collect();
    let mut joint = Needed::of(needed.needed.clone(), needed.remat.clone());
    joint.unsaved = unsaved::analyze(func, act, &fused);
    joint.bulk = bulk_save::analyze(func, &joint);
    joint.nests = nests::analyze(func, act, &joint, &fused);
    joint
}
