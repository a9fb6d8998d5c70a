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
//!
//! Rows held in a field of a struct parameter (`w: Vec<Vec<f64>>` read as `self.w[i][j]`,
//! as hand-written networks keep their weights) are the same: the field is projected as a
//! slice of rows (`self_w`, `declare_rows_fields`), and its projections are built from it.

use super::Lowerer;
use crate::ir::*;

use super::fields::peel_parens;

/// The field paths a body reads as rows (see `Lowerer::declare_rows_fields`), each with
/// one read of it.
struct RowsEvidence<'r> {
    roots: &'r [String],
    keys: std::collections::BTreeMap<String, syn::Expr>,
    /// Fields indexed more than twice: rows of rows.
    deeper: std::collections::HashSet<String>,
}

impl RowsEvidence<'_> {
    /// Notes `e` when it is a field path.
    fn note(&mut self, e: &syn::Expr) {
        if let Some((root, path)) = super::fields::field_path(peel_parens(e), self.roots) {
            let key = super::fields::path_key(&root, &path);
            self.keys
                .entry(key)
                .or_insert_with(|| peel_parens(e).clone());
        }
    }

    /// `e`, an element of a field (`F[i]`), read as a sequence: the field.
    fn note_element(&mut self, e: &syn::Expr) {
        if let syn::Expr::Index(inner) = peel_parens(e) {
            if !matches!(&*inner.index, syn::Expr::Range(_)) {
                self.note(&inner.expr);
            }
        }
    }
}

/// The field's last member: `neighbours` of `g.neighbours`.
fn last_member(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

/// An expression of `body` reading an entry of the rows field `key` as an integer: an
/// index (`x[g.nb[i][k]]`, or `x[j]` where `j` was bound to an entry: `let j = g.nb[i][k];`,
/// `for &j in &g.nb[i]`, `for &j in row` with `row` an element of the field), a cast, a
/// range bound or a comparison with an integer literal. Such rows hold integers, not floats.
fn integer_entry(key: &str, body: &syn::Block, roots: &[String]) -> Option<syn::Expr> {
    struct Entries<'k> {
        key: &'k str,
        roots: &'k [String],
        /// Names bound to an element of the field, and to one of its entries.
        rows: std::collections::HashSet<String>,
        entries: std::collections::HashSet<String>,
        found: Option<syn::Expr>,
    }
    impl Entries<'_> {
        fn is_field(&self, e: &syn::Expr) -> bool {
            super::fields::field_path(peel_parens(e), self.roots)
                .is_some_and(|(root, path)| super::fields::path_key(&root, &path) == self.key)
        }
        /// `F[i]`, `&F[i]` or a name bound to an element.
        fn is_row(&self, e: &syn::Expr) -> bool {
            match peel_parens(e) {
                syn::Expr::Reference(r) => self.is_row(&r.expr),
                syn::Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => {
                    self.is_row(&m.receiver)
                }
                syn::Expr::Index(ix) => self.is_field(&ix.expr),
                syn::Expr::Path(p) => p
                    .path
                    .get_ident()
                    .is_some_and(|i| self.rows.contains(&i.to_string())),
                _ => false,
            }
        }
        /// `F[i][k]` or a name bound to an entry.
        fn is_entry(&self, e: &syn::Expr) -> bool {
            match peel_parens(e) {
                syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                    self.is_entry(&u.expr)
                }
                syn::Expr::Index(ix) => self.is_row(&ix.expr),
                syn::Expr::Path(p) => p
                    .path
                    .get_ident()
                    .is_some_and(|i| self.entries.contains(&i.to_string())),
                _ => false,
            }
        }
    }
    fn bound_name(p: &syn::Pat) -> Option<String> {
        match p {
            syn::Pat::Ident(i) => Some(i.ident.to_string()),
            syn::Pat::Reference(r) => bound_name(&r.pat),
            syn::Pat::Type(t) => bound_name(&t.pat),
            _ => None,
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Entries<'_> {
        fn visit_local(&mut self, l: &'ast syn::Local) {
            if let (Some(name), Some(init)) = (bound_name(&l.pat), &l.init) {
                if self.is_entry(&init.expr) {
                    self.entries.insert(name);
                } else if self.is_row(&init.expr) {
                    self.rows.insert(name);
                }
            }
            syn::visit::visit_local(self, l);
        }
        fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
            let element = match &*f.pat {
                syn::Pat::Tuple(t) if t.elems.len() == 2 => bound_name(&t.elems[1]),
                p => bound_name(p),
            };
            if let Some(name) = element {
                let mut walked = peel_parens(&f.expr);
                while let syn::Expr::MethodCall(m) = walked {
                    if !matches!(
                        m.method.to_string().as_str(),
                        "iter" | "enumerate" | "copied"
                    ) {
                        break;
                    }
                    walked = peel_parens(&m.receiver);
                }
                if self.is_row(walked) {
                    self.entries.insert(name);
                } else if matches!(walked, syn::Expr::Reference(r) if self.is_field(&r.expr))
                    || self.is_field(walked)
                {
                    self.rows.insert(name);
                }
            }
            syn::visit::visit_expr_for_loop(self, f);
        }
        fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
            if self.found.is_none() && self.is_entry(&ix.index) {
                self.found = Some(syn::Expr::Index(ix.clone()));
            }
            syn::visit::visit_expr_index(self, ix);
        }
        // `m.counts[i][j] as f64`: converted, so not of the float type.
        fn visit_expr_cast(&mut self, c: &'ast syn::ExprCast) {
            if self.found.is_none() && self.is_entry(&c.expr) {
                self.found = Some(syn::Expr::Cast(c.clone()));
            }
            syn::visit::visit_expr_cast(self, c);
        }
        // `0..m.nb[i][0]`: a range bound.
        fn visit_expr_range(&mut self, r: &'ast syn::ExprRange) {
            let bound = [&r.start, &r.end]
                .into_iter()
                .flatten()
                .any(|b| self.is_entry(b));
            if self.found.is_none() && bound {
                self.found = Some(syn::Expr::Range(r.clone()));
            }
            syn::visit::visit_expr_range(self, r);
        }
        // `row[j] > 0`: compared with an integer literal.
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            let int_lit = |e: &syn::Expr| matches!(peel_parens(e), syn::Expr::Lit(l) if matches!(l.lit, syn::Lit::Int(_)));
            let with_int = (self.is_entry(&b.left) && int_lit(&b.right))
                || (int_lit(&b.left) && self.is_entry(&b.right));
            if self.found.is_none() && with_int {
                self.found = Some(syn::Expr::Binary(b.clone()));
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let mut entries = Entries {
        key,
        roots,
        rows: Default::default(),
        entries: Default::default(),
        found: None,
    };
    syn::visit::Visit::visit_block(&mut entries, body);
    entries.found
}

