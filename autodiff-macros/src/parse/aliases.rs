//! Other names for a struct parameter or a part of one (`let q = p;`, `let b = &p.inner;`,
//! `let block = props.block;`): each later use of the name is written as the place it names
//! (`q.x` is `p.x`, `b.x` is `p.inner.x`), which the lowering reads as field paths of the
//! parameter, and the `let` goes. The name must be bound once, by an immutable `let` of
//! the function's top level, and the root not bound again after it (nor either named in a
//! macro); the root is a parameter of a user's type that the function does not change (a
//! float, a sequence or an array parameter has no fields to read this way).

use syn::visit_mut::VisitMut;

/// A copy of `item` whose aliases of struct parameters are written as the places they
/// name; `None` where there is none.
pub(crate) fn inline_struct_aliases(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let roots: Vec<syn::Ident> = item
        .sig
        .inputs
        .iter()
        // (Not one the function changes, `&mut self`, `mut p`: an alias made before a change
        // holds the value from before it.)
        .filter_map(|a| match a {
            syn::FnArg::Receiver(r)
                if r.mutability.is_none() && !crate::state::takes_mut_self(item) =>
            {
                Some(syn::Ident::new("self", r.self_token.span))
            }
            syn::FnArg::Typed(pt) if !mutable_reference(&pt.ty) => {
                match (&*pt.pat, user_type(&pt.ty)) {
                    (syn::Pat::Ident(p), true) if p.mutability.is_none() => Some(p.ident.clone()),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect();
    if roots.is_empty() {
        return None;
    }
    let mut copy = item.clone();
    let mut changed = false;
    let mut k = 0;
    while k < copy.block.stmts.len() {
        let Some((name, place)) = alias(&copy.block.stmts[k], &roots) else {
            k += 1;
            continue;
        };
        // (Nor where the place's root is bound again: `for p in others { … p.x … }` after
        // `let x0 = p.x;` reads another `p`.)
        let rest = &copy.block.stmts[k + 1..];
        if binds_again(rest, &name) || binds_again(rest, root_of(&place)) {
            k += 1;
            continue;
        }
        copy.block.stmts.remove(k);
        let mut replace = Replace { name, place };
        for s in &mut copy.block.stmts[k..] {
            replace.visit_stmt_mut(s);
        }
        changed = true;
    }
    changed.then_some(copy)
}

/// `let q = p;`, `let q = &p;`, `let b = p.inner;`, `let b = &p.inner.core;` of a root.
fn alias(s: &syn::Stmt, roots: &[syn::Ident]) -> Option<(syn::Ident, syn::Expr)> {
    let syn::Stmt::Local(l) = s else { return None };
    let syn::Pat::Ident(p) = &l.pat else {
        return None;
    };
    if p.mutability.is_some() || p.by_ref.is_some() || p.subpat.is_some() || !l.attrs.is_empty() {
        return None;
    }
    let init = l.init.as_ref().filter(|i| i.diverge.is_none())?;
    let mut e = &*init.expr;
    if let syn::Expr::Reference(r) = e {
        if r.mutability.is_some() {
            return None;
        }
        e = &r.expr;
    }
    let mut base = e;
    while let syn::Expr::Field(f) = base {
        if !matches!(f.member, syn::Member::Named(_)) {
            return None;
        }
        base = &f.base;
    }
    let syn::Expr::Path(root) = base else {
        return None;
    };
    let root = root.path.get_ident()?;
    roots
        .contains(root)
        // (A path or a field path binds tighter than any operator: no parentheses.)
        .then(|| (p.ident.clone(), e.clone()))
}

/// The name at the root of a place (`p` of `p.inner.x`).
fn root_of(place: &syn::Expr) -> &syn::Ident {
    match place {
        syn::Expr::Field(f) => root_of(&f.base),
        syn::Expr::Path(p) => p
            .path
            .get_ident()
            .expect("an alias's place is rooted in a name"),
        _ => unreachable!("an alias's place is a name or a field path"),
    }
}

/// Whether `stmts` bind `name` again anywhere (a `let`, a pattern, a closure's parameter):
/// then a use might be of another variable, and the alias is left as written.
fn binds_again(stmts: &[syn::Stmt], name: &syn::Ident) -> bool {
    struct Finder<'n> {
        name: &'n syn::Ident,
        found: bool,
    }
    impl syn::visit::Visit<'_> for Finder<'_> {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.found |= p.ident == *self.name;
        }
        fn visit_macro(&mut self, m: &syn::Macro) {
            // A macro's tokens may bind or use the name out of sight: one that mentions it
            // (in any group) counts as binding it.
            self.found |= crate::tokens::mentions_ident(m.tokens.clone(), self.name);
        }
    }
    let mut f = Finder { name, found: false };
    for s in stmts {
        syn::visit::Visit::visit_stmt(&mut f, s);
    }
    f.found
}

/// Writes each use of `name` as `place`.
struct Replace {
    name: syn::Ident,
    place: syn::Expr,
}

impl VisitMut for Replace {
    /// `Foo { q }`, shorthand for `Foo { q: q }`: written out, so that the value replaced
    /// is printed (`Foo { q: p.inner }`).
    fn visit_field_value_mut(&mut self, f: &mut syn::FieldValue) {
        if f.colon_token.is_none() {
            f.colon_token = Some(Default::default());
        }
        syn::visit_mut::visit_field_value_mut(self, f);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Path(p) = e {
            if p.qself.is_none() && p.path.is_ident(&self.name) {
                *e = self.place.clone();
                return;
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

fn mutable_reference(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_some())
}

/// A type a user wrote whose values have fields: a path that names no float, sequence or
/// array (`Params`, `&Outer`, `Vec3`), or a reference to one.
fn user_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => user_type(&r.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            let name = last.ident.to_string();
            let first = name.chars().next().unwrap_or('a');
            first.is_uppercase()
                && !matches!(
                    name.as_str(),
                    "Vec"
                        | "Option"
                        | "Result"
                        | "Box"
                        | "Rc"
                        | "Arc"
                        | "String"
                        | "HashMap"
                        | "BTreeMap"
                        | "Self"
                )
                && !name.starts_with("Array")
        }
        _ => false,
    }
}
