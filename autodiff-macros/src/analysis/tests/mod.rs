//! Analysis unit tests: lower a function (with the IR tests' helpers), run the analyses,
//! and assert on what they decided.

use super::{activity, needed};
use crate::ir::print::print;
use crate::ir::tests::{for_loops, lower, var};
use crate::ir::*;

mod bulk_saves;
mod fusion;
mod recording;
mod windows;

/// Whether `f_vjp` of `src` runs its last loop fused with its reverse.
fn fused(src: &str) -> bool {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    needed::analyze(&f, &act).fusion.is_some()
}
