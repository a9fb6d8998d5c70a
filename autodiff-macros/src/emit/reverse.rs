//! Reverse mode: the body of `f_pullback`, a forward sweep that records what the reverse
//! sweep reads, then a `move` closure holding the reverse sweep: the statements'
//! adjoints in reverse order, with control flow replayed from the recorded decisions.

use super::adjoint::Adjoint;
use super::forward::{place_expr, Sweep};
use super::signature::{Acc, PullbackSig};
use super::Ctx;
use crate::analysis::needed::{block_replayed, replayed, save_site, SaveSite};
use crate::analysis::remat::Recompute;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// The statements of `f_pullback`'s body: forward sweep, then `(value, pullback)`.
    pub fn pullback_body(&self, sig: &PullbackSig) -> TokenStream {
        let (dout, dout_ty, cotangent_tys) = (&sig.dout, &sig.seed_ty, &sig.cts);
        let forward = self.forward_block(&self.func.body, Sweep::Augmented, None);
        let reverse = self.reverse_sweep(dout, &sig.accs);
        let tapes = self.tape_declarations();
        let value = self.result_value();
        let refs = super::signature::ref_params(self);
        let accs = sig.accs.iter().map(|a| {
            let (name, ty) = (&a.name, &a.ty);
            quote!(#name: #ty)
        });
        let prologue = self.prologue(Sweep::Augmented);
        let closure_prologue = self.closure_prologue();
        let aliases = self.aliases_again();
        let write_back = self.write_back(Sweep::Augmented);
        let dout_param = (!self.unit_result()).then(|| quote!(#dout: #dout_ty,));
        let seeds = self.output_seed_params();
        quote! {
            #prologue
            #(#tapes)*
            #forward
            #write_back
            let pullback = move |#(#refs,)* #dout_param #(#accs,)* #(#seeds),*| -> (#(#cotangent_tys,)*) {
                #closure_prologue
                #aliases
                #reverse
            };
            (#value, pullback)
        }
    }

    /// `let z = &part;` again at the top of the pullback closure, for each reference the
    /// function's outermost block binds to a local it owns and never assigns again (`let z
    /// = &x[1..];`, whose part is copied into a local): the `move` closure takes the local,
    /// so it cannot also take a reference to it, and borrows it anew instead.
    fn aliases_again(&self) -> TokenStream {
        let writes = |v: VarId| {
            let mut n = 0;
            visit_region(&self.func.body, &mut |w, write| {
                n += usize::from(write && w == v)
            });
            n
        };
        let owned = |v: VarId| {
            !self.func.params.iter().any(|p| p.var == v)
                && !matches!(self.func.vars[v].ty, Some(syn::Type::Reference(_)))
                && self.func.is_top_level(v)
        };
        let rebinds = self.func.body.stmts.iter().filter_map(|s| {
            let StmtKind::Let {
                var,
                init: Some(init),
            } = &s.kind
            else {
                return None;
            };
            let ExprKind::Ref(inner) = &init.kind else {
                return None;
            };
            let ExprKind::Var(local) = inner.kind else {
                return None;
            };
            (owned(local) && writes(local) <= 1 && writes(*var) <= 1).then(|| {
                let (name, local) = (self.name(*var), self.name(local));
                quote!(let #name = &#local;)
            })
        });
        quote!(#(#rebinds)*)
    }

    /// `let mut x_tape = …;` for each tape: one from the thread's pool where it holds
    /// scalars of a concrete float type (see `SaveStack::pooled`), a new one otherwise.
    pub(super) fn tape_declarations(&self) -> Vec<TokenStream> {
        let tapes = self.tapes.borrow();
        let declare = |(t, pooled): &(syn::Ident, bool)| {
            if *pooled {
                quote!(let mut #t = __ad::SaveStack::pooled();)
            } else {
                quote!(let mut #t = __ad::SaveStack::new();)
            }
        };
        tapes.values().map(declare).collect()
    }

    /// The returned value(s), cloned only when the reverse sweep also reads them.
    pub(super) fn result_value(&self) -> TokenStream {
        let parts: Vec<TokenStream> = self
            .func
            .ret
            .iter()
            .map(|&r| {
                let name = self.name(r);
                let value = if self.needed.is_needed(r)
                    && matches!(self.kind(r), Kind::FloatSeq | Kind::Array)
                {
                    quote!(#name.clone())
                } else {
                    quote!(#name)
                };
                // The dual twin returns dual numbers even where no derivative reached.
                match (self.mode, self.active(r), self.kind(r)) {
                    (super::Mode::Lifted, false, Kind::Float) => quote!(__ad::lift(#value)),
                    (super::Mode::Lifted, false, Kind::FloatSeq) => quote!(__ad::lift_seq(&#value)),
                    (super::Mode::Lifted, false, Kind::Array) => quote!(__ad::lift_nd(&#value)),
                    _ => value,
                }
            })
            .collect();
        match &self.func.ret_shape {
            Ret::Single(_) => parts[0].clone(),
            Ret::Tuple(_) => quote!((#(#parts),*)),
        }
    }

    /// The pullback's statements. A sequence parameter's adjoint starts as the accumulator
    /// its caller lent when the function only adds into it; one it assigns (whose reverse
    /// takes and clears the adjoint) starts from zeros and is added into the accumulator
    /// at the end.
    fn reverse_sweep(&self, dout: &syn::Ident, accs: &[Acc]) -> TokenStream {
        let seed = (!self.unit_result()).then(|| self.seed(dout));
        let adjoints = self.adjoint_declarations(accs);
        let body = self.reverse_stmts(&self.func.body);
        // A field read as a slice of structs gathers its columns first, then joins its
        // struct's cotangent with the other fields.
        let slice_fields = self
            .func
            .slice_fields
            .iter()
            .filter(|&&v| self.active(v))
            .map(|&v| self.gather_fields(v));
        let gathered = self
            .func
            .params
            .iter()
            .filter(|p| p.active && matches!(p.shape, ParamShape::Struct | ParamShape::StructSlice))
            .map(|p| self.gather_fields(p.var));
        let gathered: Vec<TokenStream> = slice_fields.chain(gathered).collect();
        let results = self.cotangent_results(accs);
        quote! {
            #seed
            #(#adjoints)*
            #body
            #(#gathered)*
            (#(#results,)*)
        }
    }

    /// The adjoints of the function's top-level variables, declared before its reverse.
    pub(super) fn adjoint_declarations(&self, accs: &[Acc]) -> Vec<TokenStream> {
        self.top_level_adjoints()
            .into_iter()
            .map(|v| self.declare_top_adjoint(v, accs))
            .collect()
    }

    /// The top-level variables (parameters included) whose adjoints the reverse declares
    /// up front.
    pub(super) fn top_level_adjoints(&self) -> Vec<VarId> {
        (0..self.func.vars.len())
            .filter(|&v| self.func.is_top_level(v) && self.active(v) && !self.func.ret.contains(&v))
            .filter(|&v| self.kind(v).is_float())
            .collect()
    }

    /// `let mut x_bar = …;`: the accumulator lent for it, the seed of an output, or zeros.
    pub(super) fn declare_top_adjoint(&self, v: VarId, accs: &[Acc]) -> TokenStream {
        match accs.iter().find(|a| a.param == v) {
            Some(a) if !self.written(v) => {
                let (bar, acc, name) = (self.bar(v), &a.name, self.name(v));
                quote!(let mut #bar = __ad::accumulator(#acc, &#name);)
            }
            _ => self
                .output_seed(v)
                .unwrap_or_else(|| self.declare_adjoint(v)),
        }
    }

    /// The cotangents of the active parameters, in parameter order.
    pub(super) fn cotangent_results(&self, accs: &[Acc]) -> Vec<TokenStream> {
        let lent = |v: VarId| accs.iter().find(|a| a.param == v);
        self.func
            .params
            .iter()
            .filter(|p| p.active)
            .map(|p| match lent(p.var) {
                Some(a) if self.written(p.var) => {
                    let (bar, acc) = (self.bar_value(p.var), &a.name);
                    quote!(__ad::accumulate(#acc, #bar))
                }
                _ => self.bar_value(p.var),
            })
            .collect()
    }

    /// The cotangents of the results start as the seed.
    pub(super) fn seed(&self, dout: &syn::Ident) -> TokenStream {
        let bars: Vec<TokenStream> = self
            .func
            .ret
            .iter()
            .map(|&r| {
                let bar = self.bar(r);
                if self.active(r) {
                    quote!(mut #bar)
                } else {
                    quote!(_)
                }
            })
            .collect();
        match &self.func.ret_shape {
            Ret::Single(_) => {
                let bar = &bars[0];
                quote!(let #bar = #dout;)
            }
            Ret::Tuple(_) => quote!(let (#(#bars),*) = #dout;),
        }
    }

    fn reverse_stmts(&self, b: &Block) -> TokenStream {
        let stmts: Vec<TokenStream> = b.stmts.iter().rev().map(|s| self.reverse_stmt(s)).collect();
        quote!(#(#stmts)*)
    }

    /// A block's reverse: its saved variables popped, its adjoints declared, its statements
    /// reversed.
    fn reverse_block(&self, b: &Block, rebound: Option<VarId>) -> TokenStream {
        let restores = self.saved_at_block_end(b, rebound).into_iter().map(|v| {
            let (name, tape) = (self.name(v), self.tape(v));
            let mutable =
                (self.func.vars[v].mutable || self.restored_in(b, v)).then(|| quote!(mut));
            quote!(let #mutable #name = #tape.pop();)
        });
        let mut recomputed: Vec<VarId> = (0..self.func.vars.len())
            .filter(|&v| self.func.vars[v].scope == Some(b.id) && self.needed.remat.contains(v))
            .collect();
        recomputed.sort_unstable();
        let recomputes = recomputed.into_iter().map(|v| {
            let name = self.name(v);
            let value = self.recompute(&self.needed.remat.init[&v], self.active(v));
            quote!(let #name = #value;)
        });
        let body = self.reverse_in_place(b);
        quote!(#(#restores)* #(#recomputes)* #body)
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

    /// A block's reverse where its primal values are still in scope (right after the
    /// block ran): its adjoints declared, its statements reversed.
    pub(super) fn reverse_in_place(&self, b: &Block) -> TokenStream {
        let adjoints = (0..self.func.vars.len())
            .filter(|&v| self.func.vars[v].scope == Some(b.id) && self.active(v))
            .map(|v| self.declare_adjoint(v));
        let body = self.reverse_stmts(b);
        quote!(#(#adjoints)* #body)
    }

    /// Whether the function assigns `v` anywhere (wholly, an element, a push).
    fn written(&self, v: VarId) -> bool {
        self.func.body.any(&|s| s.writes(v))
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

    pub(super) fn reverse_stmt(&self, s: &Stmt) -> TokenStream {
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
    pub fn reverse_region(&self, b: &Block, rebound: Option<VarId>) -> TokenStream {
        self.reverse_block(b, rebound)
    }

    fn reverse_stmt_inner(&self, s: &Stmt) -> TokenStream {
        if crate::analysis::needed::checkpointed(s).is_some() {
            return self.checkpoint_reverse(s);
        }
        match &s.kind {
            StmtKind::Block { .. } => unreachable!("blocks in the IR are checkpointed"),
            StmtKind::Let { var, init: Some(e) } => {
                let body = Adjoint::of_let(self, *var, e, self.bar_value(*var));
                if body.is_empty() {
                    quote!()
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
                let mut adj = Adjoint::new(self);
                let mut pattern = vec![];
                let slots = args
                    .iter()
                    .enumerate()
                    .filter(|(i, a)| {
                        self.kind_of(a).is_float() && !crate::rules::constant_arg(callee, *i)
                    })
                    .map(|(_, a)| a);
                let float = self.float();
                // A sequence argument lends the callee's pullback an accumulator: its own
                // adjoint when it is a variable (repaid with the callee's cotangent added),
                // else nothing (the cotangent then flows back as usual).
                let (mut lent, mut repaid) = (vec![], vec![]);
                for a in slots {
                    let sequence = self.kind_of(a) == Kind::FloatSeq;
                    if !self.act.varied(a) {
                        pattern.push(quote!(_));
                        if sequence {
                            lent.push(quote!(__ad::no_accumulator()));
                        }
                        continue;
                    }
                    let ct = self.temp("ct");
                    // Checked to be a cotangent, not the `ExcludedByWrt` of a parameter
                    // the callee's `wrt` leaves out: the error then points at the
                    // argument (once: the dual twin's check reads the same).
                    let checked = if matches!(self.kind_of(a), Kind::Struct | Kind::StructSeq) {
                        quote::quote_spanned!(a.span=> __ad::struct_cotangent(#ct))
                    } else {
                        quote::quote_spanned!(a.span=> __ad::cotangent::<#float, _>(#ct))
                    };
                    pattern.push(quote!(#ct));
                    match self.lendable(a).filter(|_| sequence) {
                        Some(v) => {
                            let bar = self.bar(v);
                            lent.push(quote!(__ad::lend(&mut #bar)));
                            repaid.push(quote!(__ad::repay(&mut #bar, #checked);));
                        }
                        None => {
                            if sequence {
                                lent.push(quote!(__ad::no_accumulator()));
                            }
                            adj.propagate(a, checked);
                        }
                    }
                }
                let body = adj.finish();
                let again = args
                    .iter()
                    .filter(|a| self.passed_again(a))
                    .map(|a| self.expr(a, self.kind_of(a).is_float()));
                quote!({
                    let (#(#pattern,)*) = #pb(#(#again,)* #bar, #(#lent),*);
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

    /// `v = e`, `v op= e`, `v[i] = e`: take the cotangent of the overwritten place, restore
    /// the old value, then propagate through `e`.
    fn reverse_assign(
        &self,
        s: &Stmt,
        place: &Place,
        value: &Expr,
        compound: Option<ArithOp>,
    ) -> TokenStream {
        let v = place.var();
        let restore = self.restore(s, place);
        if !self.active(v) {
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
                    (Place::Var(_), Kind::Struct | Kind::StructSeq) => quote!(
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
                let mut adj = Adjoint::new(self);
                adj.propagate(&whole, quote!(#g));
                // A scalar that reads its own old value (`acc = acc·x + c`): its adjoint is
                // set by the one update instead of zeroed and then added to. Only for a
                // variable: an element `v[i]` could alias another update's `v[j]`.
                let scalar = matches!(place, Place::Var(_)) && matches!(self.kind(v), Kind::Float);
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

    /// `let mut x_bar = …;`: zeros, or `None` for an adjoint the first contribution moves
    /// into.
    fn declare_adjoint(&self, v: VarId) -> TokenStream {
        let bar = self.bar(v);
        if self.lazy_adjoint(v) {
            quote!(let mut #bar = ::core::option::Option::None;)
        } else {
            self.declare_zero(&bar, v)
        }
    }

    /// Puts back the value an assignment overwrote.
    fn restore(&self, s: &Stmt, place: &Place) -> TokenStream {
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
            Some(SaveSite::Tape) if self.needed.bulk.late.contains(&(s as *const Stmt)) => {
                quote!()
            }
            Some(SaveSite::Tape) => {
                let tape = self.save_tape(place);
                quote!(#target = #tape.pop();)
            }
        }
    }

    /// After the reverse of the loop `s` over `range`: the elements it saved in bulk
    /// whose restores waited (see `analysis::bulk_save::restores_wait`), put back in one
    /// copy each.
    fn restore_after(&self, s: &Stmt, range: &Range) -> TokenStream {
        let Some(vars) = self.needed.bulk.restored_after.get(&(s as *const Stmt)) else {
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
