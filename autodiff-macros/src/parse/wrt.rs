//! Parameters and `wrt(…)`: a receiver the body only matches on, which is no active
//! parameter where `wrt(…)` is not given, and a `mut` parameter `wrt(…)` leaves out,
//! which becomes a local.

use syn::Ident;

/// Whether `item` takes `&self` (or `self`) and reads it only as the scrutinee of a `match`
/// (`match self { … }`, `match *self { … }`) or of `matches!(self, …)`: never a field, a
/// method, or the value passed on.
pub(crate) fn receiver_only_matched(item: &syn::ItemFn) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    let Some(receiver) = item.sig.receiver() else {
        return false;
    };
    if receiver.mutability.is_some() {
        return false;
    }
    // Each `self`, with the tokens before it, is a scrutinee or a use.
    fn only_matched(ts: proc_macro2::TokenStream, in_matches: bool, used: &mut bool) -> bool {
        let trees: Vec<TokenTree> = ts.into_iter().collect();
        let mut matched = false;
        for (k, t) in trees.iter().enumerate() {
            match t {
                TokenTree::Ident(i) if i == "self" => {
                    let before = |n: usize| k.checked_sub(n).map(|j| &trees[j]);
                    let after_match = |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Ident(m)) if m == "match");
                    let deref =
                        matches!(before(1), Some(TokenTree::Punct(p)) if p.as_char() == '*');
                    let scrutinee = after_match(before(1)) || (deref && after_match(before(2)));
                    let braces = matches!(trees.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace);
                    let first_in_matches = in_matches && k == 0;
                    if !((scrutinee && braces) || first_in_matches) {
                        *used = true;
                    }
                    matched = true;
                }
                TokenTree::Group(g) => {
                    let is_matches = k >= 2
                        && matches!(&trees[k - 2], TokenTree::Ident(m) if m == "matches")
                        && matches!(&trees[k - 1], TokenTree::Punct(p) if p.as_char() == '!');
                    matched |= only_matched(g.stream(), is_matches, used);
                }
                _ => {}
            }
        }
        matched
    }
    let mut used = false;
    let block = &item.block;
    let mentioned = only_matched(quote::quote!(#block), false, &mut used);
    mentioned && !used
}

/// A copy of `item` in which each `mut` parameter that `wrt(…)` leaves out is a local
/// (`fn g(x: f64, mut c: f64)` with `wrt(x)` reads as `c: f64` and `let mut c = c;`): the
/// parameter holds a constant, and the local may be given values that carry a derivative
/// (`c = c * x`). `None` where there is none.
pub(crate) fn localise_mut_params(
    item: &syn::ItemFn,
    wrt: Option<&[Ident]>,
) -> Option<syn::ItemFn> {
    let wrt = wrt?;
    let mut copy = item.clone();
    let mut locals: Vec<syn::Stmt> = vec![];
    for input in copy.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let syn::Pat::Ident(p) = &mut *pt.pat else {
            continue;
        };
        if p.mutability.is_none() || p.by_ref.is_some() || wrt.contains(&p.ident) {
            continue;
        }
        p.mutability = None;
        let name = &p.ident;
        locals.push(syn::parse_quote!(let mut #name = #name;));
    }
    if locals.is_empty() {
        return None;
    }
    locals.append(&mut copy.block.stmts);
    copy.block.stmts = locals;
    Some(copy)
}
