//! `let` statements: which form each `let` is (rewritten plainer, `let … else`, a closure,
//! a block's or a call's value, another name, a tuple, a destructuring), handed to the
//! file lowering it; and the plain `let x = e;`, the kind and type of its variable from its
//! written type, its value and the later uses of its name.

use super::let_patterns::{destructure_let, expand_let_else, is_let_else};
use super::stmts::Tail;
use super::*;

impl Lowerer {
    pub(super) fn lower_let(&mut self, local: &syn::Local, out: &mut Vec<Stmt>) {
        self.lower_let_binding(local, out);
        if let Some(name) = fixed_array_binding(local) {
            if let Some(v) = self.lookup(&name) {
                self.fixed_arrays.insert(v);
            }
        }
    }

    fn lower_let_binding(&mut self, local: &syn::Local, out: &mut Vec<Stmt>) {
        let span = local.let_token.span;
        // `let (_ | a, b) = …`: the destructurings below write each part's own `let`,
        // where an or-pattern does not stand.
        if let Some(or) = or_pattern(&local.pat) {
            return self.error(
                or,
                "an or-pattern (`a | b`) in a `let` is not supported in a `#[differentiate]` function: bind the part by name (`let (a, b) = …;`)",
            );
        }
        // A `let` read as another that says the same more plainly (`let_rewrites`).
        if let Some(plain) = self.plain_let(local) {
            return self.lower_let(&plain, out);
        }
        // `let m = Array2::from_shape_fn((n, k), |(i, j)| …);`: zeros filled entry by entry.
        if let Some(stmts) = self.array_by_index_fn(local) {
            for s in &stmts {
                self.lower_stmt(s, out);
            }
            return;
        }
        if let Some(span) = super::from_shape_fn::refused(local) {
            self.error(span, super::from_shape_fn::REFUSED);
            // Declared all the same (an array), so that its uses report nothing more.
            let pat = match &local.pat {
                syn::Pat::Type(pt) => &*pt.pat,
                p => p,
            };
            if let syn::Pat::Ident(p) = pat {
                self.declare(&p.ident, Kind::Array, false, None);
                self.refused_names.insert(p.ident.to_string());
            }
            return;
        }
        // `let v = g(x, &mut buf);`: the buffer lent to a differentiated callee.
        if let Some(syn::Expr::Call(c)) = local
            .init
            .as_ref()
            .filter(|i| i.diverge.is_none())
            .map(|i| &*i.expr)
        {
            if self.lends_buffer(c.args.iter()) {
                let binding = match &local.pat {
                    syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
                    pat => (pat, None),
                };
                return self.lower_lent_call(c, Some(binding), out);
            }
        }
        if self.mem_let(local, out) {
            return;
        }
        if is_let_else(&syn::Stmt::Local(local.clone())) {
            let stmts = expand_let_else(&syn::Stmt::Local(local.clone()));
            let block = self.lower_stmts_with_tail(&stmts, Tail::Discard);
            return out.extend(block);
        }
        if let (syn::Pat::Ident(p), Some(init)) = (&local.pat, &local.init) {
            if self.record_closure(&p.ident, &init.expr, out) {
                return;
            }
        }
        if self.lower_element_let(local, out) {
            return;
        }
        if self.alias_let(local) {
            return;
        }
        // (Lowered all the same: its uses report nothing more.)
        self.refuse_struct_alias(local);
        let (tuple_pat, tuple_ty) = match &local.pat {
            syn::Pat::Type(pt) => match (&*pt.pat, &*pt.ty) {
                (syn::Pat::Tuple(t), Type::Tuple(ty)) if t.elems.len() == ty.elems.len() => {
                    (Some(t), Some(ty))
                }
                _ => (None, None),
            },
            syn::Pat::Tuple(t) => (Some(t), None),
            _ => (None, None),
        };
        if let (Some(t), Some(init)) = (tuple_pat, &local.init) {
            if init.diverge.is_none() {
                return self.lower_tuple_let(t, tuple_ty, &init.expr, out);
            }
        }
        if let Some(init) = &local.init {
            if let Some(stmts) = destructure_let(&local.pat, &init.expr) {
                for s in &stmts {
                    self.lower_stmt(s, out);
                }
                return;
            }
        }
        // `let (zv, zl): (f64, f64);` given values later: a deferred `let` per name.
        if local.init.is_none() {
            let (pat, ty) = match &local.pat {
                syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
                pat => (pat, None),
            };
            if let syn::Pat::Tuple(t) = pat {
                let tys: Option<Vec<&Type>> = match ty {
                    Some(Type::Tuple(tt)) if tt.elems.len() == t.elems.len() => {
                        Some(tt.elems.iter().collect())
                    }
                    Some(_) => None,
                    None => Some(vec![]),
                };
                let plain = t.elems.iter().all(|p| matches!(p, syn::Pat::Ident(_)));
                if let (Some(tys), true) = (tys, plain) {
                    for (i, p) in t.elems.iter().enumerate() {
                        let stmt: syn::Stmt = match tys.get(i) {
                            Some(ty) => syn::parse_quote!(let #p: #ty;),
                            None => syn::parse_quote!(let #p;),
                        };
                        self.lower_stmt(&stmt, out);
                    }
                    return;
                }
            }
        }
        let (ident, mutable, ty) = match self.let_pattern(&local.pat) {
            Some(p) => p,
            None => return,
        };
        let Some(init) = &local.init else {
            let kind = ty
                .as_ref()
                .map_or(Kind::Float, |t| kind_of_type(t, &self.float));
            let untyped = ty.is_none();
            let var = self.declare(&ident, kind, mutable, ty);
            // Untyped (`let v;`), its kind is that of its first value (`v = vec![0usize, 1]`).
            if untyped {
                self.untyped_deferred.insert(var);
            }
            // `let mut x: f64;` assigned later, in a loop perhaps: every assignment saves
            // what it overwrites, the first one too, so the variable starts from a default.
            let init = mutable.then(|| self.placeholder(var, span));
            out.push(Stmt::new(StmtKind::Let { var, init }, span));
            return;
        };
        if let Some(block_like) = self.as_statement_expr(&init.expr) {
            return self.lower_block_let(ident, mutable, ty, block_like, span, out);
        }
        // `let q = p.clone();` of a struct parameter, not changed and read only through its
        // fields: another name for it, as `let q = *p;` is (its fields are then read as the
        // parameter's are).
        if let (syn::Expr::MethodCall(m), false, None) = (&*init.expr, mutable, &ty) {
            let param = match &*m.receiver {
                syn::Expr::Path(p) if m.method == "clone" && m.args.is_empty() => p
                    .path
                    .get_ident()
                    .and_then(|i| self.lookup(&i.to_string()))
                    .filter(|&v| self.vars[v].kind == Kind::Struct && self.vars[v].scope.is_none())
                    .filter(|_| self.copies_of_params.contains(&ident.to_string())),
                _ => None,
            };
            if let Some(v) = param {
                return self.bind_name(&ident, v, false);
            }
        }
        if let Some(call) = self.split_call(&init.expr, out) {
            return self.lower_call_let(ident, mutable, ty, call, span, out);
        }
        // `let w = &p.w;`: another name for the field's variable, which every generated
        // function (and the pullback closure) binds itself.
        if let (false, Some(field)) = (mutable, self.field_read(peel_ref(&init.expr))) {
            if self.vars[field].kind != Kind::Float
                || !matches!(*init.expr, syn::Expr::Reference(_))
            {
                self.bind_name(&ident, field, false);
                return;
            }
        }
        let before = out.len();
        let errors_before = self.errors.len();
        let value = match (&ty, &*init.expr) {
            // `let n: usize = (0..k).map(|i| i * 2).sum();`: the sum's type is the `let`'s.
            // `let c: Point = pts.iter().map(…).sum();`: a sum of struct values (the type's
            // own `Sum`), which the turbofish tells the chain's consumer.
            (Some(t), syn::Expr::MethodCall(m))
                if matches!(m.method.to_string().as_str(), "sum" | "product")
                    && m.turbofish.is_none()
                    && iterator_chain(&m.receiver)
                    && (kind_of_type(t, &self.float) == Kind::Int
                        || (m.method == "sum" && kind_of_type(t, &self.float) == Kind::Struct)) =>
            {
                let mut m = m.clone();
                m.turbofish = Some(syn::parse_quote!(::<#t>));
                self.lower_expr(&syn::Expr::MethodCall(m), out)
            }
            // `let a: f64 = x.into();` into the float type (`f64`, `f32`): `f64::from(x)`,
            // which keeps a float's derivative.
            (Some(syn::Type::Path(t)), syn::Expr::MethodCall(m))
                if m.method == "into"
                    && m.args.is_empty()
                    && m.turbofish.is_none()
                    && (t.path.is_ident("f64") || t.path.is_ident("f32"))
                    && crate::types::same(&syn::Type::Path(t.clone()), &self.float) =>
            {
                let recv = &m.receiver;
                self.lower_expr(&syn::parse_quote!(#t::from(#recv)), out)
            }
            _ => self.lower_expr(&init.expr, out),
        };
        // A value refused (`let mut it = x.iter();`): what reads it later is not reported again.
        if matches!(value.kind, ExprKind::Bool(false)) && self.errors.len() > errors_before {
            self.refused_names.insert(ident.to_string());
        }
        // `let q = *a;` of a struct parameter, not changed: another name for it (neither
        // can change), as the derived items read the parameter through its reference.
        if let (syn::Expr::Unary(u), ExprKind::Var(v), false, None) =
            (&*init.expr, &value.kind, mutable, &ty)
        {
            if matches!(u.op, syn::UnOp::Deref(_))
                && self.vars[*v].kind == Kind::Struct
                && self.vars[*v].scope.is_none()
                && out.len() == before
            {
                return self.bind_name(&ident, *v, false);
            }
        }
        // `let mut p = *p0;` of a struct parameter: a copy the function changes (the
        // dereference alone reads the parameter in place).
        let value = match (&*init.expr, &value.kind) {
            (syn::Expr::Unary(u), ExprKind::Var(v))
                if mutable
                    && matches!(u.op, syn::UnOp::Deref(_))
                    && self.vars[*v].kind == Kind::Struct
                    && self.vars[*v].scope.is_none() =>
            {
                let span = value.span;
                Expr::new(ExprKind::Copy(Box::new(value)), span)
            }
            _ => value,
        };
        // `let r = &x;` of a float: the value (a float is `Copy`, and the borrow keeps `x` from
        // changing while `r` lives), read through auto-deref or `*r` as `x` would be.
        let (value, ty) = match value.kind {
            ExprKind::Ref(inner) if self.kind_of(&inner) == Kind::Float => {
                let ty = match ty {
                    Some(Type::Reference(r)) => Some(*r.elem),
                    other => other,
                };
                (*inner, ty)
            }
            kind => (Expr::new(kind, value.span), ty),
        };
        // A call's result the body reads as a struct (`let u = b.sub(a).scale(k); u.x`) or
        // a sequence (`let p = normalised(x).unwrap(); p[0]`).
        if let (None, ExprKind::Var(t)) = (&ty, &value.kind) {
            if self.settle_call_result(&ident, mutable, *t, span, out) {
                return;
            }
        }
        let kind = match &ty {
            Some(t) => kind_of_type(t, &self.float),
            // `let v = table(3); for c in &v { … }`: a call of constants whose result the
            // body walks as a sequence of floats (constants), and never changes.
            None if !mutable
                && matches!(value.kind, ExprKind::Opaque(OpaqueCall::Function(..)))
                && self.kind_of(&value) == Kind::Other
                && self.use_kinds.get(&ident.to_string()) == Some(&Kind::FloatSeq) =>
            {
                Kind::FloatSeq
            }
            None => self.kind_of(&value),
        };
        // `let h = w.dot(x);`: the type a rule's result is known to have (its rank).
        let ty = ty.or_else(|| match value.kind {
            ExprKind::Var(t) if self.vars[t].scope.is_some() => self.vars[t].ty.clone(),
            _ => None,
        });
        let alias_cast = ty.is_none()
            && kind == Kind::Int
            && matches!(&value.kind, ExprKind::Cast(_, t) if kind_of_type(t, &self.float) == Kind::Struct);
        let var = self.declare(&ident, kind, mutable, ty);
        if alias_cast {
            self.alias_casts.push(var);
        }
        match &value.kind {
            ExprKind::Cast(_, t)
                if kind == Kind::Float && kind_of_type(t, &self.float) == Kind::Struct =>
            {
                self.unseen_casts.push((var, t.clone()))
            }
            _ => {}
        }
        if kind == Kind::Array && is_view_made(&init.expr) {
            self.views.insert(var);
        }
        // An element, or another name for one (`*v` reads it as a value).
        self.vars[var].element = match &value.kind {
            ExprKind::Index(..) => true,
            // (A field of an element, `pairs[i].0`, bound by an iterator loop's pattern.)
            ExprKind::Field(base, _) => matches!(base.kind, ExprKind::Index(..)),
            ExprKind::Var(v) => self.vars[*v].element,
            _ => false,
        };
        // `let r = &x + &h;` lowered to a call into a temporary: the call defines `r` itself
        // (no copy of an array from the temporary). Only a call this initialiser made: in
        // `let s = g(a); let t = s;` the call defines `s`, which must stay defined.
        let made_here = out.len() > before;
        if let (
            true,
            ExprKind::Var(t),
            Some(Stmt {
                kind: StmtKind::Call { out: call_out, .. },
                ..
            }),
        ) = (made_here, &value.kind, out.last_mut())
        {
            if *call_out == *t && self.vars[*t].kind == self.vars[var].kind {
                *call_out = var;
                return;
            }
        }
        out.push(Stmt::new(
            StmtKind::Let {
                var,
                init: Some(value),
            },
            span,
        ));
    }

    pub(super) fn let_pattern(&mut self, pat: &syn::Pat) -> Option<(Ident, bool, Option<Type>)> {
        match pat {
            syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                Some((p.ident.clone(), p.mutability.is_some(), None))
            }
            syn::Pat::Type(pt) => {
                let (ident, mutable, _) = self.let_pattern(&pt.pat)?;
                Some((ident, mutable, Some((*pt.ty).clone())))
            }
            syn::Pat::Wild(w) => Some((Ident::new("unused", w.underscore_token.span), false, None)),
            other => {
                self.error(
                    pat_span(other),
                    "this `let` pattern is not supported in a `#[differentiate]` function: bind one name (`let x = …;`), then index or call as needed",
                );
                None
            }
        }
    }
}

/// An iterator chain (`x.iter().map(…)`, `(0..n).map(…)`), whose `sum` takes a type
/// argument; not a user's value or an array whose own `sum` takes none.
fn iterator_chain(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::MethodCall(m) => {
            matches!(
                m.method.to_string().as_str(),
                "iter" | "into_iter" | "iter_mut" | "chars" | "bytes" | "windows" | "chunks"
            ) || (matches!(
                m.method.to_string().as_str(),
                "map"
                    | "filter"
                    | "zip"
                    | "enumerate"
                    | "rev"
                    | "skip"
                    | "take"
                    | "step_by"
                    | "copied"
                    | "cloned"
                    | "filter_map"
                    | "flat_map"
                    | "chain"
            ) && iterator_chain(&m.receiver))
        }
        syn::Expr::Range(_) => true,
        syn::Expr::Paren(p) => iterator_chain(&p.expr),
        _ => false,
    }
}

/// `a.row(i)`, `a.index_axis(Axis(0), k)`, `a.slice(s![..])`, `a.view()`, `a.t()`: an array
/// the primal holds as a view, which the derived items hold as an owned array. Passed on
/// by value (`norm(r)`), it goes to a parameter that takes a view, which the derived items
/// take as a reference (`parse::view_as_array_ref`): the call lends it.
fn is_view_made(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::MethodCall(m) if matches!(
        m.method.to_string().as_str(),
        "row" | "column" | "index_axis" | "slice" | "view" | "t" | "reversed_axes"
    ))
}

fn pat_span(p: &syn::Pat) -> Span {
    syn::spanned::Spanned::span(p)
}

/// `e` without a leading `&`.
fn peel_ref(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Reference(r) if r.mutability.is_none() => &r.expr,
        syn::Expr::Paren(p) => peel_ref(&p.expr),
        _ => e,
    }
}

/// The name a `let` binds to a fixed-size array: `let mut w = [0.0; 3];`, `let w: [f64; 3]
/// = …;`, `let w = [a, b];`.
fn fixed_array_binding(local: &syn::Local) -> Option<String> {
    let (pat, ty) = match &local.pat {
        syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
        pat => (pat, None),
    };
    let syn::Pat::Ident(p) = pat else {
        return None;
    };
    let init = local
        .init
        .as_ref()
        .map(|i| crate::tokens::peel_trivial(&i.expr));
    let array = matches!(ty, Some(syn::Type::Array(_)))
        || matches!(init, Some(syn::Expr::Array(_) | syn::Expr::Repeat(_)));
    array.then(|| p.ident.to_string())
}

/// Where `p` holds an or-pattern, if it does.
fn or_pattern(p: &syn::Pat) -> Option<Span> {
    use syn::visit::Visit;
    struct Or(Option<Span>);
    impl<'ast> Visit<'ast> for Or {
        fn visit_pat_or(&mut self, o: &'ast syn::PatOr) {
            self.0.get_or_insert(syn::spanned::Spanned::span(o));
        }
    }
    let mut or = Or(None);
    or.visit_pat(p);
    or.0
}
