//! Assignments (`x = …`, `x += …`, `v[i] = …`): the place written (a local variable or an
//! element of one) and the value, compound operators as their arithmetic.

use super::*;

impl Lowerer {
    pub(super) fn place_var(&mut self, e: &syn::Expr) -> Option<VarId> {
        match e {
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                let v = self.lookup(&name);
                if v.is_none() {
                    self.error(expr_span(e), format!("unknown variable `{name}`"));
                }
                v
            }
            syn::Expr::Paren(p) => self.place_var(&p.expr),
            _ => {
                self.error(expr_span(e), "only a local variable or `v[i]` can be assigned in a `#[differentiate]` function");
                None
            }
        }
    }

    pub(super) fn lower_assign(
        &mut self,
        left: &syn::Expr,
        right: &syn::Expr,
        compound: Option<ArithOp>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let place = match left {
            // Rust evaluates the value before the place (`v[{ i += 1; i }] = x[i]` reads the
            // `i` from before): the value first, kept in a temporary where the index's
            // statements assign what it reads.
            syn::Expr::Index(ix) => {
                let Some(v) = self.place_var(&ix.expr) else {
                    return;
                };
                let value = self.lower_expr(right, out);
                let mark = out.len();
                let index = self.lower_expr(&ix.index, out);
                let mut value = [value];
                self.keep_before(&mut value, out, mark);
                let [value] = value;
                out.push(Stmt {
                    kind: StmtKind::Assign {
                        place: Place::Index(v, Box::new(index)),
                        value,
                        compound,
                    },
                    span,
                });
                return;
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                return self.error(
                    span,
                    "assignment through `*` is not supported: assign to a local variable",
                );
            }
            _ => match self.place_var(left) {
                Some(v) => Place::Var(v),
                None => return,
            },
        };
        // `x = &x[1..]`: a slice variable narrowed to a part of a sequence, which the
        // derived items copy (a part passed on is a `Vec`), so it cannot be a view again.
        if let (Place::Var(v), syn::Expr::Reference(r)) = (&place, right) {
            if matches!(&*r.expr, syn::Expr::Index(ix) if matches!(&*ix.index, syn::Expr::Range(_)))
                && self.vars[*v].kind == Kind::FloatSeq
            {
                self.unsupported(span, "a slice variable given a part of a sequence (`x = &x[1..]`)", "index with an offset instead (`x[k + i]`, with `k += 1` where the slice would be narrowed)");
                return;
            }
        }
        if let (None, Place::Var(v)) = (compound, &place) {
            // A call or an `if`/`match`/block assigned to a variable goes through a temporary.
            let kind = self.vars[*v].kind;
            let tmp = if let Some(call) = self.split_call(right, out) {
                let tmp = self.temp("call", kind, span);
                self.push_call(tmp, call, span, out);
                Some(tmp)
            } else if self.as_statement_expr(right).is_some() {
                let tmp = self.temp("value", kind, span);
                self.vars[tmp].mutable = false;
                out.push(Stmt {
                    kind: StmtKind::Let {
                        var: tmp,
                        init: None,
                    },
                    span,
                });
                self.lower_valued(right, &[tmp], out);
                Some(tmp)
            } else {
                None
            };
            if let Some(tmp) = tmp {
                let value = Expr::new(ExprKind::Var(tmp), span);
                out.push(Stmt {
                    kind: StmtKind::Assign {
                        place,
                        value,
                        compound,
                    },
                    span,
                });
                return;
            }
        }
        let value = self.lower_expr(right, out);
        out.push(Stmt {
            kind: StmtKind::Assign {
                place,
                value,
                compound,
            },
            span,
        });
    }
}

pub(super) fn compound_op(op: &syn::BinOp) -> Option<ArithOp> {
    Some(match op {
        syn::BinOp::AddAssign(_) => ArithOp::Add,
        syn::BinOp::SubAssign(_) => ArithOp::Sub,
        syn::BinOp::MulAssign(_) => ArithOp::Mul,
        syn::BinOp::DivAssign(_) => ArithOp::Div,
        syn::BinOp::RemAssign(_) => ArithOp::Rem,
        _ => return None,
    })
}
