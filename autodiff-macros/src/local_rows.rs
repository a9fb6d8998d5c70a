//! Local matrices built as rows, `let mut m = vec![vec![0.0; cols]; rows];`, written and
//! read entry by entry (`m[i][j] += …`) and returned whole: the shape numerical code gives
//! a matrix product or a transpose.
//!
//! The derived items keep such a matrix flat, row after row, so that the rest of the
//! compiler sees one float sequence: the `let` becomes the width, the height and
//! `vec![0.0; rows * cols]`; `m[i][j]` is `m[i * m_cols + j]`, `m.len()` the height and
//! `m[i].len()` the width; a returned `m` is cut back into rows by the rule
//! `ops::rows_of(&m, m_cols)`, whose tangent and cotangent are the rows' own; a row
//! `m[i]` is the flat entries from `i * m_cols` on, and `for row in &m` walks them a row
//! at a time (`m.chunks(m_cols)`). The primal function stays as written. Any other use of
//! the matrix (passed on whole) is refused with a message naming it.

use proc_macro2::Span;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{Expr, Ident, ItemFn, Stmt};

/// A local matrix: its name, and the names of its width and height.
struct Matrix {
    name: Ident,
    cols: Ident,
    rows: Ident,
}

/// `item` with its local matrices kept flat, `None` where it has none, or the error at a
/// use of one that is not an entry, a length or the result.
pub fn flatten(item: &ItemFn) -> syn::Result<Option<ItemFn>> {
    let mut found = Find::default();
    found.visit_block(&item.block);
    let params: Vec<String> = crate::parse::param_idents(&item.sig)
        .into_iter()
        .map(|i| i.to_string())
        .collect();
    let fresh = |stem: String| {
        let mut name = stem;
        while crate::tokens::mentions_any(quote!(#item), &[name.as_str()]) {
            name.push('_');
        }
        crate::ir::ident(&name, Span::call_site())
    };
    let matrices: Vec<Matrix> = found
        .lets
        .iter()
        .filter(|n| {
            let name = n.to_string();
            found.bound.iter().filter(|b| **b == name).count() == 1 && !params.contains(&name)
        })
        .map(|n| {
            let stem = n.to_string().trim_start_matches("r#").to_string();
            Matrix {
                name: n.clone(),
                cols: fresh(format!("{stem}_cols")),
                rows: fresh(format!("{stem}_rows")),
            }
        })
        .collect();
    if matrices.is_empty() {
        return Ok(None);
    }
    let mut copy = item.clone();
    let mut rewrite = Rewrite {
        matrices: &matrices,
        error: None,
    };
    // The result (the body's last expression, or a `return`'s value) first, then the
    // entries and lengths; any use left is refused.
    if let Some(Stmt::Expr(tail, None)) = copy.block.stmts.last_mut() {
        rewrite.result(tail);
    }
    let mut returns = Returns {
        rewrite: &mut rewrite,
    };
    returns.visit_block_mut(&mut copy.block);
    rewrite.visit_block_mut(&mut copy.block);
    match rewrite.error {
        Some(e) => Err(e),
        None => Ok(Some(copy)),
    }
}

/// `vec![vec![z; cols]; rows]`: its element, width and height.
fn rows_literal(e: &Expr) -> Option<(Expr, Expr, Expr)> {
    let repeat = |e: &Expr| -> Option<(Expr, Expr)> {
        let Expr::Macro(m) = e else { return None };
        if !m.mac.path.is_ident("vec") {
            return None;
        }
        let repeated = |input: syn::parse::ParseStream| -> syn::Result<(Expr, Expr)> {
            let elem: Expr = input.parse()?;
            input.parse::<syn::Token![;]>()?;
            let len: Expr = input.parse()?;
            Ok((elem, len))
        };
        m.mac.parse_body_with(repeated).ok()
    };
    let (row, rows) = repeat(e)?;
    let (z, cols) = repeat(&row)?;
    Some((z, cols, rows))
}

/// The names bound by `let` (all of them) and those bound to a matrix literal, mutably.
#[derive(Default)]
struct Find {
    bound: Vec<String>,
    lets: Vec<Ident>,
}

impl<'a> syn::visit::Visit<'a> for Find {
    fn visit_local(&mut self, l: &'a syn::Local) {
        let pat = match &l.pat {
            syn::Pat::Type(t) => &*t.pat,
            p => p,
        };
        if let syn::Pat::Ident(p) = pat {
            self.bound.push(p.ident.to_string());
            let literal = l
                .init
                .as_ref()
                .is_some_and(|i| rows_literal(&i.expr).is_some());
            if literal && p.mutability.is_some() && p.by_ref.is_none() {
                self.lets.push(p.ident.clone());
            }
        }
        syn::visit::visit_local(self, l);
    }
}

impl Find {
    fn visit_block(&mut self, b: &syn::Block) {
        syn::visit::Visit::visit_block(self, b);
    }
}

struct Rewrite<'m> {
    matrices: &'m [Matrix],
    error: Option<syn::Error>,
}

