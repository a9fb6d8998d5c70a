//! The reverse of an assignment (`v = e`, `v op= e`, `v[i] = e`): the cotangent of the
//! overwritten place taken, the old value put back from where the forward sweep saved it,
//! and the cotangent propagated into the assigned expression.

use super::adjoint::Adjoint;
use super::forward::place_expr;
use super::{Ctx, Emitter};
use crate::analysis::needed::{save_site, SaveSite};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// After the reverse of the loop `s` over `range`: the elements it saved in bulk
    /// whose restores waited (see `analysis::bulk_save::restores_wait`), put back in one
    /// copy each.
    pub(super) fn restore_after(&self, s: &Stmt, range: &Range) -> TokenStream {
        let Some(vars) = self.needed.bulk.restored_after.get(&s.id) else {
            return quote!();
        };
        let span = self.span(range);
        let pop = if range.rev {
            quote!(pop_into_reversed)
        } else {
            quote!(pop_into)
        };
        let ran = self.runs(range);
        let copies = vars.iter().map(|&v| {
            let (name, tape) = (self.name(v), self.elem_tape(v));
            quote!(#tape.#pop(&mut #name[#span]);)
        });
        quote!(if #ran { #(#copies)* })
    }
}

impl Emitter<'_> {
    /// `v = e`, `v op= e`, `v[i] = e`: take the cotangent of the overwritten place, restore
    /// the old value, then propagate through `e`.
    pub(super) fn reverse_assign(
        &mut self,
        s: &Stmt,
        place: &Place,
        value: &Expr,
        compound: Option<ArithOp>,
    ) -> TokenStream {
        let v = place.var();
        let restore = self.restore(s, place);
        // Inactive, or a local whose value reaches no result (`analysis::useful`): its
        // cotangent is zero, and `0 · ∂v/∂x` would be NaN where a partial is not finite.
        // The old value is still put back: the adjoints before it may read it.
        let unused = matches!(place, Place::Var(_)) && !self.act.useful[v];
        if !self.active(v) || unused {
            return quote!(#restore);
        }
        let bar_place = match place {
            Place::Var(_) => {
                let bar = self.bar(v);
                quote!(#bar)
            }
            Place::Index(_, i) => {
                let (bar, i) = (self.bar(v), self.expr(i, false));
                if self.lazy_adjoint(v) {
                    let name = self.name(v);
                    quote!(__ad::slot_nd(&mut #bar, &#name)[#i])
                } else {
                    quote!(#bar[#i])
                }
            }
        };
        match compound {
            // v += e: v̄ passes through unchanged, ē += v̄.
            Some(op @ (ArithOp::Add | ArithOp::Sub)) => {
                let g = self.temp("g");
                let grad = if op == ArithOp::Add {
                    quote!(#g)
                } else {
                    quote!(-#g)
                };
                let body = Adjoint::of(self, value, grad);
                quote!({ let #g = #bar_place; #restore #body })
            }
            _ => {
                let g = self.temp("g");
                let whole = match compound {
                    Some(op) => {
                        let old = place_expr(place, value.span);
                        Expr::new(
                            ExprKind::Arith(op, Box::new(old), Box::new(value.clone())),
                            value.span,
                        )
                    }
                    None => value.clone(),
                };
                let take = match (place, self.kind(v)) {
                    (Place::Var(_), Kind::Array) if self.lazy_adjoint(v) => {
                        let name = self.name(v);
                        quote!(let #g = __ad::take_nd(&mut #bar_place, &#name);)
                    }
                    (Place::Var(_), Kind::Array) => {
                        quote!(let #g = __ad::take_zeroed_nd(&mut #bar_place);)
                    }
                    // The result, assigned once on each path and moved out after the forward
                    // sweep: nothing reads a value it had before, so its cotangent is taken whole.
                    (Place::Var(_), Kind::FloatSeq) if self.func.ret.contains(&v) => {
                        quote!(let #g = ::core::mem::take(&mut #bar_place);)
                    }
                    // Taken after the old vector is put back, and zeros of its length left:
                    // the reassignment may have changed the length.
                    (Place::Var(_), Kind::FloatSeq) => {
                        let name = self.name(v);
                        let take = quote!(let #g = __ad::take_zeros_like(&mut #bar_place, &#name););
                        let mut adj = Adjoint::new(self);
                        adj.propagate(&whole, quote!(#g));
                        let body = adj.finish();
                        return quote!({ #restore #take #body });
                    }
                    // A struct (or rows) taken whole, zeros of its shape left.
                    (Place::Var(_), Kind::Struct | Kind::StructSeq | Kind::ArraySeq) => quote!(
                        let #g = {
                            let zero = __ad::Differentiable::zero_like(&#bar_place);
                            ::core::mem::replace(&mut #bar_place, zero)
                        };
                    ),
                    _ => {
                        let zero = self.zero();
                        quote!(let #g = #bar_place; #bar_place = #zero;)
                    }
                };
                // A scalar that reads its own old value (`acc = acc·x + c`): its adjoint is
                // set by the one update instead of zeroed and then added to. Only for a
                // variable: an element `v[i]` could alias another update's `v[j]`.
                let scalar = matches!(place, Place::Var(_)) && matches!(self.kind(v), Kind::Float);
                let mut adj = Adjoint::new(self);
                adj.propagate(&whole, quote!(#g));
                if scalar && adj.contributes_to(&bar_place) {
                    adj.assign_to(&bar_place);
                    let body = adj.finish();
                    return quote!({ let #g = #bar_place; #restore #body });
                }
                let body = adj.finish();
                quote!({ #take #restore #body })
            }
        }
    }

    /// Puts back the value an assignment overwrote.
    fn restore(&mut self, s: &Stmt, place: &Place) -> TokenStream {
        let target = self.place(place);
        match save_site(self.func, self.needed, s) {
            None => quote!(),
            Some(SaveSite::Invert) => {
                let StmtKind::Assign {
                    value,
                    compound: Some(op),
                    ..
                } = &s.kind
                else {
                    unreachable!("only `k += c` and `k -= c` are inverted")
                };
                let value = self.expr(value, false);
                let undo = if *op == ArithOp::Add {
                    quote!(-=)
                } else {
                    quote!(+=)
                };
                quote!(#target #undo #value;)
            }
            Some(SaveSite::Local) => {
                let name = self.name(place.var());
                let local = self.local_save(s, &format!("{name}_old"));
                quote!(#target = #local;)
            }
            // Put back after the loop (`restore_after`).
            Some(SaveSite::Tape) if self.needed.bulk.late.contains(&s.id) => {
                quote!()
            }
            Some(SaveSite::Tape) => {
                let tape = self.save_tape(place);
                quote!(#target = #tape.pop();)
            }
        }
    }
}
