//! Names bound to sub-slices `x[a..b]` (a window, a chunk, a part of a slice), read
//! through `x` itself: shared by iterator chains (`chain/`) and closures (`iter.rs`).

use syn::Expr;

/// Names bound to expressions.
type Bindings = Vec<(syn::Ident, Expr)>;

/// `x[a..b]`, `x[a..]`, `x[..b]`, `x[a..=b]` as `(x, a, end)`, the end exclusive.
pub(super) fn sub_slice(e: &Expr) -> Option<(&Expr, Option<&Expr>, Option<Expr>)> {
    let Expr::Index(ix) = e else { return None };
    let Expr::Range(r) = &*ix.index else {
        return None;
    };
    let end = r.end.as_deref().map(|end| -> Expr {
        match r.limits {
            syn::RangeLimits::Closed(_) => syn::parse_quote!((#end) + 1),
            syn::RangeLimits::HalfOpen(_) => end.clone(),
        }
    });
    Some((&ix.expr, r.start.as_deref(), end))
}

/// The names bound to a sub-slice `x[a..b]` (a window or chunk), apart from the others.
pub(super) fn split_views(pairs: Bindings) -> (Bindings, Bindings) {
    pairs.into_iter().partition(|(_, v)| sub_slice(v).is_some())
}

/// Replaces the reads of each name bound to a sub-slice `x[a..b]` by reads of `x`:
/// `w[j]` by `x[a + j]`, `w.len()` by `b - a`, `w.iter()` by `x[a..b].iter()`. `None` where
/// the body uses such a name otherwise, or binds it again.
pub(super) fn substitute_views(body: &mut Expr, views: &[(syn::Ident, Expr)]) -> Option<()> {
    use syn::visit_mut::VisitMut;
    if views.is_empty() {
        return Some(());
    }
    // A window named like the sequence it is part of (`x.windows(2).map(|x| x[1] - x[0])`):
    // the closure's name is renamed first, so the sequence's reads stay the sequence's.
    let renamed: Vec<(syn::Ident, Expr)>;
    let views = if views.iter().any(|(n, slice)| mentions_name(slice, n)) {
        renamed = views
            .iter()
            .map(|(n, slice)| {
                if !mentions_name(slice, n) {
                    return (n.clone(), slice.clone());
                }
                let fresh = quote::format_ident!("{}_window", n.to_string().replace("r#", ""));
                rename_paths(body, n, &fresh);
                (fresh, slice.clone())
            })
            .collect();
        &renamed[..]
    } else {
        views
    };
    if binds_again(body, views) {
        return None;
    }
    struct Reads<'p> {
        views: &'p [(syn::Ident, Expr)],
        other_use: bool,
    }
    impl Reads<'_> {
        fn view(&self, e: &Expr) -> Option<(&Expr, Expr, Expr)> {
            let e = match e {
                Expr::Reference(r) => &*r.expr,
                Expr::Paren(p) => &*p.expr,
                other => other,
            };
            let Expr::Path(p) = e else { return None };
            let name = p.path.get_ident()?;
            let (_, slice) = self.views.iter().find(|(n, _)| n == name)?;
            let (base, from, to) = sub_slice(slice)?;
            Some((base, from?.clone(), to?))
        }
    }
    impl VisitMut for Reads<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            let replaced: Option<Expr> = match &*e {
                Expr::Index(ix) => self.view(&ix.expr).map(|(base, from, _)| {
                    let j = &ix.index;
                    syn::parse_quote!(#base[(#from) + (#j)])
                }),
                Expr::MethodCall(m) if m.args.is_empty() => {
                    match (self.view(&m.receiver), m.method.to_string().as_str()) {
                        (Some((_, from, to)), "len") => Some(syn::parse_quote!(((#to) - (#from)))),
                        (Some((base, from, to)), "iter" | "into_iter") => {
                            Some(syn::parse_quote!(#base[#from..#to].iter()))
                        }
                        _ => None,
                    }
                }
                Expr::Path(_) if self.view(e).is_some() => {
                    self.other_use = true;
                    None
                }
                _ => None,
            };
            match replaced {
                Some(r) => {
                    *e = r;
                    // The index itself may read another window (`w[v[0]]`).
                    syn::visit_mut::visit_expr_mut(self, e);
                }
                None => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    let mut reads = Reads {
        views,
        other_use: false,
    };
    reads.visit_expr_mut(body);
    (!reads.other_use).then_some(())
}

/// Whether a pattern in `body` binds one of the names again.
pub(super) fn binds_again(body: &Expr, names: &[(syn::Ident, Expr)]) -> bool {
    struct Rebinds<'p>(&'p [(syn::Ident, Expr)], bool);
    impl syn::visit::Visit<'_> for Rebinds<'_> {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.1 |= self.0.iter().any(|(n, _)| *n == p.ident);
        }
    }
    let mut rebinds = Rebinds(names, false);
    syn::visit::Visit::visit_expr(&mut rebinds, body);
    rebinds.1
}

/// Whether `e` reads the name `n` (as a path).
fn mentions_name(e: &Expr, n: &syn::Ident) -> bool {
    crate::tokens::mentions_ident(quote::ToTokens::to_token_stream(e), n)
}

/// Every path `from` in `e` (the expressions of a closure body) written `to`.
fn rename_paths(e: &mut Expr, from: &syn::Ident, to: &syn::Ident) {
    use syn::visit_mut::VisitMut;
    struct Rename<'a>(&'a syn::Ident, &'a syn::Ident);
    impl VisitMut for Rename<'_> {
        fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
            if p.qself.is_none() && p.path.is_ident(self.0) {
                p.path.segments[0].ident = self.1.clone();
            }
        }
    }
    Rename(from, to).visit_expr_mut(e);
}
