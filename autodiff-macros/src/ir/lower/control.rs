//! `if` and `match` (and `if let`), as statements or for their value: a `match` on a value
//! without derivatives, its patterns' bindings hidden under names no other code uses.

use super::stmts::Tail;
use super::{expr_span, Lowerer};
use crate::ir::*;

impl Lowerer {
    /// `if` and `match`, as statements or for their value (`tail`).
    pub(super) fn lower_control(&mut self, e: &syn::Expr, tail: Tail, out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        match e {
            syn::Expr::If(i) => {
                if let syn::Expr::Let(l) = &*i.cond {
                    if let Some((test, binds)) =
                        super::let_patterns::element_option(&l.pat, &l.expr)
                            .filter(|_| self.option_call_worth_twice(&l.expr))
                    {
                        // `if let Some(&v) = x.get(i) { a } else { b }` is
                        // `if i < x.len() { let v = x[i]; a } else { b }`.
                        let mut desugared = i.clone();
                        desugared.cond = Box::new(test);
                        desugared.then_branch.stmts.splice(0..0, binds);
                        return self.lower_control(&syn::Expr::If(desugared), tail, out);
                    }
                    // `if let P = e { a } else { b }` is `match e { P => a, _ => b }`.
                    let scrutinee = self.lower_expr(&l.expr, out);
                    let wild: syn::Pat = syn::parse_quote!(_);
                    let then = syn::Expr::Block(syn::ExprBlock {
                        attrs: vec![],
                        label: None,
                        block: i.then_branch.clone(),
                    });
                    let unit: syn::Expr = syn::parse_quote!({});
                    let els = match &i.else_branch {
                        Some((_, e)) => &**e,
                        None => {
                            if let Tail::Into(_) = tail {
                                return self.error(
                                    span,
                                    "an `if let` used for its value needs an `else` branch",
                                );
                            }
                            &unit
                        }
                    };
                    let arms = [(&*l.pat, &then), (&wild, els)];
                    return self.lower_match(scrutinee, &l.expr, &arms, tail, span, out);
                }
                let test = self.lower_test(&i.cond, out);
                let cond = self.temp("cond", Kind::Bool, span);
                self.vars[cond].mutable = false;
                out.push(Stmt::new(
                    StmtKind::Let {
                        var: cond,
                        init: Some(test),
                    },
                    span,
                ));
                let then = self.lower_branch(&i.then_branch, &tail);
                let els = match &i.else_branch {
                    Some((_, e)) => match &**e {
                        syn::Expr::Block(b) => self.lower_branch(&b.block, &tail),
                        other => self.lower_branch_expr(other, &tail),
                    },
                    None => {
                        if let Tail::Into(_) = tail {
                            self.error(span, "an `if` used for its value needs an `else` branch");
                        }
                        self.empty_block()
                    }
                };
                out.push(Stmt::new(StmtKind::If { cond, then, els }, span));
            }
            syn::Expr::Match(m) => {
                if let Some(desugared) = super::let_patterns::element_match(m)
                    .filter(|_| self.option_call_worth_twice(&m.expr))
                {
                    return self.lower_control(&desugared, tail, out);
                }
                let scrutinee = self.lower_expr(&m.expr, out);
                // `match *self { Loss::Huber(d) => … }`: the value (a `Copy` enum's), so that
                // its patterns bind values, not references.
                let scrutinee = match (&*m.expr, &scrutinee.kind) {
                    (syn::Expr::Unary(u), ExprKind::Var(v))
                        if matches!(u.op, syn::UnOp::Deref(_))
                            && self.vars[*v].kind == Kind::Struct =>
                    {
                        let span = scrutinee.span;
                        Expr::new(ExprKind::Copy(Box::new(scrutinee)), span)
                    }
                    _ => scrutinee,
                };
                let arms: Vec<(&syn::Pat, &syn::Expr)> =
                    m.arms.iter().map(|a| (&a.pat, &*a.body)).collect();
                self.lower_match(scrutinee, &m.expr, &arms, tail, span, out);
            }
            _ => unreachable!("lower_control is only called on `if` and `match`"),
        }
    }

