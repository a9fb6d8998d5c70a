//! `break`, `continue` and `return` as flag assignments: each loop's flags (made on first
//! use), the `return` flag, and the variables a `break value` assigns.

use super::*;

/// The flags of a loop being lowered, made on first use, with its label and, for a `loop`
/// used for its value, the variables a `break value` assigns.
#[derive(Default)]
pub(super) struct LoopFlags {
    pub(super) brk: Option<VarId>,
    pub(super) cont: Option<VarId>,
    label: Option<String>,
    value: Option<Vec<VarId>>,
}

impl Lowerer {
    pub(super) fn lower_return(&mut self, r: &syn::ExprReturn, out: &mut Vec<Stmt>) {
        let span = r.return_token.span;
        match &r.expr {
            Some(e) => {
                let ret = self.ret.clone();
                self.assign_result(e, &ret, out);
            }
            None if self.ret.is_empty() => {}
            None => {
                return self.error(
                    span,
                    "`return` without a value in a function that returns one",
                )
            }
        }
        let done = match self.done {
            Some(d) => d,
            None => {
                let d = self.temp("done", Kind::Bool, span);
                self.done = Some(d);
                d
            }
        };
        let t = Expr::new(ExprKind::Bool(true), span);
        out.push(Stmt::new(
            StmtKind::Assign {
                place: Place::Var(done),
                value: t,
                compound: None,
            },
            span,
        ));
    }

    /// The flags a `break` (`brk`) or `continue` sets: those of the loop it leaves (the
    /// innermost, or the one its label names) and the `break` flags of the loops nested
    /// in that one, which end too. `None` after an error.
    pub(super) fn loop_flags_for(
        &mut self,
        brk: bool,
        label: Option<&syn::Lifetime>,
        span: Span,
    ) -> Option<Vec<VarId>> {
        if self.loops.is_empty() {
            self.error(span, "`break` or `continue` outside a loop");
            return None;
        }
        let target = match label {
            None => self.loops.len() - 1,
            Some(l) => {
                let name = l.ident.to_string();
                let Some(t) = self
                    .loops
                    .iter()
                    .rposition(|f| f.label.as_deref() == Some(name.as_str()))
                else {
                    self.error(l.span(), format!("no enclosing loop is labelled `{l}`"));
                    return None;
                };
                t
            }
        };
        let mut flags = vec![self.flag_of(target, brk, span)];
        for inner in target + 1..self.loops.len() {
            flags.push(self.flag_of(inner, true, span));
        }
        Some(flags)
    }

    /// The variables a `break value` leaving the loop `label` (or the innermost) assigns.
    pub(super) fn loop_value(&self, label: Option<&syn::Lifetime>) -> Option<Vec<VarId>> {
        let l = match label {
            None => self.loops.last()?,
            Some(l) => {
                let name = l.ident.to_string();
                self.loops
                    .iter()
                    .rev()
                    .find(|f| f.label.as_deref() == Some(name.as_str()))?
            }
        };
        l.value.clone()
    }

    fn flag_of(&mut self, index: usize, brk: bool, span: Span) -> VarId {
        let existing = {
            let l = &self.loops[index];
            if brk {
                l.brk
            } else {
                l.cont
            }
        };
        if let Some(f) = existing {
            return f;
        }
        let f = self.temp(if brk { "brk" } else { "cont" }, Kind::Bool, span);
        let l = &mut self.loops[index];
        if brk {
            l.brk = Some(f)
        } else {
            l.cont = Some(f)
        }
        f
    }

    /// Enters a loop with this label; a `loop` used for its value gives the variables its
    /// `break value` assigns.
    pub(super) fn enter_loop(&mut self, label: Option<&syn::Label>, value: Option<Vec<VarId>>) {
        self.loops.push(LoopFlags {
            label: label.map(|l| l.name.ident.to_string()),
            value,
            ..LoopFlags::default()
        });
    }

    /// Leaves a loop; returns its (break, continue) flags.
    pub(super) fn leave_loop(&mut self) -> (Option<VarId>, Option<VarId>) {
        let l = self.loops.pop().expect("balanced loops");
        (l.brk, l.cont)
    }

    pub(super) fn done_flag(&self) -> Option<VarId> {
        self.done
    }
}
