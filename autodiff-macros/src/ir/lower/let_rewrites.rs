//! `let`s read as another `let` that says the same more plainly, before they are lowered:
//! a trivial wrapper around the value taken off, a type left partly to inference dropped,
//! `t.into()` as the constructor `Point::from(t)`, a call of a closure returning what it
//! is lent as the borrow itself.

use super::*;

impl Lowerer {
    /// The `let` that `local` stands for, where it is written less plainly.
    pub(super) fn plain_let(&mut self, local: &syn::Local) -> Option<syn::Local> {
        // `let z = { &x[1..] };`, `let z = (|| e)();`, `let z = { let g = || e; g() };`: the
        // value itself, so that what the `let` binds (an alias, a closure, a tuple) is seen
        // as when written plainly.
        if let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) {
            let peeled = crate::tokens::peel_trivial(&init.expr);
            if !std::ptr::eq(peeled, &*init.expr) {
                let mut plain = local.clone();
                *plain.init.as_mut().expect("checked").expr = peeled.clone();
                return Some(plain);
            }
        }
        // A type left to inference in part (`let w: Vec<_> = x.iter().map(…).collect();`)
        // says no more than the value does: read as untyped, unless the value shows integers
        // (`(0..n).map(|i| i + 1)`, `… as usize`), which the written type keeps constant.
        if let (syn::Pat::Type(pt), Some(init)) = (&local.pat, &local.init) {
            if infers_a_part(&pt.ty) && !self.collects_integers(&init.expr) {
                let mut plain = local.clone();
                plain.pat = (*pt.pat).clone();
                return Some(plain);
            }
        }
        // `let p: Point = t.into();`: `Point::from(t)`, the constructor `Into` stands for.
        if let Some(from) = into_as_from(local) {
            let mut plain = local.clone();
            *plain.init.as_mut().expect("checked").expr = from;
            return Some(plain);
        }
        // `let w = pick(&v);` of a closure returning what it is lent (`|a| a`): the borrow,
        // which binds `w` as another name for `v` (see `Lowerer::inline`).
        if let Some(syn::Expr::Call(c)) = local
            .init
            .as_ref()
            .filter(|i| i.diverge.is_none())
            .map(|i| &*i.expr)
        {
            if let Some(inlined) = self.closure_call(c) {
                if let borrow @ syn::Expr::Reference(_) = crate::tokens::peel_trivial(&inlined) {
                    let mut plain = local.clone();
                    *plain.init.as_mut().expect("checked").expr = borrow.clone();
                    return Some(plain);
                }
            }
        }
        None
    }

    /// Whether a chain's items are evidently integers: its last `map` casts to an integer
    /// type, or it walks an integer range (or, with no `map`, a sequence of integers)
    /// whose `map` shows no float.
    fn collects_integers(&self, e: &syn::Expr) -> bool {
        let mut last_map: Option<&syn::Expr> = None;
        let mut e = e;
        while let syn::Expr::MethodCall(m) = e {
            if last_map.is_none() && matches!(m.method.to_string().as_str(), "map" | "filter_map") {
                if let Some(syn::Expr::Closure(c)) = m.args.first() {
                    last_map = Some(&c.body);
                }
            }
            e = &m.receiver;
        }
        while let syn::Expr::Paren(p) = e {
            e = &p.expr;
        }
        let int_source = match e {
            syn::Expr::Range(_) => true,
            syn::Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| self.vars[v].kind == Kind::IntSeq),
            _ => false,
        };
        match last_map {
            Some(syn::Expr::Cast(c)) => kind_of_type(&c.ty, &self.float) == Kind::Int,
            Some(body) => int_source && !self.float_hint(body),
            None => int_source,
        }
    }
}

/// `Point::from(t)` for `let p: Point = t.into();` where `Point` names a type of the user's
/// (capitalised, more than one letter, not a standard container): what `Into` calls.
fn into_as_from(local: &syn::Local) -> Option<syn::Expr> {
    let (syn::Pat::Type(pt), Some(init)) = (&local.pat, &local.init) else {
        return None;
    };
    if init.diverge.is_some() {
        return None;
    }
    into_as_from_of(&pt.ty, &init.expr)
}

/// `Point::from(t)` for `t.into()` where the value is taken for a `Point` (a `let`'s type, a
/// closure parameter's), as [`into_as_from`] says.
pub(super) fn into_as_from_of(ty: &Type, e: &syn::Expr) -> Option<syn::Expr> {
    let syn::Expr::MethodCall(m) = e else {
        return None;
    };
    if m.method != "into" || !m.args.is_empty() {
        return None;
    }
    let Type::Path(tp) = ty else { return None };
    let last = tp.path.segments.last()?;
    let name = last.ident.to_string();
    let user_type = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.len() > 1
        && !matches!(
            name.as_str(),
            "Vec" | "Box" | "Rc" | "Arc" | "String" | "Option" | "Array1" | "Array2" | "Array"
        )
        && tp.qself.is_none();
    // (The path without its type arguments, `Point::from`, which rustc infers.)
    let mut path = tp.path.clone();
    path.segments
        .iter_mut()
        .for_each(|s| s.arguments = syn::PathArguments::None);
    let recv = &m.receiver;
    user_type.then(|| syn::parse_quote!(#path::from(#recv)))
}

/// Whether a written type leaves a part to inference (`Vec<_>`, `[_; 3]`, `_`).
fn infers_a_part(ty: &Type) -> bool {
    struct Finds(bool);
    impl<'a> syn::visit::Visit<'a> for Finds {
        fn visit_type_infer(&mut self, _: &'a syn::TypeInfer) {
            self.0 = true;
        }
    }
    let mut finds = Finds(false);
    syn::visit::Visit::visit_type(&mut finds, ty);
    finds.0
}
