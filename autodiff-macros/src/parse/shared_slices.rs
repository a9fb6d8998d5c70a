//! Slices of structs taken by `&mut` and only read (`fn weight_sum(input: &mut [Data])`, whose
//! caller sorts the same slice elsewhere): the derived items take them as `&[Data]`, to which
//! a caller's `&mut` coerces, since a `&mut` slice is otherwise an output buffer, which only
//! floats can be.

use syn::visit::Visit;
use syn::{Expr, Ident, Type};

/// A copy of `item` whose differentiated `&mut [S]` and `&mut Vec<S>` parameters of a
/// non-float element type `S` that the body only reads are shared references; `None` where
/// there is none.
pub(crate) fn share_read_only_slices(
    item: &syn::ItemFn,
    wrt: Option<&[Ident]>,
) -> Option<syn::ItemFn> {
    let generics: Vec<String> = item
        .sig
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    let mut copy = item.clone();
    let mut changed = false;
    for input in copy.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let syn::Pat::Ident(p) = &*pt.pat else {
            continue;
        };
        if wrt.is_some_and(|names| !names.contains(&p.ident)) {
            continue;
        }
        let Type::Reference(r) = &mut *pt.ty else {
            continue;
        };
        if r.mutability.is_none() || !of_structs(&r.elem, &generics) {
            continue;
        }
        if only_read(&item.block, &p.ident) {
            r.mutability = None;
            changed = true;
        }
    }
    changed.then_some(copy)
}

/// `[S]` or `Vec<S>` for a named type `S` that is not a float (nor a type parameter, which
/// may be one). (Not an array or a boxed slice, which `_gradcheck`'s copy, a `Vec`, is not.)
fn of_structs(ty: &Type, generics: &[String]) -> bool {
    let Some((Type::Path(p), false)) = crate::types::element(ty) else {
        return false;
    };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    !crate::types::is_boxed_slice(ty)
        && name.starts_with(char::is_uppercase)
        && !generics.contains(&name)
        && !crate::types::is_float_alias_name(&name)
}

/// Whether the body only reads `name`: no assignment into it, no `&mut` borrow of it or of
/// a part, no method that may change it, and not passed on whole or walked by `for` (either
/// of which may need the `&mut`).
fn only_read(block: &syn::Block, name: &Ident) -> bool {
    let mut places = PlaceWrites(false);
    places.visit_block(block);
    let mut writes = Writes {
        name,
        found: false,
        items_unchanged: !places.0,
    };
    writes.visit_block(block);
    !writes.found
}

struct Writes<'a> {
    name: &'a Ident,
    found: bool,
    /// The body changes nothing through a place (`d.w = …`, `*r += …`, `&mut`, `push`), so
    /// that walking the slice by `into_iter()` only reads its elements.
    items_unchanged: bool,
}

/// Whether a body writes anything through a place rather than a local's name.
struct PlaceWrites(bool);

impl<'ast> Visit<'ast> for PlaceWrites {
    fn visit_expr(&mut self, e: &'ast Expr) {
        let through_place = |left: &Expr| !matches!(left, Expr::Path(_));
        match e {
            Expr::Assign(a) if through_place(&a.left) => self.0 = true,
            Expr::Binary(b)
                if crate::tokens::is_compound_assign(&b.op) && through_place(&b.left) =>
            {
                self.0 = true
            }
            Expr::Reference(r) if r.mutability.is_some() => self.0 = true,
            Expr::MethodCall(m) if changes(&m.method.to_string()) => self.0 = true,
            _ => {}
        }
        syn::visit::visit_expr(self, e);
    }
}

/// Methods of a slice or `Vec` that only read it.
const SLICE_READS: &[&str] = &[
    "len", "is_empty", "iter", "first", "last", "get", "windows", "chunks", "to_vec", "clone",
];

/// Methods that change their receiver, as a field of an element may be (`v.push(x)`).
fn changes(method: &str) -> bool {
    method.ends_with("_mut")
        || method.ends_with("_assign")
        || method.starts_with("set_")
        || method.starts_with("sort")
        || matches!(
            method,
            "push"
                | "pop"
                | "insert"
                | "remove"
                | "clear"
                | "swap"
                | "fill"
                | "extend"
                | "truncate"
                | "retain"
                | "reverse"
                | "append"
                | "drain"
                | "mapv_inplace"
        )
}

