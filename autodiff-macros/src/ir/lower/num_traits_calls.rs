//! num-traits' free functions called by their path, `num_traits::clamp(x, lo, hi)` and
//! `num_traits::pow(x, n)`, on a float: the float's own `clamp` and `powi`, whose rules the
//! macro knows (num-traits has no derived items to call). Only the path says whose they
//! are: a bare `clamp(…)` or `pow(…)` may be a function of the user's (a smooth clamp, a
//! power over a factorial), whose derivatives are its own, so it is read as any call.

use super::Lowerer;

impl Lowerer {
    /// The method call `c` is, where it calls num-traits' `clamp` or `pow` by its path on a
    /// value that reads as a float (an integer's `pow` stays a call without derivatives).
    pub(super) fn num_traits_call_as_method(&self, c: &syn::ExprCall) -> Option<syn::Expr> {
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        let names = crate::tokens::segment_names(&p.path);
        let n = names.len();
        if p.qself.is_some() || n < 2 || names[n - 2] != "num_traits" {
            return None;
        }
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        let span = syn::spanned::Spanned::span(&c.func);
        match (names[n - 1].as_str(), args.as_slice()) {
            ("clamp", [x, lo, hi]) if self.float_hint(x) => {
                Some(syn::parse_quote_spanned!(span=> (#x).clamp(#lo, #hi)))
            }
            ("pow", [x, e]) if self.float_hint(x) => {
                Some(syn::parse_quote_spanned!(span=> (#x).powi((#e) as i32)))
            }
            _ => None,
        }
    }
}
