//! `ndarray`'s `Zip`: `Zip::from(&a).and(&b).fold(…)` (or `.for_each(…)`) rewritten as the
//! iterator chain it walks, and whether a `Zip` names an array of two or more dimensions
//! (whose elements that chain cannot index).

use super::*;

impl Lowerer {
    /// Whether a `Zip` names an array of two or more dimensions among its producers
    /// (`Zip::from(&a)` with `a: &Array2<f64>`), whose elements the zipped iterators of
    /// `zip_as_chain` cannot index.
    pub(super) fn zips_matrices(&self, m: &syn::ExprMethodCall) -> bool {
        zip_producers(m).unwrap_or_default().into_iter().any(|p| {
            let p = match p {
                syn::Expr::Reference(r) => &*r.expr,
                other => other,
            };
            let syn::Expr::Path(path) = p else {
                return false;
            };
            path.path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| {
                    let e = Expr::new(ExprKind::Var(v), Span::call_site());
                    self.rank(&e).is_some_and(|r| r >= 2)
                })
        })
    }
}

/// `Zip::from(&a).and(&b).fold(init, |acc, x, y| …)` (or `.for_each(|x, y| …)`, with `&mut`
/// producers too): the elements of equally shaped arrays in step, which is the iterator
/// chain `a.iter().zip(b.iter()).fold(init, |acc, (x, y)| …)` (`iter_mut` for `&mut a`),
/// with the closure's parameters nested as the zips nest them.
pub(super) fn zip_as_chain(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    let consumer = m.method.to_string();
    let (leading, closure) = match (consumer.as_str(), m.args.len()) {
        ("fold", 2) => (1, &m.args[1]),
        ("for_each", 1) => (0, &m.args[0]),
        _ => return None,
    };
    let syn::Expr::Closure(closure) = closure else {
        return None;
    };
    let producers = zip_producers(m)?;
    if closure.inputs.len() != leading + producers.len() {
        return None;
    }
    // A parameter with an attribute (`#[allow(…)] x`) cannot stand inside the tuple pattern
    // the chain's closure takes: left to the messages for closures.
    let attributed = |p: &syn::Pat| {
        quote::quote!(#p)
            .into_iter()
            .any(|t| matches!(t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '#'))
    };
    if closure.inputs.iter().any(attributed) {
        return None;
    }
    // A receiver in parentheses only where it needs them: chains start at a name.
    let receiver = |e: &syn::Expr| match e {
        syn::Expr::Path(_) | syn::Expr::Field(_) => quote::quote!(#e),
        _ => quote::quote!((#e)),
    };
    let span = m.method.span();
    let iters: Vec<syn::Expr> = producers
        .iter()
        .map(|p| match p {
            syn::Expr::Reference(r) if r.mutability.is_some() => {
                let e = receiver(&r.expr);
                Some(syn::parse_quote_spanned!(span=> #e.iter_mut()))
            }
            syn::Expr::Reference(r) => {
                let e = receiver(&r.expr);
                Some(syn::parse_quote_spanned!(span=> #e.iter()))
            }
            // A name holding a reference to an array (`b: &Array1<f64>`).
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                Some(syn::parse_quote_spanned!(span=> #p.iter()))
            }
            _ => None,
        })
        .collect::<Option<_>>()?;
    let mut chain = iters[0].clone();
    for it in &iters[1..] {
        chain = syn::parse_quote_spanned!(span=> #chain.zip(#it));
    }
    let params: Vec<&syn::Pat> = closure.inputs.iter().collect();
    let mut element: syn::Pat = params[leading].clone();
    for p in &params[leading + 1..] {
        element = syn::parse_quote!((#element, #p));
    }
    let body = &closure.body;
    Some(if leading == 1 {
        let (acc, init) = (params[0], &m.args[0]);
        syn::parse_quote_spanned!(span=> #chain.fold(#init, |#acc, #element| #body))
    } else {
        syn::parse_quote_spanned!(span=> #chain.for_each(|#element| #body))
    })
}

/// The producers of `Zip::from(p0).and(p1)…` (the receiver of `m`), in order; `None` where
/// the receiver is no such chain.
fn zip_producers(m: &syn::ExprMethodCall) -> Option<Vec<&syn::Expr>> {
    let mut producers = vec![];
    let mut at = &*m.receiver;
    loop {
        match at {
            syn::Expr::MethodCall(c) if c.method == "and" && c.args.len() == 1 => {
                producers.push(&c.args[0]);
                at = &c.receiver;
            }
            syn::Expr::Call(c) if c.args.len() == 1 => {
                let syn::Expr::Path(p) = &*c.func else {
                    return None;
                };
                let n = p.path.segments.len();
                if n < 2
                    || p.path.segments[n - 1].ident != "from"
                    || p.path.segments[n - 2].ident != "Zip"
                {
                    return None;
                }
                producers.push(&c.args[0]);
                break;
            }
            _ => return None,
        }
    }
    producers.reverse();
    Some(producers)
}
