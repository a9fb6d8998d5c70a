//! The checks of the `check-finite` feature in generated code (`autodiff::check`): with the
//! feature on as the macro expands, `f_jvp` checks the tangent of each float a statement
//! defines, the pullback checks the cotangent of each float a statement reads once the
//! statement's adjoint has run, and the dual-number twin (`f_hvp`) names each statement for
//! the checks of its `Dual` operations. Each check carries the statement's place in the
//! user's source, `file!()` and `line!()` spanned on the statement. Without the feature
//! nothing is emitted, so the default build pays nothing for them.

use super::{Ctx, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// Whether the macro was built with the feature.
const ENABLED: bool = cfg!(feature = "check-finite");

impl Ctx<'_> {
    /// `"src/model.rs:12"`: where `s` is in the user's source.
    fn site(&self, s: &Stmt) -> TokenStream {
        quote_spanned!(s.span=> ::core::concat!(::core::file!(), ":", ::core::line!()))
    }

    /// The float variables `s` defines (a `let`, an assignment of a whole variable, a call's
    /// result) and reads, where the derived items compute their derivatives.
    fn checked_vars(&self, s: &Stmt) -> Option<(VarId, Vec<VarId>)> {
        let (defined, read): (VarId, Vec<&Expr>) = match &s.kind {
            StmtKind::Let { var, init: Some(e) } => (*var, vec![e]),
            StmtKind::Assign {
                place: Place::Var(v),
                value,
                ..
            } => (*v, vec![value]),
            StmtKind::Call { out, args, .. } => (*out, args.iter().collect()),
            _ => return None,
        };
        let float = |v: VarId| self.active(v) && self.kind(v) == Kind::Float;
        let mut reads = vec![];
        for e in read {
            e.visit_vars(&mut |u| {
                if float(u) && !reads.contains(&u) {
                    reads.push(u);
                }
            });
        }
        (float(defined) || !reads.is_empty()).then_some((defined, reads))
    }

    /// In `f_jvp`, after the tangent of `s`: the tangent of the float it defines, reported
    /// if it is not finite though the statement's value and the tangents it read are.
    pub(super) fn tangent_check(&self, s: &Stmt) -> TokenStream {
        if !ENABLED || self.mode != Mode::Plain {
            return quote!();
        }
        let Some((defined, reads)) = self.checked_vars(s) else {
            return quote!();
        };
        if !(self.active(defined) && self.kind(defined) == Kind::Float) {
            return quote!();
        }
        let (value, dot) = (self.name(defined), self.dot(defined));
        let inputs = reads.iter().map(|&u| self.dot(u));
        let (site, label) = (self.site(s), value.to_string());
        quote!(__ad::check::tangent_at(#site, #label, &[#value, #(#inputs),*], #dot);)
    }

    /// In a pullback, after the adjoint of `s`: the cotangent of each float it read, reported
    /// if it is not finite (the first report names the statement that made it so).
    pub(super) fn cotangent_checks(&self, s: &Stmt) -> TokenStream {
        if !ENABLED || self.mode != Mode::Plain {
            return quote!();
        }
        let Some((_, reads)) = self.checked_vars(s) else {
            return quote!();
        };
        let site = self.site(s);
        let checks = reads.iter().map(|&u| {
            let (bar, label) = (self.bar(u), self.name(u).to_string());
            quote!(__ad::check::cotangent_at(#site, #label, #bar);)
        });
        quote!(#(#checks)*)
    }

    /// In the dual-number twin, before `s` (forward or reverse): its place, which the `Dual`
    /// operations' checks report.
    pub(super) fn statement_label(&self, s: &Stmt) -> TokenStream {
        if !ENABLED || self.mode != Mode::Lifted || self.checked_vars(s).is_none() {
            return quote!();
        }
        let site = self.site(s);
        quote!(__ad::check::statement(#site);)
    }
}
