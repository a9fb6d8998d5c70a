//! Sequence parameters read through an explicit dereference, `(*x)[i]` and `(*x).len()` of
//! `x: &Vec<f64>` (or `&[f64]`, `&[f64; N]`, `&mut` ones): the parameter itself, as Rust's
//! auto-dereference reads `x[i]` and `x.len()`, in the copy the derivatives are built from.

use super::mut_walks::{sequence_params, ScopedNames};
use syn::visit_mut::VisitMut;
use syn::{Expr, Ident};

/// A copy of `item` with `(*x)` written `x` where it is indexed or a method's receiver, for
/// its parameters referring to sequences; `None` where there is none. A name the body binds
/// again is left alone.
pub(crate) fn sequence_derefs_read_through(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let names = sequence_params(item, false);
    if names.is_empty() {
        return None;
    }
    super::rewritten_copy(
        item,
        Derefs {
            names,
            changed: false,
        },
    )
}

struct Derefs {
    names: Vec<Ident>,
    changed: bool,
}

impl Derefs {
    /// `x` for `*x` or `(*x)` of a parameter named.
    fn read_through(&mut self, e: &mut Expr) {
        let mut inner = &*e;
        while let Expr::Paren(p) = inner {
            inner = &p.expr;
        }
        let Expr::Unary(u) = inner else {
            return;
        };
        if !matches!(u.op, syn::UnOp::Deref(_)) {
            return;
        }
        let Expr::Path(p) = &*u.expr else {
            return;
        };
        if p.path.get_ident().is_some_and(|i| self.names.contains(i)) {
            *e = (*u.expr).clone();
            self.changed = true;
        }
    }
}

impl super::BodyRewrite for Derefs {
    fn changed(&self) -> bool {
        self.changed
    }
}

impl ScopedNames for Derefs {
    fn names(&mut self) -> &mut Vec<Ident> {
        &mut self.names
    }
}

impl VisitMut for Derefs {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Index(i) => self.read_through(&mut i.expr),
            Expr::MethodCall(m) => self.read_through(&mut m.receiver),
            Expr::ForLoop(f) => return self.visit_loop_scoped(f),
            _ => {}
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}
