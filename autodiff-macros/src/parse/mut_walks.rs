//! Buffers taken by `&mut` and walked as they are: `a.iter_mut().zip(out)`, `zip(a, out)`
//! and `for v in out` of `out: &mut [f64]` (or `&mut Vec<f64>`, `&mut [f64; N]`) yield
//! `&mut` items, as `out.iter_mut()` does, and are written through them (`*v = y`). The
//! walk is written `out.iter_mut()` in the copy the derivatives are built from, so that
//! lowering sees the items as places of the buffer.

use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, Ident, Type};

/// A copy of `item` whose `&mut` sequence parameters walked as they are (by `zip` or
/// `for`) are walked by `iter_mut()`; `None` where there is none. A name the body binds
/// again is left alone: its uses may be of the other variable.
pub(crate) fn mut_buffers_walked_by_iter_mut(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let names = sequence_params(item, true);
    if names.is_empty() {
        return None;
    }
    super::rewritten_copy(
        item,
        Walks {
            names,
            changed: false,
        },
    )
}

/// The parameters referring to sequences (`x: &Vec<f64>`, `out: &mut [f64]`; only the
/// `&mut` ones where `mutable`) whose names the body does not bind again, a `for` loop's
/// pattern aside (`ScopedNames` scopes those).
pub(super) fn sequence_params(item: &syn::ItemFn, mutable: bool) -> Vec<Ident> {
    let mut bound = Bound(vec![]);
    bound.visit_block(&item.block);
    item.sig
        .inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(pt) => match (&*pt.pat, &*pt.ty) {
                (syn::Pat::Ident(p), Type::Reference(r))
                    if (r.mutability.is_some() || !mutable)
                        && crate::types::element(&r.elem).is_some() =>
                {
                    Some(p.ident.clone())
                }
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .filter(|n| !bound.0.contains(n))
        .collect()
}

/// A rewrite of the uses of `names` (parameters), which a `for` loop's pattern may bind
/// again for its body.
pub(super) trait ScopedNames: VisitMut {
    fn names(&mut self) -> &mut Vec<Ident>;

    /// The loop's iterable with the names as they are, its body without those its pattern
    /// binds (`for (v, out) in v.iter().zip(out)` walks the parameter `out`; in the body,
    /// `out` is the item).
    fn visit_loop_scoped(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        let shadowed = bound_by(&f.pat);
        let inner: Vec<Ident> = self
            .names()
            .iter()
            .filter(|n| !shadowed.contains(n))
            .cloned()
            .collect();
        let outer = std::mem::replace(self.names(), inner);
        self.visit_block_mut(&mut f.body);
        *self.names() = outer;
    }
}

/// The names the body's patterns bind, a `for` loop's aside (`Walks` scopes those: `for
/// (v, out) in v.iter().zip(out)` walks the parameter `out`, and binds another in its body).
struct Bound(Vec<Ident>);

impl<'a> Visit<'a> for Bound {
    fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
        self.0.push(p.ident.clone());
        syn::visit::visit_pat_ident(self, p);
    }

    fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
        self.visit_expr(&f.expr);
        self.visit_block(&f.body);
    }
}

/// The names a pattern binds.
fn bound_by(pat: &syn::Pat) -> Vec<Ident> {
    let mut bound = Bound(vec![]);
    bound.visit_pat(pat);
    bound.0
}

struct Walks {
    names: Vec<Ident>,
    changed: bool,
}

impl Walks {
    /// `out.iter_mut()` for a bare `out` of the buffers.
    fn walked(&mut self, e: &mut Expr) {
        let Expr::Path(p) = &*e else {
            return;
        };
        let Some(name) = p.path.get_ident().filter(|i| self.names.contains(i)) else {
            return;
        };
        let name = name.clone();
        *e = syn::parse_quote!(#name.iter_mut());
        self.changed = true;
    }
}

impl ScopedNames for Walks {
    fn names(&mut self) -> &mut Vec<Ident> {
        &mut self.names
    }
}

impl super::BodyRewrite for Walks {
    fn changed(&self) -> bool {
        self.changed
    }
}

impl VisitMut for Walks {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::MethodCall(m) if m.method == "zip" && m.args.len() == 1 => {
                self.walked(&mut m.args[0]);
            }
            Expr::Call(c)
                if c.args.len() == 2
                    && matches!(&*c.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "zip")) =>
            {
                for a in c.args.iter_mut() {
                    self.walked(a);
                }
            }
            Expr::ForLoop(f) => {
                self.walked(&mut f.expr);
                return self.visit_loop_scoped(f);
            }
            _ => {}
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}
