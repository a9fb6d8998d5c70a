//! An element of a field bound whole and read by its parts, as code over tuples writes it:
//!
//! ```text
//! let p = self.pts[i];            let __index1 = i;
//!                                 let __p_02 = self.pts[__index1].0;
//!                                 let __p_13 = self.pts[__index1].1;
//! t += self.k * p.0 * p.1;        t += self.k * __p_02 * __p_13;
//! ```
//!
//! (`let p = &self.pts[i];` too.) Each part is then a read of the field's element, as
//! `let (x, y) = self.pts[i];` is (`tuple_lets`), where the macro, which cannot see the
//! field's type, would otherwise take the element for a float. The rewrite is made only
//! where every later use of the name is a part, `p.0`, and nothing binds the name again; any
//! other use (`f(p)`, `p == q`) leaves the statements as written.

use super::Lowerer;
use proc_macro2::{TokenStream, TokenTree};
use quote::quote;
use std::collections::BTreeSet;
use syn::visit::Visit;

impl Lowerer {
    /// The statements with each field element bound whole read by its parts, or `None`
    /// where there is none.
    pub(super) fn spread_elements(&mut self, stmts: &[syn::Stmt]) -> Option<Vec<syn::Stmt>> {
        let spread = (0..stmts.len()).find_map(|at| self.spread_at(stmts, at))?;
        // (Further elements bound whole, later in the list.)
        Some(self.spread_elements(&spread).unwrap_or(spread))
    }

    /// The statements with the `let` at `at` spread, where it binds a field's element read
    /// by its parts alone.
    fn spread_at(&mut self, stmts: &[syn::Stmt], at: usize) -> Option<Vec<syn::Stmt>> {
        let (name, mutable, ty, base, index) = self.element_binding(&stmts[at])?;
        let rest = &stmts[at + 1..];
        let rest_tokens = quote!(#(#rest)*);
        let parts = parts_used(rest_tokens.clone(), &name)?;
        if parts.is_empty() || binds_again(rest, &name) {
            return None;
        }
        let position = self.synthetic_ident("index");
        let mut out: Vec<syn::Stmt> = stmts[..at].to_vec();
        out.push(syn::parse_quote!(let #position = #index;));
        let mut names = vec![];
        for &k in &parts {
            let part = self.synthetic_ident(&format!("{name}_{k}"));
            let member = syn::Index::from(k);
            let mutability = mutable.then(|| quote!(mut));
            let part_ty = ty
                .as_ref()
                .and_then(|t| t.elems.iter().nth(k))
                .map(|t| quote!(: #t));
            out.push(syn::parse_quote!(let #mutability #part #part_ty = #base[#position].#member;));
            names.push((k, part));
        }
        let replaced = with_parts(rest_tokens, &name, &names);
        let block: syn::Block = syn::parse2(quote!({ #replaced })).ok()?;
        out.extend(block.stmts);
        Some(out)
    }

    /// `let p = self.pts[i];` (or `&self.pts[i]`, `let mut p`, `let p: (f64, usize)`): the
    /// name, whether it is `mut`, its tuple type if written, the field, the index.
    #[allow(clippy::type_complexity)]
    fn element_binding(
        &self,
        stmt: &syn::Stmt,
    ) -> Option<(
        syn::Ident,
        bool,
        Option<syn::TypeTuple>,
        syn::Expr,
        syn::Expr,
    )> {
        let syn::Stmt::Local(local) = stmt else {
            return None;
        };
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
            p => (p, None),
        };
        let syn::Pat::Ident(p) = pat else { return None };
        if p.by_ref.is_some() || p.subpat.is_some() {
            return None;
        }
        let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
        let element = match &*init.expr {
            syn::Expr::Reference(r) if r.mutability.is_none() => &*r.expr,
            e => e,
        };
        let syn::Expr::Index(ix) = element else {
            return None;
        };
        if !self.is_field_element(ix) {
            return None;
        }
        let ty = match ty {
            Some(syn::Type::Tuple(t)) => Some(t.clone()),
            Some(_) => None,
            None => None,
        };
        Some((
            p.ident.clone(),
            p.mutability.is_some(),
            ty,
            (*ix.expr).clone(),
            (*ix.index).clone(),
        ))
    }
}

/// The parts `name.k` the tokens read, or `None` where they use `name` otherwise (whole, or
/// a nested part `name.0.1`, which tokenises as `name . 0.1`).
pub(super) fn parts_used(tokens: TokenStream, name: &syn::Ident) -> Option<BTreeSet<usize>> {
    let mut parts = BTreeSet::new();
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tt) in trees.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => parts.extend(parts_used(g.stream(), name)?),
            // (Its binding, `let p` or `let mut p`, is no use.)
            TokenTree::Ident(id) if id == name && !after_dot(&trees, i) && !bound_at(&trees, i) => {
                parts.insert(part_at(&trees, i)?);
            }
            _ => {}
        }
    }
    Some(parts)
}

/// Whether the name at `i` is bound there (`let p`, `let mut p`).
fn bound_at(trees: &[TokenTree], i: usize) -> bool {
    i > 0 && matches!(&trees[i - 1], TokenTree::Ident(k) if k == "let" || k == "mut")
}

/// Whether the token before `i` is a `.` (a field or a method named like the name).
fn after_dot(trees: &[TokenTree], i: usize) -> bool {
    i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.')
}

/// The `k` of `name . k` at `i`.
fn part_at(trees: &[TokenTree], i: usize) -> Option<usize> {
    match (trees.get(i + 1), trees.get(i + 2)) {
        (Some(TokenTree::Punct(dot)), Some(TokenTree::Literal(k))) if dot.as_char() == '.' => {
            k.to_string().parse().ok()
        }
        _ => None,
    }
}

/// The tokens with each `name . k` the part's name.
fn with_parts(
    tokens: TokenStream,
    name: &syn::Ident,
    parts: &[(usize, syn::Ident)],
) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), with_parts(g.stream(), name, parts));
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            TokenTree::Ident(id) if id == name && !after_dot(&trees, i) => {
                let k = part_at(&trees, i).expect("every use is a part");
                let (_, part) = parts
                    .iter()
                    .find(|(j, _)| *j == k)
                    .expect("each part named");
                let mut part = part.clone();
                part.set_span(id.span());
                out.extend([TokenTree::Ident(part)]);
                i += 3;
                continue;
            }
            other => out.extend([other.clone()]),
        }
        i += 1;
    }
    out
}

/// Whether a pattern among the statements binds `name` (a later `let`, a closure's
/// parameter, a `match` arm).
fn binds_again(stmts: &[syn::Stmt], name: &syn::Ident) -> bool {
    struct Find<'n>(&'n syn::Ident, bool);
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
            self.1 |= p.ident == *self.0;
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut find = Find(name, false);
    stmts.iter().for_each(|s| find.visit_stmt(s));
    find.1
}
