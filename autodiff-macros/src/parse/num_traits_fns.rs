//! num-traits' free functions `clamp(x, lo, hi)` and `pow(x, n)` (`use num_traits::pow;`),
//! which numerical code calls as often as the methods. The attribute cannot see the import,
//! and a free function's derivatives are looked up beside it (`clamp::…`), which num-traits
//! does not have; the derivatives are built from a copy where they are written as the
//! float's own methods, whose rules the macro knows: `(x).clamp(lo, hi)`, `(x).powi(n)`.
//! `pow` is rewritten only where it is num-traits' for certain: called by that path, or with
//! an integer literal for the exponent (a function of one's own raising to a float power is
//! called with a float). A body that defines a function of the name keeps its calls.

use syn::visit_mut::VisitMut;

/// The copy of `item` with each call of num-traits' free `clamp` and `pow` written as the
/// method. `None` where there is none.
pub(crate) fn num_traits_calls_as_methods(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let own = |name: &str| {
        item.block
            .stmts
            .iter()
            .any(|s| matches!(s, syn::Stmt::Item(syn::Item::Fn(f)) if f.sig.ident == name))
    };
    let rewrite = Rewrite {
        changed: false,
        clamp: !own("clamp"),
        pow: !own("pow"),
    };
    super::rewritten_copy(item, rewrite)
}

struct Rewrite {
    changed: bool,
    clamp: bool,
    pow: bool,
}

impl super::BodyRewrite for Rewrite {
    fn changed(&self) -> bool {
        self.changed
    }
}

/// `name` or `num_traits::name` (also `::num_traits::name`, `autodiff::num_traits::name`),
/// and whether it was written with the crate's name.
fn num_traits_fn(callee: &syn::Expr, name: &str) -> Option<bool> {
    let syn::Expr::Path(p) = callee else {
        return None;
    };
    if p.qself.is_some() || p.path.segments.iter().any(|s| !s.arguments.is_none()) {
        return None;
    }
    let names: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    if names == [name] {
        Some(false)
    } else if names.ends_with(&["num_traits".to_string(), name.to_string()]) {
        Some(true)
    } else {
        None
    }
}

impl VisitMut for Rewrite {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, e);
        let syn::Expr::Call(c) = e else { return };
        let span = syn::spanned::Spanned::span(&c.func);
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        match args.as_slice() {
            [x, lo, hi] if self.clamp && num_traits_fn(&c.func, "clamp").is_some() => {
                *e = syn::parse_quote_spanned!(span=> (#x).clamp(#lo, #hi));
                self.changed = true;
            }
            [x, n] if self.pow => {
                let literal = matches!(n, syn::Expr::Lit(l) if matches!(l.lit, syn::Lit::Int(_)));
                match num_traits_fn(&c.func, "pow") {
                    Some(true) => *e = syn::parse_quote_spanned!(span=> (#x).powi((#n) as i32)),
                    Some(false) if literal => *e = syn::parse_quote_spanned!(span=> (#x).powi(#n)),
                    _ => return,
                }
                self.changed = true;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_clamp_is_the_method() {
        let f: syn::ItemFn = syn::parse_quote! {
            fn d(p: f32) -> f32 { -clamp(p, f32::EPSILON, 1.0 - f32::EPSILON).ln() + num_traits::clamp(p * 2.0, 0.0, 1.0) }
        };
        let copy = num_traits_calls_as_methods(&f).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(
            text.contains("(p) . clamp (f32 :: EPSILON , 1.0 - f32 :: EPSILON)"),
            "{text}"
        );
        assert!(text.contains("(p * 2.0) . clamp (0.0 , 1.0)"), "{text}");
        // Its own `clamp`, or one of another arity, stays.
        let own: syn::ItemFn = syn::parse_quote! {
            fn d(p: f64) -> f64 { fn clamp(a: f64, b: f64, c: f64) -> f64 { a } clamp(p, 0.0, 1.0) }
        };
        assert!(num_traits_calls_as_methods(&own).is_none());
        let two: syn::ItemFn = syn::parse_quote!(
            fn d(p: f64) -> f64 {
                clamp(p, 1.0)
            }
        );
        assert!(num_traits_calls_as_methods(&two).is_none());
    }

    #[test]
    fn a_free_pow_with_an_integer_exponent_is_powi() {
        let f: syn::ItemFn = syn::parse_quote! {
            fn d(x: f64, k: usize) -> f64 { pow(1.0 - x, 4) + num_traits::pow(x, k) }
        };
        let copy = num_traits_calls_as_methods(&f).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(text.contains("(1.0 - x) . powi (4)"), "{text}");
        assert!(text.contains("(x) . powi ((k) as i32)"), "{text}");
        // A bare `pow` of an exponent that may be a float is someone's own.
        let own: syn::ItemFn = syn::parse_quote!(
            fn d(x: f64, e: f64) -> f64 {
                pow(x, e)
            }
        );
        assert!(num_traits_calls_as_methods(&own).is_none());
    }
}
