//! `(f)(x)`: a callee written in parentheses, as edition-2015 code and closures held in
//! fields are called, is the callee itself. The derivatives are built from a copy where
//! each parenthesised plain name is written bare, `f(x)`, which the macro reads as any call
//! (a function value's too).

use syn::visit_mut::VisitMut;

/// The copy of `item` with each `(name)(…)` written `name(…)`. `None` where there is none.
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
}
