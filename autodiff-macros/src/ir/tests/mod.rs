//! IR unit tests: lower a function and assert on the printed IR. The helpers here serve
//! the analyses' tests too (`analysis/tests/`).

use super::print::print;
use super::*;

mod lowering;

/// `src` lowered, its statements numbered as the driver numbers them.
pub(crate) fn lower(src: &str) -> Func {
    let item: syn::ItemFn = syn::parse_str(src).expect("test input parses");
    let all = |_: &Ident, shape: ParamShape| shape != ParamShape::Inactive;
    match lower::lower_fn(&item, &all, false) {
        Ok(mut f) => {
            number_statements(&mut f);
            f
        }
        Err(errors) => panic!("lowering failed: {}", errors[0]),
    }
}

pub(crate) fn var(f: &Func, name: &str) -> VarId {
    f.vars
        .iter()
        .position(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

/// The `for` loops of a block and of the blocks nested in it, outermost first.
pub(crate) fn for_loops(b: &Block) -> Vec<&Stmt> {
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
