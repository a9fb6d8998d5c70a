//! A function generic over values it converts into the float type (`fn percentile<T:
//! Into<f64> + Copy>(s: &[T], pct: f64) -> f64`, reading `s[i].into()`): its derivatives
//! are built from a copy where each such parameter is the float type itself, so they take
//! the values after conversion (`&[f64]`) and differentiate with respect to them. The
//! conversions, `x.into()`, become `f64::from(x)`, which the macro reads as the float
//! itself, derivative included; at `f64` an untyped `x.into()` would have no target rustc
//! can infer. The function itself keeps its parameters.

use super::bound::{bounds_of, without_type_params};
use syn::visit_mut::VisitMut;
use syn::{Type, TypeParamBound};

/// The copy of `item` with every type parameter bounded by `Into<f64>` (or `Into<f32>`)
/// written as that float type, its bounds dropped, and its conversions written
/// `f64::from(x)`. `None` where no parameter is so bounded, or where a type parameter is
/// bounded by a float trait (the float type is then that parameter, not the one converted
/// into).
pub(crate) fn into_float_params_at_float(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let generics = &item.sig.generics;
    let mut converted: Vec<(syn::Ident, syn::Ident)> = vec![];
    for tp in generics.type_params() {
        if let Some(float) = bounds_of(item, tp).iter().find_map(into_float) {
            converted.push((tp.ident.clone(), float));
        }
    }
    // `x: impl Into<f64> + Copy`: a parameter of a type of its own, converted alike.
    let impl_params: Vec<(usize, syn::Ident, syn::Ident)> = item
        .sig
        .inputs
        .iter()
        .enumerate()
        .filter_map(|(k, input)| match input {
            syn::FnArg::Typed(pt) => match (&*pt.pat, &*pt.ty) {
                (syn::Pat::Ident(p), Type::ImplTrait(t)) => {
                    let float = t.bounds.iter().find_map(into_float)?;
                    Some((k, p.ident.clone(), float))
                }
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .collect();
    converted.extend(
        impl_params
            .iter()
            .map(|(_, name, float)| (name.clone(), float.clone())),
    );
    // A function whose float type is a type parameter (`F: Float`, also one converted,
    // `T: Float + Into<f64>`), or the other float: those parameters stay as they are,
    // constants of the derivatives.
    let generic_float = generics.type_params().any(|tp| {
        bounds_of(item, tp).iter().any(|b| {
            matches!(b, TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| {
                let name = s.ident.to_string();
                name.contains("Float") || name.contains("Real")
            }))
        })
    });
    let other_float = |float: &syn::Ident| if float == "f64" { "f32" } else { "f64" };
    let signature = quote::ToTokens::to_token_stream(&item.sig);
    if converted.is_empty()
        || generic_float
        || converted.iter().any(|(_, f)| {
            f != &converted[0].1
                || crate::tokens::mentions_any(signature.clone(), &[other_float(f)])
        })
    {
        return None;
    }
    let mut copy = item.clone();
    for (k, _, float) in &impl_params {
        if let Some(syn::FnArg::Typed(pt)) = copy.sig.inputs.iter_mut().nth(*k) {
            *pt.ty = syn::parse_quote!(#float);
        }
    }
    let names: Vec<&syn::Ident> = converted
        .iter()
        .map(|(t, _)| t)
        .filter(|t| !impl_params.iter().any(|(_, n, _)| n == *t))
        .collect();
    without_type_params(&mut copy.sig.generics, &names);
    let mut tokens = quote::ToTokens::to_token_stream(&copy);
    for (name, float) in converted.iter().filter(|(t, _)| names.contains(&t)) {
        tokens = crate::tokens::subst(tokens, name, &quote::quote!(#float));
    }
    let mut copy: syn::ItemFn = syn::parse2(tokens).ok()?;
    // The values of a converted type: its parameters, and what the body binds from them.
    let type_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let type_names: Vec<&str> = type_names.iter().map(String::as_str).collect();
    let mut held = Held(
        item.sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                syn::FnArg::Typed(pt) => match &*pt.pat {
                    syn::Pat::Ident(p)
                        if crate::tokens::mentions_any(
                            quote::ToTokens::to_token_stream(&pt.ty),
                            &type_names,
                        ) =>
                    {
                        Some(p.ident.clone())
                    }
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .chain(impl_params.iter().map(|(_, name, _)| name.clone()))
            .collect(),
    );
    loop {
        let before = held.0.len();
        syn::visit::Visit::visit_block(&mut held, &copy.block);
        if held.0.len() == before {
            break;
        }
    }
    // (All converted parameters share one float type: the first names the conversions.)
    let mut conversions = ConversionsWritten {
        float: converted[0].1.clone(),
        held: held.0,
    };
    conversions.visit_block_mut(&mut copy.block);
    Some(copy)
}

/// The names bound to values of a converted type: its parameters, and the patterns of the
/// closures and loops walking them (`s.iter().map(|&y| …)`, `a.iter().zip(b.iter()).map(|(p,
/// q)| …)`, `for y in s`) and of the `let`s reading them (`let y = s[0];`).
struct Held(Vec<syn::Ident>);

impl Held {
    fn add_bound_by(&mut self, pat: &syn::Pat) {
        let mut names = vec![];
        crate::tokens::pattern_names(pat, &mut names);
        for n in names {
            if !self.0.iter().any(|h| *h == n) {
                self.0
                    .push(syn::Ident::new(&n, proc_macro2::Span::call_site()));
            }
        }
    }

    /// Whether a chain of calls (`a.iter().zip(b.iter())`) reads a held value, through its
    /// receivers or its arguments (closures aside).
    fn chain_holds(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::MethodCall(m) => {
                self.chain_holds(&m.receiver)
                    || m.args
                        .iter()
                        .any(|a| !matches!(a, syn::Expr::Closure(_)) && self.chain_holds(a))
            }
            syn::Expr::Call(c) => c.args.iter().any(|a| self.chain_holds(a)),
            other => root(other).is_some_and(|r| self.0.contains(&r)),
        }
    }
}

impl<'a> syn::visit::Visit<'a> for Held {
    fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
        if self.chain_holds(&m.receiver) || m.args.iter().any(|a| self.chain_holds(a)) {
            for a in &m.args {
                if let syn::Expr::Closure(c) = a {
                    for p in &c.inputs {
                        self.add_bound_by(p);
                    }
                }
            }
        }
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
        if self.chain_holds(&f.expr) {
            self.add_bound_by(&f.pat);
        }
        syn::visit::visit_expr_for_loop(self, f);
    }

    fn visit_local(&mut self, l: &'a syn::Local) {
        if let Some(init) = &l.init {
            if root(&init.expr).is_some_and(|r| self.0.contains(&r)) {
                self.add_bound_by(&l.pat);
            }
        }
        syn::visit::visit_local(self, l);
    }
}

/// `x.into()` of a value read from a held variable (`y`, `*y`, `s[i]`, `p.0`):
/// `f64::from(x)`. Other conversions (`count.into()` of a `u32`, `name.into()` into a
/// `String`) stay as they are.
struct ConversionsWritten {
    float: syn::Ident,
    held: Vec<syn::Ident>,
}

impl VisitMut for ConversionsWritten {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, e);
        if let syn::Expr::MethodCall(m) = e {
            let held = root(&m.receiver).is_some_and(|r| self.held.contains(&r));
            if m.method == "into" && m.args.is_empty() && m.turbofish.is_none() && held {
                let (float, receiver) = (&self.float, &m.receiver);
                *e = syn::parse_quote_spanned!(m.method.span()=> #float::from(#receiver));
            }
        }
    }
}

/// The variable a place reads (`y` of `y`, `*y`, `s[i]`, `p.0`, `(y)`, `&y`).
fn root(e: &syn::Expr) -> Option<syn::Ident> {
    match e {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
        syn::Expr::Paren(p) => root(&p.expr),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => root(&u.expr),
        syn::Expr::Reference(r) => root(&r.expr),
        syn::Expr::Index(i) => root(&i.expr),
        syn::Expr::Field(f) => root(&f.base),
        _ => None,
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
