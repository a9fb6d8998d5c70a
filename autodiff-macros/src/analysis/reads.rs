//! What the reverse sweep reads ("to be recorded", in Tapenade's words).
//!
//! The adjoint of `z = x * y` reads `x` and `y`; the adjoint of `s = s + e` reads nothing
//! of `s`. A variable is *needed* when some adjoint, index or replayed control decision
//! reads it. Only needed variables are saved before they are overwritten, and only needed
//! variables of inner blocks are kept for the reverse sweep; everything else is forgotten
//! as soon as the forward sweep is done with it.

use super::plan::{replayed, save_site, Needed};
use super::Activity;
use crate::ir::*;
use crate::rules::Partial;

/// Which variables the reverse sweep reads: its adjoints' reads, the decisions of the
/// control flow it replays, and what checkpointed regions share with the code around them.
pub(super) fn analyze(func: &Func, act: &Activity) -> Vec<bool> {
    let mut n = Collector {
        func,
        act,
        needed: vec![false; func.vars.len()],
    };
    for (v, var) in func.vars.iter().enumerate() {
        // The shape of an active sequence's adjoint comes from its value, and so does a
        // struct value's the function holds (`Differentiable::zero_like`), and a tuple's
        // holding sequences (`zeros_like(&t.1)`, `emit::Ctx::declare_zero`).
        let shaped = matches!(var.kind, Kind::FloatSeq | Kind::Array)
            || matches!(var.kind, Kind::Tuple { seqs, .. } if seqs != 0)
            || (matches!(var.kind, Kind::Struct | Kind::StructSeq | Kind::ArraySeq)
                && var.scope.is_some()
                && !matches!(var.ty, Some(syn::Type::Tuple(_))));
        if act.is_active(v) && shaped && !func.ret.contains(&v) {
            n.needed[v] = true;
        }
    }
    n.block(&func.body);
    // Control flow that only restores saved values must be replayed too, which reads its
    // decisions: iterate until nothing new is needed.
    loop {
        let before = n.needed.clone();
        let needed = Needed::of(n.needed.clone(), Default::default());
        mark_replayed_control(&func.body, func, act, &needed, &mut n.needed);
        if n.needed == before {
            break;
        }
    }
    n.needed
}

/// The variables the reverse of `s` (and of the statements nested in it) reads: its
/// adjoints' reads, and the index of every element write, which restoring the element
/// evaluates again whether the write is active or not (`grid[pos as usize] += 0.25` reads
/// the float `pos`).
pub(super) fn reverse_reads(func: &Func, act: &Activity, s: &Stmt) -> Vec<bool> {
    let mut c = Collector {
        func,
        act,
        needed: vec![false; func.vars.len()],
    };
    c.stmt(s);
    let mut reads = c.needed;
    let indices = std::cell::RefCell::new(vec![]);
    s.any(&|t| {
        if let StmtKind::Assign {
            place: Place::Index(_, i),
            ..
        } = &t.kind
        {
            i.visit_vars(&mut |v| indices.borrow_mut().push(v));
        }
        false
    });
    for v in indices.into_inner() {
        reads[v] = true;
    }
    reads
}

/// The body of a `#[checkpoint]` loop or block.
pub fn checkpointed(s: &Stmt) -> Option<&Block> {
    match &s.kind {
        StmtKind::For {
            body,
            checkpoint: Some(_),
            ..
        }
        | StmtKind::While {
            body,
            checkpoint: Some(_),
            ..
        } => Some(body),
        StmtKind::Block { body, .. } => Some(body),
        _ => None,
    }
}

/// Whether a call argument is a reference (`&v`, or a reference parameter): pullbacks
/// borrow nothing, so the reverse sweep passes such arguments to them again.
pub fn passed_again(func: &Func, a: &Expr) -> bool {
    match &a.kind {
        // A function value, which every derived item takes by value (`&f` passed on to a
        // callee's `&dyn Fn` parameter, `parse::retype_function_values`).
        ExprKind::Ref(inner) if matches!(inner.kind, ExprKind::Var(v) if func.function_value(v).is_some()) => {
            false
        }
        ExprKind::Ref(_) => true,
        // (A function value written as a reference, `f: &dyn Fn(f64) -> f64`, passed on by
        // name: taken by value all the same.)
        ExprKind::Var(v) if func.function_value(*v).is_some() => false,
        // A reference parameter, or a local typed as a reference (`let row: &Array1<f64> =
        // &lane;`), which the callee's pullback takes again as it takes `&lane`.
        ExprKind::Var(v) => matches!(func.vars[*v].ty, Some(syn::Type::Reference(_))),
        _ => false,
    }
}

