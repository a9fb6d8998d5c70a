//! Assignments (`x = …`, `x += …`, `v[i] = …`): the place written (a local variable or an
//! element of one) and the value, compound operators as their arithmetic; destructuring
//! assignments (`(a, b) = (b, a + b)`) as a `let` of the value and one assignment per place.

use super::*;

impl Lowerer {
    pub(super) fn place_var(&mut self, e: &syn::Expr) -> Option<VarId> {
        match e {
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                let v = self.lookup(&name);
                if v.is_none() {
                    self.error(expr_span(e), format!("unknown variable `{name}`"));
                }
                v
            }
            syn::Expr::Paren(p) => self.place_var(&p.expr),
            // (A place in a parameter refused already: its message said it.)
            _ if super::fields::place_root(e)
                .is_some_and(|i| self.refused_names.contains(&i.to_string())) =>
            {
                None
            }
            _ => {
                self.error(expr_span(e), "only a local variable or `v[i]` can be assigned in a `#[differentiate]` function");
                None
            }
        }
    }

    pub(super) fn lower_assign(
        &mut self,
        left: &syn::Expr,
        right: &syn::Expr,
        compound: Option<ArithOp>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        if let (None, syn::Expr::Tuple(_) | syn::Expr::Array(_)) = (compound, peel_parens(left)) {
            return self.lower_destructuring_assign(peel_parens(left), right, span, out);
        }
        // `p += v * dt` of a struct value: `p = p + v * dt`, through the user's `Add` impl
        // (its `AddAssign` is taken to agree, as Rust's vector types have it).
        if let (Some(op), syn::Expr::Path(path)) = (compound, peel_parens(left)) {
            let is_struct = path
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| self.vars[v].kind == Kind::Struct);
            let op: Option<syn::BinOp> = match op {
                ArithOp::Add => Some(syn::parse_quote!(+)),
                ArithOp::Sub => Some(syn::parse_quote!(-)),
                ArithOp::Mul => Some(syn::parse_quote!(*)),
                ArithOp::Div => Some(syn::parse_quote!(/)),
                _ => None,
            };
            if let (true, Some(op)) = (is_struct, op) {
                let value: syn::Expr = syn::parse_quote!(#path #op (#right));
                return self.lower_assign(left, &value, None, span, out);
            }
        }
        let place = match left {
            // Rust evaluates the value before the place (`v[{ i += 1; i }] = x[i]` reads the
            // `i` from before): the value first, kept in a temporary where the index's
            // statements assign what it reads.
            syn::Expr::Index(ix) => {
                let Some(v) = self.place_var(&ix.expr) else {
                    return;
                };
                let value = self.lower_expr(right, out);
                let mark = out.len();
                let index = self.lower_expr(&ix.index, out);
                let mut value = [value];
                self.keep_before(&mut value, out, mark);
                let [value] = value;
                out.push(Stmt::new(
                    StmtKind::Assign {
                        place: Place::Index(v, Box::new(index)),
                        value,
                        compound,
                    },
                    span,
                ));
                return;
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                // (`*a = r` of a parameter refused already: its message said it.)
                let refused = matches!(&*u.expr, syn::Expr::Path(p)
                    if p.path.get_ident().is_some_and(|i| self.refused_names.contains(&i.to_string())));
                if refused {
                    return;
                }
                let target = quote::ToTokens::to_token_stream(&u.expr).to_string();
                return self.error(
                    span,
                    format!("assignment through `*{target}` is not supported here: the macro follows writes to the items of `iter_mut()` (`for v in x.iter_mut() {{ *v = … }}`, `a.iter_mut().zip(b.iter_mut())`; a `&mut` borrow held in a local and zipped as it is, `.zip(b)`, is not seen as one: write `.zip(b.iter_mut())`) and writes by index (`x[i] = …`); write it so, or assign to a local"),
                );
            }
            _ => match self.place_var(left) {
                Some(v) => Place::Var(v),
                None => return,
            },
        };
        // `x = &y[1..]`: a slice variable given a part of a sequence, which the derived
        // items copy (a part passed on is a `Vec`), so it cannot be a view again. (Narrowed
        // by a part of itself, `x = &x[8..]`, it is read through an offset:
        // `parse::narrowed_slices`; what reaches here is what that rewrite leaves.)
        if let (Place::Var(v), syn::Expr::Reference(r)) = (&place, right) {
            if matches!(&*r.expr, syn::Expr::Index(ix) if matches!(&*ix.index, syn::Expr::Range(_)))
                && self.vars[*v].kind == Kind::FloatSeq
            {
                self.unsupported(span, "a slice variable given a part of another sequence, or narrowed where it is not a parameter or a local of the function's outermost block, or bound again", "narrow a parameter or an outermost `let` only by a part of itself (`x = &x[8..]`), or index with an offset (`x[k + i]`, with `k += 1` where the slice would be narrowed)");
                return;
            }
        }
        if let (None, Place::Var(v)) = (compound, &place) {
            // A call or an `if`/`match`/block assigned to a variable goes through a temporary.
            let kind = self.vars[*v].kind;
            let tmp = if let Some(call) = self.split_call(right, out) {
                let tmp = self.temp("call", kind, span);
                self.push_call(tmp, call, span, out);
                Some(tmp)
            } else if self.as_statement_expr(right).is_some() {
                let tmp = self.temp("value", kind, span);
                self.vars[tmp].mutable = false;
                out.push(Stmt::new(
                    StmtKind::Let {
                        var: tmp,
                        init: None,
                    },
                    span,
                ));
                self.lower_valued(right, &[tmp], out);
                Some(tmp)
            } else {
                None
            };
            if let Some(tmp) = tmp {
                let value = Expr::new(ExprKind::Var(tmp), span);
                out.push(Stmt::new(
                    StmtKind::Assign {
                        place,
                        value,
                        compound,
                    },
                    span,
                ));
                return;
            }
        }
        let value = self.lower_expr(right, out);
        if let (None, Place::Var(v)) = (compound, &place) {
            self.first_value(*v, &value);
        }
        out.push(Stmt::new(
            StmtKind::Assign {
                place,
                value,
                compound,
            },
            span,
        ));
    }

    /// `v = value` as the first assignment of a `let v;` with no type: `v` takes the
    /// value's kind where it is evidently not a float (taken for one until then).
    fn first_value(&mut self, v: VarId, value: &Expr) {
        if self.untyped_deferred.remove(&v) {
            let k = self.kind_of(value);
            if matches!(
                k,
                Kind::Int | Kind::IntSeq | Kind::Bool | Kind::FloatSeq | Kind::Array | Kind::Struct
            ) {
                self.vars[v].kind = k;
            }
        }
    }

    /// `(a, b) = e` and `[a, b] = e`: Rust evaluates `e`, then assigns its parts to the
    /// places left to right, so this is `{ let (t0, t1) = e; a = t0; b = t1; }` with fresh
    /// names, lowered as written (a nested pattern is another destructuring assignment, `_`
    /// discards its part).
    fn lower_destructuring_assign(
        &mut self,
        left: &syn::Expr,
        right: &syn::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let (parts, tuple) = match left {
            syn::Expr::Tuple(t) => (&t.elems, true),
            syn::Expr::Array(a) => (&a.elems, false),
            _ => unreachable!("called on tuples and arrays"),
        };
        let mut names = vec![];
        let mut assigns: Vec<syn::Stmt> = vec![];
        for (k, place) in parts.iter().enumerate() {
            match peel_parens(place) {
                syn::Expr::Infer(_) => names.push(quote::quote!(_)),
                syn::Expr::Range(r) if r.start.is_none() && r.end.is_none() => {
                    return self.error(expr_span(place), "`..` in a destructuring assignment is not supported in a `#[differentiate]` function: name every part, with `_` for those to discard");
                }
                _ => {
                    let name = first_free(&format!("assigned_{k}"), |n| {
                        !self.taken.contains(n) && !self.given.contains(n)
                    });
                    let name = super::ident(&name, span);
                    assigns.push(syn::parse_quote_spanned!(span=> #place = #name;));
                    names.push(quote::quote!(#name));
                }
            }
        }
        // An array literal on the right is bound as a tuple of its elements: the same
        // values, in a `let` form lowering takes for any element expressions.
        let (pattern, right) = match (tuple, peel_parens(right)) {
            (false, syn::Expr::Array(a)) => {
                let elems = a.elems.iter();
                (quote::quote!((#(#names,)*)), quote::quote!((#(#elems,)*)))
            }
            (true, _) => (quote::quote!((#(#names),*)), quote::quote!(#right)),
            // Any other array (a call's result, a variable): read by index, as its elements.
            (false, _) => {
                let whole = first_free("assigned", |n| {
                    !self.taken.contains(n) && !self.given.contains(n)
                });
                let whole = super::ident(&whole, span);
                let reads = (0..names.len()).map(|k| {
                    let k = syn::Index::from(k);
                    quote::quote!(#whole[#k])
                });
                let pattern = quote::quote!((#(#names,)*));
                (
                    pattern,
                    quote::quote!({ let #whole = #right; (#(#reads,)*) }),
                )
            }
        };
        let block: syn::Expr = syn::parse_quote_spanned!(span=> {
            let #pattern = #right;
            #(#assigns)*
        });
        self.lower_stmt(&syn::Stmt::Expr(block, Some(Default::default())), out);
    }
}

pub(super) fn compound_op(op: &syn::BinOp) -> Option<ArithOp> {
    Some(match op {
        syn::BinOp::AddAssign(_) => ArithOp::Add,
        syn::BinOp::SubAssign(_) => ArithOp::Sub,
        syn::BinOp::MulAssign(_) => ArithOp::Mul,
        syn::BinOp::DivAssign(_) => ArithOp::Div,
        syn::BinOp::RemAssign(_) => ArithOp::Rem,
        syn::BinOp::ShlAssign(_) => ArithOp::Shl,
        syn::BinOp::ShrAssign(_) => ArithOp::Shr,
        syn::BinOp::BitAndAssign(_) => ArithOp::BitAnd,
        syn::BinOp::BitOrAssign(_) => ArithOp::BitOr,
        syn::BinOp::BitXorAssign(_) => ArithOp::BitXor,
        _ => return None,
    })
}

/// `e` without the parentheses around it.
fn peel_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_parens(&p.expr),
        other => other,
    }
}
