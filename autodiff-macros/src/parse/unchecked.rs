//! `unsafe { … *x.get_unchecked(i) … }`: the bounds-check-free reads and writes of numerical
//! code are, for derivatives, the indexing they skip the check of. The derivatives are
//! built from a copy where each is written as indexing (`x[i]`, `&x[i]`, `&mut x[i]`) and an
//! `unsafe` block holding nothing else unsafe is a plain block; the function itself keeps
//! its unchecked code, and the derived items check their bounds.

use syn::visit_mut::VisitMut;

/// Names of calls that are unsafe or deal in raw memory: an `unsafe` block calling one of
/// them stays `unsafe`, and the macro refuses it.
const RAW: &[&str] = &[
    "unchecked",
    "raw",
    "ptr",
    "transmute",
    "offset",
    "read",
    "write",
    "zeroed",
    "uninit",
    "assume",
    "copy_nonoverlapping",
    "set_len",
];

/// The copy of `item` with `get_unchecked` written as indexing and the `unsafe` blocks
/// that only held those made plain. `None` where nothing changes.
pub(crate) fn unchecked_as_indexing(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    super::rewritten_copy(item, Rewrite { changed: false })
}

struct Rewrite {
    changed: bool,
}

impl super::BodyRewrite for Rewrite {
    fn changed(&self) -> bool {
        self.changed
    }
}

fn unchecked_access(e: &syn::Expr) -> Option<(&syn::Expr, &syn::Expr, bool)> {
    match e {
        syn::Expr::MethodCall(m)
            if m.args.len() == 1
                && (m.method == "get_unchecked" || m.method == "get_unchecked_mut") =>
        {
            Some((&m.receiver, &m.args[0], m.method == "get_unchecked_mut"))
        }
        _ => None,
    }
}

impl VisitMut for Rewrite {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        // `x.get_unchecked(i) - x.get_unchecked(j)`: references in arithmetic, whose
        // operators read their values, `x[i] - x[j]`.
        if let syn::Expr::Binary(b) = e {
            for side in [&mut b.left, &mut b.right] {
                if let Some((x, i, false)) = unchecked_access(side) {
                    let element: syn::Expr = syn::parse_quote!(#x[#i]);
                    **side = element;
                    self.changed = true;
                }
            }
        }
        // (Before the operand is visited, which would read the access as a reference.)
        let rewritten: Option<syn::Expr> = match &*e {
            // `*x.get_unchecked(i)`: the element `x[i]`.
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                unchecked_access(&u.expr).map(|(x, i, _)| syn::parse_quote!(#x[#i]))
            }
            // `x.get_unchecked(i)` as a reference: `&x[i]` (`&mut x[i]`).
            other => unchecked_access(other).map(|(x, i, writes)| {
                if writes {
                    syn::parse_quote!(&mut #x[#i])
                } else {
                    syn::parse_quote!(&#x[#i])
                }
            }),
        };
        if let Some(r) = rewritten {
            *e = r;
            self.changed = true;
        }
        syn::visit_mut::visit_expr_mut(self, e);
        if let syn::Expr::Unsafe(u) = &*e {
            if !calls_raw(&u.block) {
                *e = syn::Expr::Block(syn::ExprBlock {
                    attrs: u.attrs.clone(),
                    label: None,
                    block: u.block.clone(),
                });
                self.changed = true;
            }
        }
    }
}

/// Whether a call in `block` names something of `RAW`.
fn calls_raw(block: &syn::Block) -> bool {
    struct Find(bool);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            let name = m.method.to_string();
            self.0 |= RAW.iter().any(|r| name.contains(r));
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func {
                self.0 |= p.path.segments.iter().any(|s| {
                    let name = s.ident.to_string();
                    RAW.iter().any(|r| name.contains(r))
                });
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut find = Find(false);
    syn::visit::Visit::visit_block(&mut find, block);
    find.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchecked_reads_and_writes_become_indexing() {
        let item: syn::ItemFn = syn::parse_quote! {
            fn f(x: &[f64], w: &mut [f64]) -> f64 {
                unsafe {
                    *w.get_unchecked_mut(0) = *x.get_unchecked(1) / *x.get_unchecked(0);
                    let r = x.get_unchecked(2);
                    *r
                }
            }
        };
        let copy = unchecked_as_indexing(&item).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(!text.contains("unsafe"), "{text}");
        assert!(text.contains("w [0] = x [1] / x [0]"), "{text}");
        assert!(text.contains("let r = & x [2]"), "{text}");
        let refs: syn::ItemFn = syn::parse_quote! {
            fn d(x: &[f64], i: usize) -> f64 { unsafe { x.get_unchecked(i) - x.get_unchecked(i - 1) } }
        };
        let copy = unchecked_as_indexing(&refs).expect("rewritten");
        let text = quote::quote!(#copy).to_string();
        assert!(text.contains("{ x [i] - x [i - 1] }"), "{text}");
        // Other unsafe code keeps its block (and the macro's refusal).
        let raw: syn::ItemFn = syn::parse_quote! {
            fn g(x: &[f64]) -> f64 { unsafe { *x.as_ptr().add(1) } }
        };
        assert!(unchecked_as_indexing(&raw).is_none());
    }
}
