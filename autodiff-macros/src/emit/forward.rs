//! The forward walk over the IR, shared by the two functions that run the primal code:
//! `f_jvp` (primal plus tangents) and the forward sweep of `f_pullback` (primal plus what
//! the reverse sweep will read: saved values, trip counts, pullbacks of calls).

use super::{Ctx, Emitter};
use crate::ir::*;
use proc_macro2::TokenStream;
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
    pub(super) fn assign_primal(
        &self,
        place: &Place,
        value: &Expr,
        compound: Option<ArithOp>,
        sweep: Sweep,
    ) -> TokenStream {
        let target = self.place(place);
        let active = self.active(place.var());
        let value_expr = value;
        let value = self.moved_value(value, active, sweep);
        let value = match place {
            Place::Var(v) if self.moves_into_result(*v, value_expr) => quote!(#value.clone()),
            _ => value,
        };
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

    /// Whether assigning `value` to `v` moves a whole value into a result assigned at
    /// several exits (`Func::returned_at_several_exits`): it is then assigned a copy.
    /// (The reverse sweep's forward part copies such a value anyway, when it reads it.)
    pub(super) fn moves_into_result(&self, v: VarId, value: &Expr) -> bool {
        matches!(value.kind, ExprKind::Var(w)
            if matches!(self.kind(w), Kind::FloatSeq | Kind::IntSeq | Kind::Array | Kind::Struct | Kind::StructSeq | Kind::ArraySeq)
                && self.func.returned_at_several_exits(v))
    }

    /// The float type is a type parameter, not `f64` or `f32`.
    fn generic_float(&self) -> bool {
        let f = &self.func.float;
        !matches!(quote!(#f).to_string().as_str(), "f64" | "f32")
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

    /// An assigned value. Assigning a whole sequence variable moves it; when the reverse
    /// sweep still reads that variable, the forward sweep assigns a copy instead.
    fn moved_value(&self, e: &Expr, active: bool, sweep: Sweep) -> TokenStream {
        // `R { v }` of a sequence the reverse sweep still shapes an adjoint from: its copy.
        // In forward mode, of a constant sequence whose zero tangent is shaped from it after
        // the literal (`emit::tangent::struct_tangent`).
        if let ExprKind::StructLit(path, fields) = &e.kind {
            if !path.segments.is_empty() && sweep != Sweep::Plain {
                let fields = fields.iter().map(|(m, x)| {
                    let constant_sequence = sweep == Sweep::Jvp
                        && matches!(x.kind, ExprKind::Var(v)
                            if matches!(self.kind(v), Kind::FloatSeq | Kind::Array | Kind::StructSeq | Kind::ArraySeq))
                        && !self.act.varied(x);
                    let x = match constant_sequence {
                        true => {
                            let x = self.expr(x, false);
                            quote!(#x.clone())
                        }
                        false => self.moved_value(x, active, sweep),
                    };
                    quote!(#m: #x)
                });
                return quote!(#path { #(#fields),* });
            }
        }
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
                    && matches!(
                        self.kind(v),
                        Kind::Struct | Kind::StructSeq | Kind::ArraySeq
                    )
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
}

impl Emitter<'_> {
    pub fn forward_block(
        &mut self,
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

    pub(super) fn forward_stmt(&mut self, s: &Stmt, sweep: Sweep) -> TokenStream {
        let label = self.statement_label(s);
        let stmt = self.forward_stmt_inner(s, sweep);
        quote!(#label #stmt)
    }

    fn forward_stmt_inner(&mut self, s: &Stmt, sweep: Sweep) -> TokenStream {
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
            call @ StmtKind::Call { .. } => self.forward_call(call, sweep),
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
                let nests = &self.needed.nests;
                if sweep == Sweep::Augmented && nests.roots.contains(&s.id) {
                    let room = self.nest_room(body, *var);
                    let trips = self.trips_ref(range);
                    let (tapes, counts): (Vec<_>, Vec<_>) = room.per_trip().unzip();
                    let body = self.forward_block(body, sweep, rebound);
                    let recorded =
                        self.forward_loop(quote!(for #i in #header), body, exit, None, sweep);
                    return quote!(#bulk {
                        #(let mut #tapes = #tapes.reserved(__ad::room(#trips, || #counts));)*
                        #recorded
                    });
                }
                // A loop of a reserved nest: the nest's reservation covers its pushes.
                let in_nest = nests.inner.contains(&s.id);
                let reserve = (sweep == Sweep::Augmented && exit.is_none() && !in_nest)
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

    fn forward_let(&mut self, var: VarId, init: Option<&Expr>, sweep: Sweep) -> TokenStream {
        let (primal, tangent) = self.let_parts(var, init, sweep);
        quote!(#primal #tangent)
    }

    /// A `let` as its primal statement and, in forward mode, the declaration of its tangent.
    pub(super) fn let_parts(
        &mut self,
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

    /// The tangent update that precedes an assignment in `f_jvp`.
    pub(super) fn assign_tangent(
        &mut self,
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
                let t = match place {
                    Place::Var(_) if self.moves_into_result(v, value) => quote!(#t.clone()),
                    _ => t,
                };
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
