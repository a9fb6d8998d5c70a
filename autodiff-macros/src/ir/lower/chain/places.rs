//! Names a chain's pattern binds to places rather than values: an item of a writable
//! source (`iter_mut`, `&mut x`), written back through `x[at]`, and a sub-slice `x[a..b]`
//! (a window or chunk), read through `x` itself.

use super::*;
use crate::ir::lower::views::binds_again;

/// Names bound to expressions.
type Bindings = Vec<(syn::Ident, Expr)>;

/// The names a pattern binds to an item of a writable source (`iter_mut`, `&mut x`), which
/// are places, apart from those bound to values.
pub(super) fn split_places(chain: &Chain, walk: &Walk, pairs: Bindings) -> (Bindings, Bindings) {
    // The sources' elements in order, out of the tuples the zips nest them in
    // (`((a[i], b[i]), c[i])`), after the index `enumerate` puts first.
    fn leaves<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match e {
            Expr::Tuple(t) => t.elems.iter().for_each(|x| leaves(x, out)),
            other => out.push(other),
        }
    }
    let items: Vec<String> = match &walk.item {
        Expr::Tuple(_) if chain.sources.len() > 1 || chain.enumerate.is_some() => {
            let mut flat = vec![];
            leaves(&walk.item, &mut flat);
            if chain.enumerate.is_some() {
                flat.remove(0);
            }
            flat.into_iter()
                .map(|e| quote::quote!(#e).to_string())
                .collect()
        }
        single => vec![quote::quote!(#single).to_string()],
    };
    let writable: Vec<&String> = chain
        .writable
        .iter()
        .filter_map(|k| items.get(*k))
        .collect();
    pairs
        .into_iter()
        .partition(|(_, v)| writable.contains(&&quote::quote!(#v).to_string()))
}

/// Replaces each name bound to a place by the place itself (`*v` and `v` by `x[at]`), so
/// that `*v = …`, `*v /= s` and reads of `v` are element writes and reads. `None` where the
/// body binds one of the names again (it would then mean something else).
pub(super) fn substitute_places(body: &mut Expr, places: &[(syn::Ident, Expr)]) -> Option<()> {
    use syn::visit_mut::VisitMut;
    if binds_again(body, places) {
        return None;
    }
    struct Places<'p>(&'p [(syn::Ident, Expr)]);
    impl Places<'_> {
        fn place(&self, e: &Expr) -> Option<Expr> {
            let e = match e {
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
                other => other,
            };
            let Expr::Path(p) = e else { return None };
            let name = p.path.get_ident()?;
            self.0
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        }
    }
    impl VisitMut for Places<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            match self.place(e) {
                Some(place) => *e = place,
                None => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    Places(places).visit_expr_mut(body);
    Some(())
}