    /// Whether `match f(x) { Some(m) => … }` may make its call twice (`f(x).is_some()`, then
    /// `f(x).unwrap()`, `let_patterns::element_option`): only where an argument carries a
    /// derivative (else the `match` as written is right, and cheaper) and none is a variable
    /// the function changes or lends mutably (a generator's state, which the second call
    /// would read changed). Anything but a call is not made twice.
    fn option_call_worth_twice(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Call(c) = e else { return true };
        let mut active = false;
        for a in &c.args {
            let mut root = a;
            while let syn::Expr::Reference(syn::ExprReference { expr, .. })
            | syn::Expr::Paren(syn::ExprParen { expr, .. })
            | syn::Expr::Field(syn::ExprField { base: expr, .. }) = root
            {
                root = expr;
            }
            let syn::Expr::Path(p) = root else { continue };
            let Some(v) = p.path.get_ident().and_then(|i| self.lookup(&i.to_string())) else {
                continue;
            };
            let var = &self.vars[v];
            let lent_mutably =
                matches!(&var.ty, Some(Type::Reference(r)) if r.mutability.is_some());
            if var.mutable || lent_mutably {
                return false;
            }
            active |= var.kind.is_float();
        }
        active
    }

    /// `match` (and `if let`) on a value that carries no derivative. Arms whose patterns
    /// bind variables (`Some(i)`, `Ok(n)`, `k @ 1..=3`) bind hidden names, and the arm's
    /// body starts with `let i = identity(hidden);`: a `let` like any other, which the
    /// reverse sweep saves if it reads it. A guard may read the pattern's bindings and constants.
    fn lower_match(
        &mut self,
        scrutinee: Expr,
        written: &syn::Expr,
        arms: &[(&syn::Pat, &syn::Expr)],
        tail: Tail,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let binds = arms.iter().any(|(p, _)| pattern_binds(p));
        // `match s { Shape::Circle(r) => …, Shape::Square(a) => … }` of a parameter of a
        // user's type: arms binding what variants hold are an enum's.
        let matched_param = match &scrutinee.kind {
            ExprKind::Var(v) => Some(*v),
            ExprKind::Copy(inner) | ExprKind::Ref(inner) => match inner.kind {
                ExprKind::Var(v) => Some(v),
                _ => None,
            },
            _ => None,
        }
        .filter(|&v| self.vars[v].scope.is_none() && self.vars[v].kind == Kind::Struct);
        let active = binds && self.reads_float(&scrutinee);
        if let (true, true, Some(v)) = (active, arms.len() > 1, matched_param) {
            let name = self.vars[v].name.to_string();
            return self.error(
                expr_span(written),
                format!("`{name}` is matched by patterns that bind what its variants hold: an enum, whose floats the macro cannot differentiate (it differentiates structs by their fields, `#[derive(Differentiable)]`); take the floats as parameters, or leave `{name}` out with `wrt(…)` so that it is a constant"),
            );
        }
        if active {
            // A call's `Option` is matched when the call can be made twice (`fallible`'s
            // desugaring): say how to get there.
            let call = match written {
                syn::Expr::Call(_) => true,
                syn::Expr::MethodCall(m) => {
                    matches!(&*m.receiver, syn::Expr::Path(p) if p.path.is_ident("self"))
                }
                _ => false,
            };
            let hint = if call {
                "; a differentiated call returning an `Option` is matched directly where its arguments are names, fields, literals or borrows of them and none is lent mutably (`match mean(x) { Some(m) => …, None => … }`): bind computed arguments with `let` first, and match the call alone (not in a tuple); a guard, a `Result` (`Ok`/`Err`) or a tuple payload (`Some((a, b))`) is not matched there: test the call (`if f(x).is_some()`, `.is_ok()`) and `unwrap()` it"
            } else {
                ""
            };
            return self.error(
                expr_span(written),
                format!("a `match` or `if let` whose patterns bind variables takes a value with no derivative (an index, an `Option<usize>`, a count), and this one is computed from differentiated values: read the floats by indexing (`x[0]`) and test them with `if`; an `Option` of floats is matched as `x.get(i)`, `x.first()` or `x.last()` of a sequence (`Some(v) => …, None => …`), and another one (a field `prev: Option<f64>`) is better kept as a float beside a `bool` flag{hint}"),
            );
        }
        let arm = self.temp("arm", Kind::Int, span);
        self.vars[arm].mutable = false;
        let mut lowered = vec![];
        for (pat, body) in arms {
            let mut pat = (*pat).clone();
            // A guard's parts that read locals and no binding (`Err(i) if i == xs.len()`):
            // bound before the `match`, so that the guard reads the pattern's bindings and
            // those.
            if let syn::Pat::Guard(g) = &mut pat {
                let binds = {
                    let mut copy = (*g.pat).clone();
                    hide_bindings(&mut copy, &mut |i, _| i.clone())
                        .into_iter()
                        .map(|(user, _, _)| user)
                        .collect::<Vec<_>>()
                };
                self.bind_guard_parts(&mut g.guard, &binds, out);
            }
            let bindings = hide_bindings(&mut pat, &mut |name, s| self.hidden_binding(name, s));
            if let syn::Pat::Guard(g) = &pat {
                if let Some(local) = self.local_read(&g.guard) {
                    self.error(local.span(), format!("a match guard here reads the local `{local}`: a guard may read the pattern's bindings and constants; test other values with `if` inside the arm"));
                }
            }
            let id = self.open_scope();
            let mut stmts = vec![];
            for (user, hidden, mutable) in &bindings {
                let var = self.declare(user, Kind::Other, *mutable, None);
                let path: syn::Path = hidden.clone().into();
                let hidden = Expr::new(ExprKind::Const(path), user.span());
                // An opaque call, so that the reverse sweep saves the value instead of
                // computing it again from a name only the forward sweep's arm binds.
                let identity = OpaqueCall::Function(
                    syn::parse_quote!(::core::convert::identity),
                    vec![hidden],
                );
                stmts.push(Stmt::new(
                    StmtKind::Let {
                        var,
                        init: Some(Expr::new(ExprKind::Opaque(identity), user.span())),
                    },
                    user.span(),
                ));
            }
            self.lower_tail(body, &tail, &mut stmts);
            self.close_scope();
            lowered.push((pat, Block { id, stmts }));
        }
        out.push(Stmt::new(
            StmtKind::Match {
                scrutinee,
                arms: lowered,
                arm,
            },
            span,
        ));
    }