fn mark_replayed_control(
    b: &Block,
    func: &Func,
    act: &Activity,
    needed: &Needed,
    out: &mut [bool],
) {
    for s in &b.stmts {
        if !replayed(func, act, needed, s) {
            continue;
        }
        // A checkpointed region with nothing active is still re-run when it overwrites
        // what the reverse sweep reads: all it shares with the code around it must be
        // there then, as for an active one (`Collector::stmt`).
        if let Some(body) = checkpointed(s) {
            for v in Region::of(func, body).outer {
                out[v] = true;
            }
        }
        match &s.kind {
            // Restoring an overwritten element reads its index.
            StmtKind::Assign {
                place: Place::Index(_, i),
                ..
            } if save_site(func, needed, s).is_some() => {
                i.visit_vars(&mut |v| out[v] = true);
            }
            StmtKind::If { cond, then, els } => {
                out[*cond] = true;
                mark_replayed_control(then, func, act, needed, out);
                mark_replayed_control(els, func, act, needed, out);
            }
            StmtKind::For {
                range, body, trips, ..
            } => {
                match trips {
                    Some(t) => out[*t] = true,
                    None => {
                        out[range.start] = true;
                        out[range.end] = true;
                    }
                }
                mark_replayed_control(body, func, act, needed, out);
            }
            StmtKind::While { trips, body, .. } => {
                out[*trips] = true;
                mark_replayed_control(body, func, act, needed, out);
            }
            StmtKind::Block { body, .. } => mark_replayed_control(body, func, act, needed, out),
            StmtKind::Match { arms, arm, .. } => {
                out[*arm] = true;
                arms.iter()
                    .for_each(|(_, b)| mark_replayed_control(b, func, act, needed, out));
            }
            _ => {}
        }
    }
}

struct Collector<'a> {
    func: &'a Func,
    act: &'a Activity,
    needed: Vec<bool>,
}

impl Collector<'_> {
    fn all_vars(&mut self, e: &Expr) {
        let needed = &mut self.needed;
        e.visit_vars(&mut |v| needed[v] = true);
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        if !self.act.stmt_active(s) {
            return;
        }
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                self.adjoint(e, false);
                // Its reverse reads the result from the binding (`analysis::residuals`).
                if super::residuals::saved_result(self.act, e) {
                    self.needed[*var] = true;
                }
            }
            StmtKind::Let { init: None, .. } => {}
            StmtKind::Assign {
                place,
                value,
                compound,
            } => {
                if let Place::Index(_, i) = place {
                    self.all_vars(i);
                }
                match compound {
                    // `v *= e` reads `v` and `e`, `v /= e` too; `v += e` reads neither.
                    Some(ArithOp::Mul | ArithOp::Div | ArithOp::Rem) => {
                        self.needed[place.var()] = true;
                        self.all_vars(value);
                    }
                    _ => self.adjoint(value, false),
                }
            }
            StmtKind::Call { pullback, args, .. } => {
                self.needed[*pullback] = true;
                for a in args {
                    if passed_again(self.func, a) {
                        self.all_vars(a);
                    }
                    self.adjoint(a, false);
                }
            }
            StmtKind::Push { value, .. } => self.adjoint(value, false),
            StmtKind::If { cond, then, els } => {
                self.needed[*cond] = true;
                self.block(then);
                self.block(els);
            }
            StmtKind::For {
                range, body, trips, ..
            } => {
                // Replayed from its trip count, or over its range backwards.
                match trips {
                    Some(t) => self.needed[*t] = true,
                    None => {
                        self.needed[range.start] = true;
                        self.needed[range.end] = true;
                    }
                }
                self.block(body);
            }
            StmtKind::While { trips, body, .. } => {
                self.needed[*trips] = true;
                self.block(body);
            }
            StmtKind::Block { body, .. } => self.block(body),
            StmtKind::Match { arms, arm, .. } => {
                self.needed[*arm] = true;
                arms.iter().for_each(|(_, b)| self.block(b));
            }
        }
        if let Some(body) = checkpointed(s) {
            // The region is re-run in the reverse sweep: everything it shares with the
            // code around it must be there then.
            for v in Region::of(self.func, body).outer {
                self.needed[v] = true;
            }
        }
    }

    /// Marks what propagating a cotangent through `e` reads; `value` says whether `e`'s own
    /// value is read as well (as a factor of another operand's partial).
    fn adjoint(&mut self, e: &Expr, value: bool) {
        if value {
            return self.all_vars(e);
        }
        if !self.act.varied(e) {
            return;
        }
        use ExprKind::*;
        match &e.kind {
            Index(base, i) => {
                self.all_vars(i);
                self.adjoint(base, false);
            }
            Neg(a) | Ref(a) | Copy(a) | Cast(a, _) | Field(a, _) => self.adjoint(a, false),
            Arith(op, a, b) => {
                let (va, vb) = (self.act.varied(a), self.act.varied(b));
                match op {
                    ArithOp::Add | ArithOp::Sub => {
                        self.adjoint(a, false);
                        self.adjoint(b, false);
                    }
                    ArithOp::Mul => {
                        self.adjoint(a, vb);
                        self.adjoint(b, va);
                    }
                    // ∂(a/b)/∂a = 1/b, ∂(a/b)/∂b = −a/b²; `%` likewise reads both.
                    ArithOp::Div | ArithOp::Rem => {
                        self.adjoint(a, vb);
                        self.adjoint(b, true);
                    }
                    ArithOp::Shl
                    | ArithOp::Shr
                    | ArithOp::BitAnd
                    | ArithOp::BitOr
                    | ArithOp::BitXor => {}
                }
            }
            Elementary(rule, args) if rule.partial != Partial::Zero => {
                args.iter().for_each(|a| self.adjoint(a, true));
            }
            Repeat { elem, .. } => self.adjoint(elem, false),
            List { elems, .. } | Tuple(elems) => elems.iter().for_each(|x| self.adjoint(x, false)),
            StructLit(_, fields) => fields.iter().for_each(|(_, x)| self.adjoint(x, false)),
            _ => {}
        }
    }
}
