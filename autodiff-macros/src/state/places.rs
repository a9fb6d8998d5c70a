//! Places in `self` as written: a field (`self.f`), an element of one (`self.f[i]`), and
//! anything deeper.

use syn::{Expr, Ident, Member};

/// `self.f` with a named member.
pub(super) fn self_field(e: &Expr) -> Option<&Ident> {
    let Expr::Field(f) = e else { return None };
    let Expr::Path(p) = &*f.base else { return None };
    match (&f.member, p.path.is_ident("self")) {
        (Member::Named(name), true) => Some(name),
        _ => None,
    }
}

/// The field of `self.f[i]`.
pub(super) fn element_of_self_field(e: &Expr) -> Option<&Ident> {
    let Expr::Index(i) = e else { return None };
    self_field(&i.expr)
}

/// Whether `e` is `self.…` deeper than one field, or an element of a field of `self`.
pub(super) fn inside_self_field(e: &Expr) -> bool {
    match e {
        Expr::Field(f) => self_field(&f.base).is_some() || inside_self_field(&f.base),
        Expr::Index(i) => self_field(&i.expr).is_some() || inside_self_field(&i.expr),
        _ => false,
    }
}
