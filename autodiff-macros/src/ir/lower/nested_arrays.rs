//! Local matrices written as nested arrays: `let r = [[c, -s], [s, c]];` or `let mut m =
//! [[0.0; 3]; 3];`, read and written as `r[i][j]`. Held flat, row after row, they are the
//! float arrays the rest of the lowering knows:
//!
//! ```text
//! let r = [[c, -s], [s, c]];      let r = [c, -s, s, c];
//! q[i] += r[i][j] * p[j];         q[i] += r[(i) * 2 + (j)] * p[j];
//! let mut m = [[0.0; 3]; 3];      let mut m = [0.0; (3) * (3)];
//! for i in 0..m.len() { … }       for i in 0..3 { … }           (`m[i].len()` is 3 too)
//! ```
//!
//! (A column index past a row's end, where the user's function panics, reads the next row in
//! the derived items: they are checked only as far as the flat array's bounds.)
//!
//! The rewrite is made only where every later use of the name, up to a `let` that shadows
//! it, is one of those three forms; any other (a row `m[i]` passed on, `for row in &m`, a
//! closure or pattern binding the name again, a macro naming it) leaves the statements as
//! written, for the messages that say what is supported.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::visit_mut::VisitMut;

/// The statements with each nested array a `let` binds held flat, or `None` where there is
/// none to flatten.
pub(super) fn flatten(stmts: &[syn::Stmt]) -> Option<Vec<syn::Stmt>> {
    let mut out: Vec<syn::Stmt> = stmts.to_vec();
    let mut changed = false;
    let mut i = 0;
    while i < out.len() {
        if let Some((flat_let, matrix)) = flat_binding(&out[i]) {
            let end = shadowed_at(&out[i + 1..], &matrix.name).map_or(out.len(), |k| i + 1 + k);
            // (A shadowing `let`'s initialiser still reads this matrix.)
            let mut rest: Vec<syn::Stmt> = out[i + 1..end].to_vec();
            let mut shadow_init = out.get(end).and_then(|s| match s {
                syn::Stmt::Local(l) => l.init.as_ref().map(|init| (*init.expr).clone()),
                _ => None,
            });
            let tokens = rest
                .iter()
                .map(ToTokens::to_token_stream)
                .chain(shadow_init.iter().map(ToTokens::to_token_stream));
            let mentions: usize = tokens.map(|t| count_ident(t, &matrix.name)).sum();
            // (A shadowing `let … else`'s `else` still sees the matrix: left as written.)
            let diverge_mentions = match out.get(end) {
                Some(syn::Stmt::Local(l)) => l
                    .init
                    .as_ref()
                    .and_then(|i| i.diverge.as_ref())
                    .map_or(0, |(_, d)| count_ident(d.to_token_stream(), &matrix.name)),
                _ => 0,
            };
            let mut rewrite = Rewrite {
                matrix: &matrix,
                rewritten: 0,
                other: false,
            };
            for s in &mut rest {
                rewrite.visit_stmt_mut(s);
            }
            if let Some(e) = shadow_init.as_mut() {
                rewrite.visit_expr_mut(e);
            }
            // Every later mention is one of the rewritten forms.
            if !rewrite.other && mentions == rewrite.rewritten && diverge_mentions == 0 {
                out[i] = flat_let;
                out.splice(i + 1..end, rest);
                if let (Some(e), Some(syn::Stmt::Local(l))) = (shadow_init, out.get_mut(end)) {
                    if let Some(init) = l.init.as_mut() {
                        *init.expr = e;
                    }
                }
                changed = true;
            }
        }
        i += 1;
    }
    changed.then_some(out)
}

/// A nested array bound by a `let`: its name, and its numbers of rows and columns.
struct Matrix {
    name: syn::Ident,
    rows: TokenStream,
    cols: TokenStream,
}

