//! Buffers lent to a differentiated callee: `fill_sq(x, &mut buf);` or `let v = g(x, &mut
//! buf);`, where `buf` is a float sequence of the caller (a local `Vec`, or a buffer
//! parameter of its own: `&mut buf`, `&mut buf[..]`, `&mut *buf`). The call is what it is
//! to the caller: a function of its arguments and of the buffers' contents before it,
//! giving its value and the buffers' contents after it. So it is lowered as a call of the
//! callee's lent form (`crate::lent`), which takes each buffer's contents and returns their
//! new values beside the callee's, each then assigned to its buffer:
//!
//! ```text
//! fill_sq(x, &mut buf);        let __lent_buf1: Vec<f64> = fill_sq::__lent(x, &buf);
//!                              buf = __lent_buf1;
//! let v = g(x, &mut a, &mut b); let (v, __lent_a1, __lent_b2): (f64, Vec<f64>, Vec<f64>) =
//!                                  g::__lent_valued(x, &a, &b);
//!                              a = __lent_a1; b = __lent_b2;
//! ```
//!
//! Everything after that is a split call of a tuple result and whole assignments, which the
//! later stages know. A caller cannot see its callee's attribute: a call used as a statement
//! calls `g::__lent`, which returns the buffers alone (a callee with a value computes and
//! drops it there), one bound by `let` calls `g::__lent_valued`, whose value is taken for the
//! function's float type (or the type the `let` writes). A fixed-size array lent
//! (`let mut w = [0.0; 3];`) takes its new contents back by `copy_from_slice`, a `Vec`
//! cannot be assigned to it. Where the call carries no derivative (`init(&mut w)` of
//! constants), the derived items call `g` itself on copies of the buffers instead
//! (`Func::lent_calls`), so `g` may be any function, differentiated or not.

use super::*;

/// An argument `&mut …` of a call, read as a lent buffer.
enum Lent {
    /// `&mut b`, `&mut b[..]`, `&mut *b` of a float sequence `b`.
    Whole(Ident),
    /// A part of one (`&mut b[1..]`), which the call cannot lend: where, and what to write.
    Part(Span, String),
}

impl Lowerer {
    fn lent_arg(&self, e: &syn::Expr) -> Option<Lent> {
        let syn::Expr::Reference(r) = e else {
            return None;
        };
        r.mutability?;
        let mut place = &*r.expr;
        while let syn::Expr::Paren(p) = place {
            place = &p.expr;
        }
        let (root, part) = match place {
            syn::Expr::Index(ix) => match &*ix.index {
                syn::Expr::Range(range) => {
                    (&*ix.expr, range.start.is_some() || range.end.is_some())
                }
                _ => return None,
            },
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => (&*u.expr, false),
            other => (other, false),
        };
        let syn::Expr::Path(p) = root else {
            return None;
        };
        let name = p.path.get_ident()?;
        let v = self.lookup(&name.to_string())?;
        if self.vars[v].kind != Kind::FloatSeq && !self.one_dimensional_array(v) {
            return None;
        }
        if part {
            let message = format!("lending part of a buffer (`&mut {name}[a..b]`) to a function is not supported in a `#[differentiate]` function: lend the whole buffer (`&mut {name}`), or copy the part into a `Vec` of its own (`let mut part = {name}[a..b].to_vec();`), lend that, and copy it back");
            return Some(Lent::Part(expr_span(e), message));
        }
        Some(Lent::Whole(name.clone()))
    }

    /// Whether `v` is an `ndarray` array of one axis (or of axes its type does not say: a
    /// local `Array1::zeros(n)`), which may be lent as a buffer `&mut Array1<F>`.
    fn one_dimensional_array(&self, v: VarId) -> bool {
        let e = Expr::new(ExprKind::Var(v), Span::call_site());
        self.vars[v].kind == Kind::Array && matches!(self.rank(&e), None | Some(1))
    }

