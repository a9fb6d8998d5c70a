//! `h.mapv_inplace(|v| v.max(0.0));`: an `ndarray` array mapped in place is, for
//! derivatives, the array given its map, `h = h.mapv(|v| v.max(0.0));`, which the macro reads
//! as elementwise syntax. The derivatives are built from a copy written so; the function
//! itself keeps its in-place map.

use syn::visit_mut::VisitMut;

/// The copy of `item` with each `x.mapv_inplace(f);` of a local `x` (bound by `let mut`)
/// written as `x = x.mapv(f);`. `None` where there is none.
pub(crate) fn in_place_maps_as_assignments(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let rewrite = Rewrite {
        locals: mutable_locals(&item.block),
        changed: false,
    };
    super::rewritten_copy(item, rewrite)
}

/// The names a `let mut` of `block` binds.
fn mutable_locals(block: &syn::Block) -> Vec<syn::Ident> {
    struct Find(Vec<syn::Ident>);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_local(&mut self, l: &'ast syn::Local) {
            if let syn::Pat::Ident(p) = &l.pat {
                if p.mutability.is_some() {
                    self.0.push(p.ident.clone());
                }
            }
            syn::visit::visit_local(self, l);
        }
    }
    let mut find = Find(vec![]);
    syn::visit::Visit::visit_block(&mut find, block);
    find.0
}

struct Rewrite {
    locals: Vec<syn::Ident>,
    changed: bool,
}

impl super::BodyRewrite for Rewrite {
    fn changed(&self) -> bool {
        self.changed
    }
}

impl VisitMut for Rewrite {
    fn visit_stmt_mut(&mut self, s: &mut syn::Stmt) {
        if let syn::Stmt::Expr(syn::Expr::MethodCall(m), Some(semi)) = s {
            let local = matches!(&*m.receiver, syn::Expr::Path(p)
                if p.path.get_ident().is_some_and(|i| self.locals.contains(i)));
            if m.method == "mapv_inplace" && m.args.len() == 1 && local {
                // (`mapv` with the user's span: the names the closure reads keep theirs.)
                let (x, f, semi) = (&m.receiver, &m.args[0], *semi);
                let mapv = syn::Ident::new("mapv", m.method.span());
                *s = syn::Stmt::Expr(syn::parse_quote!(#x = #x.#mapv(#f)), Some(semi));
                self.changed = true;
                return;
            }
        }
        syn::visit_mut::visit_stmt_mut(self, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_in_place_is_an_assignment() {
        let f: syn::ItemFn = syn::parse_quote! {
            fn f(x: &Array1<f64>) -> Array1<f64> {
                let mut h = x.clone();
                h.mapv_inplace(|v| v.max(0.0));
                if true { h.mapv_inplace(f64::tanh); }
                h
            }
        };
        let copy = in_place_maps_as_assignments(&f).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(
            text.contains("h = h . mapv (| v | v . max (0.0))"),
            "{text}"
        );
        assert!(text.contains("h = h . mapv (f64 :: tanh)"), "{text}");
        let plain: syn::ItemFn = syn::parse_quote!(
            fn g(x: f64) -> f64 {
                x
            }
        );
        assert!(in_place_maps_as_assignments(&plain).is_none());
    }
}
