//! The forward walk over the IR, shared by the two functions that run the primal code:
//! `f_jvp` (primal plus tangents) and the forward sweep of `f_pullback` (primal plus what
//! the reverse sweep will read: saved values, trip counts, pullbacks of calls).

use super::names::Derived;
use super::{Ctx, Mode};
use crate::ir::*;
use proc_macro2::{Ident, TokenStream};
use quote::quote;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sweep {
    /// Primal and tangent statements (`f_jvp`).
    Jvp,
    /// Primal statements that record what the reverse sweep reads.
    Augmented,
    /// Primal statements only (a `#[checkpoint]` region run forward without recording).
    Plain,
}

impl Ctx<'_> {
    pub fn forward_block(
        &self,
        b: &Block,
        sweep: Sweep,
        replayed_index: Option<VarId>,
    ) -> TokenStream {
        let stmts: Vec<TokenStream> = match sweep {
            Sweep::Jvp => self.tangent_schedule(b),
            Sweep::Augmented | Sweep::Plain => b
                .stmts
                .iter()
                .map(|s| self.forward_stmt(s, sweep))
                .collect(),
        };
        let saves = match sweep {
            Sweep::Augmented => self.block_saves(b, replayed_index),
            Sweep::Jvp | Sweep::Plain => vec![],
        };
        quote!(#(#stmts)* #(#saves)*)
    }

    /// A block's statements in forward mode. Within a run of scalar statements, each
    /// tangent statement is emitted after the primal ones, as late as the primal lets it:
    /// the primal keeps its own schedule, and the optimiser does not interleave (and, on
    /// x86, pair into vector registers with shuffles) each value with its tangent. A tangent
    /// comes first only where a primal assignment would overwrite a value it reads
    /// (`acc = acc * x + c[i]` needs the old `acc`).
    fn tangent_schedule(&self, b: &Block) -> Vec<TokenStream> {
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
        &self,
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

    /// The variables of an inner block that the reverse sweep reads: they are pushed when
    /// the block ends and popped when its reverse begins.
    pub fn saved_at_block_end(&self, b: &Block, rebound: Option<VarId>) -> Vec<VarId> {
        if b.id == 0 {
            return vec![];
        }
        (0..self.func.vars.len())
            .filter(|&v| {
                self.func.vars[v].scope == Some(b.id)
                    && self.needed.is_needed(v)
                    && Some(v) != rebound
                    && !self.needed.remat.contains(v)
            })
            .collect()
    }

    fn block_saves(&self, b: &Block, rebound: Option<VarId>) -> Vec<TokenStream> {
        self.saved_at_block_end(b, rebound)
            .into_iter()
            .map(|v| {
                let (name, tape) = (self.name(v), self.tape(v));
                self.use_tape(&tape, self.kind(v) == Kind::Float && self.active(v));
                quote!(#tape.push(#name);)
            })
            .collect()
    }

    fn assign_primal(
        &self,
        place: &Place,
        value: &Expr,
        compound: Option<ArithOp>,
        sweep: Sweep,
    ) -> TokenStream {
        let target = self.place(place);
        let active = self.active(place.var());
        let value = self.moved_value(value, active, sweep);
        match (compound, place) {
            // `v[i] op= e` reads `v` while it is borrowed mutably, which an
            // overloaded operator (dual numbers, generic floats) cannot do.
            (Some(op), Place::Index(..)) => {
                let op = super::expr::arith_token(op);
                quote!(#target = #target #op (#value);)
            }
            // A generic float (`T: Float`) has the operators but not their assigning forms.
            (Some(op), Place::Var(v))
                if self.generic_float() && self.func.vars[*v].kind == Kind::Float =>
            {
                let op = super::expr::arith_token(op);
                quote!(#target = #target #op (#value);)
            }
            _ => {
                let op = super::expr::assign_token(compound);
                quote!(#target #op #value;)
            }
        }
    }

    /// The float type is a type parameter, not `f64` or `f32`.
    fn generic_float(&self) -> bool {
        let f = &self.func.float;
        !matches!(quote!(#f).to_string().as_str(), "f64" | "f32")
    }

    pub(super) fn forward_stmt(&self, s: &Stmt, sweep: Sweep) -> TokenStream {
        let label = self.statement_label(s);
        let stmt = self.forward_stmt_inner(s, sweep);
        quote!(#label #stmt)
    }

    fn forward_stmt_inner(&self, s: &Stmt, sweep: Sweep) -> TokenStream {
        match &s.kind {
            StmtKind::Let { var, init } => self.forward_let(*var, init.as_ref(), sweep),
            StmtKind::Assign {
                place,
                value,
                compound,
            } => {
                // A sequence given a constant (`ret = Vec::new();` on one path): its tangent
                // is zeros of its new length, taken after the assignment.
                // An array likewise (`means = Array1::zeros(n)` on one path).
                let constant_seq = match (sweep, place, compound) {
                    (Sweep::Jvp, Place::Var(v), None)
                        if self.active(*v)
                            && matches!(self.func.vars[*v].kind, Kind::FloatSeq | Kind::Array)
                            && self.tangent(value).is_none() =>
                    {
                        let (dot, name) = (self.dot(*v), self.name(*v));
                        Some(match self.func.vars[*v].kind {
                            Kind::Array => quote!(#dot = __ad::zeros_nd(&#name);),
                            _ => quote!(#dot = __ad::zeros_like(&#name);),
                        })
                    }
                    _ => None,
                };
                let pre = match sweep {
                    _ if constant_seq.is_some() => quote!(),
                    Sweep::Jvp => self.assign_tangent(place, value, *compound),
                    Sweep::Augmented => self.save_before(s),
                    Sweep::Plain => quote!(),
                };
                let assign = self.assign_primal(place, value, *compound, sweep);
                quote!(#pre #assign #constant_seq)
            }
            StmtKind::Call {
                out,
                pullback,
                callee,
                args,
                method,
            } => self.forward_call(*out, *pullback, callee, args, *method, sweep),
            StmtKind::Push { vec, value } => {
                let name = self.name(*vec);
                let pre = match (sweep, self.active(*vec)) {
                    (Sweep::Jvp, true) => {
                        let dot = self.dot(*vec);
                        let t = self.tangent(value).unwrap_or_else(|| self.zero());
                        quote!(#dot.push(#t);)
                    }
                    _ => quote!(),
                };
                let value = self.expr(value, self.active(*vec));
                quote!(#pre #name.push(#value);)
            }
            StmtKind::If { cond, then, els } => {
                let cond = self.name(*cond);
                let then = self.forward_block(then, sweep, None);
                if els.stmts.is_empty() && self.saved_at_block_end(els, None).is_empty() {
                    quote!(if #cond { #then })
                } else {
                    let els = self.forward_block(els, sweep, None);
                    quote!(if #cond { #then } else { #els })
                }
            }
            _ if sweep == Sweep::Augmented
                && crate::analysis::needed::checkpointed(s).is_some() =>
            {
                self.checkpoint_forward(s)
            }
            StmtKind::Block { body, .. } => {
                let body = self.forward_block(body, sweep, None);
                quote!({ #body })
            }
            StmtKind::For {
                var,
                range,
                body,
                exit,
                trips,
                ..
            } => {
                let i = self.name(*var);
                let header = self.range_header(range);
                let rebound = if trips.is_none() { Some(*var) } else { None };
                let bulk = (sweep == Sweep::Augmented).then(|| self.bulk_save(s, range));
                let outermost = sweep == Sweep::Augmented
                    && exit.is_none()
                    && trips.is_none()
                    && !self.in_nest.get();
                if let Some(room) = outermost.then(|| self.nest_room(body, *var)).flatten() {
                    let trips = self.trips_ref(range);
                    let (tapes, counts): (Vec<_>, Vec<_>) = room.per_trip().unzip();
                    self.in_nest.set(true);
                    self.reserved_nest.set(true);
                    let body = self.forward_block(body, sweep, rebound);
                    self.in_nest.set(false);
                    let recorded =
                        self.forward_loop(quote!(for #i in #header), body, exit, None, sweep);
                    return quote!(#bulk {
                        #(let mut #tapes = #tapes.reserved(__ad::room(#trips, || #counts));)*
                        #recorded
                    });
                }
                let reserve = (sweep == Sweep::Augmented && exit.is_none() && !self.in_nest.get())
                    .then(|| self.reserve_trips(body, rebound, range));
                let body = self.forward_block(body, sweep, rebound);
                let recorded =
                    self.forward_loop(quote!(for #i in #header), body, exit, *trips, sweep);
                quote!(#reserve #bulk #recorded)
            }
            StmtKind::While {
                cond,
                body,
                exit,
                trips,
                ..
            } => {
                let cond = self.expr(cond, false);
                let body = self.forward_block(body, sweep, None);
                self.forward_loop(quote!(while #cond), body, exit, Some(*trips), sweep)
            }
            StmtKind::Match {
                scrutinee,
                arms,
                arm,
            } => {
                let scrutinee = self.expr(scrutinee, false);
                let record = sweep == Sweep::Augmented && self.needed.is_needed(*arm);
                let arm_name = self.name(*arm);
                let arms = arms.iter().enumerate().map(|(k, (pat, b))| {
                    let body = self.forward_block(b, sweep, None);
                    let set = record.then(|| quote!(#arm_name = #k;));
                    quote!(#pat => { #set #body })
                });
                let decl = record.then(|| quote!(let #arm_name: usize;));
                quote!(#decl match #scrutinee { #(#arms)* })
            }
        }
    }

    /// Room on each tape for what a loop body pushes on every iteration, reserved from the
    /// trip count before the loop (only for loops that run all their trips: a `break` could
    /// make a huge range's reservation a waste), so that recording never reallocates.
    fn reserve_trips(&self, body: &Block, rebound: Option<VarId>, range: &Range) -> TokenStream {
        // Keyed by name, keeping the identifier (its span is its hygiene).
        let mut pushes = std::collections::BTreeMap::<String, (Ident, usize)>::new();
        let mut count = |tape: Ident| pushes.entry(tape.to_string()).or_insert((tape, 0)).1 += 1;
        for v in self.saved_at_block_end(body, rebound) {
            count(self.tape(v));
        }
        for tape in body.stmts.iter().filter_map(|s| self.pushed_by(s)) {
            count(tape);
        }
        let trips = self.trips_ref(range);
        let reserves = pushes.into_values().map(|(tape, per_trip)| {
            let per_trip = proc_macro2::Literal::usize_unsuffixed(per_trip);
            quote!(#tape.reserve_for(#trips, #per_trip);)
        });
        quote!(#(#reserves)*)
    }

    /// `&range`, for `SaveStack::reserve_for` and `room`.
    fn trips_ref(&self, range: &Range) -> TokenStream {
        let header = self.range_header(range);
        // `&a..b` would borrow `a` alone; a method call on the range binds tighter than `&`.
        if range.rev || range.step.is_some() {
            quote!(&#header)
        } else {
            quote!(&(#header))
        }
    }

    fn forward_loop(
        &self,
        header: TokenStream,
        body: TokenStream,
        exit: &Option<Expr>,
        trips: Option<VarId>,
        sweep: Sweep,
    ) -> TokenStream {
        let exit = exit.as_ref().map(|e| {
            let e = self.expr(e, false);
            quote!(if #e { break; })
        });
        match trips.filter(|&t| sweep == Sweep::Augmented && self.needed.is_needed(t)) {
            Some(t) => {
                let t = self.name(t);
                quote!(let mut #t: usize = 0; #header { #body #t += 1; #exit })
            }
            None => quote!(#header { #body #exit }),
        }
    }

    fn forward_let(&self, var: VarId, init: Option<&Expr>, sweep: Sweep) -> TokenStream {
        let (primal, tangent) = self.let_parts(var, init, sweep);
        quote!(#primal #tangent)
    }

    /// A `let` as its primal statement and, in forward mode, the declaration of its tangent.
    fn let_parts(
        &self,
        var: VarId,
        init: Option<&Expr>,
        sweep: Sweep,
    ) -> (TokenStream, TokenStream) {
        let name = self.name(var);
        let mutable = self.func.vars[var].mutable.then(|| quote!(mut));
        let ty = self.func.vars[var].ty.as_ref().map(|t| {
            let t = self.lift_type(t, self.active(var));
            quote!(: #t)
        });
        let active = self.active(var);
        let Some(init) = init else {
            let dot = (sweep == Sweep::Jvp && active).then(|| {
                let dot = self.dot(var);
                quote!(let #mutable #dot;)
            });
            return (quote!(let #mutable #name #ty;), quote!(#dot));
        };
        let value = self.moved_value(init, active, sweep);
        let dot = (sweep == Sweep::Jvp && active).then(|| {
            let dot = self.dot(var);
            match self.let_tangent(init, name) {
                Some(t) => quote!(let #mutable #dot = #t;),
                None => self.declare_zero(&dot, var),
            }
        });
        (quote!(let #mutable #name #ty = #value;), quote!(#dot))
    }

    /// An assigned value. Assigning a whole sequence variable moves it; when the reverse
    /// sweep still reads that variable, the forward sweep assigns a copy instead.
    fn moved_value(&self, e: &Expr, active: bool, sweep: Sweep) -> TokenStream {
        let value = self.expr(e, active);
        match e.kind {
            ExprKind::Var(v)
                if sweep == Sweep::Augmented
                    && matches!(self.kind(v), Kind::FloatSeq | Kind::Array)
                    && self.needed.is_needed(v) =>
            {
                quote!(#value.clone())
            }
            // A local struct (or rows) moved on: the reverse sweep sizes its adjoint from it.
            ExprKind::Var(v)
                if sweep == Sweep::Augmented
                    && matches!(self.kind(v), Kind::Struct | Kind::StructSeq)
                    && self.func.vars[v].scope.is_some()
                    && self.act.varied(e) =>
            {
                quote!(#value.clone())
            }
            _ => value,
        }
    }

    /// `v` or `v[i]`.
    pub fn place(&self, p: &Place) -> TokenStream {
        match p {
            Place::Var(v) => {
                let name = self.name(*v);
                quote!(#name)
            }
            Place::Index(v, i) => {
                let (name, i) = (self.name(*v), self.expr(i, false));
                quote!(#name[#i])
            }
        }
    }

    /// The header of a `for` loop over `range`, as the user wrote it.
    pub fn range_header(&self, r: &Range) -> TokenStream {
        let (lo, hi) = (self.name(r.start), self.name(r.end));
        let mut it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if let Some(k) = r.step {
            let k = self.name(k);
            it = quote!((#it).step_by(#k));
        }
        if r.rev {
            it = quote!((#it).rev());
        }
        it
    }

    /// The same range, run backwards (only for loops without a step, which are replayed
    /// from their trip count instead).
    pub fn reversed_range(&self, r: &Range) -> TokenStream {
        let (lo, hi) = (self.name(r.start), self.name(r.end));
        let it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if r.rev {
            it
        } else {
            quote!((#it).rev())
        }
    }

    /// The tangent update that precedes an assignment in `f_jvp`.
    fn assign_tangent(
        &self,
        place: &Place,
        value: &Expr,
        compound: Option<ArithOp>,
    ) -> TokenStream {
        let v = place.var();
        if !self.active(v) {
            return quote!();
        }
        let target = match place {
            Place::Var(_) => {
                let dot = self.dot(v);
                quote!(#dot)
            }
            Place::Index(_, i) => {
                let (dot, i) = (self.dot(v), self.expr(i, false));
                quote!(#dot[#i])
            }
        };
        match compound {
            None => {
                let t = self.tangent(value).unwrap_or_else(|| self.zero());
                quote!(#target = #t;)
            }
            Some(op @ (ArithOp::Add | ArithOp::Sub)) => match self.tangent(value) {
                Some(t) if op == ArithOp::Add => self.add_to(target, t),
                Some(t) => self.add_to(target, quote!(-(#t))),
                None => quote!(),
            },
            Some(op) => {
                let old = place_expr(place, value.span);
                let whole = Expr::new(
                    ExprKind::Arith(op, Box::new(old), Box::new(value.clone())),
                    value.span,
                );
                let t = self.tangent(&whole).unwrap_or_else(|| self.zero());
                quote!(#target = #t;)
            }
        }
    }

    /// The saves of the loop `s` over `range` made before it (see `analysis::bulk_save`):
    /// the elements it will overwrite, copied onto their tapes in the order its pushes
    /// would have made.
    fn bulk_save(&self, s: &Stmt, range: &Range) -> TokenStream {
        let Some(saved) = self.needed.bulk.before.get(&(s as *const Stmt)) else {
            return quote!();
        };
        let span = self.span(range);
        let ran = self.runs(range);
        let extend = if range.rev {
            quote!(extend_reversed)
        } else {
            quote!(extend_from_slice)
        };
        let copies = saved.iter().map(|&v| {
            let (name, tape) = (self.name(v), self.elem_tape(v));
            self.use_tape(&tape, self.active(v));
            quote!(#tape.#extend(&#name[#span]);)
        });
        quote!(if #ran { #(#copies)* })
    }

    /// The indices a loop over `range` (one step apart) visits, as a slice range: `lo..hi`
    /// or `lo..=hi`.
    pub fn span(&self, range: &Range) -> TokenStream {
        let (lo, hi) = (self.name(range.start), self.name(range.end));
        if range.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        }
    }

    /// Whether a loop over `range` (ascending or not, one step apart) runs at least once:
    /// `lo < hi`, or `lo <= hi` when inclusive.
    pub fn runs(&self, range: &Range) -> TokenStream {
        let (lo, hi) = (self.name(range.start), self.name(range.end));
        if range.inclusive {
            quote!(#lo <= #hi)
        } else {
            quote!(#lo < #hi)
        }
    }

    /// Saves the value an assignment overwrites, when the reverse sweep reads it.
    fn save_before(&self, s: &Stmt) -> TokenStream {
        let StmtKind::Assign { place, value, .. } = &s.kind else {
            return quote!();
        };
        if self.needed.bulk.moved.contains(&(s as *const Stmt)) {
            return quote!();
        }
        let Some(site) = crate::analysis::needed::save_site(self.func, self.needed, s) else {
            return quote!();
        };
        let v = place.var();
        let name = self.name(v);
        let mut reads_self = false;
        value.visit_vars(&mut |u| reads_self |= u == v);
        let old = match place {
            Place::Index(_, i) => {
                let i = self.expr(i, false);
                quote!(#name[#i])
            }
            Place::Var(_) if reads_self && matches!(self.kind(v), Kind::FloatSeq | Kind::Array) => {
                quote!(#name.clone())
            }
            Place::Var(_) => quote!(#name),
        };
        match site {
            crate::analysis::needed::SaveSite::Invert => quote!(),
            crate::analysis::needed::SaveSite::Local => {
                let local = self.local_save(s, &format!("{name}_old"));
                quote!(let #local = #old;)
            }
            crate::analysis::needed::SaveSite::Tape => {
                let tape = self.save_tape(place);
                let kind = match place {
                    Place::Index(..) => Kind::FloatSeq,
                    Place::Var(_) => Kind::Float,
                };
                self.use_tape(&tape, self.kind(v) == kind && self.active(v));
                quote!(#tape.push(#old);)
            }
        }
    }

    /// A differentiated call. It goes through the callee's entry points for callers
    /// (`g_jvp_all`, `g_pullback_all`, `g_dual_pullback_all`): this macro cannot see `g`'s
    /// attribute, so it passes a tangent for, and expects a cotangent of, every float
    /// argument, which those take and give whatever `g`'s `wrt` says.
    fn forward_call(
        &self,
        out: VarId,
        pullback: VarId,
        callee: &syn::Path,
        args: &[Expr],
        method: bool,
        sweep: Sweep,
    ) -> TokenStream {
        let call =
            |kind: Option<Derived>, args: Vec<TokenStream>| call_tokens(callee, method, kind, args);
        let name = self.name(out);
        // A call result the function assigns again is declared `mut`.
        let mutable = self.func.vars[out].mutable.then(|| quote!(mut));
        let name = quote!(#mutable #name);
        let ty = self.func.vars[out].ty.as_ref().map(|t| {
            let t = self.lift_type(t, self.active(out));
            quote!(: #t)
        });
        if !self.active(out) {
            let args = args.iter().map(|a| self.expr(a, false)).collect();
            let call = call(None, args);
            return quote!(let #name #ty = #call;);
        }
        let float_args: Vec<&Expr> = args
            .iter()
            .enumerate()
            .filter(|(i, a)| self.kind_of(a).is_float() && !crate::rules::constant_arg(callee, *i))
            .map(|(_, a)| a)
            .collect();
        match sweep {
            Sweep::Plain => {
                let args = args
                    .iter()
                    .map(|a| self.expr(a, self.kind_of(a).is_float()))
                    .collect();
                match self.mode {
                    Mode::Plain => {
                        let call = call(None, args);
                        quote!(let #name #ty = #call;)
                    }
                    // The callee's value on dual numbers, from its dual twin.
                    Mode::Lifted => {
                        let call = call(Some(Derived::DualPullbackAll), args);
                        quote!(let #name #ty = #call.0;)
                    }
                }
            }
            Sweep::Jvp => {
                let dot = self.dot(out);
                let args = args.iter().map(|a| self.expr(a, false));
                let tangents = float_args
                    .iter()
                    .map(|a| self.tangent(a).unwrap_or_else(|| self.zero_tangent_arg(a)));
                let call = call(Some(Derived::JvpAll), args.chain(tangents).collect());
                quote!(let (#name, #mutable #dot) = #call;)
            }
            Sweep::Augmented => {
                let pb = self.name(pullback);
                let kind = match self.mode {
                    Mode::Plain => Derived::PullbackAll,
                    Mode::Lifted => Derived::DualPullbackAll,
                };
                let args = args.iter().map(|a| self.moved_arg(a)).collect();
                let call = call(Some(kind), args);
                quote!(let (#name, #pb) = #call;)
            }
        }
    }

    /// An argument of a differentiated call in the forward sweep. An active local sequence
    /// passed by value is moved into the callee in the user's code, but the reverse sweep
    /// still shapes its adjoint from it, so the callee gets a copy.
    fn moved_arg(&self, a: &Expr) -> TokenStream {
        let float = self.kind_of(a).is_float();
        match &a.kind {
            ExprKind::Var(v)
                if matches!(self.kind(*v), Kind::FloatSeq | Kind::Array)
                    && self.active(*v)
                    && !matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let name = self.name(*v);
                quote!(#name.clone())
            }
            _ => self.expr(a, float),
        }
    }

    /// A zero tangent for an inactive float argument of a differentiated call.
    fn zero_tangent_arg(&self, a: &Expr) -> TokenStream {
        match (self.kind_of(a), &a.kind) {
            (Kind::Array, ExprKind::Ref(inner)) => {
                let inner = self.expr(inner, false);
                quote!(&__ad::zeros_nd(&#inner))
            }
            // `&0.1` passed to an array rule: its tangent is a reference too.
            (Kind::Float, ExprKind::Ref(_)) => {
                let zero = self.zero();
                quote!(&#zero)
            }
            // An array parameter passed on is a reference, like a slice one.
            (Kind::Array, ExprKind::Var(v))
                if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_nd(#a))
            }
            (Kind::Array, _) => {
                let a = self.expr(a, false);
                quote!(__ad::zeros_nd(&#a))
            }
            (Kind::FloatSeq, ExprKind::Ref(inner)) => {
                let inner = self.expr(inner, false);
                quote!(&__ad::zeros_like(&#inner))
            }
            // A slice parameter passed on is a reference; anything else (`v`, `x.to_vec()`)
            // is a sequence passed by value, whose tangent is owned too.
            (Kind::FloatSeq, ExprKind::Var(v))
                if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_like(&#a))
            }
            (Kind::FloatSeq, _) => {
                let a = self.expr(a, false);
                quote!(__ad::zeros_like(&#a))
            }
            // A slice of structs or rows left out by `wrt` (a slice has no `zero_like`).
            (Kind::StructSeq, ExprKind::Var(v)) if self.is_struct_slice(*v) => {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_of_structs(#a))
            }
            (Kind::Struct | Kind::StructSeq, _) => {
                let a = self.expr(a, false);
                quote!(&__ad::Differentiable::zero_like(#a))
            }
            _ => self.zero(),
        }
    }

    /// A user type with the float type replaced by `Dual<F>` where the value is active
    /// and the mode is lifted.
    pub fn lift_type(&self, ty: &syn::Type, active: bool) -> TokenStream {
        if self.mode == Mode::Plain || !active {
            return quote!(#ty);
        }
        let float = self.func.float.clone();
        let dual: syn::Type = syn::parse_quote!(::autodiff::__private::Dual<#float>);
        replace_type(ty, &float, &dual)
    }

    /// Declares `tape`, which saves scalars of the function's float type (or their dual
    /// numbers) when `scalars`. Only active variables count: a kind is a guess from the
    /// syntax (an untyped `let j = if c { i } else { k };` reads as a float), but a value
    /// that carries a derivative is a float, and a pooled tape only compiles for floats.
    pub fn use_tape(&self, tape: &Ident, scalars: bool) {
        // Lifted code saves active scalars as `Dual<F>` and inactive ones as `F`: both pool.
        let pooled = scalars && self.concrete_float();
        let mut tapes = self.tapes.borrow_mut();
        let entry = tapes
            .entry(tape.to_string())
            .or_insert((tape.clone(), pooled));
        entry.1 &= pooled;
    }

    /// The local that keeps the value overwritten at a top-level assignment.
    pub fn local_save(&self, s: &Stmt, base: &str) -> Ident {
        let key = s as *const Stmt as usize;
        if let Some(name) = self.locals.borrow().get(&key) {
            return name.clone();
        }
        let name = self.fresh(base);
        self.locals.borrow_mut().insert(key, name.clone());
        name
    }
}

/// `v` or `v[i]` as an expression.
pub fn place_expr(place: &Place, span: proc_macro2::Span) -> Expr {
    match place {
        Place::Var(v) => Expr::new(ExprKind::Var(*v), span),
        Place::Index(v, i) => Expr::new(
            ExprKind::Index(Box::new(Expr::new(ExprKind::Var(*v), span)), i.clone()),
            span,
        ),
    }
}

fn replace_type(ty: &syn::Type, from: &syn::Type, to: &syn::Type) -> TokenStream {
    let from_str = quote!(#from).to_string();
    let tokens = quote!(#ty);
    replace_tokens(tokens, &from_str, &quote!(#to))
}

fn replace_tokens(ts: TokenStream, from: &str, to: &TokenStream) -> TokenStream {
    ts.into_iter()
        .map(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) if i == from => to.clone(),
            proc_macro2::TokenTree::Group(g) => {
                let inner = replace_tokens(g.stream(), from, to);
                let mut ng = proc_macro2::Group::new(g.delimiter(), inner);
                ng.set_span(g.span());
                quote!(#ng)
            }
            other => quote!(#other),
        })
        .collect()
}

/// A call of the derived item `kind` of `callee` (or of `callee` itself for `None`):
/// `callee_X(args)`, or for a method `(args[0]).callee_X(args[1..])`.
pub fn call_tokens(
    callee: &syn::Path,
    method: bool,
    kind: Option<Derived>,
    args: Vec<TokenStream>,
) -> TokenStream {
    let f = super::names::callee(callee, method, kind);
    match (method, args.split_first()) {
        (true, Some((recv, rest))) => quote!((#recv).#f(#(#rest),*)),
        _ => quote!(#f(#(#args),*)),
    }
}