impl Rewrite<'_> {
    fn matrix_named(&self, e: &Expr) -> Option<&Matrix> {
        let Expr::Path(p) = e else { return None };
        let ident = p.path.get_ident()?;
        self.matrices.iter().find(|m| m.name == *ident)
    }

    /// A returned matrix, cut into rows.
    fn result(&mut self, e: &mut Expr) {
        let target = match e {
            Expr::Paren(p) => &mut *p.expr,
            e => e,
        };
        if let Some(m) = self.matrix_named(target) {
            let (name, cols) = (&m.name, &m.cols);
            *target = syn::parse_quote!(::autodiff::ops::rows_of(&#name, #cols));
        }
    }
}

impl VisitMut for Rewrite<'_> {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let mut stmts = vec![];
        for mut s in std::mem::take(&mut b.stmts) {
            self.visit_stmt_mut(&mut s);
            if let Some(flat) = self.flat_let(&s) {
                stmts.extend(flat);
            } else {
                stmts.push(s);
            }
        }
        b.stmts = stmts;
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            // `ops::rows_of(&m, m_cols)`, the result written above.
            Expr::Call(c)
                if quote!(#c)
                    .to_string()
                    .starts_with(":: autodiff :: ops :: rows_of") =>
            {
                return;
            }
            // `m[i][j]`: the entry of the flat matrix.
            Expr::Index(outer) => {
                if let Expr::Index(inner) = &mut *outer.expr {
                    if let Some(m) = self.matrix_named(&inner.expr) {
                        let (name, cols) = (m.name.clone(), m.cols.clone());
                        self.visit_expr_mut(&mut inner.index);
                        self.visit_expr_mut(&mut outer.index);
                        let (i, j) = (&inner.index, &outer.index);
                        *e = syn::parse_quote!(#name[(#i) * #cols + (#j)]);
                        return;
                    }
                }
                // `m[i]`, a row: the flat entries from `i * m_cols` on.
                let row = !matches!(&*outer.index, Expr::Range(_));
                if let (true, Some(m)) = (row, self.matrix_named(&outer.expr)) {
                    let (name, cols) = (m.name.clone(), m.cols.clone());
                    self.visit_expr_mut(&mut outer.index);
                    let i = &outer.index;
                    *e = syn::parse_quote!(#name[(#i) * #cols..((#i) + 1) * #cols]);
                    return;
                }
            }
            // `for row in &m`, `m.iter()`: the flat entries a row at a time.
            Expr::ForLoop(f) => {
                let walked = match &*f.expr {
                    Expr::Reference(r) if r.mutability.is_none() => Some(&*r.expr),
                    Expr::MethodCall(c) if c.method == "iter" && c.args.is_empty() => {
                        Some(&*c.receiver)
                    }
                    _ => None,
                };
                if let Some(m) = walked.and_then(|w| self.matrix_named(w)) {
                    let (name, cols) = (&m.name, &m.cols);
                    *f.expr = syn::parse_quote!(#name.chunks(#cols.max(1)));
                    self.visit_block_mut(&mut f.body);
                    return;
                }
            }
            // `m.len()`, `m[i].len()`.
            Expr::MethodCall(c) if c.method == "len" && c.args.is_empty() => {
                if let Some(m) = self.matrix_named(&c.receiver) {
                    let rows = &m.rows;
                    *e = syn::parse_quote!(#rows);
                    return;
                }
                if let Expr::Index(ix) = &*c.receiver {
                    if let Some(m) = self.matrix_named(&ix.expr) {
                        let cols = &m.cols;
                        *e = syn::parse_quote!(#cols);
                        return;
                    }
                }
            }
            _ => {}
        }
        if let Some(m) = self.matrix_named(e) {
            if self.error.is_none() {
                let name = &m.name;
                self.error = Some(syn::Error::new_spanned(
                    &*e,
                    format!("the local matrix `{name}` (built as `vec![vec![…; cols]; rows]`) is used here other than by an entry `{name}[i][j]`, a row `{name}[i]`, a loop over its rows, a length or as the function's result: read and write its entries, or build it as a flat `Vec` indexed `{name}[i * cols + j]`"),
                ));
            }
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

impl Rewrite<'_> {
    /// `let mut m = vec![vec![z; cols]; rows];` of a matrix, as its width, height and flat
    /// entries.
    fn flat_let(&self, s: &Stmt) -> Option<Vec<Stmt>> {
        let Stmt::Local(l) = s else { return None };
        let (pat, ty) = match &l.pat {
            syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
            p => (p, None),
        };
        let syn::Pat::Ident(p) = pat else { return None };
        let m = self.matrices.iter().find(|m| m.name == p.ident)?;
        let (z, cols_len, rows_len) = rows_literal(&l.init.as_ref()?.expr)?;
        let (name, cols, rows) = (&m.name, &m.cols, &m.rows);
        // `Vec<Vec<f64>>` written: `Vec<f64>`.
        let flat_ty = ty.and_then(|t| match t {
            syn::Type::Path(tp) => match &tp.path.segments.last()?.arguments {
                syn::PathArguments::AngleBracketed(a) => match a.args.first()? {
                    syn::GenericArgument::Type(row) => Some(row.clone()),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        });
        let decl: Stmt = match flat_ty {
            Some(t) => syn::parse_quote!(let mut #name: #t = vec![#z; #rows * #cols];),
            None => syn::parse_quote!(let mut #name = vec![#z; #rows * #cols];),
        };
        Some(vec![
            syn::parse_quote!(let #cols: usize = #cols_len;),
            syn::parse_quote!(let #rows: usize = #rows_len;),
            decl,
        ])
    }
}

/// `return m;` of a matrix, cut into rows.
struct Returns<'r, 'm> {
    rewrite: &'r mut Rewrite<'m>,
}

impl VisitMut for Returns<'_, '_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Expr::Return(r) = e {
            if let Some(value) = &mut r.expr {
                self.rewrite.result(value);
            }
        }
        // A closure's `return` is its own.
        if !matches!(e, Expr::Closure(_)) {
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
}
