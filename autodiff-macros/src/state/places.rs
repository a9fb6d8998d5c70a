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

/// The places the statements assign, `=` and compound (`x = …`, `self.f += …`), in order;
/// closures aside.
pub(super) fn assigned_places(stmts: &[syn::Stmt]) -> Vec<Expr> {
    use syn::visit::Visit;
    struct Places(Vec<Expr>);
    impl<'a> Visit<'a> for Places {
        fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
            self.0.push((*a.left).clone());
            syn::visit::visit_expr_assign(self, a);
        }
        fn visit_expr_binary(&mut self, b: &'a syn::ExprBinary) {
            if crate::tokens::is_compound_assign(&b.op) {
                self.0.push((*b.left).clone());
            }
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut places = Places(vec![]);
    stmts.iter().for_each(|s| places.visit_stmt(s));
    places.0
}

/// The first `self.0 = …` (or `self.0 += …`) of the body: a field of a tuple struct,
/// assigned.
pub(super) fn unnamed_field_assigned(block: &syn::Block) -> Option<Expr> {
    assigned_places(&block.stmts).into_iter().find(|left| {
        matches!(left, Expr::Field(f)
            if matches!(f.member, Member::Unnamed(_))
                && matches!(&*f.base, Expr::Path(p) if p.path.is_ident("self")))
    })
}
