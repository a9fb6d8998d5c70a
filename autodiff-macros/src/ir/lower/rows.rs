//! Matrices as rows: a parameter `a: &[Vec<f64>]` (or `&Vec<Vec<f64>>`, `&[[f64; N]]`),
//! read as `a[i][j]`, `a[i].len()`, `let row = &a[i];`, `for row in a { … row[j] … }` and
//! iterator chains over a row (`row.iter().zip(x).map(…).sum()`).
//!
//! Such a parameter is a slice whose elements are sequences, so it is handled as a slice
//! of structs (`struct_slices`: its cotangent is one row per row, `Vec<Vec<f64>>`,
//! and an element bound by `let` or by a loop is an alias of the slice at an index), with
//! one difference: what the body reads of an element is not a field but the element's own
//! entries. They are read through two projections bound at the top of every generated
//! function, a flat copy of the entries, row after row (`a_flat`, a float sequence the rest
//! of the compiler indexes like any slice parameter), and where each row starts in it
//! (`a_row_starts`, integers). So `a[i][j]` is `a_flat[a_row_starts[i] + j]`, row `i` is
//! the sub-slice `a_flat[a_row_starts[i]..a_row_starts[i + 1]]` wherever a chain walks it,
//! and the flat adjoint is cut back into rows at the end (`__ad::scatter_rows`). Rows may
//! differ in length.

use super::Lowerer;
use crate::ir::*;

/// The longest array row written as an array literal when used as a value; longer ones
/// are copied as a `Vec`.
const MAX_ARRAY_ROW: usize = 16;

/// The projections of one parameter given as rows.
#[derive(Clone)]
pub(super) struct Rows {
    /// The flat copy and the row starts.
    flat: VarId,
    starts: VarId,
    /// Names no user code can write, bound to them in the function's outermost scope, for
    /// the syntax this module writes.
    flat_name: Ident,
    starts_name: Ident,
    /// Whether the body has read them (their bindings are emitted only then).
    used: bool,
    /// The length of every row when rows are arrays of a literal length (`[f64; 3]`): a
    /// row used as a value is then an array literal, which a callee taking `&[f64; 3]`
    /// accepts.
    array_len: Option<usize>,
}

impl Lowerer {
    /// Declares the projections of `slice`, a parameter given as rows (before the body).
    pub(super) fn declare_rows(&mut self, slice: VarId, array_len: Option<usize>, span: Span) {
        let stem = self.vars[slice].stem.to_string();
        let flat = self.param_like(&format!("{stem}_flat"), Kind::FloatSeq, span);
        let starts = self.param_like(&format!("{stem}_row_starts"), Kind::IntSeq, span);
        let flat_name = self.synthetic_ident(&format!("{stem}_flat"));
        let starts_name = self.synthetic_ident(&format!("{stem}_row_starts"));
        self.bind_hidden(&flat_name, flat);
        self.bind_hidden(&starts_name, starts);
        self.rows.insert(
            slice,
            Rows {
                flat,
                starts,
                flat_name,
                starts_name,
                used: false,
                array_len,
            },
        );
    }