impl<'ast> syn::visit::Visit<'ast> for RowsEvidence<'_> {
    fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
        // The whole chain `F[i][j]…` at once: a field indexed three times holds rows of
        // rows (`self.w[l][i][j]`), which are not taken as rows.
        let mut indices = vec![&*ix.index];
        let mut base = peel_parens(&ix.expr);
        while let syn::Expr::Index(inner) = base {
            indices.push(&inner.index);
            base = peel_parens(&inner.expr);
        }
        if let Some((root, path)) = super::fields::field_path(base, self.roots) {
            let key = super::fields::path_key(&root, &path);
            match indices.len() {
                2 if !matches!(indices[1], syn::Expr::Range(_)) => self.note(base),
                n if n > 2 => {
                    self.deeper.insert(key);
                }
                _ => {}
            }
            for i in indices {
                self.visit_expr(i);
            }
            return;
        }
        syn::visit::visit_expr_index(self, ix);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        // (Not `len` alone: an element of a struct may have a `len` method of its own.)
        if m.method == "iter" && m.args.is_empty() {
            self.note_element(&m.receiver);
        }
        // `F[f].get(i)`: an entry of a row, read as `F[f][i]` (`let_patterns`).
        if m.method == "get" && m.args.len() == 1 && !matches!(m.args[0], syn::Expr::Range(_)) {
            self.note_element(&m.receiver);
        }
        // `F.iter().map(|row| … row.iter() …)` (or `enumerate()` first, `for_each`): the
        // closure's element read as a sequence.
        if let (true, Some(syn::Expr::Closure(c))) = (
            matches!(m.method.to_string().as_str(), "map" | "for_each"),
            m.args.first(),
        ) {
            let mut walked = peel_parens(&m.receiver);
            while let syn::Expr::MethodCall(inner) = walked {
                if !(inner.args.is_empty()
                    && matches!(inner.method.to_string().as_str(), "iter" | "enumerate"))
                {
                    break;
                }
                walked = peel_parens(&inner.receiver);
            }
            let element = match c.inputs.first() {
                Some(p) if c.inputs.len() == 1 => element_name(p),
                _ => None,
            };
            let body = &c.body;
            // (A body that is no block's statement, `crate.iter()` of a mutant, tells nothing.)
            let body = syn::parse2::<syn::Block>(quote::quote!({ #body })).ok();
            if let (Some(name), Some(body)) = (element, body) {
                if crate::parse::read_as_sequence(name, &body) {
                    self.note(walked);
                }
            }
        }
        syn::visit::visit_expr_method_call(self, m);
    }

    // `let row = &F[i];` read as a sequence by the statements after it.
    fn visit_block(&mut self, b: &'ast syn::Block) {
        for (k, stmt) in b.stmts.iter().enumerate() {
            let syn::Stmt::Local(l) = stmt else { continue };
            let (Some(name), Some(init)) = (element_name(&l.pat), &l.init) else {
                continue;
            };
            let element = match peel_parens(&init.expr) {
                syn::Expr::Reference(r) => peel_parens(&r.expr),
                e => e,
            };
            let syn::Expr::Index(ix) = element else {
                continue;
            };
            if matches!(&*ix.index, syn::Expr::Range(_)) {
                continue;
            }
            let rest = syn::Block {
                brace_token: b.brace_token,
                stmts: b.stmts[k + 1..].to_vec(),
            };
            if crate::parse::read_as_sequence(name, &rest) {
                self.note(&ix.expr);
            }
        }
        syn::visit::visit_block(self, b);
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        // `for row in &F`, `for row in F.iter()`, `for (i, row) in F.iter().enumerate()`.
        let mut walked = peel_parens(&f.expr);
        loop {
            walked = match walked {
                syn::Expr::Reference(r) if r.mutability.is_none() => peel_parens(&r.expr),
                syn::Expr::MethodCall(m)
                    if m.args.is_empty()
                        && matches!(m.method.to_string().as_str(), "iter" | "enumerate") =>
                {
                    peel_parens(&m.receiver)
                }
                _ => break,
            };
        }
        if element_name(&f.pat).is_some_and(|name| crate::parse::read_as_sequence(name, &f.body)) {
            self.note(walked);
        }
        syn::visit::visit_expr_for_loop(self, f);
    }
}

/// The name an element is bound to: `row`, `&row`, `row: &Vec<f64>`, or the second of
/// `(i, row)` (after `enumerate`).
fn element_name(p: &syn::Pat) -> Option<&syn::Ident> {
    match p {
        syn::Pat::Ident(p) => Some(&p.ident),
        syn::Pat::Reference(r) => element_name(&r.pat),
        syn::Pat::Type(t) => element_name(&t.pat),
        syn::Pat::Tuple(t) if t.elems.len() == 2 => match &t.elems[1] {
            syn::Pat::Ident(p) => Some(&p.ident),
            _ => None,
        },
        _ => None,
    }
}

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

    /// The fields of struct parameters the body reads as rows: by two indices
    /// (`self.w[i][j]`, `m.data[i][j]`), an element walked (`self.w[i].iter()`), or an
    /// element bound by a `for` loop, a `let` or a closure and read as a sequence (`for row
    /// in &self.w { … row[j] … }`). Each is projected as a slice of rows, declared as a rows
    /// parameter is; rows whose entries are read as integers are refused.
    pub(super) fn declare_rows_fields(&mut self, body: &syn::Block, roots: &[String]) {
        // (A constant struct's fields are read as written, whatever they hold.)
        let roots: Vec<String> = roots
            .iter()
            .filter(|r| {
                self.lookup(r)
                    .is_some_and(|v| !self.constant_structs.contains(&v))
            })
            .cloned()
            .collect();
        let roots = &roots[..];
        let mut found = RowsEvidence {
            roots,
            keys: Default::default(),
            deeper: Default::default(),
        };
        syn::visit::Visit::visit_block(&mut found, body);
        for (key, read) in found.keys {
            // (A field of one `ndarray` array per element, `w[l][[i, j]]`, is no rows.)
            if self.slice_fields.contains_key(&key)
                || found.deeper.contains(&key)
                || self.field_kinds.get(&key) == Some(&Kind::ArraySeq)
            {
                continue;
            }
            if let Some(index) = integer_entry(&key, body, roots) {
                // Rows of indices (a graph's neighbour lists): its entries are no floats,
                // and the macro cannot see the field's type to read them as integers.
                self.error(
                    syn::spanned::Spanned::span(&index),
                    format!("rows of integers held in a field of a struct (`{key}`, an entry of which is read as an integer here: an index, a cast, a range bound or a comparison with an integer) are not supported in a `#[differentiate]` function: pass them as a parameter of their own (`{}: &[Vec<usize>]`) read by index loops (`for k in 0..{0}[i].len() {{ let j = {0}[i][k]; … }}`)", last_member(&key)),
                );
                self.refused_names.insert(key);
                continue;
            }
            // Read as a slice whose elements are sequences.
            self.field_kinds.insert(key.clone(), Kind::StructSeq);
            if let Some(var) = self.field_read(&read) {
                self.struct_slices.push(var);
                self.slice_fields.insert(key, var);
                let span = syn::spanned::Spanned::span(&read);
                self.declare_rows(var, None, span);
            }
        }
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
