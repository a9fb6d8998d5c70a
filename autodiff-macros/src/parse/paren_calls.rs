//! `(f)(x)`: a callee written in parentheses, as edition-2015 code and closures held in
//! fields are called, is the callee itself. The derivatives are built from a copy where
//! each parenthesised plain name is written bare, `f(x)`, which the macro reads as any call
//! (a function value's too). Likewise a place in parentheses that a method is called on, or
//! that is indexed or has a field read (`( self.out ).push( y )`, `(x)[i]`), as some
//! authors write every operand: the place itself.

use syn::visit_mut::VisitMut;

/// The copy of `item` with each `(name)(…)` written `name(…)`, and `(place).m(…)`,
/// `(place)[i]`, `(place).f` written without the parentheses. `None` where there is none.
pub(crate) fn paren_callees_unwrapped(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    super::rewritten_copy(item, Rewrite { changed: false })
}

struct Rewrite {
    changed: bool,
}

impl super::BodyRewrite for Rewrite {
    fn changed(&self) -> bool {
        self.changed
    }
}

impl VisitMut for Rewrite {
    fn visit_expr_call_mut(&mut self, c: &mut syn::ExprCall) {
        let mut callee = &*c.func;
        while let syn::Expr::Paren(p) = callee {
            callee = &p.expr;
        }
        let named = matches!(callee, syn::Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some());
        if named && matches!(&*c.func, syn::Expr::Paren(_)) {
            *c.func = callee.clone();
            self.changed = true;
        }
        syn::visit_mut::visit_expr_call_mut(self, c);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        match e {
            syn::Expr::MethodCall(m) => self.unwrap_place(&mut m.receiver),
            syn::Expr::Index(i) => self.unwrap_place(&mut i.expr),
            syn::Expr::Field(f) => self.unwrap_place(&mut f.base),
            _ => {}
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

impl Rewrite {
    /// `place` for `(place)`, where `place` is a name, a field, an element or a method's
    /// value: what binds at least as tightly as the postfix operation it is the operand of.
    fn unwrap_place(&mut self, e: &mut syn::Expr) {
        let mut inner = &*e;
        while let syn::Expr::Paren(p) = inner {
            inner = &p.expr;
        }
        let place = matches!(
            inner,
            syn::Expr::Path(_)
                | syn::Expr::Field(_)
                | syn::Expr::Index(_)
                | syn::Expr::MethodCall(_)
        );
        if place && matches!(e, syn::Expr::Paren(_)) {
            *e = inner.clone();
            self.changed = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parenthesised_name_is_the_callee() {
        let f: syn::ItemFn = syn::parse_quote! {
            fn d(f: impl Fn(f64) -> f64, x: f64) -> f64 { ((f))(x) + (|t: f64| t)(x) }
        };
        let copy = paren_callees_unwrapped(&f).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(text.contains("{ f (x) + (| t : f64 | t) (x) }"), "{text}");
        let plain: syn::ItemFn = syn::parse_quote!(
            fn g(x: f64) -> f64 {
                x
            }
        );
        assert!(paren_callees_unwrapped(&plain).is_none());
    }

    #[test]
    fn a_parenthesised_place_is_the_place() {
        let f: syn::ItemFn = syn::parse_quote! {
            fn d(&mut self, x: &[f64]) { (self.out).push((x)[0] * (self.k).abs()); (self.f)(x) }
        };
        let copy = paren_callees_unwrapped(&f).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        // (A field called keeps its parentheses: without them it would be a method.)
        assert!(
            text.contains("self . out . push (x [0] * self . k . abs ()) ; (self . f) (x)"),
            "{text}"
        );
    }
}
