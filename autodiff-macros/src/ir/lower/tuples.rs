//! Local tuples of floats (`let t = (a, b);`, a fold's tuple accumulator) are struct values
//! of fields `.0`, `.1`, whose adjoints start as zeros shaped like the value. Where the
//! value is gone when its adjoint is declared (a loop body's local in the reverse sweep),
//! the zeros come from the tuple's type instead: written at the literal, and carried here
//! to every variable copied from one.

use crate::ir::*;

/// Gives each struct-kind variable copied from a tuple of floats (`let c = t;`, `c = t;` of
/// a variable `t` with a tuple type) that type, until nothing changes.
pub(super) fn type_tuple_copies(vars: &mut [Var], body: &Block) {
    loop {
        let mut copies = vec![];
        collect_copies(body, &mut copies);
        let mut changed = false;
        for (to, from) in copies {
            let tuple = matches!(&vars[from].ty, Some(Type::Tuple(_)));
            if tuple && vars[to].kind == Kind::Struct && vars[to].ty.is_none() {
                vars[to].ty = vars[from].ty.clone();
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// `(to, from)` for every `let to = from;` and `to = from;` of two variables.
fn collect_copies(b: &Block, out: &mut Vec<(VarId, VarId)>) {
    for s in &b.stmts {
        let copy = match &s.kind {
            StmtKind::Let { var, init: Some(e) } => Some((*var, e)),
            StmtKind::Assign {
                place: Place::Var(v),
                value,
                compound: None,
            } => Some((*v, value)),
            _ => None,
        };
        if let Some((to, ExprKind::Var(from))) = copy.map(|(to, e)| (to, &e.kind)) {
            out.push((to, *from));
        }
        for inner in s.blocks() {
            collect_copies(inner, out);
        }
    }
}