    /// Whether some argument lends a float buffer mutably (`&mut buf`).
    pub(super) fn lends_buffer<'a>(&self, mut args: impl Iterator<Item = &'a syn::Expr>) -> bool {
        args.any(|a| self.lent_arg(a).is_some())
    }

    /// A call lending buffers, as a statement (`binding` is `None`) or bound by a `let`
    /// (its pattern and written type): see the module's comment.
    pub(super) fn lower_lent_call(
        &mut self,
        c: &syn::ExprCall,
        binding: Option<(&syn::Pat, Option<&syn::Type>)>,
        out: &mut Vec<Stmt>,
    ) {
        let span = expr_span(&syn::Expr::Call(c.clone()));
        let path = match &*c.func {
            syn::Expr::Path(p) if p.qself.is_none() && !crate::lent::names_a_type_fn(&p.path) => {
                &p.path
            }
            _ => {
                return self.error(span, "a buffer (`&mut buf`) can be lent only to a free `#[differentiate]` function called by its path (`fill(x, &mut buf)`, `physics::fill(x, &mut buf)`): for a method or a function of an `impl`, call a free function that takes the buffer, or return the new contents as a `Vec`");
            }
        };
        let first = path.segments.first().map(|s| s.ident.to_string());
        if matches!(first.as_deref(), Some("std" | "core" | "alloc")) {
            return self.error(span, "a buffer (`&mut buf`) can be lent only to a `#[differentiate]` function: for `std::mem::swap` of two sequences write `(a, b) = (b, a);`, and write other standard functions' element moves by index");
        }
        if let Some((pat, None)) = binding {
            if !matches!(pat, syn::Pat::Ident(_) | syn::Pat::Wild(_)) {
                return self.error(span, "a call lending a buffer (`&mut buf`) gives its value to one name (`let v = g(x, &mut buf);`), a float: bind the value to a name first, or return the other results through buffers");
            }
        }
        if path.get_ident().is_some_and(|i| {
            let name = i.to_string();
            self.lookup(&name).is_some() || self.is_local_fn(&name)
        }) {
            return self.error(span, "a buffer (`&mut buf`) can be lent only to a `#[differentiate]` function declared outside this one: move the function out of the body");
        }
        let float_ty = self.float.clone();
        let mut args: Vec<syn::Expr> = vec![];
        let mut lent: Vec<Ident> = vec![];
        let mut positions: Vec<usize> = vec![];
        for a in &c.args {
            match self.lent_arg(a) {
                Some(Lent::Whole(b)) => {
                    let at = expr_span(a);
                    positions.push(args.len());
                    let array = self
                        .lookup(&b.to_string())
                        .is_some_and(|v| self.vars[v].kind == Kind::Array);
                    args.push(match array {
                        // (The lent form takes the contents as a slice.)
                        true => syn::parse_quote_spanned!(at=> &#b.iter().copied().collect::<Vec<#float_ty>>()),
                        false => syn::parse_quote_spanned!(at=> &#b),
                    });
                    lent.push(b);
                }
                Some(Lent::Part(at, message)) => return self.error(at, message),
                None => args.push(a.clone()),
            }
        }
        let lent_path = crate::lent::lent_path(path, binding.is_some());
        let float = self.float.clone();
        let renewed: Vec<Ident> = lent
            .iter()
            .map(|b| self.synthetic_ident(&format!("lent_{b}")))
            .collect();
        let mut pats: Vec<syn::Pat> = vec![];
        let mut tys: Vec<Type> = vec![];
        if let Some((pat, ty)) = binding {
            pats.push(match pat {
                syn::Pat::Wild(_) => {
                    let v = self.synthetic_ident("lent_value");
                    syn::parse_quote!(#v)
                }
                _ => pat.clone(),
            });
            tys.push(ty.cloned().unwrap_or_else(|| float.clone()));
        }
        for n in &renewed {
            pats.push(syn::parse_quote!(#n));
            tys.push(syn::parse_quote!(Vec<#float>));
        }
        let call: syn::Expr = syn::parse_quote_spanned!(span=> #lent_path(#(#args),*));
        let bind: syn::Stmt = match (pats.as_slice(), tys.as_slice()) {
            ([pat], [ty]) => syn::parse_quote_spanned!(span=> let #pat: #ty = #call;),
            _ => syn::parse_quote_spanned!(span=> let (#(#pats,)*): (#(#tys,)*) = #call;),
        };
        let kinds: Vec<LentBuffer> = lent
            .iter()
            .map(|b| {
                if self.is_fixed_array(b) {
                    LentBuffer::Fixed
                } else if self
                    .lookup(&b.to_string())
                    .is_some_and(|v| self.vars[v].kind == Kind::Array)
                {
                    LentBuffer::Array1
                } else {
                    LentBuffer::Vec
                }
            })
            .collect();
        let first = out.len();
        self.lower_stmt(&bind, out);
        let called = out[first..].iter().find_map(|s| match &s.kind {
            StmtKind::Call { out, callee, .. } if crate::lent::is_lent_path(callee) => Some(*out),
            _ => None,
        });
        if let Some(v) = called {
            let buffers = positions.into_iter().zip(kinds.iter().copied()).collect();
            self.lent_calls.insert(v, buffers);
        }
        // A `Vec` takes its new contents whole (a callee taking `&mut Vec<F>` may change
        // its length); a fixed-size array, which a `Vec` cannot be assigned to, element by
        // element.
        for ((b, n), kind) in lent.iter().zip(&renewed).zip(kinds) {
            let renew: syn::Stmt = match kind {
                LentBuffer::Fixed => syn::parse_quote_spanned!(span=> #b.copy_from_slice(&#n);),
                LentBuffer::Array1 => {
                    syn::parse_quote_spanned!(span=> #b = ::autodiff::ndarray::Array1::from(#n);)
                }
                LentBuffer::Vec => syn::parse_quote_spanned!(span=> #b = #n;),
            };
            self.lower_stmt(&renew, out);
        }
    }

    /// Whether the buffer `b` is a fixed-size array (`let mut w = [0.0; 3];`, `w: [f64; 3]`).
    fn is_fixed_array(&self, b: &Ident) -> bool {
        self.lookup(&b.to_string()).is_some_and(|v| {
            let array = |t: &Type| matches!(t, Type::Array(_));
            self.fixed_arrays.contains(&v)
                || match &self.vars[v].ty {
                    Some(Type::Reference(r)) => array(&r.elem),
                    Some(t) => array(t),
                    None => false,
                }
        })
    }
}
