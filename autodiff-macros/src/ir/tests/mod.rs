//! IR unit tests: lower a function, run the analyses, and assert on the printed IR and on
//! what the analyses decided.

use super::print::print;
use super::*;
use crate::analysis::{activity, needed};

mod bulk_saves;
mod fusion;
mod lowering;
mod recording;
mod windows;

fn lower(src: &str) -> Func {
    let item: syn::ItemFn = syn::parse_str(src).expect("test input parses");
    let all = |_: &Ident, shape: ParamShape| shape != ParamShape::Inactive;
    match lower::lower_fn(&item, &all, false) {
        Ok(f) => f,
        Err(errors) => panic!("lowering failed: {}", errors[0]),
    }
}

fn var(f: &Func, name: &str) -> VarId {
    f.vars
        .iter()
        .position(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

/// The `for` loops of a block and of the blocks nested in it, outermost first.
fn for_loops(b: &Block) -> Vec<&Stmt> {
    let mut found = vec![];
    for s in &b.stmts {
        if matches!(s.kind, StmtKind::For { .. }) {
            found.push(s);
        }
        for inner in s.blocks() {
            found.extend(for_loops(inner));
        }
    }
    found
}

/// Whether `f_vjp` of `src` runs its last loop fused with its reverse.
fn fused(src: &str) -> bool {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    needed::analyze(&f, &act).fusion.is_some()
}
