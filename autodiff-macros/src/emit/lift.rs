//! User types on dual numbers: the float type replaced by `Dual<F>` where a value is
//! active and the code is lifted (`f_hvp`'s twins).

use super::{Ctx, Mode};
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// A user type with the float type replaced by `Dual<F>` where the value is active
    /// and the mode is lifted.
    pub fn lift_type(&self, ty: &syn::Type, active: bool) -> TokenStream {
        if self.mode == Mode::Plain || !active {
            return quote!(#ty);
        }
        let float = self.func.float.clone();
        let dual: syn::Type = syn::parse_quote!(::autodiff::__private::Dual<#float>);
        replace_type(ty, &float, &dual)
    }
}

/// `ty` with every type `from` in it replaced by `to`: types only, so that an array's
/// length (`[f64; f64.3]`, a mutant the fuzzer found) keeps its expression as written.
fn replace_type(ty: &syn::Type, from: &syn::Type, to: &syn::Type) -> TokenStream {
    use syn::visit_mut::VisitMut;
    struct Replace<'t> {
        from: String,
        to: &'t syn::Type,
    }
    impl VisitMut for Replace<'_> {
        fn visit_type_mut(&mut self, t: &mut syn::Type) {
            if matches!(t, syn::Type::Path(_)) && quote!(#t).to_string() == self.from {
                *t = self.to.clone();
                return;
            }
            syn::visit_mut::visit_type_mut(self, t);
        }
        fn visit_expr_mut(&mut self, _: &mut syn::Expr) {}
    }
    let mut ty = ty.clone();
    Replace {
        from: quote!(#from).to_string(),
        to,
    }
    .visit_type_mut(&mut ty);
    quote!(#ty)
}
