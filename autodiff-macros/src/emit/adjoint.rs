//! The reverse of one expression: given the cotangent `g` of its value, accumulate
//! `x̄ += g ∂e/∂x` into the adjoint of every active variable it reads.
//!
//! Values the partials need are recomputed from the (restored) primal variables at the
//! start of the statement's reverse, bound to temporaries once each; then cotangents flow
//! from the root to the leaves.

use super::Emitter;
use crate::ir::*;
use crate::rules::Partial;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use std::collections::HashMap;

/// Builds the statements of one expression's reverse.
pub struct Adjoint<'c, 'f> {
    /// The emitter, held while the reverse is built: its temporaries and open windows.
    ctx: &'c mut Emitter<'f>,
    /// Recomputed values, in order.
    values: Vec<TokenStream>,
    /// Intermediate cotangents, in order.
    binds: Vec<TokenStream>,
    /// The contributions to each adjoint, in order of first contribution. All of a
    /// statement's contributions to one place are added in one update: one read and one
    /// write of `x_bar[i]` instead of several (they cannot be merged across the bounds
    /// checks between them otherwise).
    updates: Vec<Update>,
    memo: HashMap<String, TokenStream>,
    /// An adjoint whose update assigns its contributions instead of adding them (see
    /// [`Adjoint::assign_to`]).
    assigned: Option<String>,
}

struct Update {
    target: TokenStream,
    /// Whole sequences and arrays are accumulated one contribution at a time, by this
    /// runtime function.
    whole: Option<&'static str>,
    terms: Vec<TokenStream>,
}

impl<'c, 'f> Adjoint<'c, 'f> {
    pub fn new(ctx: &'c mut Emitter<'f>) -> Self {
        Adjoint {
            ctx,
            values: vec![],
            binds: vec![],
            updates: vec![],
            memo: HashMap::new(),
            assigned: None,
        }
    }

    /// A temporary of the emitter this reverse holds, for a caller whose own temporaries
    /// interleave with the reverse's.
    pub fn temp(&mut self, base: &str) -> Ident {
        self.ctx.temp(base)
    }

    /// Whether the reverse built so far adds anything to the adjoint `target`.
    pub fn contributes_to(&self, target: &TokenStream) -> bool {
        let key = target.to_string();
        self.updates.iter().any(|u| u.target.to_string() == key)
    }

    /// Makes the update of the scalar adjoint `target` an assignment, `x̄ = Σ terms` rather
    /// than `x̄ += Σ terms`: for an adjoint the caller has just taken and not zeroed, so a
    /// loop-carried adjoint (`acc = acc·x + c` gives `ācc = ḡ·x`) does not add a zero on
    /// its dependency chain every step.
    pub fn assign_to(&mut self, target: &TokenStream) {
        self.assigned = Some(target.to_string());
    }

    /// The reverse of `e` with cotangent `g` (an expression), as statements.
    pub fn of(ctx: &'c mut Emitter<'f>, e: &Expr, g: TokenStream) -> TokenStream {
        let mut adj = Adjoint::new(ctx);
        adj.propagate(e, g);
        adj.finish()
    }

