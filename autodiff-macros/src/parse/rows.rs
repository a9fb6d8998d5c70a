//! Parameters read as rows whose type the macro cannot see (`m: &Matrix` or `m: Matrix`,
//! with `type Matrix = Vec<Vec<f64>>` elsewhere): the body's reads tell (`m[i][j]`,
//! `m[i].len()`, `for row in m { … row[j] … }`). Collapsing takes such a parameter by value
//! by reference, and lowering reads it as rows (`ir::lower::rows`).

fn peel_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_parens(&p.expr),
        _ => e,
    }
}

/// Whether `body` reads the parameter `name`, of a type the macro cannot see (an alias,
/// `type Matrix = Vec<Vec<f64>>`), as rows: an entry of an element (`m[i][j]`) or an
/// element's length or walk (`m[i].len()`, `m[i].iter()`), and no entry as an integer (an
/// index, `x[m[i][k]]`: rows of integers are no matrix). Its cotangent and the points a
/// check builds are then of the type as written (`Differentiable`, as for `&[[f64; N]; M]`).
pub(crate) fn read_as_rows(body: &syn::Block, name: &syn::Ident) -> bool {
    let uses = RowUses::of(body, name);
    uses.rows && !uses.integers
}

/// How a body reads a name: as a sequence (`v[i]`, `v.len()`, `v.iter()`), as rows (an
/// element read as a sequence, `m[i][j]`, `m[i].len()`, or walked by a `for` loop whose
/// variable is read as one), and whether an element (`x[v[k]]`) or an entry of an element
/// (`x[m[i][k]]`) is an index.
struct RowUses<'n> {
    name: &'n syn::Ident,
    sequence: bool,
    rows: bool,
    indices: bool,
    integers: bool,
}

impl<'n> RowUses<'n> {
    fn of(body: &syn::Block, name: &'n syn::Ident) -> Self {
        let mut uses = RowUses {
            name,
            sequence: false,
            rows: false,
            indices: false,
            integers: false,
        };
        syn::visit::Visit::visit_block(&mut uses, body);
        uses
    }

    fn is_name(&self, e: &syn::Expr) -> bool {
        matches!(peel_parens(e), syn::Expr::Path(p) if p.path.is_ident(self.name))
    }

    /// `name[i]`, `i` no range.
    fn element(&self, e: &syn::Expr) -> bool {
        matches!(peel_parens(e), syn::Expr::Index(ix)
            if !matches!(&*ix.index, syn::Expr::Range(_)) && self.is_name(&ix.expr))
    }

    /// `name[i][j]`.
    fn entry(&self, e: &syn::Expr) -> bool {
        matches!(peel_parens(e), syn::Expr::Index(ix)
            if !matches!(&*ix.index, syn::Expr::Range(_)) && self.element(&ix.expr))
    }
}

impl<'ast> syn::visit::Visit<'ast> for RowUses<'_> {
    fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
        let single = !matches!(&*ix.index, syn::Expr::Range(_));
        self.sequence |= single && self.is_name(&ix.expr);
        self.rows |= single && self.element(&ix.expr);
        self.indices |= self.element(&ix.index);
        self.integers |= self.entry(&ix.index);
        syn::visit::visit_expr_index(self, ix);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        let walk = matches!(m.method.to_string().as_str(), "len" | "iter" | "is_empty");
        self.sequence |= walk && self.is_name(&m.receiver);
        self.rows |= walk && self.element(&m.receiver);
        syn::visit::visit_expr_method_call(self, m);
    }

    // `for row in m { … row[j] … }` (or `&m`, `m.iter()`): a walk of its elements, read as
    // sequences.
    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        let mut walked = peel_parens(&f.expr);
        if let syn::Expr::Reference(r) = walked {
            walked = peel_parens(&r.expr);
        }
        if let syn::Expr::MethodCall(m) = walked {
            if m.method == "iter" && m.args.is_empty() {
                walked = peel_parens(&m.receiver);
            }
        }
        if let (true, syn::Pat::Ident(row)) = (self.is_name(walked), &*f.pat) {
            let inner = RowUses::of(&f.body, &row.ident);
            self.rows |= inner.sequence;
            self.integers |= inner.indices;
        }
        syn::visit::visit_expr_for_loop(self, f);
    }
}