impl Writes<'_> {
    /// `name`, `name[i]`, `name[i].f`, `(*name)[i]`: a place in the slice, and how deep.
    fn depth(&self, e: &Expr) -> Option<usize> {
        match e {
            Expr::Path(p) if p.path.is_ident(self.name) => Some(0),
            Expr::Index(ix) => self.depth(&ix.expr).map(|d| d + 1),
            Expr::Field(f) => self.depth(&f.base).map(|d| d + 1),
            Expr::Paren(p) => self.depth(&p.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.depth(&u.expr),
            _ => None,
        }
    }
}

impl<'ast> Visit<'ast> for Writes<'_> {
    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            Expr::Assign(a) if self.depth(&a.left).is_some() => self.found = true,
            Expr::Binary(b)
                if crate::tokens::is_compound_assign(&b.op) && self.depth(&b.left).is_some() =>
            {
                self.found = true
            }
            Expr::Reference(r) if r.mutability.is_some() && self.depth(&r.expr).is_some() => {
                self.found = true
            }
            Expr::MethodCall(m) => {
                let method = m.method.to_string();
                match self.depth(&m.receiver) {
                    Some(0) if method == "into_iter" && self.items_unchanged => {}
                    Some(0) if !SLICE_READS.contains(&method.as_str()) => self.found = true,
                    // An element's own method (`input[i].step()`) may take `&mut self`.
                    Some(1) if !matches!(method.as_str(), "clone") => self.found = true,
                    Some(_) if changes(&method) => self.found = true,
                    _ => {}
                }
            }
            Expr::Call(c) if c.args.iter().any(|a| self.depth(a) == Some(0)) => self.found = true,
            Expr::ForLoop(f) if self.depth(&f.expr) == Some(0) => self.found = true,
            _ => {}
        }
        syn::visit::visit_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared(src: &str) -> Vec<bool> {
        let item: syn::ItemFn = syn::parse_str(src).unwrap();
        let out = share_read_only_slices(&item, None).unwrap_or(item);
        out.sig
            .inputs
            .iter()
            .map(|i| match i {
                syn::FnArg::Typed(pt) => {
                    matches!(&*pt.ty, Type::Reference(r) if r.mutability.is_none())
                }
                _ => false,
            })
            .collect()
    }

    #[test]
    fn a_slice_of_structs_only_read_is_shared() {
        let f = "fn f(a: &mut [Data]) -> f64 { let mut s = 0.0; for i in 0..a.len() { s += a[i].w * a[i].v.abs(); } s }";
        assert_eq!(shared(f), [true]);
        let f = "fn f(a: &mut Vec<Data>) -> f64 { a.iter().map(|d| d.w).sum() }";
        assert_eq!(shared(f), [true]);
        let f = "fn f(a: &mut [Data]) -> f64 { a.into_iter().fold(0.0, |s, d| s + d.w) }";
        assert_eq!(shared(f), [true]);
    }

    #[test]
    fn a_slice_written_or_lent_stays_mutable() {
        for body in [
            "a[0].w = 1.0; 0.0",
            "a[0].w += 1.0; 0.0",
            "a.sort_by(|x, y| x.w.total_cmp(&y.w)); 0.0",
            "a[0].step(); 0.0",
            "a[0].v.push(1.0); 0.0",
            "g(a); 0.0",
            "let r = &mut a[0]; r.w",
            "for d in a { d.w = 0.0; } 0.0",
            "a.into_iter().for_each(|d| d.w = 0.0); 0.0",
        ] {
            let f = format!("fn f(a: &mut [Data]) -> f64 {{ {body} }}");
            assert_eq!(shared(&f), [false], "{body}");
        }
        // Floats are output buffers, and a type parameter may be a float.
        assert_eq!(shared("fn f(a: &mut [f64]) -> f64 { a[0] }"), [false]);
        assert_eq!(shared("fn f<T: Float>(a: &mut [T]) -> T { a[0] }"), [false]);
    }
}
