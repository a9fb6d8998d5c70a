//! Reverse mode: the reverse sweep inside `f_pullback`'s closure (see `pullback_body.rs`):
//! the statements' adjoints in reverse order, with control flow replayed from the recorded
//! decisions.

use super::adjoint::Adjoint;
use super::{Ctx, Emitter};
use crate::analysis::needed::{block_replayed, replayed, save_site};
use crate::analysis::remat::Recompute;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// The variable whose adjoint a sequence argument's cotangent goes to whole (`v`, `&v`,
    /// `v.to_vec()`), if it is one.
    fn lendable(&self, a: &Expr) -> Option<VarId> {
        match &a.kind {
            ExprKind::Var(v) if !self.lazy_adjoint(*v) => Some(*v),
            ExprKind::Ref(inner) | ExprKind::Copy(inner) => self.lendable(inner),
            _ => None,
        }
    }

    /// Whether a call argument is a reference, which the callee's pullback takes again.
    pub fn passed_again(&self, a: &Expr) -> bool {
        crate::analysis::needed::passed_again(self.func, a)
    }

    /// The expression that computes a rematerialised variable again.
    fn recompute(&self, r: &Recompute, active: bool) -> TokenStream {
        match r {
            Recompute::Value(e) => self.expr(e, active),
            Recompute::Select { cond, arms } => {
                let cond = self.expr(cond, false);
                let [then, els] = arms.as_ref();
                let (then, els) = (self.expr(then, active), self.expr(els, active));
                quote!(if #cond { #then } else { #els })
            }
        }
    }

    /// Whether the reverse of block `b` assigns `v` (restoring an overwritten value).
    fn restored_in(&self, b: &Block, v: VarId) -> bool {
        b.any(&|s| match &s.kind {
            StmtKind::Assign { place, .. } => {
                place.var() == v && save_site(self.func, self.needed, s).is_some()
            }
            StmtKind::Push { vec, .. } => *vec == v,
            _ => false,
        })
    }

    /// `let mut x_bar = …;`: zeros, or `None` for an adjoint the first contribution moves
    /// into.
    pub(super) fn declare_adjoint(&self, v: VarId) -> TokenStream {
        let bar = self.bar(v);
        if self.lazy_adjoint(v) {
            quote!(let mut #bar = ::core::option::Option::None;)
        } else {
            self.declare_zero(&bar, v)
        }
    }
}

impl Emitter<'_> {
    pub(super) fn reverse_stmts(&mut self, b: &Block) -> TokenStream {
        let stmts: Vec<TokenStream> = b.stmts.iter().rev().map(|s| self.reverse_stmt(s)).collect();
        quote!(#(#stmts)*)
    }

    /// A block's reverse: its saved variables popped, its adjoints declared, its statements
    /// reversed.
    fn reverse_block(&mut self, b: &Block, rebound: Option<VarId>) -> TokenStream {
        let cx = self.cx();
        let restores = self.saved_at_block_end(b, rebound).into_iter().map(|v| {
            let (name, tape) = (cx.name(v), cx.tape(v));
            let mutable = (cx.func.vars[v].mutable || cx.restored_in(b, v)).then(|| quote!(mut));
            quote!(let #mutable #name = #tape.pop();)
        });
        let mut recomputed: Vec<VarId> = (0..self.func.vars.len())
            .filter(|&v| self.func.vars[v].scope == Some(b.id) && self.needed.remat.contains(v))
            .collect();
        recomputed.sort_unstable();
        let recomputes = recomputed.into_iter().map(|v| {
            let name = cx.name(v);
            let value = cx.recompute(&cx.needed.remat.init[&v], cx.active(v));
            quote!(let #name = #value;)
        });
        let body = self.reverse_in_place(b);
        quote!(#(#restores)* #(#recomputes)* #body)
    }

    /// A block's reverse where its primal values are still in scope (right after the
    /// block ran): its adjoints declared, its statements reversed.
    pub(super) fn reverse_in_place(&mut self, b: &Block) -> TokenStream {
        let cx = self.cx();
        let adjoints = (0..cx.func.vars.len())
            .filter(|&v| cx.func.vars[v].scope == Some(b.id) && cx.active(v))
            .map(|v| cx.declare_adjoint(v));
        let body = self.reverse_stmts(b);
        quote!(#(#adjoints)* #body)
    }

    pub(super) fn reverse_stmt(&mut self, s: &Stmt) -> TokenStream {
        if !replayed(self.func, self.act, self.needed, s) {
            return quote!();
        }
        self.reset_temps();
        let adjoint = unbrace(self.reverse_stmt_inner(s));
        if adjoint.is_empty() {
            return adjoint;
        }
        let (label, checks) = (self.statement_label(s), self.cotangent_checks(s));
        quote!(#label #adjoint #checks)
    }

    /// The reverse of a block (for checkpointed regions, which re-run their body).
    pub fn reverse_region(&mut self, b: &Block, rebound: Option<VarId>) -> TokenStream {
        self.reverse_block(b, rebound)
    }

    fn reverse_stmt_inner(&mut self, s: &Stmt) -> TokenStream {
        if crate::analysis::needed::checkpointed(s).is_some() {
            return self.checkpoint_reverse(s);
        }
        match &s.kind {
            StmtKind::Block { .. } => unreachable!("blocks in the IR are checkpointed"),
            // A value that reaches no result has a zero cotangent: nothing to propagate
            // (and `0 · ∂v/∂x` would be NaN where a partial is not finite).
            StmtKind::Let { var, .. } if !self.act.useful[*var] => quote!(),
            StmtKind::Let { var, init: Some(e) } => {
                let bar = self.bar_value(*var);
                let body = Adjoint::of_let(self, *var, e, bar.clone());
                if body.is_empty() {
                    quote!()
                } else if self.act.conditional[*var] {
                    // Read only where a branch or a loop ran: a zero cotangent means unread,
                    // and its partials may not be finite here.
                    quote!(if !__ad::Zero::is_zero(&#bar) { #body })
                } else {
                    quote!({ #body })
                }
            }
            StmtKind::Let { init: None, .. } => quote!(),
            StmtKind::Assign {
                place,
                value,
                compound,
            } => self.reverse_assign(s, place, value, *compound),
            StmtKind::Call {
                out,
                pullback,
                args,
                callee,
                ..
            } => {
                let (bar, pb) = (self.bar_value(*out), self.name(*pullback));
                // The adjoint holds the emitter: its temporaries and the call's interleave.
                // (The values passed to the pullback: the arguments passed again, the seed.)
                let given = args.iter().filter(|a| self.passed_again(a)).count() + 1;
                let cx = self.cx();
                let mut adj = Adjoint::new(self);
                let mut pattern = vec![];
                let slots = args
                    .iter()
                    .enumerate()
                    .filter(|(i, a)| {
                        cx.kind_of(a).is_float() && !crate::rules::constant_arg(callee, *i)
                    })
                    .map(|(_, a)| a);
                let float = cx.float();
                let counted = super::callers::counts_accumulators(
                    slots.clone().map(|a| cx.kind_of(a)),
                    given,
                );
                // A sequence argument lends the callee's pullback an accumulator: its own
                // adjoint when it is a variable (repaid with the callee's cotangent added),
                // else nothing (the cotangent then flows back as usual). Where the caller
                // cannot count the accumulators, it lends none and rustc fills them in.
                let (mut lent, mut repaid) = (vec![], vec![]);
                for a in slots {
                    let sequence = cx.kind_of(a) == Kind::FloatSeq;
                    if !cx.act.varied(a) {
                        pattern.push(quote!(_));
                        if sequence && counted {
                            lent.push(quote!(__ad::no_accumulator()));
                        }
                        continue;
                    }
                    let ct = adj.temp("ct");
                    // Checked to be a cotangent, not the `ExcludedByWrt` of a parameter
                    // the callee's `wrt` leaves out: the error then points at the
                    // argument (once: the dual twin's check reads the same).
                    let checked = if matches!(
                        cx.kind_of(a),
                        Kind::Struct | Kind::StructSeq | Kind::ArraySeq
                    ) {
                        quote::quote_spanned!(a.span=> __ad::struct_cotangent(#ct))
                    } else {
                        quote::quote_spanned!(a.span=> __ad::cotangent::<#float, _>(#ct))
                    };
                    pattern.push(quote!(#ct));
                    match cx.lendable(a).filter(|_| sequence && counted) {
                        Some(v) => {
                            let bar = cx.bar(v);
                            lent.push(quote!(__ad::lend(&mut #bar)));
                            repaid.push(quote!(__ad::repay(&mut #bar, #checked);));
                        }
                        None => {
                            if sequence && counted {
                                lent.push(quote!(__ad::no_accumulator()));
                            }
                            adj.propagate(a, checked);
                        }
                    }
                }
                let body = adj.finish();
                let again: Vec<TokenStream> = args
                    .iter()
                    .filter(|a| self.passed_again(a))
                    .map(|a| self.expr(a, self.kind_of(a).is_float()))
                    .collect();
                let call = if counted {
                    quote!(#pb(#(#again,)* #bar, #(#lent),*))
                } else {
                    let given = again.iter().map(|_| quote!(_));
                    quote!(__ad::lending_nothing::<(#(#given,)* _,), _, _>(#pb).call(#(#again,)* #bar))
                };
                quote!({
                    let (#(#pattern,)*) = #call;
                    #(#repaid)*
                    #body
                })
            }
            StmtKind::Push { vec, value } => {
                let name = self.name(*vec);
                let restore = self.needed.is_needed(*vec).then(|| quote!(#name.pop();));
                if !self.active(*vec) {
                    return quote!(#restore);
                }
                let bar = self.bar(*vec);
                let g = self.temp("g");
                let body = Adjoint::of(self, value, quote!(#g));
                quote!({ let #g = #bar.pop().unwrap(); #restore #body })
            }
            StmtKind::If { cond, then, els } => {
                let cond = self.name(*cond);
                let then = self.reverse_block(then, None);
                if block_replayed(self.func, self.act, self.needed, els) {
                    let els = self.reverse_block(els, None);
                    quote!(if #cond { #then } else { #els })
                } else {
                    quote!(if #cond { #then })
                }
            }
            StmtKind::For {
                var,
                range,
                body,
                trips,
                ..
            } => match trips {
                Some(t) => {
                    let (t, body) = (self.name(*t), self.reverse_block(body, None));
                    quote!(for _ in 0..#t { #body })
                }
                None => {
                    let (i, header) = (self.name(*var), self.reversed_range(range));
                    let (registers, mark) = self.open_windows(*var, range, body);
                    let body = self.reverse_block(body, Some(*var));
                    let (step, rest) = self.close_windows(range, mark);
                    let restored = self.restore_after(s, range);
                    quote!(#registers for #i in #header { #body #step } #rest #restored)
                }
            },
            StmtKind::While { body, trips, .. } => {
                let (t, body) = (self.name(*trips), self.reverse_block(body, None));
                quote!(for _ in 0..#t { #body })
            }
            StmtKind::Match { arms, arm, .. } => {
                let arm = self.name(*arm);
                let arms = arms.iter().enumerate().map(|(k, (_, b))| {
                    let body = self.reverse_block(b, None);
                    quote!(#k => { #body })
                });
                quote!(match #arm { #(#arms)* _ => unreachable!("the forward sweep recorded this arm") })
            }
        }
    }
}

/// `{ a; b; }` → `a; b;` when the block declares nothing (its braces only scope
/// temporaries).
fn unbrace(ts: TokenStream) -> TokenStream {
    let mut trees = ts.clone().into_iter();
    match (trees.next(), trees.next()) {
        (Some(proc_macro2::TokenTree::Group(g)), None)
            if g.delimiter() == proc_macro2::Delimiter::Brace =>
        {
            let declares = g
                .stream()
                .into_iter()
                .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "let"));
            if declares {
                ts
            } else {
                g.stream()
            }
        }
        _ => ts,
    }
}
