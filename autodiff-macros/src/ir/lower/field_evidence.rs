//! Evidence about fields that `field_kinds` reads beside their own uses, since the macro
//! cannot see their types: the sequences a `for` loop or a chain walks and what their
//! elements are used as (structs, arrays), the names beside an array's product, the
//! lengths of an array's shape, the patterns that match a field by an enum's variants.

use super::fields::peel;
use crate::ir::Kind;
use std::collections::HashMap;
use syn::visit::Visit;

/// The sequence a `for` loop walks element by element: `&s`, `s.iter()`, `s`.
pub(super) fn walked_directly(e: &syn::Expr) -> Option<&syn::Expr> {
    match e {
        syn::Expr::Reference(r) if r.mutability.is_none() => Some(&r.expr),
        syn::Expr::Paren(p) => walked_directly(&p.expr),
        syn::Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => Some(&m.receiver),
        syn::Expr::Field(_) => Some(e),
        _ => None,
    }
}

/// The sequences a `for` loop walks with the name each element is bound to: `for w in &s`
/// (`s.iter()`), through `enumerate` (`(i, w)`) and `zip` (`(w, b)`).
pub(super) fn walked_names<'a>(
    e: &'a syn::Expr,
    pat: &'a syn::Pat,
) -> Vec<(&'a syn::Expr, &'a syn::Ident)> {
    walked_patterns(e, pat)
        .into_iter()
        .filter_map(|(s, p)| match p {
            syn::Pat::Ident(i) => Some((s, &i.ident)),
            _ => None,
        })
        .collect()
}

/// The sequences a `for` loop walks with the pattern each element is matched by (behind
/// its `&`): `for (a, b) in &pairs`, through `enumerate` and `zip`.
pub(super) fn walked_patterns<'a>(
    e: &'a syn::Expr,
    pat: &'a syn::Pat,
) -> Vec<(&'a syn::Expr, &'a syn::Pat)> {
    let pat = match pat {
        syn::Pat::Reference(r) => &*r.pat,
        syn::Pat::Paren(p) => &*p.pat,
        other => other,
    };
    let pair = |pat: &'a syn::Pat| match pat {
        syn::Pat::Tuple(t) if t.elems.len() == 2 => Some((&t.elems[0], &t.elems[1])),
        _ => None,
    };
    match (super::fields::peel_parens(e), pat) {
        (syn::Expr::MethodCall(m), _) if m.method == "enumerate" && m.args.is_empty() => {
            match pair(pat) {
                Some((_, element)) => walked_patterns(&m.receiver, element),
                None => Vec::new(),
            }
        }
        (syn::Expr::MethodCall(m), _) if m.method == "zip" && m.args.len() == 1 => {
            match pair(pat) {
                Some((a, b)) => {
                    let mut found = walked_patterns(&m.receiver, a);
                    found.extend(walked_patterns(&m.args[0], b));
                    found
                }
                None => Vec::new(),
            }
        }
        (e, pat) => walked_directly(e).map(|s| (s, pat)).into_iter().collect(),
    }
}

/// The sequence `s` of `s.iter()` (no adapter between: `enumerate` and `zip` make tuples of
/// their own).
pub(super) fn iterated_field(e: &syn::Expr) -> Option<&syn::Expr> {
    match e {
        syn::Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => Some(&m.receiver),
        _ => None,
    }
}

/// Whether an element bound by `pat` is a struct or a tuple: a tuple or struct pattern, or a
/// name whose fields `body` reads (`p.x`).
pub(super) fn binds_structs(pat: &syn::Pat, body: &[syn::Stmt]) -> bool {
    match pat {
        syn::Pat::Tuple(_) | syn::Pat::TupleStruct(_) | syn::Pat::Struct(_) => true,
        syn::Pat::Reference(r) => binds_structs(&r.pat, body),
        syn::Pat::Type(t) => binds_structs(&t.pat, body),
        syn::Pat::Ident(i) if i.subpat.is_none() => {
            struct Reads<'n> {
                name: &'n syn::Ident,
                found: bool,
            }
            impl<'ast> Visit<'ast> for Reads<'_> {
                fn visit_expr_field(&mut self, f: &'ast syn::ExprField) {
                    if matches!(peel(&f.base), syn::Expr::Path(p) if p.path.is_ident(self.name)) {
                        self.found = true;
                    }
                    syn::visit::visit_expr_field(self, f);
                }
            }
            let mut reads = Reads {
                name: &i.ident,
                found: false,
            };
            for s in body {
                reads.visit_stmt(s);
            }
            reads.found
        }
        _ => false,
    }
}

/// The names that are an operand of arithmetic whose other operand is an array's product
/// or map, `w.dot(&h) + b` or `b + w.dot(&h)` with `w` used as an array.
pub(super) fn names_beside_products(
    body: &syn::Block,
    names: &HashMap<String, Kind>,
) -> Vec<String> {
    struct Beside<'n> {
        names: &'n HashMap<String, Kind>,
        found: Vec<String>,
    }
    impl Beside<'_> {
        fn product(&self, e: &syn::Expr) -> bool {
            matches!(peel(e), syn::Expr::MethodCall(m)
                if matches!(m.method.to_string().as_str(), "dot" | "t" | "mapv")
                    && matches!(peel(&m.receiver), syn::Expr::Path(p)
                        if p.path.get_ident().is_some_and(|i| self.names.get(&i.to_string()) == Some(&Kind::Array))))
        }
    }
    impl<'ast> Visit<'ast> for Beside<'_> {
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            if matches!(b.op, syn::BinOp::Add(_) | syn::BinOp::Sub(_)) {
                for (side, other) in [(&b.left, &b.right), (&b.right, &b.left)] {
                    if let (syn::Expr::Path(p), true) = (peel(side), self.product(other)) {
                        if let Some(i) = p.path.get_ident() {
                            self.found.push(i.to_string());
                        }
                    }
                }
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let mut beside = Beside {
        names,
        found: Vec::new(),
    };
    beside.visit_block(body);
    beside.found
}

