//! `let` forms rewritten as plainer statements before they are lowered: `let … else`
//! (a test and element reads for slice patterns and `Some(&v)` of `first`/`last`/`get`,
//! a `match` otherwise), and destructuring of arrays and structs into one `let` per name.

/// `let &[a, b] = x else { … };` on a sequence `x`: its length tested, then its elements
/// bound by position (`let a = x[0]; let b = x[1];`), the `else` block run where the length
/// differs (it diverges, as Rust requires).
fn slice_let_else(pat: &syn::Pat, init: &syn::Expr, diverge: &syn::Expr) -> Option<Vec<syn::Stmt>> {
    let pat = match pat {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    let syn::Pat::Slice(slice) = pat else {
        return None;
    };
    let base = match init {
        syn::Expr::Reference(r) => &*r.expr,
        other => other,
    };
    if !matches!(base, syn::Expr::Path(_) | syn::Expr::Field(_)) {
        return None;
    }
    let n = slice.elems.len();
    let mut stmts: Vec<syn::Stmt> = vec![syn::parse_quote!(if #base.len() != #n #diverge)];
    for (i, elem) in slice.elems.iter().enumerate() {
        match elem {
            syn::Pat::Wild(_) => {}
            syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                stmts.push(syn::parse_quote!(let #p = #base[#i];));
            }
            _ => return None,
        }
    }
    Some(stmts)
}

pub(super) fn is_let_else(s: &syn::Stmt) -> bool {
    matches!(
        s,
        syn::Stmt::Local(syn::Local {
            init: Some(syn::LocalInit {
                diverge: Some(_),
                ..
            }),
            ..
        })
    )
}

/// `let P = e else { D };` as plain statements: a test and element reads for the ends of a
/// sequence and slice patterns, else a `match`; any other statement as it is.
pub(super) fn expand_let_else(s: &syn::Stmt) -> Vec<syn::Stmt> {
    let syn::Stmt::Local(local) = s else {
        return vec![s.clone()];
    };
    let Some(syn::LocalInit {
        expr: init,
        diverge: Some((_, diverge)),
        ..
    }) = &local.init
    else {
        return vec![s.clone()];
    };
    if let Some((test, binds)) = element_option(&local.pat, init) {
        let mut stmts = vec![syn::parse_quote!(if !(#test) #diverge)];
        stmts.extend(binds);
        return stmts;
    }
    if let Some(stmts) = slice_let_else(&local.pat, init, diverge) {
        return stmts;
    }
    vec![match_let_else(&local.pat, init, diverge)]
}

/// `Some(&v)` (or `Some(v)`, `Some(&(a, b, c))` of a sequence of tuples) matched against
/// `x.first()`, `x.last()` or `x.get(i)` of a named sequence, or `Some(m)` against a call
/// `mean(x)`: the test that the value exists and the `let`s that read it (`let v = x[i];`,
/// `let a = x[i].0;`, `let m = mean(x).unwrap();`), so that the bindings may carry
/// derivatives, which a pattern binding may not.
pub(super) fn element_option(
    pat: &syn::Pat,
    opt: &syn::Expr,
) -> Option<(syn::Expr, Vec<syn::Stmt>)> {
    let syn::Pat::TupleStruct(some) = pat else {
        return None;
    };
    if !some.path.is_ident("Some") || some.elems.len() != 1 || some.qself.is_some() {
        return None;
    }
    let inner = match &some.elems[0] {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    // A name, or a tuple of names and `_` (the parts of a tuple element).
    let plain_name = |p: &syn::Pat| match p {
        syn::Pat::Ident(n) if n.by_ref.is_none() && n.subpat.is_none() => Some(Some(n.clone())),
        syn::Pat::Wild(_) => Some(None),
        _ => None,
    };
    let names: Result<syn::PatIdent, Vec<Option<syn::PatIdent>>> = match inner {
        syn::Pat::Ident(_) => Ok(plain_name(inner)??),
        syn::Pat::Tuple(t) => Err(t.elems.iter().map(plain_name).collect::<Option<_>>()?),
        _ => return None,
    };
    // `Some(m)` of a call of a function returning an `Option` (`match mean(x) { Some(m) =>
    // …, None => … }`): `mean(x).is_some()`, then `let m = mean(x).unwrap();`, which the
    // derivatives follow (the call made twice: its arguments are names, fields, literals
    // and borrows of them, and the lowering takes this form only where one carries a
    // derivative and none is a variable the function changes, `option_call_worth_twice`).
    if let (syn::Expr::Call(c), Ok(name)) = (opt, &names) {
        let named = matches!(&*c.func, syn::Expr::Path(p) if p.qself.is_none());
        if named && !c.args.is_empty() && c.args.iter().all(pure_argument) {
            return Some((
                syn::parse_quote!(#opt.is_some()),
                vec![syn::parse_quote!(let #name = #opt.unwrap();)],
            ));
        }
        return None;
    }
    let syn::Expr::MethodCall(m) = opt else {
        return None;
    };
    fn plain(e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::Lit(_) => true,
            // A row (`w[f].get(i)`).
            syn::Expr::Index(ix) => plain(&ix.expr) && pure_index(&ix.index),
            _ => false,
        }
    }
    let base = &*m.receiver;
    if !plain(base) || m.turbofish.is_some() {
        return None;
    }
    let (test, elem): (syn::Expr, syn::Expr) = match (m.method.to_string().as_str(), m.args.len()) {
        ("first", 0) => (
            syn::parse_quote!(!#base.is_empty()),
            syn::parse_quote!(#base[0]),
        ),
        ("last", 0) => (
            syn::parse_quote!(!#base.is_empty()),
            syn::parse_quote!(#base[#base.len() - 1]),
        ),
        ("get", 1) if pure_index(&m.args[0]) => {
            let i = &m.args[0];
            // Parenthesised: `i + 1 as usize < n` would read `usize<` as generics.
            (
                syn::parse_quote!((#i) < #base.len()),
                syn::parse_quote!(#base[#i]),
            )
        }
        _ => return None,
    };
    // A `&f64` bound by `Some(v)` is read as the element's value, as an iterator's items
    // are (`*v` is `v`); the parts of a tuple as its fields.
    let binds = match names {
        Ok(name) => vec![syn::parse_quote!(let #name = #elem;)],
        Err(parts) => parts
            .iter()
            .enumerate()
            .filter_map(|(k, p)| {
                let member = syn::Member::Unnamed(syn::Index::from(k));
                p.as_ref()
                    .map(|p| syn::parse_quote!(let #p = #elem.#member;))
            })
            .collect(),
    };
    Some((test, binds))
}

/// `match x.get(i) { Some(v) => a, None => b }` (either order, `_` for `None`; no guards):
/// `if i < x.len() { let v = x[i]; a } else { b }`, so that `v` may carry a derivative.
pub(super) fn element_match(m: &syn::ExprMatch) -> Option<syn::Expr> {
    let [first, second] = &m.arms[..] else {
        return None;
    };
    // (A guard is a `Pat::Guard`, which neither pattern below is.)
    let is_none = |p: &syn::Pat| match p {
        syn::Pat::Ident(i) => i.ident == "None" && i.subpat.is_none(),
        syn::Pat::Path(p) => p.path.is_ident("None"),
        syn::Pat::Wild(_) => true,
        _ => false,
    };
    let (some, none) = if is_none(&second.pat) {
        (first, second)
    } else if is_none(&first.pat) && !matches!(first.pat, syn::Pat::Wild(_)) {
        (second, first)
    } else {
        return None;
    };
    let (test, binds) = element_option(&some.pat, &m.expr)?;
    let (then, els) = (&some.body, &none.body);
    Some(
        syn::parse_quote_spanned!(m.match_token.span=> if #test { #(#binds)* #then } else { #els }),
    )
}

/// A call's argument that may be evaluated twice: a name, a field, a literal, or a borrow
/// of one (`mean(&self.data)`).
fn pure_argument(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::Lit(_) => true,
        syn::Expr::Reference(r) => r.mutability.is_none() && pure_argument(&r.expr),
        syn::Expr::Paren(p) => pure_argument(&p.expr),
        _ => false,
    }
}

/// An index expression that may be evaluated twice (in a bounds test and in the read):
/// names, fields, literals and arithmetic, casts and lengths of them (`i + 1`, `n - k`).
fn pure_index(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::Lit(_) => true,
        syn::Expr::Paren(p) => pure_index(&p.expr),
        syn::Expr::Cast(c) => pure_index(&c.expr),
        syn::Expr::Unary(u) => pure_index(&u.expr),
        syn::Expr::Binary(b) => {
            !crate::tokens::is_compound_assign(&b.op) && pure_index(&b.left) && pure_index(&b.right)
        }
        syn::Expr::MethodCall(m) => {
            m.method == "len" && m.args.is_empty() && pure_index(&m.receiver)
        }
        _ => false,
    }
}

/// `let P = e else { D };` for any other pattern (a type on it dropped: the `match` arm
/// cannot carry one): a `match` that yields the names `P` binds,
/// `let (a, mut b) = match e { P => (a, b), _ => D };`, so the patterns' rules (bindings
/// only on values with no derivative) are those of `match`.
fn match_let_else(pat: &syn::Pat, init: &syn::Expr, diverge: &syn::Expr) -> syn::Stmt {
    let pat = match pat {
        syn::Pat::Type(t) => &*t.pat,
        other => other,
    };
    let mut names = vec![];
    binding_names(pat, &mut names);
    let mut pat = pat.clone();
    syn::visit_mut::VisitMut::visit_pat_mut(&mut DropMut, &mut pat);
    let idents = names.iter().map(|(i, _)| i);
    let bound = names.iter().map(|(i, m)| quote::quote!(#m #i));
    match names.len() {
        1 => {
            syn::parse_quote!(let #(#bound)* = match #init { #pat => #(#idents)*, _ => #diverge };)
        }
        _ => {
            syn::parse_quote!(let (#(#bound),*) = match #init { #pat => (#(#idents),*), _ => #diverge };)
        }
    }
}

/// The names a pattern binds, each with its `mut`.
fn binding_names(p: &syn::Pat, out: &mut Vec<(syn::Ident, Option<syn::token::Mut>)>) {
    struct Find<'a>(&'a mut Vec<(syn::Ident, Option<syn::token::Mut>)>);
    impl syn::visit::Visit<'_> for Find<'_> {
        fn visit_pat_ident(&mut self, i: &syn::PatIdent) {
            // `None` and constants are written as plain names too; bindings are lower case.
            let constant = i.ident.to_string().starts_with(char::is_uppercase);
            if !constant && !self.0.iter().any(|(n, _)| *n == i.ident) {
                self.0.push((i.ident.clone(), i.mutability));
            }
            syn::visit::visit_pat_ident(self, i);
        }
        fn visit_pat_or(&mut self, o: &syn::PatOr) {
            // Every case binds the same names.
            if let Some(first) = o.cases.first() {
                self.visit_pat(first);
            }
        }
    }
    syn::visit::Visit::visit_pat(&mut Find(out), p);
}

/// Drops `mut` from a pattern's bindings (it moves to the `let` that receives them).
struct DropMut;

impl syn::visit_mut::VisitMut for DropMut {
    fn visit_pat_ident_mut(&mut self, i: &mut syn::PatIdent) {
        i.mutability = None;
        syn::visit_mut::visit_pat_ident_mut(self, i);
    }
}

/// `let [x, y, z] = p;` (an array or slice pattern of names) and `let Point { x, y } = p;`
/// (a struct pattern of fields) on a named value: one `let` per element or field
/// (`let x = p[0];`, `let x = p.x;`), each then a plain read; also through a reference
/// (`let &[x, y] = p;`, `let [x, y] = *p;`).
pub(super) fn destructure_let(pat: &syn::Pat, init: &syn::Expr) -> Option<Vec<syn::Stmt>> {
    let pat = match pat {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    let base = match init {
        syn::Expr::Reference(r) => &*r.expr,
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
        other => other,
    };
    let name = |p: &syn::Pat| match p {
        syn::Pat::Ident(i) if i.by_ref.is_none() && i.subpat.is_none() => Some(Some(i.clone())),
        syn::Pat::Wild(_) => Some(None),
        _ => None,
    };
    // `let [w, x] = [a / n, b / n];` of an array literal, or of a name the pattern binds
    // again (`let [p, q] = p;`): the value is bound whole first, as Rust evaluates it before
    // binding any name, then read entry by entry.
    if let syn::Pat::Slice(slice) = pat {
        let rebinds = |root: &syn::Expr| {
            let syn::Expr::Path(r) = root else {
                return false;
            };
            slice
                .elems
                .iter()
                .any(|e| matches!(name(e), Some(Some(i)) if r.path.is_ident(&i.ident)))
        };
        let literal = matches!(base, syn::Expr::Array(a) if a.elems.len() == slice.elems.len());
        if literal || rebinds(base) {
            let whole = syn::Ident::new("__destructured", proc_macro2::Span::call_site());
            let mut stmts: Vec<syn::Stmt> = vec![syn::parse_quote!(let #whole = #base;)];
            for (i, elem) in slice.elems.iter().enumerate() {
                if let Some(p) = name(elem)? {
                    stmts.push(syn::parse_quote!(let #p = #whole[#i];));
                }
            }
            return Some(stmts);
        }
    }
    // `let [i, j] = EDGES[e];`: an element of a named value at an index that may be read
    // again, read entry by entry as a named value is (`EDGES[e][0]`).
    let element = matches!(base, syn::Expr::Index(ix)
        if matches!(&*ix.expr, syn::Expr::Path(_) | syn::Expr::Field(_)) && pure_index(&ix.index));
    if !matches!(base, syn::Expr::Path(_) | syn::Expr::Field(_)) && !element {
        return None;
    }
    if element && !matches!(pat, syn::Pat::Slice(_)) {
        return None;
    }
    let mut stmts: Vec<syn::Stmt> = vec![];
    match pat {
        syn::Pat::Slice(slice) => {
            for (i, elem) in slice.elems.iter().enumerate() {
                if let Some(p) = name(elem)? {
                    stmts.push(syn::parse_quote!(let #p = #base[#i];));
                }
            }
        }
        syn::Pat::Struct(st) => {
            for field in &st.fields {
                let member = &field.member;
                if let Some(p) = name(&field.pat)? {
                    stmts.push(syn::parse_quote!(let #p = #base.#member;));
                }
            }
        }
        // `let (a, b) = p;` of a tuple parameter (a tuple expression is a plain `let`).
        syn::Pat::Tuple(t) if matches!(base, syn::Expr::Path(_)) => {
            for (i, elem) in t.elems.iter().enumerate() {
                let member = syn::Member::Unnamed(syn::Index::from(i));
                if let Some(p) = name(elem)? {
                    stmts.push(syn::parse_quote!(let #p = #base.#member;));
                }
            }
        }
        _ => return None,
    }
    Some(stmts)
}
