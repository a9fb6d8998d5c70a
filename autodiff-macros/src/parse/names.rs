//! The names a function's parameters bind, and the renaming of a parameter that would
//! hide an item derived from the function (`fn hh(hh: f64)` calls `hh_…`).

use syn::{Ident, Signature, Type};

/// The names the parameters of `sig` bind, those written as plain names (the receiver and
/// patterns aside).
pub(crate) fn param_idents(sig: &Signature) -> Vec<&Ident> {
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(pt) => match &*pt.pat {
                syn::Pat::Ident(p) => Some(&p.ident),
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

/// A copy of `item` whose parameters named like the function or like an item derived from
/// it (`fn hh(hh: f64)`, `fn kk(x: f64, kk_grad: f64)`), or like the tangent or cotangent
/// of the receiver or a `&mut` buffer (`self_dot`, `y_bar`), are renamed (`param_hh`) with every
/// use: the derived items call `hh` and `kk_grad`, which such a parameter would hide. The
/// body cannot name the function there anyway, so every `hh` in it is the variable. `None`
/// where no parameter needs it; else the copy and each renamed parameter's old and new name.
pub(crate) fn rename_params_like_items(
    item: &syn::ItemFn,
) -> Option<(syn::ItemFn, Vec<(Ident, Ident)>)> {
    use syn::visit_mut::VisitMut;
    let f = item.sig.ident.to_string().replace("r#", "");
    // A method's receiver and a `&mut` buffer have a tangent and a cotangent named after them
    // (the name of a buffer's entry contents, where it is read first, is chosen free).
    let mut derived: Vec<String> = vec![];
    if item.sig.receiver().is_some() {
        derived.extend(["self_dot".into(), "self_bar".into()]);
    }
    for input in &item.sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            if let (syn::Pat::Ident(p), Type::Reference(r)) = (&*pt.pat, &*pt.ty) {
                if r.mutability.is_some() {
                    let b = p.ident.to_string().replace("r#", "");
                    derived.extend(["dot", "bar"].map(|d| format!("{b}_{d}")));
                }
            }
        }
    }
    let clashes = |name: &str| {
        name == f || name.starts_with(&format!("{f}_")) || derived.iter().any(|d| d == name)
    };
    let names: Vec<String> = param_idents(&item.sig)
        .into_iter()
        .map(|i| i.to_string())
        // (A raw parameter `r#match` of a function `r#match` clashes too.)
        .filter(|n| clashes(&n.replace("r#", "")))
        .collect();
    if names.is_empty() {
        return None;
    }
    let taken: std::collections::HashSet<String> = {
        let mut all = std::collections::HashSet::new();
        fn walk(ts: proc_macro2::TokenStream, all: &mut std::collections::HashSet<String>) {
            for t in ts {
                match t {
                    proc_macro2::TokenTree::Ident(i) => {
                        all.insert(i.to_string());
                    }
                    proc_macro2::TokenTree::Group(g) => walk(g.stream(), all),
                    _ => {}
                }
            }
        }
        walk(quote::ToTokens::to_token_stream(item), &mut all);
        all
    };
    let renames: Vec<(String, Ident)> = names
        .into_iter()
        .map(|n| {
            // A name that neither is taken nor starts like the derived items' (`hh_…`).
            let stem = n.replace("r#", "");
            let new = (1..100)
                .map(|k| match k {
                    1 => format!("param_{stem}"),
                    _ => format!("param{k}_{stem}"),
                })
                .find(|c| !taken.contains(c) && !clashes(c))
                .unwrap_or_else(|| format!("__{stem}"));
            (n, Ident::new(&new, proc_macro2::Span::call_site()))
        })
        .collect();
    struct Rename<'a>(&'a [(String, Ident)]);
    impl Rename<'_> {
        fn to(&self, i: &Ident) -> Option<Ident> {
            let name = i.to_string();
            self.0
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, new)| Ident::new(&new.to_string(), i.span()))
        }
        fn tokens(&self, ts: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
            use proc_macro2::TokenTree;
            let mut after_dot = false;
            ts.into_iter()
                .map(|t| {
                    let out = match t {
                        TokenTree::Ident(i) if !after_dot => match self.to(&i) {
                            Some(n) => TokenTree::Ident(n),
                            None => TokenTree::Ident(i),
                        },
                        TokenTree::Group(g) => {
                            let mut group =
                                proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                            group.set_span(g.span());
                            TokenTree::Group(group)
                        }
                        other => other,
                    };
                    after_dot = matches!(&out, TokenTree::Punct(p) if p.as_char() == '.');
                    out
                })
                .collect()
        }
    }
    impl VisitMut for Rename<'_> {
        fn visit_pat_ident_mut(&mut self, p: &mut syn::PatIdent) {
            if let Some(n) = self.to(&p.ident) {
                p.ident = n;
            }
            syn::visit_mut::visit_pat_ident_mut(self, p);
        }
        fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
            if e.qself.is_none() && e.path.segments.len() == 1 {
                if let Some(n) = self.to(&e.path.segments[0].ident) {
                    e.path.segments[0].ident = n;
                }
            }
        }
        fn visit_field_value_mut(&mut self, fv: &mut syn::FieldValue) {
            // `S { hh }` keeps its field: `S { hh: hh_arg }`.
            if fv.colon_token.is_none()
                && matches!(&fv.member, syn::Member::Named(m) if self.to(m).is_some())
            {
                fv.colon_token = Some(Default::default());
            }
            syn::visit_mut::visit_expr_mut(self, &mut fv.expr);
        }
        fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
            m.tokens = self.tokens(std::mem::take(&mut m.tokens));
        }
    }
    let mut copy = item.clone();
    let mut rename = Rename(&renames);
    for input in copy.sig.inputs.iter_mut() {
        rename.visit_fn_arg_mut(input);
    }
    rename.visit_block_mut(&mut copy.block);
    let renames = renames
        .into_iter()
        .map(|(old, new)| (crate::tokens::ident(&old, new.span()), new))
        .collect();
    Some((copy, renames))
}