    /// The parts of a guard that read locals but none of the pattern's `binds`, each bound
    /// to a local of its own before the `match` (evaluated before the arms are tried, which
    /// is the same for what a guard may compute: a length, an integer or a flag):
    /// `i == xs.len()` becomes `i == __guard0`.
    fn bind_guard_parts(&mut self, guard: &mut syn::Expr, binds: &[Ident], out: &mut Vec<Stmt>) {
        let reads = |e: &syn::Expr, lw: &Self| -> (bool, bool) {
            let mut names = vec![];
            collect_idents(quote::ToTokens::to_token_stream(e), &mut names);
            let binding = names.iter().any(|n| binds.contains(n));
            let local = names.iter().any(|n| lw.lookup(&n.to_string()).is_some());
            (binding, local)
        };
        let part = |e: &syn::Expr, lw: &Self| -> bool {
            match e {
                // A length (`xs.len()`, `m.nrows()`) of a name or a field: it cannot panic,
                // as `rows[0].len()` could where the arm's pattern would not have matched.
                syn::Expr::MethodCall(m) => {
                    let mut receiver = &*m.receiver;
                    while let syn::Expr::Field(f) = receiver {
                        receiver = &f.base;
                    }
                    m.args.is_empty()
                        && matches!(receiver, syn::Expr::Path(_))
                        && super::array::SHAPE_METHODS.contains(&m.method.to_string().as_str())
                }
                // An integer or a flag held by a local (`n`): copied. (Not a float: the
                // guard is emitted as written, where `_hvp` holds dual numbers.)
                syn::Expr::Path(p) => p
                    .path
                    .get_ident()
                    .and_then(|i| lw.lookup(&i.to_string()))
                    .is_some_and(|v| matches!(lw.vars[v].kind, Kind::Int | Kind::Bool)),
                _ => false,
            }
        };
        fn walk(
            lw: &mut Lowerer,
            e: &mut syn::Expr,
            reads: &dyn Fn(&syn::Expr, &Lowerer) -> (bool, bool),
            part: &dyn Fn(&syn::Expr, &Lowerer) -> bool,
            out: &mut Vec<Stmt>,
        ) {
            let (binding, local) = reads(e, lw);
            if !local {
                return;
            }
            if !binding && part(e, lw) {
                let name = lw.synthetic_ident("guard");
                let bind: syn::Stmt = syn::parse_quote!(let #name = #e;);
                lw.lower_stmt(&bind, out);
                lw.guard_parts.push(name.clone());
                *e = syn::parse_quote!(#name);
                return;
            }
            match e {
                // (The right of `&&` and `||` runs only where the left lets it.)
                syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) => {
                    walk(lw, &mut b.left, reads, part, out);
                }
                syn::Expr::Binary(b) => {
                    walk(lw, &mut b.left, reads, part, out);
                    walk(lw, &mut b.right, reads, part, out);
                }
                syn::Expr::Unary(u) => walk(lw, &mut u.expr, reads, part, out),
                syn::Expr::Paren(p) => walk(lw, &mut p.expr, reads, part, out),
                syn::Expr::MethodCall(m) => {
                    walk(lw, &mut m.receiver, reads, part, out);
                    for a in m.args.iter_mut() {
                        walk(lw, a, reads, part, out);
                    }
                }
                syn::Expr::Call(c) => {
                    for a in c.args.iter_mut() {
                        walk(lw, a, reads, part, out);
                    }
                }
                _ => {}
            }
        }
        walk(self, guard, &reads, &part, out);
    }

    /// Whether `e` reads a variable that holds floats.
    fn reads_float(&self, e: &Expr) -> bool {
        match &e.kind {
            // `x.len()` reads only the shape.
            ExprKind::Opaque(OpaqueCall::Method(_, m, _, args))
                if super::array::SHAPE_METHODS.contains(&m.to_string().as_str()) =>
            {
                args.iter().any(|a| self.reads_float(a))
            }
            // A struct `wrt(…)` leaves out (`match *self` of an enum of constants): constant.
            ExprKind::Var(v) if self.constant_structs.contains(v) => false,
            // `(x * 2.0) as i32`: an integer, which carries no derivative.
            ExprKind::Cast(_, ty) => crate::types::kind_of_type(ty, &self.float).is_float(),
            // A search for an index, on primal values.
            ExprKind::StopGradient(_) | ExprKind::Primal(_) => false,
            ExprKind::Var(v) => self.vars[*v].kind.is_float(),
            _ => e.children().into_iter().any(|c| self.reads_float(c)),
        }
    }

    /// A name for a pattern's binding that no user code or generated name uses.
    fn hidden_binding(&mut self, user: &Ident, span: Span) -> Ident {
        let base = format!("{}_matched", user.to_string().trim_start_matches("r#"));
        self.fresh_name(&base, span, false)
    }

    /// The first identifier `e` reads that names a local variable.
    fn local_read(&self, e: &syn::Expr) -> Option<Ident> {
        fn first(ts: proc_macro2::TokenStream, hit: &impl Fn(&Ident) -> bool) -> Option<Ident> {
            ts.into_iter().find_map(|t| match t {
                proc_macro2::TokenTree::Ident(i) => hit(&i).then_some(i),
                proc_macro2::TokenTree::Group(g) => first(g.stream(), hit),
                _ => None,
            })
        }
        // (Not the parts `bind_guard_parts` bound before the `match`.)
        first(quote::ToTokens::to_token_stream(e), &|i| {
            self.lookup(&i.to_string()).is_some() && !self.guard_parts.contains(i)
        })
    }
}

/// Whether a pattern binds a variable (a lower-case identifier: `None` and constants are
/// paths).
fn pattern_binds(p: &syn::Pat) -> bool {
    let mut copy = p.clone();
    !hide_bindings(&mut copy, &mut |i, _| i.clone()).is_empty()
}

fn is_binding(i: &Ident) -> bool {
    i.to_string()
        .trim_start_matches("r#")
        .starts_with(|c: char| c.is_lowercase() || c == '_')
}

/// Renames the variables `pat` binds (and their reads in its guard) by `hide`; returns each
/// as (name written, hidden name, declared `mut`). A `mut` binding loses its `mut`: the
/// arm's own `let` is mutable instead.
fn hide_bindings(
    pat: &mut syn::Pat,
    hide: &mut impl FnMut(&Ident, Span) -> Ident,
) -> Vec<(Ident, Ident, bool)> {
    use syn::visit_mut::VisitMut;
    struct Hider<'h, H> {
        hide: &'h mut H,
        found: Vec<(Ident, Ident, bool)>,
    }
    impl<H: FnMut(&Ident, Span) -> Ident> VisitMut for Hider<'_, H> {
        fn visit_pat_ident_mut(&mut self, pi: &mut syn::PatIdent) {
            if let Some((_, sub)) = &mut pi.subpat {
                self.visit_pat_mut(sub);
            }
            if !is_binding(&pi.ident) || pi.ident == "_" {
                return;
            }
            let hidden = (self.hide)(&pi.ident, pi.ident.span());
            let mutable = pi.mutability.take().is_some();
            self.found.push((pi.ident.clone(), hidden.clone(), mutable));
            pi.ident = hidden;
        }
        fn visit_expr_mut(&mut self, _: &mut syn::Expr) {}
    }
    let mut hider = Hider {
        hide,
        found: vec![],
    };
    hider.visit_pat_mut(pat);
    let found = hider.found;
    if let syn::Pat::Guard(g) = pat {
        struct Reads<'f>(&'f [(Ident, Ident, bool)]);
        impl VisitMut for Reads<'_> {
            fn visit_ident_mut(&mut self, i: &mut Ident) {
                if let Some((_, hidden, _)) = self.0.iter().find(|(u, _, _)| u == i) {
                    *i = hidden.clone();
                }
            }
            fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
        }
        Reads(&found).visit_expr_mut(&mut g.guard);
    }
    found
}

/// The identifiers of a token stream, in order.
fn collect_idents(ts: proc_macro2::TokenStream, out: &mut Vec<Ident>) {
    for t in ts {
        match t {
            proc_macro2::TokenTree::Ident(i) => out.push(i),
            proc_macro2::TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}