/// The lengths of the shape an `ndarray` constructor takes, `Array2::zeros((rows, n))`,
/// `Array1::from_elem(n, 0.0)`: integers.
pub(super) fn shape_lengths(c: &syn::ExprCall) -> Vec<&syn::Expr> {
    let syn::Expr::Path(p) = &*c.func else {
        return Vec::new();
    };
    let names = crate::tokens::segment_names(&p.path);
    let shaped = matches!(&names[..], [.., ty, f]
        if ty.starts_with("Array") && matches!(f.as_str(), "zeros" | "ones" | "from_elem" | "default"));
    match c.args.first().map(peel) {
        Some(syn::Expr::Tuple(t)) if shaped => t.elems.iter().collect(),
        Some(n) if shaped => vec![n],
        _ => Vec::new(),
    }
}

/// A pattern naming an enum's variant and binding nothing: `Law::Mu`, `Shape::Circle(_)`,
/// `Mode::Fixed { .. }`, `_` (a path of two segments at least: a single name may be a
/// constant of a float type).
pub(super) fn variant_pattern(p: &syn::Pat) -> bool {
    let variant = |path: &syn::Path| path.segments.len() >= 2;
    let wild = |p: &syn::Pat| matches!(p, syn::Pat::Wild(_) | syn::Pat::Rest(_));
    match p {
        syn::Pat::Wild(_) => true,
        syn::Pat::Path(q) => q.qself.is_none() && variant(&q.path),
        syn::Pat::TupleStruct(t) => variant(&t.path) && t.elems.iter().all(wild),
        syn::Pat::Struct(st) => variant(&st.path) && st.fields.iter().all(|f| wild(&f.pat)),
        syn::Pat::Or(o) => o.cases.iter().all(variant_pattern),
        _ => false,
    }
}

/// Whether `body` uses `name` as an integer: an index (`x[j]`, `x[j + 1]`, `x[j as
/// usize]`), or a bound of a range that is walked or slices (`for k in *start..=*end`,
/// `(start..end).map(…)`, `x[a..b]`; not `(lo..hi).contains(&x)`, which floats may be),
/// read directly or through `*`. Such a name cannot hold a float; other uses say nothing.
pub(super) fn used_as_integer(name: &syn::Ident, body: &[syn::Stmt]) -> bool {
    let is_name = |e: &syn::Expr| matches!(e, syn::Expr::Path(p) if p.path.is_ident(name));
    used_as_integer_by(&is_name, body)
}

/// Whether `body` uses part `k` of `name` (`edge.0`) as an integer, as [`used_as_integer`].
pub(super) fn part_used_as_integer(name: &syn::Ident, k: u32, body: &[syn::Stmt]) -> bool {
    let is_part = |e: &syn::Expr| {
        matches!(e, syn::Expr::Field(f)
            if matches!(&f.member, syn::Member::Unnamed(i) if i.index == k)
                && matches!(peel(&f.base), syn::Expr::Path(p) if p.path.is_ident(name)))
    };
    used_as_integer_by(&is_part, body)
}

fn used_as_integer_by(target: &dyn Fn(&syn::Expr) -> bool, body: &[syn::Stmt]) -> bool {
    /// The target, or arithmetic, a cast or a method's receiver with it (`(*end).min(n)`,
    /// `j + 1`, `j as usize`), through `*` and parentheses.
    fn holds(e: &syn::Expr, target: &dyn Fn(&syn::Expr) -> bool) -> bool {
        match peel(e) {
            syn::Expr::Binary(b) => holds(&b.left, target) || holds(&b.right, target),
            syn::Expr::MethodCall(m) => holds(&m.receiver, target),
            syn::Expr::Cast(c) => holds(&c.expr, target),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => holds(&u.expr, target),
            syn::Expr::Paren(p) => holds(&p.expr, target),
            other => target(other),
        }
    }
    fn bounds(e: &syn::Expr, target: &dyn Fn(&syn::Expr) -> bool) -> bool {
        match peel(e) {
            syn::Expr::Range(r) => r.start.iter().chain(r.end.iter()).any(|b| holds(b, target)),
            syn::Expr::Paren(p) => bounds(&p.expr, target),
            _ => false,
        }
    }
    struct Find<'t> {
        target: &'t dyn Fn(&syn::Expr) -> bool,
        found: bool,
    }
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_expr_index(&mut self, ix: &'a syn::ExprIndex) {
            self.found |= holds(&ix.index, self.target) || bounds(&ix.index, self.target);
            syn::visit::visit_expr_index(self, ix);
        }
        fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
            // The range walked, behind the adapters of a chain (`.rev()`, `.step_by(2)`).
            let mut walked = peel(&f.expr);
            while let syn::Expr::MethodCall(m) = walked {
                walked = peel(&m.receiver);
            }
            self.found |= bounds(walked, self.target);
            syn::visit::visit_expr_for_loop(self, f);
        }
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            // `(a..b).map(…)`: a range walked by an iterator's method.
            self.found |= m.method != "contains" && bounds(&m.receiver, self.target);
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut find = Find {
        target,
        found: false,
    };
    body.iter().for_each(|s| find.visit_stmt(s));
    find.found
}
