//! `f_vjp`'s own body when loops of it are fused with their reverse (`analysis::fusion`):
//! the forward sweep up to the first fused loop; the reverse of the early statements (they
//! read the seed alone, so the fused loops' accumulators know their adjoints); the rest of
//! the primal, each fused loop running each iteration's adjoint right after its primal;
//! then the reverse of every other statement, last to first. `f_pullback` keeps the split
//! form, for callers.

use super::forward::Sweep;
use super::signature::Acc;
use super::Emitter;
use crate::analysis::fusion::{declared_at, fixed_length, Fusion};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Emitter<'_> {
    /// The statements of `f_vjp` with `fusion`'s loops fused; `dout` is the seed, `accs`
    /// the accumulators lent for sequence parameters' adjoints (`f_hvp`'s, from the pool).
    /// Returns `(value, cotangents…)`.
    pub fn joint_body(&mut self, dout: &syn::Ident, fusion: &Fusion, accs: &[Acc]) -> TokenStream {
        // The adjoints' declarations go in lazily, between emitted statements: they read
        // through a copy of the context.
        let cx = self.cx();
        let stmts = &cx.func.body.stmts;
        let first = fusion.loops[0];
        let forward_before: Vec<TokenStream> = stmts[..first]
            .iter()
            .map(|s| self.forward_stmt(s, Sweep::Augmented))
            .collect();
        let seed = cx.seed(dout);
        // A sequence declared after the first fused loop gets its adjoint (shaped like its
        // value) right after its declaration when its length is fixed, so that a later
        // fused loop may add to it; otherwise after the primal, as the split form does
        // (no fused loop touches it). The early statements touch floats and parameters only.
        let (adjoints, late): (Vec<VarId>, Vec<VarId>) = self
            .top_level_adjoints()
            .into_iter()
            .partition(|&v| cx.kind(v) == Kind::Float || declared_at(cx.func, v) < first);
        let (shaped, unshaped): (Vec<VarId>, Vec<VarId>) =
            late.into_iter().partition(|&v| fixed_length(cx.func, v));
        let adjoints = adjoints
            .into_iter()
            .map(|v| cx.declare_top_adjoint(v, accs));
        let declared_by = |k: usize| -> Vec<TokenStream> {
            let vars = shaped.iter().filter(|&&v| declared_at(cx.func, v) == k);
            vars.map(|&v| cx.declare_top_adjoint(v, &[])).collect()
        };
        let unshaped = unshaped.into_iter().map(|v| cx.declare_top_adjoint(v, &[]));
        let early: Vec<TokenStream> = fusion
            .early
            .iter()
            .rev()
            .map(|&k| self.reverse_stmt(&stmts[k]))
            .collect();
        let primal: Vec<TokenStream> = (first..stmts.len())
            .map(|k| match fusion.loops.contains(&k) {
                true => self.fused_loop(&stmts[k]),
                false => {
                    let forward = self.forward_stmt(&stmts[k], Sweep::Augmented);
                    let adjoints = declared_by(k);
                    quote!(#forward #(#adjoints)*)
                }
            })
            .collect();
        let reverse: Vec<TokenStream> = (0..stmts.len())
            .rev()
            .filter(|k| !fusion.loops.contains(k) && !fusion.early.contains(k))
            .map(|k| self.reverse_stmt(&stmts[k]))
            .collect();
        let results = self.cotangent_results(accs);
        let (prologue, tapes, value) = (
            self.prologue(Sweep::Augmented),
            self.tape_declarations(),
            self.result_value(),
        );
        quote! {
            #prologue
            #(#tapes)*
            #(#forward_before)*
            #seed
            #(#adjoints)*
            #(#early)*
            #(#primal)*
            #(#unshaped)*
            #(#reverse)*
            (#value, #(#results),*)
        }
    }

    /// `for i in range { primal; adjoint }`. The adjoint reads the iteration's values where
    /// the primal left them (nothing is pushed at the body's end or popped again), and its
    /// windows run the way the primal does.
    fn fused_loop(&mut self, s: &Stmt) -> TokenStream {
        let StmtKind::For {
            var, range, body, ..
        } = &s.kind
        else {
            unreachable!("analysis::fusion fuses `for` loops only")
        };
        let (i, header) = (self.name(*var), self.range_header(range));
        // The windows of a reverse that runs in this loop's direction: those of the
        // reverse of the loop run the other way.
        let direction = Range {
            rev: !range.rev,
            ..range.clone()
        };
        let (registers, mark) = self.open_windows(*var, &direction, body);
        let primal: Vec<TokenStream> = body
            .stmts
            .iter()
            .map(|s| self.forward_stmt(s, Sweep::Augmented))
            .collect();
        let adjoint = self.reverse_in_place(body);
        let (step, rest) = self.close_windows(&direction, mark);
        quote!(#registers for #i in #header { #(#primal)* #adjoint #step } #rest)
    }
}
