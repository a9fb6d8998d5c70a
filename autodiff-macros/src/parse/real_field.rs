//! A function generic over nalgebra's float traits (`fn f<T: RealField>(p: &Vector3<T>) ->
//! T`): its derivatives are built from a copy at `f64`, since the runtime's dual numbers are
//! no `RealField` and a body calling `x.acos()` on a `T` bounded by both `RealField` and
//! `Float` would be ambiguous. The function itself keeps its parameter.

use super::bound::{is_param, without_type_params};
use syn::TypeParamBound;

/// nalgebra's (simba's) traits of real and complex fields.
const FIELD_TRAITS: &[&str] = &[
    "RealField",
    "ComplexField",
    "SimdRealField",
    "SimdComplexField",
];

/// The copy of `item` with its one type parameter bounded by a field trait written `f64`
/// (its bounds dropped), and the traits that give `f64` what the bound gave `T` (`T::zero()`,
/// `T::from_f64(0.5)`) brought into scope in its body. `None` where no parameter, or more
/// than one, is so bounded.
pub(crate) fn real_field_at_f64(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let generics = &item.sig.generics;
    let bounded_where = |name: &syn::Ident| {
        generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .any(|p| match p {
                syn::WherePredicate::Type(pt) => {
                    is_param(&pt.bounded_ty, name) && field_bound(&pt.bounds)
                }
                _ => false,
            })
    };
    let candidates: Vec<syn::Ident> = generics
        .type_params()
        .filter(|tp| field_bound(&tp.bounds) || bounded_where(&tp.ident))
        .map(|tp| tp.ident.clone())
        .collect();
    let [name] = candidates.as_slice() else {
        return None;
    };
    let mut copy = item.clone();
    without_type_params(&mut copy.sig.generics, &[name]);
    let tokens = crate::tokens::subst(
        quote::ToTokens::to_token_stream(&copy),
        name,
        &quote::quote!(f64),
    );
    let mut copy: syn::ItemFn = syn::parse2(tokens).ok()?;
    syn::visit_mut::VisitMut::visit_block_mut(&mut CoordinatesCopied, &mut copy.block);
    copy.block.stmts.insert(
        0,
        syn::parse_quote!(
            use ::autodiff::__private::{FromPrimitive as _, One as _, Zero as _};
        ),
    );
    Some(copy)
}

/// `p.z.clone()` of a vector's coordinate, which generic code clones since `T: RealField`
/// is not `Copy`: at `f64` the coordinate itself (the macro would read a field that is
/// cloned as a sequence).
struct CoordinatesCopied;

impl syn::visit_mut::VisitMut for CoordinatesCopied {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, e);
        if let syn::Expr::MethodCall(m) = e {
            let coordinate = matches!(&*m.receiver, syn::Expr::Field(f)
                if matches!(&f.member, syn::Member::Named(n) if ["x", "y", "z", "w"].iter().any(|c| n == c)));
            if m.method == "clone" && m.args.is_empty() && coordinate {
                *e = (*m.receiver).clone();
            }
        }
    }
}

/// Whether one of `bounds` is a field trait.
fn field_bound(bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>) -> bool {
    bounds.iter().any(|b| {
        matches!(b, TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| {
            FIELD_TRAITS.contains(&s.ident.to_string().as_str())
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_field_parameter_is_written_f64_in_the_copy() {
        let item: syn::ItemFn = syn::parse_quote! {
            fn f<T: RealField + Copy, const N: usize>(p: &Vector3<T>) -> T where T: Debug {
                T::zero() + p.x.clone()
            }
        };
        let copy = real_field_at_f64(&item).expect("one RealField parameter");
        let text = quote::quote!(#copy).to_string();
        assert!(
            text.starts_with("fn f < const N : usize > (p : & Vector3 < f64 >) -> f64 {"),
            "{text}"
        );
        assert!(text.contains("f64 :: zero () + p . x }"), "{text}");
        let generic: syn::ItemFn = syn::parse_quote!(
            fn g<T: Float>(x: T) -> T {
                x
            }
        );
        assert!(real_field_at_f64(&generic).is_none());
    }
}
