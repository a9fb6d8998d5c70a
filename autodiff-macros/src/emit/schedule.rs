//! Where `f_jvp`'s tangent statements go in a run of scalar statements: after the primal
//! ones, as late as the primal lets them (see `tangent_schedule`).

use super::forward::Sweep;
use super::Emitter;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Emitter<'_> {
    /// A block's statements in forward mode. Within a run of scalar statements, each
    /// tangent statement is emitted after the primal ones, as late as the primal lets it:
    /// the primal keeps its own schedule, and the optimiser does not interleave (and, on
    /// x86, pair into vector registers with shuffles) each value with its tangent. A tangent
    /// comes first only where a primal assignment would overwrite a value it reads
    /// (`acc = acc * x + c[i]` needs the old `acc`).
    pub(super) fn tangent_schedule(&mut self, b: &Block) -> Vec<TokenStream> {
        let mut out = vec![];
        let mut pending: Vec<(TokenStream, Vec<VarId>)> = vec![];
        let flush = |out: &mut Vec<TokenStream>, pending: &mut Vec<(TokenStream, Vec<VarId>)>| {
            out.extend(pending.drain(..).map(|(t, _)| t));
        };
        for s in &b.stmts {
            let Some((primal, tangent, reads, writes)) = self.split_scalar(s) else {
                flush(&mut out, &mut pending);
                out.push(self.forward_stmt(s, Sweep::Jvp));
                out.push(self.tangent_check(s));
                continue;
            };
            let check = self.tangent_check(s);
            let tangent = quote!(#tangent #check);
            if let Some(w) = writes {
                if pending.iter().any(|(_, r)| r.contains(&w)) {
                    flush(&mut out, &mut pending);
                }
                if reads.contains(&w) {
                    flush(&mut out, &mut pending);
                    out.push(tangent);
                    out.push(primal);
                    continue;
                }
            }
            out.push(primal);
            pending.push((tangent, reads));
        }
        flush(&mut out, &mut pending);
        out
    }

    /// A scalar `let` or assignment as its primal statement, its tangent statement, the
    /// variables the tangent reads and the one the primal overwrites; `None` for anything
    /// else (sequences, whose lets may move a value a pending tangent reads; calls; control
    /// flow).
    fn split_scalar(
        &mut self,
        s: &Stmt,
    ) -> Option<(TokenStream, TokenStream, Vec<VarId>, Option<VarId>)> {
        let scalar = |v: VarId| matches!(self.kind(v), Kind::Float | Kind::Int | Kind::Bool);
        let mut reads = vec![];
        match &s.kind {
            StmtKind::Let {
                var,
                init: Some(init),
            } if scalar(*var) => {
                init.visit_vars(&mut |u| reads.push(u));
                // A call's partial takes its value from the new variable (`let s = x.tanh()`
                // gives `s_dot = x_dot * partial::tanh(x, s)`): the tangent must come before
                // anything overwrites it.
                reads.push(*var);
                let (primal, tangent) = self.let_parts(*var, Some(init), Sweep::Jvp);
                Some((primal, tangent, reads, None))
            }
            StmtKind::Assign {
                place,
                value,
                compound,
            } if scalar(place.var()) || matches!(place, Place::Index(..)) => {
                if !matches!(self.kind_of(value), Kind::Float | Kind::Int | Kind::Bool) {
                    return None;
                }
                value.visit_vars(&mut |u| reads.push(u));
                if let Place::Index(_, i) = place {
                    i.visit_vars(&mut |u| reads.push(u));
                }
                // The tangent of `a *= e` (and `/=`, `%=`) reads the old `a`.
                if !matches!(compound, None | Some(ArithOp::Add | ArithOp::Sub)) {
                    reads.push(place.var());
                }
                let tangent = self.assign_tangent(place, value, *compound);
                let primal = self.assign_primal(place, value, *compound, Sweep::Jvp);
                Some((primal, tangent, reads, Some(place.var())))
            }
            _ => None,
        }
    }
}
