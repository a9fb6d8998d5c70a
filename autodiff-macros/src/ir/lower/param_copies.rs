//! Names for values of a struct parameter's type: another name for the parameter itself
//! (`let q = p.clone();` or `let q = *p;`, bound once and read only through their fields,
//! `q.w[i]`, which the lowering binds to the parameter, `lets.rs`), and the operands of `+`
//! and `-` beside it (`*p - m`: values of the struct's type, `field_kinds`).

use syn::visit::Visit;

/// The names bound, unchanged, to a struct parameter itself, `let q = p.clone();` and
/// `let q = *p;`, bound once and read only through their fields (`q.w[i]`, `q.scale`): the
/// lowering binds them to the parameter (`lets.rs`).
pub(super) fn other_names(body: &syn::Block, roots: &[String]) -> Vec<String> {
    struct Find<'r>(&'r [String], Vec<String>);
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_local(&mut self, l: &'ast syn::Local) {
            if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init) {
                let of = match &*init.expr {
                    syn::Expr::MethodCall(m) if m.method == "clone" && m.args.is_empty() => {
                        Some(&*m.receiver)
                    }
                    syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => Some(&*u.expr),
                    _ => None,
                };
                let root = of.and_then(|e| match e {
                    syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
                    _ => None,
                });
                if p.mutability.is_none() && root.is_some_and(|r| self.0.contains(&r)) {
                    self.1.push(p.ident.to_string());
                }
            }
            syn::visit::visit_local(self, l);
        }
    }
    let mut find = Find(roots, vec![]);
    find.visit_block(body);
    let tokens = quote::ToTokens::to_token_stream(body);
    find.1.retain(|name| {
        let bound = find_bindings(tokens.clone(), name);
        bound == 1 && only_fields_read(tokens.clone(), name)
    });
    find.1
}

/// How many times `let name` (or `let mut name`) appears.
fn find_bindings(ts: proc_macro2::TokenStream, name: &str) -> usize {
    use proc_macro2::TokenTree as T;
    let trees: Vec<T> = ts.into_iter().collect();
    let mut n = 0;
    for (k, t) in trees.iter().enumerate() {
        match t {
            T::Group(g) => n += find_bindings(g.stream(), name),
            T::Ident(i) if i == "let" => {
                let next = match trees.get(k + 1) {
                    Some(T::Ident(m)) if m == "mut" => trees.get(k + 2),
                    other => other,
                };
                if matches!(next, Some(T::Ident(b)) if b == name) {
                    n += 1;
                }
            }
            _ => {}
        }
    }
    n
}

/// Whether every use of `name` but its `let` reads a field (`name.w`), and none calls a
/// method of it (`name.len()`).
fn only_fields_read(ts: proc_macro2::TokenStream, name: &str) -> bool {
    use proc_macro2::TokenTree as T;
    let trees: Vec<T> = ts.into_iter().collect();
    trees.iter().enumerate().all(|(k, t)| match t {
        T::Group(g) => only_fields_read(g.stream(), name),
        T::Ident(i) if i == name => {
            let after_let = matches!(trees.get(k.wrapping_sub(1)), Some(T::Ident(l)) if l == "let");
            let dot = matches!(trees.get(k + 1), Some(T::Punct(p)) if p.as_char() == '.');
            let field = matches!(trees.get(k + 2), Some(T::Ident(_)));
            let call = matches!(trees.get(k + 3), Some(T::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Parenthesis);
            after_let || (dot && field && !call)
        }
        _ => true,
    })
}

/// The names that are an operand of `+` or `-` whose other operand is a struct parameter
/// (`*p - m`, `m + p`): values of the struct's type, with the user's operator impls.
pub(super) fn operands_of_struct_params(body: &syn::Block, roots: &[String]) -> Vec<String> {
    struct Find<'r>(&'r [String], Vec<String>);
    fn name(e: &syn::Expr) -> Option<String> {
        match e {
            syn::Expr::Paren(p) => name(&p.expr),
            syn::Expr::Reference(r) => name(&r.expr),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => name(&u.expr),
            syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
            _ => None,
        }
    }
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            use syn::BinOp as B;
            // (`+` and `-` only: `*x * k` scales a struct by a float.)
            if matches!(b.op, B::Add(_) | B::Sub(_)) {
                let (l, r) = (name(&b.left), name(&b.right));
                for (this, other) in [(&l, &r), (&r, &l)] {
                    if let (Some(root), Some(other)) = (this, other) {
                        if self.0.contains(root) && !self.0.contains(other) {
                            self.1.push(other.clone());
                        }
                    }
                }
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let mut find = Find(roots, vec![]);
    find.visit_block(body);
    find.1
}
