//! `let` statements: the kind and type of the variable a `let` declares, from its written
//! type, its initialiser and the later uses of its name; aliases of fields and of slices
//! of structs; tuple patterns.

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
        // `let z = { &x[1..] };`, `let z = (|| e)();`, `let z = { let g = || e; g() };`: the
        // value itself, so that what the `let` binds (an alias, a closure, a tuple) is seen
        // as when written plainly.
        if let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) {
            let peeled = crate::tokens::peel_trivial(&init.expr);
            if !std::ptr::eq(peeled, &*init.expr) {
                let mut plain = local.clone();
                *plain.init.as_mut().expect("checked").expr = peeled.clone();
                return self.lower_let(&plain, out);
            }
        }
        // A type left to inference in part (`let w: Vec<_> = x.iter().map(…).collect();`)
        // says no more than the value does: read as untyped, unless the value shows integers
        // (`(0..n).map(|i| i + 1)`, `… as usize`), which the written type keeps constant.
        if let (syn::Pat::Type(pt), Some(init)) = (&local.pat, &local.init) {
            if infers_a_part(&pt.ty) && !self.collects_integers(&init.expr) {
                let mut plain = local.clone();
                plain.pat = (*pt.pat).clone();
                return self.lower_let(&plain, out);
            }
        }
        // `let p: Point = t.into();`: `Point::from(t)`, the constructor `Into` stands for.
        if let Some(from) = into_as_from(local) {
            let mut plain = local.clone();
            *plain.init.as_mut().expect("checked").expr = from;
            return self.lower_let(&plain, out);
        }
        // `let w = pick(&v);` of a closure returning what it is lent (`|a| a`): the borrow,
        // which binds `w` as another name for `v` (see `Lowerer::inline`).
        if let Some(syn::Expr::Call(c)) = local
            .init
            .as_ref()
            .filter(|i| i.diverge.is_none())
            .map(|i| &*i.expr)
        {
            if let Some(inlined) = self.closure_call(c) {
                if let borrow @ syn::Expr::Reference(_) = crate::tokens::peel_trivial(&inlined) {
                    let mut plain = local.clone();
                    *plain.init.as_mut().expect("checked").expr = borrow.clone();
                    return self.lower_let(&plain, out);
                }
            }
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
            // Untyped, a float; the value `v?` unwraps (see `crate::fallible`) is an integer
            // where later code casts it or uses it as one.
            let name = ident.to_string();
            let int = crate::fallible::is_unwrapped_question_mark(block_like)
                && (self.cast_names.contains(&name)
                    || self.use_kinds.get(&name) == Some(&Kind::Int));
            let untyped = if int { Kind::Int } else { Kind::Float };
            let kind = ty
                .as_ref()
                .map_or(untyped, |t| kind_of_type(t, &self.float));
            // `let q: &f64 = { … &x };`: the value, as `let r = &x;` binds it (below).
            let ty = match ty {
                Some(Type::Reference(r)) if kind == Kind::Float => Some(*r.elem),
                other => other,
            };
            let var = self.temp_var_for(&ident, kind, ty.clone(), mutable);
            // A `return` or `break` in a branch leaves the value unassigned on that path,
            // which the generated code's flags hide from rustc: it starts from a default.
            let init = crate::tokens::mentions_any(
                quote::ToTokens::to_token_stream(block_like),
                &["return", "break", "continue"],
            )
            .then(|| {
                self.vars[var].mutable = true;
                self.placeholder(var, span)
            });
            out.push(Stmt::new(StmtKind::Let { var, init }, span));
            let first = out.len();
            self.lower_valued(block_like, &[var], out);
            // `let m = if c { a.dot(&b) } else { … };`: the type a branch's value is known
            // to have (an array's rank), where none is written.
            if self.vars[var].ty.is_none() {
                self.vars[var].ty = kinds::assigned_type(&out[first..], var, &self.vars);
                // And the kind of what it is given, where that is evident (`{ 0 }` is an
                // integer, `{ (a, b) }` a tuple): untyped, it was taken for a float.
                let given = kinds::assigned_kind(var, &out[first..], &self.vars, &self.float);
                // (The user's names: the macro's own lets of desugared chains keep theirs,
                // but for a struct a call gave, `.map(|p| w * Point::from(p))`.)
                let user = !ident.to_string().starts_with("__")
                    || (given == Some(Kind::Struct)
                        && kinds::assigned_a_struct_variable(var, &out[first..], &self.vars));
                if let (
                    true,
                    Some(
                        k @ (Kind::Int
                        | Kind::IntSeq
                        | Kind::Bool
                        | Kind::Struct
                        | Kind::FloatSeq
                        | Kind::Array),
                    ),
                ) = (user, given)
                {
                    self.vars[var].kind = k;
                }
            }
            let kind = self.vars[var].kind;
            if !mutable {
                // A `loop`'s value is assigned more than once (see `lower_loop`).
                let assigned_again = self.vars[var].mutable;
                self.bind_name(&ident, var, assigned_again);
                return;
            }
            // The branches initialise the value once; the mutable variable starts from it,
            // so later assignments (which save what they overwrite) never see it unset.
            let value = Expr::new(ExprKind::Var(var), span);
            let declared = self.declare(&ident, kind, true, ty);
            out.push(Stmt::new(
                StmtKind::Let {
                    var: declared,
                    init: Some(value),
                },
                span,
            ));
            return;
        }
        if let Some(call) = self.split_call(&init.expr, out) {
            // An untyped call result is a float unless the body uses it as a sequence or an
            // array (a wrong guess is a type error in the generated code, never a wrong
            // derivative; a typed `let` states it).
            let mut guess = false;
            let kind = match (&ty, self.call_kind(&call)) {
                (Some(t), _) => kind_of_type(t, &self.float),
                (None, Kind::Float) => match self.use_kinds.get(&ident.to_string()) {
                    // `let c = a.cross(&b); c.dot(&n)`: a struct's method used only as a
                    // struct may be (`dot`, `sum`, `mean`; an array's entry points of those
                    // take an array all the same, `ops::methods`).
                    Some(Kind::Array)
                        if self.makes_a_struct(&call)
                            && !self.array_only_names.contains(&ident.to_string()) =>
                    {
                        Kind::Struct
                    }
                    // `let t = a.cross(&b); t[0]`: a struct method's result, made from
                    // structs and indexed, is a vector of theirs (read as a struct's entries).
                    Some(Kind::FloatSeq)
                        if call.method
                            && call.args.len() > 1
                            && call.args.iter().all(|a| self.kind_of(a) == Kind::Struct) =>
                    {
                        Kind::Struct
                    }
                    Some(kind) => *kind,
                    None => {
                        guess = true;
                        Kind::Float
                    }
                },
                (None, kind) => kind,
            };
            let by_fields_read = matches!(kind, Kind::Tuple { .. }) && ty.is_none();
            let var = self.declare(&ident, kind, mutable, ty);
            if guess {
                self.guessed.push(var);
            }
            if by_fields_read {
                self.open_tuples.push(var);
            }
            self.push_call(var, call, span, out);
            return;
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
            let just_called = matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if o == t);
            let used_as = self.use_kinds.get(&ident.to_string()).copied();
            if just_called
                && self.vars[*t].kind == Kind::Float
                && matches!(used_as, Some(Kind::Struct | Kind::FloatSeq))
            {
                self.vars[*t].kind = used_as.unwrap_or(Kind::Float);
            }
            // `let n = (b - a).cross(&(c - a)); f.dot(&n)`: a struct method's result lent to
            // a method later, as structs are (floats are passed by value), or made from
            // structs and asked for `n.dot(…)` (which an array has too, but a struct method
            // taking structs is a vector's).
            let (of_a_struct, from_structs) = match out.last() {
                Some(Stmt {
                    kind:
                        StmtKind::Call {
                            method: true, args, ..
                        },
                    ..
                }) if args
                    .first()
                    .is_some_and(|r| self.kind_of(r) == Kind::Struct) =>
                {
                    (
                        true,
                        args[1..].iter().any(|a| self.kind_of(a) == Kind::Struct),
                    )
                }
                _ => (false, false),
            };
            // `let n = self.count(); for i in 0..n`: a struct method's result the body uses
            // as an integer, which has no derivative: the method called as written, on the
            // struct without its derivative (as `0..self.count()` is).
            if just_called && of_a_struct && used_as == Some(Kind::Int) && ty.is_none() {
                if let Some(Stmt {
                    kind: StmtKind::Call { callee, args, .. },
                    span: call_span,
                    ..
                }) = out.pop()
                {
                    let mut args = args.into_iter();
                    let recv = args.next().expect("a method call has a receiver");
                    let recv = Expr::new(ExprKind::StopGradient(Box::new(recv)), call_span);
                    let method = callee.get_ident().expect("a method's name").clone();
                    let call = Expr::new(
                        ExprKind::Opaque(OpaqueCall::Method(
                            Box::new(recv),
                            method,
                            None,
                            args.collect(),
                        )),
                        call_span,
                    );
                    // Checked to be one: a float taken for an integer is a type error.
                    let call = Expr::new(
                        ExprKind::Opaque(OpaqueCall::Function(
                            syn::parse_quote!(::autodiff::__private::integer),
                            vec![call],
                        )),
                        call_span,
                    );
                    let var = self.declare(&ident, Kind::Int, mutable, None);
                    out.push(Stmt::new(
                        StmtKind::Let {
                            var,
                            init: Some(call),
                        },
                        span,
                    ));
                    return;
                }
            }
            let lent = self.lent_names.contains(&ident.to_string());
            if just_called
                && of_a_struct
                && self.vars[*t].kind == Kind::Float
                && match used_as {
                    None => lent,
                    Some(Kind::Array) => lent || from_structs,
                    _ => false,
                }
            {
                self.vars[*t].kind = Kind::Struct;
            }
        }
        let kind = match &ty {
            Some(t) => kind_of_type(t, &self.float),
            None => self.kind_of(&value),
        };
        // `let h = w.dot(x);`: the type a rule's result is known to have (its rank).
        let ty = ty.or_else(|| match value.kind {
            ExprKind::Var(t) if self.vars[t].scope.is_some() => self.vars[t].ty.clone(),
            _ => None,
        });
        let var = self.declare(&ident, kind, mutable, ty);
        if kind == Kind::Array && is_view_made(&init.expr) {
            self.views.insert(var);
        }
        // An element, or another name for one (`*v` reads it as a value).
        self.vars[var].element = match value.kind {
            ExprKind::Index(..) => true,
            ExprKind::Var(v) => self.vars[v].element,
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

    /// A variable declared before its name is visible (the initialiser may not see it).
    /// The variable a `let` initialised by a block-like expression assigns in each of its
    /// branches. It keeps the user's name when it is the user's variable (an immutable
    /// `let`) and no variable of that name is in scope, which a branch might read
    /// (`let x = if c { x + 1 } else { x };` needs a fresh name for the new `x`).
    fn temp_var_for(
        &mut self,
        ident: &Ident,
        kind: Kind,
        ty: Option<Type>,
        mutable: bool,
    ) -> VarId {
        let name = ident.to_string();
        let id = if mutable || self.lookup(&name).is_some() {
            self.temp(&name, kind, ident.span())
        } else {
            let fresh = self.fresh_name(&name, ident.span(), true);
            self.push_var(fresh, kind, false, None)
        };
        self.vars[id].ty = ty;
        self.vars[id].mutable = false;
        id
    }

    /// `let b = a;` (or `&a`) of a slice of structs or of rows, which the body reads as it
    /// reads `a`: `b` names `a` (a copy would be a new sequence with no projections); so of
    /// a sequence parameter, and of a borrow of any sequence (`let m = &minor;`).
    fn alias_let(&mut self, local: &syn::Local) -> bool {
        let pat = match &local.pat {
            syn::Pat::Type(t) => &*t.pat,
            other => other,
        };
        let (syn::Pat::Ident(p), Some(init)) = (pat, &local.init) else {
            return false;
        };
        if p.by_ref.is_some() || p.mutability.is_some() || p.subpat.is_some() {
            return false;
        }
        let mut e = &*init.expr;
        while let syn::Expr::Reference(syn::ExprReference {
            mutability: None,
            expr,
            ..
        })
        | syn::Expr::Paren(syn::ExprParen { expr, .. }) = e
        {
            e = expr;
        }
        let syn::Expr::Path(path) = e else {
            return false;
        };
        let Some(v) = path
            .path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
        else {
            return false;
        };
        // (And `let w = x;` of a sequence parameter, `&[f64]`: the same values, which every
        // derived item holds; a copy of the reference would tie the pullback to its
        // lifetime. A struct parameter's other names are written out before lowering,
        // `parse::inline_struct_aliases`.)
        let sequence_param = self.vars[v].kind == Kind::FloatSeq
            && self.vars[v].scope.is_none()
            && !self.outputs.iter().any(|o| o.local == v);
        // (And `let w = &v;` of any sequence: `v` cannot change while `w` lives, so `w[i]`
        // is `v[i]` wherever it is read.)
        let borrowed_sequence = matches!(&*init.expr, syn::Expr::Reference(r) if r.mutability.is_none())
            && self.vars[v].kind == Kind::FloatSeq
            && !self.rows.contains_key(&v);
        if borrowed_sequence {
            let mutable = self.vars[v].mutable;
            self.bind_name(&p.ident, v, mutable);
            self.borrow_aliases.insert(p.ident.to_string(), v);
            return true;
        }
        if !(self.vars[v].kind == Kind::StructSeq || sequence_param) || self.vars[v].mutable {
            return false;
        }
        self.bind_name(&p.ident, v, false);
        true
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

impl Lowerer {
    /// Whether a chain's items are evidently integers: its last `map` casts to an integer
    /// type, or it walks an integer range (or, with no `map`, a sequence of integers)
    /// whose `map` shows no float.
    fn collects_integers(&self, e: &syn::Expr) -> bool {
        let mut last_map: Option<&syn::Expr> = None;
        let mut e = e;
        while let syn::Expr::MethodCall(m) = e {
            if last_map.is_none() && matches!(m.method.to_string().as_str(), "map" | "filter_map") {
                if let Some(syn::Expr::Closure(c)) = m.args.first() {
                    last_map = Some(&c.body);
                }
            }
            e = &m.receiver;
        }
        while let syn::Expr::Paren(p) = e {
            e = &p.expr;
        }
        let int_source = match e {
            syn::Expr::Range(_) => true,
            syn::Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| self.vars[v].kind == Kind::IntSeq),
            _ => false,
        };
        match last_map {
            Some(syn::Expr::Cast(c)) => kind_of_type(&c.ty, &self.float) == Kind::Int,
            Some(body) => int_source && !self.float_hint(body),
            None => int_source,
        }
    }
}

/// `Point::from(t)` for `let p: Point = t.into();` where `Point` names a type of the user's
/// (capitalised, more than one letter, not a standard container): what `Into` calls.
fn into_as_from(local: &syn::Local) -> Option<syn::Expr> {
    let (syn::Pat::Type(pt), Some(init)) = (&local.pat, &local.init) else {
        return None;
    };
    if init.diverge.is_some() {
        return None;
    }
    into_as_from_of(&pt.ty, &init.expr)
}

/// `Point::from(t)` for `t.into()` where the value is taken for a `Point` (a `let`'s type, a
/// closure parameter's), as [`into_as_from`] says.
pub(super) fn into_as_from_of(ty: &Type, e: &syn::Expr) -> Option<syn::Expr> {
    let syn::Expr::MethodCall(m) = e else {
        return None;
    };
    if m.method != "into" || !m.args.is_empty() {
        return None;
    }
    let Type::Path(tp) = ty else { return None };
    let last = tp.path.segments.last()?;
    let name = last.ident.to_string();
    let user_type = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.len() > 1
        && !matches!(
            name.as_str(),
            "Vec" | "Box" | "Rc" | "Arc" | "String" | "Option" | "Array1" | "Array2" | "Array"
        )
        && tp.qself.is_none();
    // (The path without its type arguments, `Point::from`, which rustc infers.)
    let mut path = tp.path.clone();
    path.segments
        .iter_mut()
        .for_each(|s| s.arguments = syn::PathArguments::None);
    let recv = &m.receiver;
    user_type.then(|| syn::parse_quote!(#path::from(#recv)))
}

/// Whether a written type leaves a part to inference (`Vec<_>`, `[_; 3]`, `_`).
fn infers_a_part(ty: &Type) -> bool {
    struct Finds(bool);
    impl<'a> syn::visit::Visit<'a> for Finds {
        fn visit_type_infer(&mut self, _: &'a syn::TypeInfer) {
            self.0 = true;
        }
    }
    let mut finds = Finds(false);
    syn::visit::Visit::visit_type(&mut finds, ty);
    finds.0
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

impl Lowerer {
    /// `let q = p;` (or `&p`, `p.inner`) of a struct parameter, left by
    /// `parse::aliases` as written because a name is bound again after it or named in a
    /// macro: the derived items cannot hold a second name of such a parameter, so this is
    /// the macro's error rather than rustc's about generated code.
    fn refuse_struct_alias(&mut self, local: &syn::Local) {
        let (syn::Pat::Ident(name), Some(init)) = (&local.pat, &local.init) else {
            return;
        };
        let mut place = &*init.expr;
        if let syn::Expr::Reference(r) = place {
            place = &r.expr;
        }
        // `let s = if c { a } else { b };` of two struct parameters: no place to write out.
        if matches!(place, syn::Expr::If(_) | syn::Expr::Match(_)) {
            let mut values = vec![];
            branch_values(place, &mut values);
            let struct_param = |e: &syn::Expr| {
                let e = match e {
                    syn::Expr::Reference(r) => &*r.expr,
                    e => e,
                };
                matches!(e, syn::Expr::Path(p) if p.path.get_ident().and_then(|i| self.lookup(&i.to_string()))
                    .is_some_and(|v| self.struct_params.contains(&v)
                        && !self.constant_structs.contains(&v)
                        && self.vars[v].kind == Kind::Struct))
            };
            if !values.is_empty() && values.iter().all(|v| struct_param(v)) {
                let n = &name.ident;
                self.error(
                    syn::spanned::Spanned::span(&local.pat),
                    format!("`{n}` is one struct parameter or another, chosen by a condition, which the derivatives cannot hold as one value: choose the fields instead (`let k = if c {{ a.k }} else {{ b.k }};`), or pass the chosen struct to a `#[differentiate]` function (`if c {{ f(a, x) }} else {{ f(b, x) }}`)"),
                );
                self.refused_names.insert(n.to_string());
            }
            return;
        }
        let mut root = place;
        let mut fields = 0;
        while let syn::Expr::Field(f) = root {
            root = &f.base;
            fields += 1;
        }
        let Some(v) = (match root {
            syn::Expr::Path(p) => p.path.get_ident().and_then(|i| self.lookup(&i.to_string())),
            _ => None,
        }) else {
            return;
        };
        let whole_struct = fields == 0 && self.vars[v].kind == Kind::Struct;
        let struct_field = fields > 0
            && self.field_kinds.get(
                &quote::ToTokens::to_token_stream(place)
                    .to_string()
                    .replace(' ', ""),
            ) == Some(&Kind::Struct);
        // (Only roots `parse::aliases` takes: a user's struct the function does not change,
        // not a tuple, whose parts the macro's own `let`s name.)
        let changed = self.vars[v].mutable
            || matches!(&self.vars[v].ty, Some(Type::Reference(r)) if r.mutability.is_some());
        let tuple = self.vars[v]
            .ty
            .as_ref()
            .is_some_and(|t| matches!(crate::types::peel_refs(t), Type::Tuple(_)));
        if !self.struct_params.contains(&v)
            || changed
            || tuple
            || name.ident.to_string().starts_with("__")
            || !(whole_struct || struct_field)
        {
            return;
        }
        let root = &self.vars[v].stem;
        self.error(
            syn::spanned::Spanned::span(&local.pat),
            format!("`{}` is another name for the struct parameter `{root}` (or a part of it), which the derivatives follow only where neither name is bound again after this `let` nor named in a macro: read the fields through `{root}` where `{}` is used, or rename what is bound again", name.ident, name.ident),
        );
        self.refused_names.insert(name.ident.to_string());
    }
}

/// The values an `if`/`match`/block yields: each branch's tail (nested ones opened).
fn branch_values<'e>(e: &'e syn::Expr, into: &mut Vec<&'e syn::Expr>) {
    let tail = |b: &'e syn::Block| match b.stmts.last() {
        Some(syn::Stmt::Expr(e, None)) => Some(e),
        _ => None,
    };
    match e {
        syn::Expr::If(i) => {
            match tail(&i.then_branch) {
                Some(t) => branch_values(t, into),
                None => into.push(e),
            }
            match &i.else_branch {
                Some((_, other)) => branch_values(other, into),
                None => into.push(e),
            }
        }
        syn::Expr::Match(m) => {
            for arm in &m.arms {
                branch_values(&arm.body, into);
            }
        }
        syn::Expr::Block(b) => match tail(&b.block) {
            Some(t) => branch_values(t, into),
            None => into.push(e),
        },
        syn::Expr::Paren(p) => branch_values(&p.expr, into),
        e => into.push(e),
    }
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

impl Lowerer {
    /// A `let v;` assigned inside a `#[checkpoint]` region starts from a default and is
    /// `mut`, as `let mut v: f64;` is: the region's snapshot copies `v` at the region's entry,
    /// and its replay in the reverse sweep assigns `v` again.
    pub(super) fn initialise_deferred_in_checkpoints(&mut self, body: &mut Block) {
        fn assigned_in_regions(block: &Block, inside: bool, into: &mut HashSet<VarId>) {
            for s in &block.stmts {
                if inside {
                    if let StmtKind::Assign { place, .. } = &s.kind {
                        into.insert(place.var());
                    }
                }
                let region = inside
                    || matches!(
                        &s.kind,
                        StmtKind::Block { .. }
                            | StmtKind::For {
                                checkpoint: Some(_),
                                ..
                            }
                            | StmtKind::While {
                                checkpoint: Some(_),
                                ..
                            }
                    );
                for b in s.blocks() {
                    assigned_in_regions(b, region, into);
                }
            }
        }
        let mut assigned = HashSet::new();
        assigned_in_regions(body, false, &mut assigned);
        let deferred: Vec<(VarId, Span)> = {
            let mut found = vec![];
            body.for_each_stmt(&mut |s| {
                if let StmtKind::Let { var, init: None } = &s.kind {
                    if assigned.contains(var) && !self.vars[*var].mutable {
                        found.push((*var, s.span));
                    }
                }
            });
            found
        };
        if deferred.is_empty() {
            return;
        }
        for &(var, _) in &deferred {
            let guessed = self.guessed.contains(&var);
            let v = &mut self.vars[var];
            v.mutable = true;
            // Untyped (`let v;`) and given a float: the snapshot names its type. (Not where
            // the float is a guess, a call's result whose type rustc decides.)
            if v.ty.is_none() && v.kind == Kind::Float && !guessed {
                v.ty = Some(self.float.clone());
            }
        }
        let inits: HashMap<VarId, Expr> = deferred
            .iter()
            .map(|&(var, span)| (var, self.placeholder(var, span)))
            .collect();
        fn set(block: &mut Block, inits: &HashMap<VarId, Expr>) {
            for s in &mut block.stmts {
                if let StmtKind::Let { var, init } = &mut s.kind {
                    if init.is_none() {
                        *init = inits.get(var).cloned();
                    }
                }
                for b in s.blocks_mut() {
                    set(b, inits);
                }
            }
        }
        set(body, &inits);
    }
}