    /// The row `e` denotes and the index that selects it, when it denotes one: `a[i]`,
    /// `&a[i]`, or a name bound to an element of `a`.
    fn row_of(&self, e: &syn::Expr) -> Option<(VarId, syn::Expr)> {
        // Rows are slices of elements: `a[i]` is found as any slice's element is.
        if let Some((slice, index)) = self.slice_element(e) {
            return self.rows.contains_key(&slice).then_some((slice, index));
        }
        match e {
            syn::Expr::Paren(p) => self.row_of(&p.expr),
            syn::Expr::Reference(r) if r.mutability.is_none() => self.row_of(&r.expr),
            syn::Expr::Path(p) => {
                let v = self.lookup(&p.path.get_ident()?.to_string())?;
                let &(slice, index) = self.element_aliases.get(&v)?;
                let index = &self.vars[index].name;
                self.rows
                    .contains_key(&slice)
                    .then(|| (slice, syn::parse_quote!(#index)))
            }
            _ => None,
        }
    }

    /// The names of `slice`'s projections, marked as read.
    fn row_names(&mut self, slice: VarId) -> (Ident, Ident) {
        let rows = self
            .rows
            .get_mut(&slice)
            .expect("a parameter given as rows");
        if !rows.used {
            rows.used = true;
            let (flat, starts) = (rows.flat, rows.starts);
            self.fields.push(FieldProj {
                var: flat,
                base: slice,
                path: vec![],
            });
            self.fields.push(FieldProj {
                var: starts,
                base: slice,
                path: vec![],
            });
        }
        let rows = &self.rows[&slice];
        (rows.flat_name.clone(), rows.starts_name.clone())
    }

    /// `row[j]` of a row (`a[i][j]`, `r[j]` for `let r = &a[i];`): the flat entry.
    pub(super) fn row_entry(&mut self, ix: &syn::ExprIndex) -> Option<syn::Expr> {
        if self.rows.is_empty() || matches!(&*ix.index, syn::Expr::Range(_)) {
            return None;
        }
        let (slice, i) = self.row_of(&ix.expr)?;
        let (flat, starts) = self.row_names(slice);
        let j = &ix.index;
        Some(syn::parse_quote!(#flat[#starts[#i] + (#j)]))
    }

    /// `row.len()`: the difference of two starts; `row.is_empty()`: whether they are equal.
    pub(super) fn row_len(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let empty = m.method == "is_empty";
        if self.rows.is_empty() || !(m.method == "len" || empty) || !m.args.is_empty() {
            return None;
        }
        let (slice, i) = self.row_of(&m.receiver)?;
        let (_, starts) = self.row_names(slice);
        Some(if empty {
            syn::parse_quote!((#starts[(#i) + 1] == #starts[#i]))
        } else {
            syn::parse_quote!((#starts[(#i) + 1] - #starts[#i]))
        })
    }

    /// A row used as a value (`dot(&a[i], x)`, `dot(row, x)`, `a[i].to_vec()`): a copy of
    /// its entries, whose adjoint flows back into the flat one; borrowed where the row was
    /// a reference.
    pub(super) fn row_value(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        if self.rows.is_empty() {
            return None;
        }
        let (slice, i) = self.row_of(e)?;
        let (flat, starts) = self.row_names(slice);
        let copy: syn::Expr = match self.rows[&slice].array_len {
            // Entry by entry, as the source reads them (`[a[i][0], a[i][1], a[i][2]]`).
            Some(n) if n <= MAX_ARRAY_ROW => {
                let entries = (0..n).map(|j| {
                    let j = proc_macro2::Literal::usize_unsuffixed(j);
                    quote::quote!(#flat[#starts[#i] + #j])
                });
                syn::parse_quote!([#(#entries),*])
            }
            _ => syn::parse_quote!(
                #flat[#starts[#i]..#starts[(#i) + 1]].iter().copied().collect::<::std::vec::Vec<_>>()
            ),
        };
        Some(match e {
            syn::Expr::Index(_) => copy,
            _ => syn::parse_quote!(&#copy),
        })
    }

    /// An iterator chain (or the sequence of a `for` loop) with every row it walks written
    /// as the flat sub-slice holding it: `row.iter().zip(x)` is
    /// `a_flat[a_row_starts[k]..a_row_starts[k + 1]].iter().zip(x)`. `None` when it walks
    /// no row.
    pub(super) fn rows_as_sub_slices(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        if self.rows.is_empty() {
            return None;
        }
        // A row walked whole (`for &v in row`, `for v in &a[i]`) is walked as a slice.
        if let Some((slice, i)) = self.row_of(e) {
            let (flat, starts) = self.row_names(slice);
            return Some(syn::parse_quote!(#flat[#starts[#i]..#starts[(#i) + 1]].iter()));
        }
        let mut e = e.clone();
        self.sub_slices_in(&mut e).then_some(e)
    }

    /// Rewrites the rows among the sources of the chain `e`; whether there was one.
    fn sub_slices_in(&mut self, e: &mut syn::Expr) -> bool {
        if let Some((slice, i)) = self.row_of(e) {
            let (flat, starts) = self.row_names(slice);
            *e = syn::parse_quote!(#flat[#starts[#i]..#starts[(#i) + 1]]);
            return true;
        }
        match e {
            syn::Expr::Paren(p) => self.sub_slices_in(&mut p.expr),
            syn::Expr::Reference(r) => self.sub_slices_in(&mut r.expr),
            // The receiver of each stage, and the other sequence of `zip` or `chain`.
            syn::Expr::MethodCall(m) => {
                let mut any = self.sub_slices_in(&mut m.receiver);
                if matches!(m.method.to_string().as_str(), "zip" | "chain") {
                    for a in m.args.iter_mut() {
                        any |= self.sub_slices_in(a);
                    }
                }
                any
            }
            // `std::iter::zip(a, b)`; another call's arguments are values (a row there is
            // a copy, `row_value`).
            syn::Expr::Call(c) if matches!(&*c.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "zip")) =>
            {
                let mut any = false;
                for a in c.args.iter_mut() {
                    any |= self.sub_slices_in(a);
                }
                any
            }
            _ => false,
        }
    }
}
