//! Raw identifiers written plainly (`r#x` as `x`), so that the macro reads one variable
//! where rustc does.

use syn::Ident;

/// A copy of `item` in which every raw identifier that need not be raw (`r#x`, which Rust
/// reads as `x`) is written plainly, so that `r#x` and `x` name one variable for the macro
/// as they do for rustc; keywords stay raw (`r#type`). `None` where there is none.
pub(crate) fn unraw_identifiers(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    struct Unraw(bool);
    impl syn::visit_mut::VisitMut for Unraw {
        fn visit_ident_mut(&mut self, i: &mut Ident) {
            if let Some(p) = plain_ident(i) {
                *i = p;
                self.0 = true;
            }
        }
        fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
            syn::visit_mut::visit_macro_mut(self, m);
            m.tokens = unraw_tokens(std::mem::take(&mut m.tokens), &mut self.0);
        }
    }
    let mut copy = item.clone();
    let mut unraw = Unraw(false);
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut unraw, &mut copy);
    unraw.0.then_some(copy)
}

/// `ts` with every raw identifier that need not be raw written plainly (see
/// [`unraw_identifiers`]); `changed` is set where one was.
pub(crate) fn unraw_tokens(
    ts: proc_macro2::TokenStream,
    changed: &mut bool,
) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) => match plain_ident(&i) {
                Some(p) => {
                    *changed = true;
                    TokenTree::Ident(p)
                }
                None => TokenTree::Ident(i),
            },
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), unraw_tokens(g.stream(), changed));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}

/// `x` for `r#x`; `None` for a plain identifier or a keyword (`r#type` stays raw).
fn plain_ident(ident: &Ident) -> Option<Ident> {
    let name = ident.to_string();
    let bare = name.strip_prefix("r#")?;
    syn::parse_str::<Ident>(bare)
        .ok()
        .map(|_| Ident::new(bare, ident.span()))
}
