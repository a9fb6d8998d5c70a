//! Keep, do not recompute, the results of expensive functions that the reverse sweep reads
//! (JAX calls such values residuals; Enzyme's cache-or-recompute makes the same choice).
//!
//! The partial of `exp`, `tanh`, `sqrt` and a few others is written in terms of the result
//! (`∂ eˣ = eˣ`, `∂ tanh x = 1 − tanh² x`), and the reverse of a statement rebuilds the values
//! its partials read from the primal variables. For these functions that would mean calling
//! them a second time: a `tanh` costs tens of cycles, while keeping its result costs a push
//! and a pop in a loop and nothing in straight-line code. So each such call on a varied
//! value that is not already the whole initialiser of a `let` is given a `let` of its own,
//! just before its statement:
//!
//! ```text
//! s = o * c.tanh();      becomes      let tanh_c = c.tanh();  s = o * tanh_c;
//! ```
//!
//! The needed-values analysis then marks the binding as read by its own reverse, so it is
//! kept like any other value the reverse sweep reads, and the adjoint takes the function's
//! result from it (`Adjoint::of_let`) instead of calling the function again.

use super::Activity;
use crate::ir::*;

/// Whether `e` is a call whose result its own partial reads: the reverse sweep keeps it.
pub fn saved_result(act: &Activity, e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Elementary(rule, _) if rule.result_saved()) && act.varied(e)
}

/// Gives every saved result inside a statement's expression a `let` of its own.
pub fn hoist(mut func: Func, act: &Activity) -> Func {
    let mut body = std::mem::replace(
        &mut func.body,
        Block {
            id: 0,
            stmts: vec![],
        },
    );
    hoist_block(&mut func, act, &mut body);
    func.body = body;
    func
}

fn hoist_block(func: &mut Func, act: &Activity, b: &mut Block) {
    let mut out = Vec::with_capacity(b.stmts.len());
    for mut s in std::mem::take(&mut b.stmts) {
        let mut lets = vec![];
        if act.stmt_active(&s) {
            let mut h = Hoister {
                func,
                act,
                scope: b.id,
                lets: &mut lets,
            };
            match &mut s.kind {
                // The initialiser's own root is bound already: only what is inside it.
                StmtKind::Let { init: Some(e), .. } => h.children(e),
                StmtKind::Assign { value, .. } | StmtKind::Push { value, .. } => h.expr(value),
                StmtKind::Call { args, .. } => args.iter_mut().for_each(|a| h.expr(a)),
                _ => {}
            }
        }
        for inner in s.blocks_mut() {
            hoist_block(func, act, inner);
        }
        out.extend(lets);
        out.push(s);
    }
    b.stmts = out;
}

struct Hoister<'a> {
    func: &'a mut Func,
    act: &'a Activity,
    scope: BlockId,
    lets: &'a mut Vec<Stmt>,
}

impl Hoister<'_> {
    /// Hoists the saved results in `e`, `e` itself included, innermost first (the order
    /// in which they are evaluated).
    fn expr(&mut self, e: &mut Expr) {
        // Asked first: activity knows nothing of the variables hoisting makes.
        let saved = saved_result(self.act, e);
        self.children(e);
        if !saved {
            return;
        }
        let span = e.span;
        let var = self.binding(e);
        let init = std::mem::replace(e, Expr::new(ExprKind::Var(var), span));
        self.lets.push(Stmt::new(
            StmtKind::Let {
                var,
                init: Some(init),
            },
            span,
        ));
    }

    /// Only through operations a derivative flows through: never into a condition, an
    /// index, an opaque call or a short-circuited operand, whose evaluation order or
    /// whether they run at all would change.
    fn children(&mut self, e: &mut Expr) {
        use ExprKind::*;
        match &mut e.kind {
            Arith(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Neg(a) => self.expr(a),
            Elementary(rule, args) => {
                let rule = *rule;
                for (i, a) in args.iter_mut().enumerate() {
                    if rule.float_arg(i) {
                        self.expr(a);
                    }
                }
            }
            Tuple(elems) | List { elems, .. } => elems.iter_mut().for_each(|x| self.expr(x)),
            StructLit(_, fields) => fields.iter_mut().for_each(|(_, x)| self.expr(x)),
            _ => {}
        }
    }

    /// A new immutable float variable of the statement's block, named after the call
    /// (`tanh_c` for `c.tanh()` or `c[i].tanh()`, `exp_result` otherwise).
    fn binding(&mut self, e: &Expr) -> VarId {
        let ExprKind::Elementary(rule, args) = &e.kind else {
            unreachable!("only calls are hoisted")
        };
        let operand = match args.first().map(|a| &a.kind) {
            Some(ExprKind::Var(v)) => Some(*v),
            Some(ExprKind::Index(base, _)) => match base.kind {
                ExprKind::Var(v) => Some(v),
                _ => None,
            },
            _ => None,
        };
        let base = match operand {
            Some(v) => format!("{}_{}", rule.name, self.func.vars[v].stem),
            None => format!("{}_result", rule.name),
        };
        let name = self.func.fresh_name(&base, e.span);
        self.func.vars.push(Var {
            stem: name.clone(),
            name,
            kind: Kind::Float,
            scope: Some(self.scope),
            mutable: false,
            ty: None,
            element: false,
        });
        self.func.vars.len() - 1
    }
}