/// `let r = [[a, b], [c, d]];` (an optional type `[[F; 2]; 2]`) or `let m = [[e; n]; k];`:
/// the `let` of its flat form, and the matrix it holds.
fn flat_binding(stmt: &syn::Stmt) -> Option<(syn::Stmt, Matrix)> {
    let syn::Stmt::Local(local) = stmt else {
        return None;
    };
    let (pat, ty) = match &local.pat {
        syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
        p => (p, None),
    };
    let syn::Pat::Ident(p) = pat else {
        return None;
    };
    if p.by_ref.is_some() || p.subpat.is_some() {
        return None;
    }
    let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
    let (flat, rows, cols): (syn::Expr, TokenStream, TokenStream) =
        match crate::tokens::peel_trivial(&init.expr) {
            syn::Expr::Array(outer) => {
                let rows: Vec<&syn::ExprArray> = outer
                    .elems
                    .iter()
                    .map(|e| match e {
                        syn::Expr::Array(row) => Some(row),
                        _ => None,
                    })
                    .collect::<Option<_>>()?;
                let n = rows.first()?.elems.len();
                let flat_elements = rows.iter().flat_map(|r| r.elems.iter());
                if n == 0
                    || rows.iter().any(|r| r.elems.len() != n)
                    || flat_elements
                        .clone()
                        .any(|e| matches!(e, syn::Expr::Array(_) | syn::Expr::Repeat(_)))
                {
                    return None;
                }
                let (k, n) = (
                    proc_macro2::Literal::usize_unsuffixed(rows.len()),
                    proc_macro2::Literal::usize_unsuffixed(n),
                );
                (
                    syn::parse_quote!([#(#flat_elements),*]),
                    quote!(#k),
                    quote!(#n),
                )
            }
            syn::Expr::Repeat(outer) => {
                let syn::Expr::Repeat(row) = &*outer.expr else {
                    return None;
                };
                if matches!(&*row.expr, syn::Expr::Array(_) | syn::Expr::Repeat(_)) {
                    return None;
                }
                let (e, n, k) = (&row.expr, &row.len, &outer.len);
                (
                    syn::parse_quote!([#e; (#k) * (#n)]),
                    quote!((#k)),
                    quote!((#n)),
                )
            }
            _ => return None,
        };
    let ty = match ty {
        None => None,
        Some(syn::Type::Array(outer)) => match &*outer.elem {
            syn::Type::Array(row) if !matches!(&*row.elem, syn::Type::Array(_)) => {
                let (f, n, k) = (&row.elem, &row.len, &outer.len);
                Some(quote!(: [#f; (#k) * (#n)]))
            }
            _ => return None,
        },
        Some(_) => return None,
    };
    let attrs = &local.attrs;
    let flat_let: syn::Stmt = syn::parse_quote!(#(#attrs)* let #p #ty = #flat;);
    let matrix = Matrix {
        name: p.ident.clone(),
        rows,
        cols,
    };
    Some((flat_let, matrix))
}

/// Where among `stmts` a `let` binds `name` again.
fn shadowed_at(stmts: &[syn::Stmt], name: &syn::Ident) -> Option<usize> {
    stmts.iter().position(|s| match s {
        syn::Stmt::Local(l) => binds(&l.pat, name),
        _ => false,
    })
}

/// Whether `pat` binds `name`.
fn binds(pat: &syn::Pat, name: &syn::Ident) -> bool {
    struct Find<'a>(&'a syn::Ident, bool);
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.1 |= p.ident == *self.0;
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut find = Find(name, false);
    syn::visit::Visit::visit_pat(&mut find, pat);
    find.1
}

/// How many times `name` appears in `tokens`.
fn count_ident(tokens: TokenStream, name: &syn::Ident) -> usize {
    tokens
        .into_iter()
        .map(|t| match t {
            proc_macro2::TokenTree::Ident(i) if i == *name => 1,
            proc_macro2::TokenTree::Group(g) => count_ident(g.stream(), name),
            _ => 0,
        })
        .sum()
}

/// Rewrites `m[i][j]`, `m.len()` and `m[i].len()` of the matrix; counts them, and notes a
/// nested binding of the name (`other`), which stops the rewrite.
struct Rewrite<'a> {
    matrix: &'a Matrix,
    rewritten: usize,
    other: bool,
}

impl Rewrite<'_> {
    fn is_matrix(&self, e: &syn::Expr) -> bool {
        matches!(e, syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident(&self.matrix.name))
    }

    /// `m[i]`: the row's index.
    fn row_of<'e>(&self, e: &'e syn::Expr) -> Option<&'e syn::Expr> {
        match e {
            syn::Expr::Index(ix)
                if self.is_matrix(&ix.expr) && !matches!(&*ix.index, syn::Expr::Range(_)) =>
            {
                Some(&ix.index)
            }
            _ => None,
        }
    }
}

impl VisitMut for Rewrite<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        let (rows, cols) = (&self.matrix.rows, &self.matrix.cols);
        let replaced: Option<syn::Expr> = match &*e {
            syn::Expr::Index(ix) if !matches!(&*ix.index, syn::Expr::Range(_)) => {
                self.row_of(&ix.expr).map(|row| {
                    let (name, col) = (&self.matrix.name, &ix.index);
                    let (mut row, mut col) = ((*row).clone(), (**col).clone());
                    self.visit_expr_mut(&mut row);
                    self.visit_expr_mut(&mut col);
                    syn::parse_quote!(#name[(#row) * #cols + (#col)])
                })
            }
            syn::Expr::MethodCall(m) if m.method == "len" && m.args.is_empty() => {
                if self.is_matrix(&m.receiver) {
                    Some(syn::parse_quote!(#rows))
                } else if self.row_of(&m.receiver).is_some() {
                    // (The row's index is not evaluated: `m[i].len()` is `cols` for any `i`.)
                    let index = self.row_of(&m.receiver).map(|i| i.to_token_stream());
                    let mentions = index.map_or(0, |i| count_ident(i, &self.matrix.name));
                    self.rewritten += mentions;
                    Some(syn::parse_quote!(#cols))
                } else {
                    None
                }
            }
            _ => None,
        };
        match replaced {
            Some(new) => {
                self.rewritten += 1;
                *e = new;
            }
            None => syn::visit_mut::visit_expr_mut(self, e),
        }
    }

    fn visit_pat_mut(&mut self, p: &mut syn::Pat) {
        self.other |= binds(p, &self.matrix.name);
    }

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}