    /// The reverse of `let var = e` with cotangent `g`. When `e` is a call whose result
    /// its partial reads (`analysis::residuals`), the result is `var`'s value, kept for the
    /// reverse sweep: the call is not made again.
    pub fn of_let(ctx: &'c mut Emitter<'f>, var: VarId, e: &Expr, g: TokenStream) -> TokenStream {
        let cx = ctx.cx();
        let mut adj = Adjoint::new(ctx);
        if crate::analysis::residuals::saved_result(cx.act, e) {
            let name = cx.name(var);
            adj.memo.insert(cx.expr(e, true).to_string(), quote!(#name));
        }
        adj.propagate(e, g);
        adj.finish()
    }

    pub fn finish(self) -> TokenStream {
        let (values, binds) = (&self.values, &self.binds);
        let updates = self.updates.iter().map(|u| {
            let target = &u.target;
            if let Some(f) = u.whole {
                let (f, terms) = (Ident::new(f, Span::call_site()), &u.terms);
                if f == "accumulate_nd" {
                    // Owned contributions move into an adjoint nothing reached yet.
                    return quote!(#(__ad::#f(&mut #target, #terms);)*);
                }
                return quote!(#(__ad::#f(&mut #target, &#terms);)*);
            }
            let sum = u
                .terms
                .iter()
                .skip(1)
                .fold(u.terms[0].clone(), |acc, t| quote!(#acc + #t));
            if self.assigned.as_ref() == Some(&target.to_string()) {
                return quote!(#target = #sum;);
            }
            self.ctx.add_to(target.clone(), sum)
        });
        quote!(#(#values)* #(#binds)* #(#updates)*)
    }

    /// Adds `term` to the adjoint `target`.
    fn contribute(&mut self, target: TokenStream, whole: Option<&'static str>, term: TokenStream) {
        let key = target.to_string();
        match self
            .updates
            .iter_mut()
            .find(|u| u.target.to_string() == key)
        {
            Some(u) => u.terms.push(term),
            None => self.updates.push(Update {
                target,
                whole,
                terms: vec![term],
            }),
        }
    }

    /// An atom holding `e`'s value (a variable, a literal, or a new temporary).
    fn value(&mut self, e: &Expr, active: bool) -> TokenStream {
        if matches!(
            e.kind,
            ExprKind::Var(_) | ExprKind::Float(_) | ExprKind::Int(_) | ExprKind::Const(_)
        ) {
            return self.ctx.expr(e, active);
        }
        let printed = self.ctx.expr(e, active);
        // Equal subexpressions (`x[i]` twice) share one temporary.
        let key = printed.to_string();
        if let Some(t) = self.memo.get(&key) {
            return t.clone();
        }
        let t = self.ctx.temp("t");
        self.values.push(quote!(let #t = #printed;));
        self.memo.insert(key, quote!(#t));
        quote!(#t)
    }

    /// Binds a cotangent expression to a temporary unless it already is a name.
    fn bind(&mut self, g: TokenStream) -> TokenStream {
        let simple = g.clone().into_iter().count() == 1;
        if simple {
            return g;
        }
        let t = self.ctx.temp("g");
        self.binds.push(quote!(let #t = #g;));
        quote!(#t)
    }

    pub fn propagate(&mut self, e: &Expr, g: TokenStream) {
        if !self.ctx.act.varied(e) {
            return;
        }
        use ExprKind::*;
        match &e.kind {
            Var(v) => {
                let bar = self.ctx.bar(*v);
                let whole = match self.ctx.kind(*v) {
                    Kind::FloatSeq => Some("add_assign"),
                    Kind::Array if self.ctx.lazy_adjoint(*v) => Some("accumulate_nd"),
                    Kind::Array => Some("add_nd"),
                    Kind::Struct | Kind::StructSeq | Kind::ArraySeq => Some("accumulate_struct"),
                    _ => None,
                };
                self.contribute(quote!(#bar), whole, g);
            }
            Index(base, i) => {
                // `p.w[l][[i, j]]`: an entry of one of a field's arrays, `w̄[l][[i, j]] += g`.
                if let ExprKind::Index(seq, l) = &base.kind {
                    if let ExprKind::Var(v) = seq.kind {
                        if self.ctx.kind(v) == Kind::ArraySeq {
                            let (bar, l) = (self.ctx.bar(v), self.ctx.expr(l, false));
                            let i = self.ctx.expr(i, false);
                            return self.contribute(quote!(#bar[#l][#i]), None, g);
                        }
                    }
                }
                let ExprKind::Var(v) = base.kind else {
                    return self.propagate(base, g);
                };
                if let Some(register) = self.ctx.window_register(v, i) {
                    return self.contribute(quote!(#register), None, g);
                }
                let (bar, i) = (self.ctx.bar(v), self.ctx.expr(i, false));
                let target = if self.ctx.lazy_adjoint(v) {
                    let name = self.ctx.name(v);
                    quote!(__ad::slot_nd(&mut #bar, &#name)[#i])
                } else {
                    quote!(#bar[#i])
                };
                let whole = matches!(self.ctx.kind(v), Kind::StructSeq | Kind::ArraySeq)
                    .then_some("accumulate_struct");
                self.contribute(target, whole, g);
            }
            Neg(a) => self.propagate(a, quote!(-#g)),
            Field(base, member) if matches!(self.ctx.kind_of(base), Kind::Tuple { .. }) => {
                let ExprKind::Var(v) = base.kind else { return };
                let bar = self.ctx.bar(v);
                // A sequence element's cotangent is added entry by entry.
                let whole = (self.ctx.kind_of(e) == Kind::FloatSeq).then_some("add_assign");
                self.contribute(quote!(#bar.#member), whole, g);
            }
            // `u.x` of a struct value: `ū.x += g`.
            Field(..) if self.ctx.struct_field_chain(e).is_some() => {
                let Some((v, path)) = self.ctx.struct_field_chain(e) else {
                    return;
                };
                let bar = self.ctx.bar(v);
                self.contribute(quote!(#bar #(.#path)*), None, g);
            }
            // `S { a: x, b: y }`: x̄ += s̄.a, ȳ += s̄.b (s̄ has the struct's type).
            StructLit(_, fields) => {
                let g = if g.clone().into_iter().count() == 1 {
                    g
                } else {
                    let t = self.ctx.temp("g");
                    self.binds.push(quote!(let #t = &(#g);));
                    quote!(#t)
                };
                for (member, x) in fields {
                    self.propagate(x, quote!(#g.#member));
                }
            }
            Cast(a, ty) if self.ctx.unseen_cast_target(ty) => {
                self.propagate(a, quote!(__ad::through_cast::<#ty, _>(#g)))
            }
            Cast(a, _) | Ref(a) | Copy(a) | Field(a, _) => self.propagate(a, g),
            Arith(op, a, b) => self.arith(*op, a, b, e, g),
            Elementary(rule, args) => self.elementary(rule, args, e, g),
            Repeat { elem, .. } => self.propagate(elem, quote!(__ad::sum(&#g))),
            List { elems, .. } => {
                let g = self.bind(g);
                for (k, x) in elems.iter().enumerate() {
                    self.propagate(x, quote!(#g[#k]));
                }
            }
            _ => {}
        }
    }

    fn arith(&mut self, op: ArithOp, a: &Expr, b: &Expr, _e: &Expr, g: TokenStream) {
        // (Integers carry no derivative.)
        if op.of_integers() {
            return;
        }
        let g = self.bind(g);
        let (va, vb) = (self.ctx.act.varied(a), self.ctx.act.varied(b));
        match op {
            ArithOp::Add => {
                self.propagate(a, g.clone());
                self.propagate(b, g);
            }
            ArithOp::Sub => {
                self.propagate(a, g.clone());
                self.propagate(b, quote!(-#g));
            }
            // z = a², written a a:  ā += z̄ 2a, one contribution instead of two
            ArithOp::Mul
                if va
                    && self.ctx.expr(a, true).to_string() == self.ctx.expr(b, true).to_string() =>
            {
                let a_val = self.value(a, va);
                self.propagate(a, quote!(#g * (#a_val + #a_val)));
            }
            // z = (k a) a with k constant:  ā += z̄ (k a + k a), one product where the
            // rule for each factor would give three
            ArithOp::Mul if self.scaled_square(a, b).is_some() => {
                let (scaled, x) = self.scaled_square(a, b).expect("matched above");
                let ka = self.value(scaled, true);
                self.propagate(x, quote!(#g * (#ka + #ka)));
            }
            // z = a b:  ā += z̄ b,  b̄ += z̄ a
            ArithOp::Mul => {
                if va {
                    let b_val = self.value(b, vb);
                    self.propagate(a, quote!(#g * #b_val));
                }
                if vb {
                    let a_val = self.value(a, va);
                    self.propagate(b, quote!(#g * #a_val));
                }
            }
            // z = a / b:  ā += z̄ / b,  b̄ −= z̄ a / b², as ((z̄ / b) a) / b: `b * b` overflows
            // where b does not (|b| > 1.8e19 in f32, a rational function's denominator),
            // and the partial would be a silent zero. (The adjoint first: `a` may be a
            // constant of the float type where `b` is a dual number.)
            ArithOp::Div => {
                let b_val = self.value(b, vb);
                if va {
                    self.propagate(a, quote!(#g / #b_val));
                }
                if vb {
                    let a_val = self.value(a, va);
                    self.propagate(b, quote!(-(#g / #b_val * #a_val / #b_val)));
                }
            }
            // z = a % b = a − q b with q = trunc(a/b):  ā += z̄,  b̄ −= z̄ q. The quotient is
            // read off the exact remainder, (a − z)/b, as `partial::rem` does: `a / b`
            // rounds up to the next integer when it lies just below one.
            ArithOp::Rem => {
                self.propagate(a, g.clone());
                if vb {
                    let (a_val, b_val) = (self.value(a, va), self.value(b, vb));
                    let q = quote!(((#a_val - #a_val % #b_val) / #b_val).round());
                    self.propagate(b, quote!(-(#g * #q)));
                }
            }
            // (Returned above.)
            ArithOp::Shl | ArithOp::Shr | ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor => {}
        }
    }

    /// `(k a, a)` when the product `l r` is `(k a) a` or `a (k a)` (either order of the
    /// inner product) with `k` carrying no derivative.
    fn scaled_square<'e>(&self, l: &'e Expr, r: &'e Expr) -> Option<(&'e Expr, &'e Expr)> {
        let printed = |e: &Expr| self.ctx.expr(e, true).to_string();
        let matches = |scaled: &'e Expr, x: &'e Expr| {
            let ExprKind::Arith(ArithOp::Mul, p, q) = &scaled.kind else {
                return None;
            };
            let x_printed = printed(x);
            let same = |e: &Expr| printed(e) == x_printed;
            let constant = |e: &Expr| !self.ctx.act.varied(e);
            ((same(p) && constant(q)) || (same(q) && constant(p))).then_some((scaled, x))
        };
        if !self.ctx.act.varied(l) || !self.ctx.act.varied(r) {
            return None;
        }
        matches(l, r).or_else(|| matches(r, l))
    }

    fn elementary(&mut self, rule: &crate::rules::Rule, args: &[Expr], e: &Expr, g: TokenStream) {
        if rule.partial == Partial::Zero {
            return;
        }
        let g = self.bind(g);
        let name = Ident::new(rule.name, Span::call_site());
        let vals: Vec<TokenStream> = args
            .iter()
            .enumerate()
            .map(|(i, a)| self.value(a, rule.float_arg(i)))
            .collect();
        let y = self.value(e, true);
        match rule.partial {
            Partial::Unary => {
                let x = &vals[0];
                self.propagate(&args[0], quote!(#g * __ad::partial::#name(#x, #y)));
            }
            Partial::IntExponent => {
                let (x, n) = (&vals[0], &vals[1]);
                self.propagate(&args[0], quote!(#g * __ad::partial::powi(#x, #n, #y)));
            }
            Partial::Multi => {
                let d = self.ctx.temp("d");
                self.values
                    .push(quote!(let #d = __ad::partial::#name(#(#vals,)* #y);));
                for (k, a) in args.iter().enumerate() {
                    let k = syn::Index::from(k);
                    self.propagate(a, quote!(#g * #d.#k));
                }
            }
            Partial::Zero => {}
        }
    }
}
