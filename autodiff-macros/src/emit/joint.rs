//! `f_vjp`'s own body when its last loop is fused with its reverse (`analysis::fusion`):
//! the forward sweep up to the loop; the reverse of what follows the loop (it reads the
//! seed alone, so the loop's accumulators know their adjoints); the loop, each iteration's
//! adjoint right after its primal; the rest of the primal; then the reverse of what came
//! before the loop. `f_pullback` keeps the split form, for callers.

use super::forward::Sweep;
use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// The statements of `f_vjp` with the loop at `fused` in the body fused; `dout` is the
    /// seed. Returns `(value, cotangents…)`.
    pub fn joint_body(&self, dout: &syn::Ident, fused: usize) -> TokenStream {
        let stmts = &self.func.body.stmts;
        let (before, after) = (&stmts[..fused], &stmts[fused + 1..]);
        let forward = |s: &Stmt| self.forward_stmt(s, Sweep::Augmented);
        let forward_before: Vec<TokenStream> = before.iter().map(forward).collect();
        let seed = self.seed(dout);
        let adjoints = self.adjoint_declarations(&[]);
        let reverse_after: Vec<TokenStream> =
            after.iter().rev().map(|s| self.reverse_stmt(s)).collect();
        let fused = self.fused_loop(&stmts[fused]);
        let forward_after: Vec<TokenStream> = after.iter().map(forward).collect();
        let reverse_before: Vec<TokenStream> =
            before.iter().rev().map(|s| self.reverse_stmt(s)).collect();
        let results = self.cotangent_results(&[]);
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
            #(#reverse_after)*
            #fused
            #(#forward_after)*
            #(#reverse_before)*
            (#value, #(#results),*)
        }
    }

    /// `for i in range { primal; adjoint }`. The adjoint reads the iteration's values where
    /// the primal left them (nothing is pushed at the body's end or popped again), and its
    /// windows run the way the primal does.
    fn fused_loop(&self, s: &Stmt) -> TokenStream {
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
