//! A function generic over values it converts into the float type (`fn percentile<T:
//! Into<f64> + Copy>(s: &[T], pct: f64) -> f64`, reading `s[i].into()`): its derivatives
//! are built from a copy where each such parameter is the float type itself, so they take
//! the values after conversion (`&[f64]`) and differentiate with respect to them. The
//! conversions, `x.into()`, become `f64::from(x)`, which the macro reads as the float
//! itself, derivative included; at `f64` an untyped `x.into()` would have no target rustc
//! can infer. The function itself keeps its parameters.

use syn::visit_mut::VisitMut;
use syn::{Type, TypeParamBound};

/// The copy of `item` with every type parameter bounded by `Into<f64>` (or `Into<f32>`)
/// written as that float type, its bounds dropped, and its conversions written
/// `f64::from(x)`. `None` where no parameter is so bounded, or where one so bounded is also
/// bounded by a float trait (it is then the float type, not converted into it).
pub(crate) fn into_float_params_at_float(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let generics = &item.sig.generics;
    let mut converted: Vec<(syn::Ident, syn::Ident)> = vec![];
    for tp in generics.type_params() {
        let bounds = bounds_of(generics, &tp.ident);
        let into = bounds.iter().find_map(into_float);
        let float_like = bounds.iter().any(|b| {
            matches!(b, TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| {
                let name = s.ident.to_string();
                name.contains("Float") || name.contains("Real")
            }))
        });
        if let (Some(float), false) = (into, float_like) {
            converted.push((tp.ident.clone(), float));
        }
    }
    if converted.is_empty() {
        return None;
    }
    let mut copy = item.clone();
    let names: Vec<&syn::Ident> = converted.iter().map(|(t, _)| t).collect();
    copy.sig.generics.params = std::mem::take(&mut copy.sig.generics.params)
        .into_iter()
        .filter(|p| !matches!(p, syn::GenericParam::Type(tp) if names.contains(&&tp.ident)))
        .collect();
    if let Some(w) = &mut copy.sig.generics.where_clause {
        w.predicates = std::mem::take(&mut w.predicates)
            .into_iter()
            .filter(|p| {
                !matches!(p, syn::WherePredicate::Type(pt)
                    if names.iter().any(|n| is_param(&pt.bounded_ty, n)))
            })
            .collect();
        if w.predicates.is_empty() {
            copy.sig.generics.where_clause = None;
        }
    }
    if copy.sig.generics.params.is_empty() {
        copy.sig.generics.lt_token = None;
        copy.sig.generics.gt_token = None;
    }
    let mut tokens = quote::ToTokens::to_token_stream(&copy);
    for (name, float) in &converted {
        tokens = crate::tokens::subst(tokens, name, &quote::quote!(#float));
    }
    let mut copy: syn::ItemFn = syn::parse2(tokens).ok()?;
    // (All converted parameters share one float type where the function is
    // differentiated at all: the first names the conversions.)
    let mut conversions = ConversionsWritten {
        float: converted[0].1.clone(),
    };
    conversions.visit_block_mut(&mut copy.block);
    Some(copy)
}

/// `x.into()` of a value read from a place (`y`, `*y`, `s[i]`, `p.0`): `f64::from(x)`.
struct ConversionsWritten {
    float: syn::Ident,
}

impl VisitMut for ConversionsWritten {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, e);
        if let syn::Expr::MethodCall(m) = e {
            if m.method == "into"
                && m.args.is_empty()
                && m.turbofish.is_none()
                && place(&m.receiver)
            {
                let (float, receiver) = (&self.float, &m.receiver);
                *e = syn::parse_quote_spanned!(m.method.span()=> #float::from(#receiver));
            }
        }
    }

    // (Closures and items nested in the body are walked as the rest is.)
}

/// A value read from a variable, through derefs, indexing, fields and parentheses.
fn place(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Path(p) => p.qself.is_none() && p.path.get_ident().is_some(),
        syn::Expr::Paren(p) => place(&p.expr),
        syn::Expr::Unary(u) => matches!(u.op, syn::UnOp::Deref(_)) && place(&u.expr),
        syn::Expr::Index(i) => place(&i.expr),
        syn::Expr::Field(f) => place(&f.base),
        _ => false,
    }
}

/// `Into<f64>` or `Into<f32>`: that float type.
fn into_float(b: &TypeParamBound) -> Option<syn::Ident> {
    let TypeParamBound::Trait(t) = b else {
        return None;
    };
    let last = t.path.segments.last()?;
    if last.ident != "Into" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
        return None;
    };
    match a.args.first()? {
        syn::GenericArgument::Type(Type::Path(p))
            if a.args.len() == 1 && (p.path.is_ident("f64") || p.path.is_ident("f32")) =>
        {
            p.path.get_ident().cloned()
        }
        _ => None,
    }
}

/// A type parameter's bounds, written inline or in the `where` clause.
fn bounds_of(generics: &syn::Generics, name: &syn::Ident) -> Vec<TypeParamBound> {
    let inline = generics
        .type_params()
        .filter(|tp| tp.ident == *name)
        .flat_map(|tp| tp.bounds.iter().cloned());
    let in_where = generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .filter_map(|p| match p {
            syn::WherePredicate::Type(pt) if is_param(&pt.bounded_ty, name) => {
                Some(pt.bounds.iter().cloned())
            }
            _ => None,
        })
        .flatten();
    inline.chain(in_where).collect()
}

fn is_param(ty: &Type, name: &syn::Ident) -> bool {
    matches!(ty, Type::Path(q) if q.qself.is_none() && q.path.is_ident(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parameter_converted_into_the_float_type_is_that_type_in_the_copy() {
        let item: syn::ItemFn = syn::parse_quote! {
            fn f<T: Into<f64> + Copy, U>(s: &[T], k: U) -> f64 where U: Into<f64> {
                let a = s[0].into();
                let b: f64 = k.into();
                s.iter().map(|&y| y.into()).sum::<f64>() * a * b
            }
        };
        let copy = into_float_params_at_float(&item).expect("two converted parameters");
        let text = quote::quote!(#copy).to_string();
        assert!(
            text.starts_with("fn f (s : & [f64] , k : f64) -> f64 {"),
            "{text}"
        );
        assert!(text.contains("let a = f64 :: from (s [0]) ;"), "{text}");
        assert!(text.contains("| & y | f64 :: from (y)"), "{text}");
        let float: syn::ItemFn = syn::parse_quote!(
            fn g<T: Float + Into<f64>>(x: T) -> T {
                x
            }
        );
        assert!(into_float_params_at_float(&float).is_none());
    }
}
