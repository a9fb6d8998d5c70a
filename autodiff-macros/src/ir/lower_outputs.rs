//! Output buffers (`out: &mut [f64]`) are results: the generated functions treat what
//! they hold on entry as constants. A body that reads those contents (an in-place
//! update, a solver's right-hand side passed in the buffer) would lose their cotangent
//! without a word, so lowering refuses it here.
//!
//! The test is the buffer's first access in program order: a plain write (`out[i] = …`
//! whose right-hand side does not read it) makes later reads fine; a read, or a compound
//! update (`out[i] += …`), before any such write is refused. Its length (`out.len()`) is
//! not its contents.

use super::*;

/// One error per output buffer whose contents are read before the body writes them.
pub(super) fn refuse_reads_of_initial_contents(
    body: &Block,
    outputs: &[Output],
    errors: &mut Vec<syn::Error>,
) {
    for o in outputs {
        if let Access::ReadFirst(span) = first_access(&body.stmts, o.local) {
            let name = &o.param;
            errors.push(syn::Error::new(
                span,
                format!("this reads what the output buffer `{name}` holds on entry, which the derivatives would treat as a constant: an output buffer must be written before it is read; pass the input as a separate `&[f64]` parameter (its cotangent then flows) and write the result into `{name}`"),
            ));
        }
    }
}

enum Access {
    None,
    WrittenFirst,
    ReadFirst(Span),
}

fn first_access(stmts: &[Stmt], out: VarId) -> Access {
    for s in stmts {
        match stmt_access(s, out) {
            Access::None => {}
            found => return found,
        }
    }
    Access::None
}

fn stmt_access(s: &Stmt, out: VarId) -> Access {
    let reads = |e: &Expr| reads_contents(e, out);
    let read_here = match &s.kind {
        StmtKind::Let { init, .. } => init.iter().any(reads),
        StmtKind::Assign {
            place,
            value,
            compound,
        } => {
            let index_reads = matches!(place, Place::Index(_, i) if reads(i));
            let updates = compound.is_some() && place.var() == out;
            if index_reads || updates || reads(value) {
                true
            } else if place.var() == out {
                return Access::WrittenFirst;
            } else {
                false
            }
        }
        StmtKind::Call { args, .. } => args.iter().any(reads),
        StmtKind::Push { value, .. } => reads(value),
        StmtKind::While { cond, .. } => reads(cond),
        StmtKind::Match { scrutinee, .. } => reads(scrutinee),
        StmtKind::If { .. } | StmtKind::For { .. } | StmtKind::Block { .. } => false,
    };
    if read_here {
        return Access::ReadFirst(s.span);
    }
    for block in s.blocks() {
        match first_access(&block.stmts, out) {
            Access::None => {}
            found => return found,
        }
    }
    Access::None
}

/// Whether `e` reads the elements of `out` (not merely its length).
fn reads_contents(e: &Expr, out: VarId) -> bool {
    match &e.kind {
        ExprKind::Var(v) => *v == out,
        ExprKind::Opaque(OpaqueCall::Method(recv, method, _, args))
            if matches!(recv.kind, ExprKind::Var(v) if v == out)
                && matches!(method.to_string().as_str(), "len" | "is_empty") =>
        {
            args.iter().any(|a| reads_contents(a, out))
        }
        _ => e.children().into_iter().any(|c| reads_contents(c, out)),
    }
}
