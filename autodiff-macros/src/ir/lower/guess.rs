//! Call results whose type the body never states. The attribute cannot see what a callee
//! returns (`let out = p.forward(x);`, `let z = helper(x);`): lowering reads it off the
//! result's uses where they tell (`z[i]`, `z.dot(…)`), and otherwise guesses a float. A
//! guess is only kept where it is needed: a result the body reads only by passing it on
//! to other calls (array arithmetic is such a call, `&out - y`) is kept whole instead,
//! with a lazily materialised adjoint generic over its type (`support::Adjoint`, for
//! floats and arrays alike), so that rustc's types decide what it is.

use super::Lowerer;
use crate::ir::*;

impl Lowerer {
    /// Settles each guessed call result: whole unless the body reads it as a float.
    /// Returns whether one is kept whole.
    pub(super) fn settle_guesses(&mut self, body: &Block) -> bool {
        let mut whole = false;
        for v in std::mem::take(&mut self.guessed) {
            if self.vars[v].kind == Kind::Float && !self.ret.contains(&v) && only_passed_on(body, v)
            {
                self.vars[v].kind = Kind::Array;
                whole = true;
            }
        }
        whole
    }
}

/// Whether every read of `v` is an argument of a call (`g(v)`, `g(&v)`) and nothing
/// assigns it.
fn only_passed_on(b: &Block, v: VarId) -> bool {
    b.stmts.iter().all(|s| {
        let mentions = |e: &Expr| {
            let mut found = false;
            e.visit_vars(&mut |u| found |= u == v);
            found
        };
        let own = match &s.kind {
            StmtKind::Let { init, .. } => init.iter().all(|e| !mentions(e)),
            StmtKind::Assign { place, value, .. } => {
                place.var() != v
                    && !mentions(value)
                    && !matches!(place, Place::Index(_, i) if mentions(i))
            }
            StmtKind::Call { args, .. } => args.iter().all(|a| match &a.kind {
                ExprKind::Var(_) => true,
                ExprKind::Ref(inner) => matches!(inner.kind, ExprKind::Var(_)) || !mentions(inner),
                _ => !mentions(a),
            }),
            StmtKind::Push { vec, value } => *vec != v && !mentions(value),
            StmtKind::If { cond, .. } => *cond != v,
            StmtKind::For { range, exit, .. } => {
                range.start != v && range.end != v && exit.iter().all(|e| !mentions(e))
            }
            StmtKind::While { cond, exit, .. } => {
                !mentions(cond) && exit.iter().all(|e| !mentions(e))
            }
            StmtKind::Match { scrutinee, .. } => !mentions(scrutinee),
            StmtKind::Block { .. } => true,
        };
        own && s.blocks().into_iter().all(|inner| only_passed_on(inner, v))
    })
}

impl Lowerer {
    /// Floats passed by reference (`sq(&a)` of `fn sq(x: &f64)`) are passed by value, and
    /// structs and tuples passed by value by reference, as the derived items of every
    /// differentiated function take them
    /// (`parse::collapse_param_refs`); asked once the guesses are settled, since a result
    /// kept whole is no float.
    pub(super) fn pass_floats_by_value(&self, b: &mut Block) {
        for s in &mut b.stmts {
            match &mut s.kind {
                // The runtime's rules the lowering calls for operators (`::autodiff::ops::
                // add(&a, &0.1)`) take their operands by reference, whatever they are.
                StmtKind::Call { callee, .. }
                    if callee.leading_colon.is_some()
                        && callee
                            .segments
                            .first()
                            .is_some_and(|s| s.ident == "autodiff") => {}
                StmtKind::Call { args, method, .. } => {
                    // A method's receiver is passed as written.
                    let skip = usize::from(*method);
                    for a in args.iter_mut().skip(skip) {
                        match &a.kind {
                            ExprKind::Ref(inner) if self.kind_of(inner) == Kind::Float => {
                                *a = (**inner).clone();
                            }
                            // A struct or tuple by value (`norm(pts[1])` of `fn norm(p:
                            // (f64, f64))`), which the derived items take by reference.
                            ExprKind::Ref(_) => {}
                            _ if self.kind_of(a) == Kind::Struct => {
                                let span = a.span;
                                *a = Expr::new(ExprKind::Ref(Box::new(a.clone())), span);
                            }
                            _ => {}
                        }
                    }
                }
                StmtKind::If { then, els, .. } => {
                    self.pass_floats_by_value(then);
                    self.pass_floats_by_value(els);
                }
                StmtKind::For { body, .. }
                | StmtKind::While { body, .. }
                | StmtKind::Block { body, .. } => self.pass_floats_by_value(body),
                StmtKind::Match { arms, .. } => {
                    for (_, arm) in arms.iter_mut() {
                        self.pass_floats_by_value(arm);
                    }
                }
                _ => {}
            }
        }
    }
}
