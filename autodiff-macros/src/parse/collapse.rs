//! The parameter types the derived items take instead of the written ones: a single shared
//! reference for `&&T` or `&Box<[F]>`, the value for `&f64`, a reference for a struct,
//! rows or tuples by value, the owned array for an `ndarray` view, a name for a pattern;
//! and which parameters were so changed.

use super::float::float_type;
use crate::types::{
    boxed_slice, element, is_float_tuple, is_rows, is_seq_tuple, kind_of_type, same, Kind,
};
use syn::Type;

/// A copy of the function whose parameters `&&[F]`, `&&Params` or `&Box<[F]>` read as
/// `&[F]`, `&Params`: the derived items take the single reference, which the callers'
/// double reference or boxed slice coerces to (deref coercion), and the body reads the same
/// through either. A parameter written as a pattern (`(a, b): (f64, f64)`, `[x, y]: [f64;
/// 2]`) gets a name made of its bindings (`a_b`), and the body starts by destructuring it
/// (`let (a, b) = a_b;`). `None` where no parameter has such a type or pattern.
pub(crate) fn collapse_param_refs(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let mut copy = item.clone();
    let mut changed = false;
    // (A function without `self` as a free function first: `fn half(a: Vec2, b: Vec2) ->
    // Vec2` computes in `f64`, where an `impl`'s reading would take `Vec2` for the impl's
    // float parameter.)
    let has_receiver = matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(_)));
    let float = match has_receiver {
        true => float_type(&item.sig, Some(&item.block), true),
        false => float_type(&item.sig, Some(&item.block), false)
            .or_else(|_| float_type(&item.sig, Some(&item.block), true)),
    }
    .ok();
    let mut unpacks: Vec<syn::Stmt> = vec![];
    for input in copy.sig.inputs.iter_mut() {
        let pt = match input {
            syn::FnArg::Typed(pt) => pt,
            // `self` by value (a small `Copy` vector's `fn dot(self, o: Vec3)`) or
            // `self: &Self`: the derived items take `&self`, which a value's method call
            // borrows, and the primal gets a copy made through `Differentiable`.
            syn::FnArg::Receiver(r) if r.mutability.is_none() && by_value_or_ref_self(&r.kind) => {
                let amp = syn::token::And::default();
                r.kind = syn::ReceiverKind::Reference(amp, None, None);
                changed = true;
                continue;
            }
            syn::FnArg::Receiver(_) => continue,
        };
        if let Some(name) = pattern_param_name(&pt.pat) {
            let pat = (*pt.pat).clone();
            unpacks.push(syn::parse_quote!(let #pat = #name;));
            *pt.pat = syn::parse_quote!(#name);
            changed = true;
        }
        if let (Some(f), syn::Pat::Ident(name)) = (&float, &*pt.pat) {
            let by_value = !matches!(*pt.ty, Type::Reference(_));
            if by_value
                && kind_of_type(&pt.ty, f) == Kind::Struct
                && (reads_named_field(&item.block, &name.ident)
                    || (name.mutability.is_none()
                        && (operand_of_arithmetic(&item.block, &name.ident)
                            || (of_the_float(&pt.ty, f)
                                && passed_by_value(&item.block, &name.ident)))))
            {
                // `origin: Point` by value: the derived items take `&Point`, as they take
                // `&Point` itself, and the primal gets a clone. (Read through a field, an
                // operand of `+ - * /` or `-`, which a user's operator impls give a value
                // type, `a - b` of two `Vec3`s, or lent to a method, `d.dot(&b)`.)
                let elem = (*pt.ty).clone();
                *pt.ty = reference_to(&elem);
                changed = true;
                continue;
            }
            // `v: V3` by value, of a type the macro cannot see (`type V3 = [f64; 3]`), not
            // modified, and indexed or walked: a sequence, which the derived items take by
            // reference as they take `&V3` (left as it is, it would be a constant without a
            // word).
            // (Rows so, `m: Matrix` with `type Matrix = Vec<Vec<f64>>`, read `m[i][j]`.)
            if by_value
                && kind_of_type(&pt.ty, f) == Kind::Struct
                && name.mutability.is_none()
                && ((read_as_sequence(&name.ident, &item.block)
                    && plain_float_sequence(&name.ident, &item.block))
                    || super::read_as_rows(&item.block, &name.ident))
            {
                let elem = (*pt.ty).clone();
                *pt.ty = reference_to(&elem);
                changed = true;
                continue;
            }
            // `m: Vec<Vec<f64>>` or `[[f64; 2]; 2]` by value, and not modified, a `Vec` of
            // structs, and a tuple of floats `p: (f64, f64)` (or of sequences, `(Vec<f64>,
            // Vec<f64>)`): the derived items take them by reference, as the rows and
            // structs they are read as, and the primal gets a clone.
            let elem = (*pt.ty).clone();
            let rows = name.mutability.is_none() && is_rows(&reference_to(&elem), f);
            let tuples = name.mutability.is_none()
                && element(&elem).is_some_and(|(e, _)| is_float_tuple(e, f));
            let seq_tuple = name.mutability.is_none() && is_seq_tuple(&elem, f);
            // `bonds: Vec<Bond>` of derived structs, read as a slice of them is.
            let structs = name.mutability.is_none()
                && element(&elem).is_some_and(|(e, _)| kind_of_type(e, f) == Kind::Struct);
            let mixed = crate::types::is_mixed_int_tuple(&elem, f);
            if by_value
                && (rows || tuples || seq_tuple || structs || is_float_tuple(&elem, f) || mixed)
            {
                *pt.ty = reference_to(&elem);
                changed = true;
                continue;
            }
        }
        if let Some(value) = shared_scalar(&pt.ty, float.as_ref()) {
            *pt.ty = value;
            changed = true;
        } else if let Some(owned) = view_as_array_ref(&pt.ty).or_else(|| view_by_reference(&pt.ty))
        {
            *pt.ty = owned;
            changed = true;
        } else if let Some(single) = single_reference(&pt.ty) {
            *pt.ty = single;
            changed = true;
        }
    }
    if !unpacks.is_empty() {
        let stmts = std::mem::take(&mut copy.block.stmts);
        copy.block.stmts = unpacks.into_iter().chain(stmts).collect();
    }
    changed.then_some(copy)
}

/// The name for a parameter written as a tuple or array pattern of names: the names
/// joined (`a_b` for `(a, b)`).
fn pattern_param_name(pat: &syn::Pat) -> Option<syn::Ident> {
    let elems = match pat {
        syn::Pat::Tuple(t) => &t.elems,
        syn::Pat::Slice(s) => &s.elems,
        syn::Pat::Reference(r) if r.mutability.is_none() => return pattern_param_name(&r.pat),
        _ => return None,
    };
    let names: Option<Vec<String>> = elems
        .iter()
        .map(|p| match p {
            syn::Pat::Ident(i) if i.subpat.is_none() && i.by_ref.is_none() => {
                Some(i.ident.to_string().trim_start_matches("r#").to_string())
            }
            syn::Pat::Wild(_) => Some("unused".to_string()),
            _ => None,
        })
        .collect();
    let names = names?;
    (!names.is_empty()).then(|| syn::Ident::new(&names.join("_"), proc_macro2::Span::call_site()))
}

/// Whether a receiver is `self` by value or `self: &Self`.
fn by_value_or_ref_self(kind: &syn::ReceiverKind) -> bool {
    match kind {
        syn::ReceiverKind::Value => true,
        syn::ReceiverKind::Typed(_, ty) => {
            let shared_self: Type = syn::parse_quote!(&Self);
            same(ty, &shared_self)
        }
        _ => false,
    }
}

/// The parameters whose types `collapse_param_refs` changed: index and written type (`Self`
/// for a receiver taken by value).
pub(crate) fn written_types(written: &syn::ItemFn, derived: &syn::ItemFn) -> Vec<(usize, Type)> {
    let typed = |f: &syn::ItemFn| -> Vec<Option<Type>> {
        f.sig
            .inputs
            .iter()
            .map(|p| match p {
                syn::FnArg::Typed(pt) => Some((*pt.ty).clone()),
                syn::FnArg::Receiver(r) => match r.kind {
                    syn::ReceiverKind::Value => Some(syn::parse_quote!(Self)),
                    _ => Some(syn::parse_quote!(&Self)),
                },
            })
            .collect()
    };
    typed(written)
        .into_iter()
        .zip(typed(derived))
        .enumerate()
        .filter_map(|(i, (w, d))| match (w, d) {
            (Some(w), Some(d)) if !same(&w, &d) => Some((i, w)),
            _ => None,
        })
        .collect()
}

/// Whether the body reads a named field of `name` (`name.x`, not a method `name.len()`).
fn reads_named_field(block: &syn::Block, name: &syn::Ident) -> bool {
    use proc_macro2::TokenTree;
    fn walk(ts: proc_macro2::TokenStream, name: &syn::Ident) -> bool {
        let tokens: Vec<TokenTree> = ts.into_iter().collect();
        tokens.iter().enumerate().any(|(k, t)| match t {
            TokenTree::Group(g) => walk(g.stream(), name),
            TokenTree::Ident(i) if i == name => {
                let dot = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                let before_ok = !matches!(k.checked_sub(1).and_then(|j| tokens.get(j)), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                // (`p.x`, or `p.0` of a tuple struct.)
                let field = matches!(tokens.get(k + 2), Some(TokenTree::Ident(f)) if f.to_string().starts_with(|c: char| c.is_lowercase() || c == '_'))
                    || matches!(tokens.get(k + 2), Some(TokenTree::Literal(l)) if l.to_string().chars().all(|c| c.is_ascii_digit()));
                let call = matches!(tokens.get(k + 3), Some(TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Parenthesis)
                    || matches!(tokens.get(k + 3), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                dot && before_ok && field && !call
            }
            _ => false,
        })
    }
    walk(quote::ToTokens::to_token_stream(block), name)
}

/// Whether `name` is an operand of an arithmetic operator (`name - b`, `k * (name)`,
/// `-name`) or lent to a method (`d.dot(&name)`), or the receiver of a method lent a
/// named value (`name.dot(&q)`), somewhere in `block`: what a struct with operator impls
/// and methods is used as. (Not a field of a struct literal, `Sphere { center, material }`:
/// a material or a label is put there as often as a vector.) (A receiver alone is no evidence, nor an argument by value: an
/// enum's, an `Axis`'s or a configuration's methods are called and passed too.)
fn operand_of_arithmetic(block: &syn::Block, name: &syn::Ident) -> bool {
    use syn::visit::Visit;
    struct Find<'a> {
        name: &'a syn::Ident,
        found: bool,
    }
    impl Find<'_> {
        fn names(&self, e: &syn::Expr) -> bool {
            match e {
                syn::Expr::Paren(p) => self.names(&p.expr),
                syn::Expr::Reference(r) => self.names(&r.expr),
                syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.names(&u.expr),
                syn::Expr::Path(p) => p.path.is_ident(self.name),
                _ => false,
            }
        }
    }
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            use syn::BinOp as B;
            if matches!(b.op, B::Add(_) | B::Sub(_) | B::Mul(_) | B::Div(_))
                && (self.names(&b.left) || self.names(&b.right))
            {
                self.found = true;
            }
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            let lent = |a: &syn::Expr| matches!(a, syn::Expr::Reference(r) if self.names(&r.expr));
            // `d.dot(&b)` for `b`, and for `d` too: a receiver lent a value by reference.
            if m.args.iter().any(lent)
                || (self.names(&m.receiver) && m.args.iter().any(|a| matches!(a, syn::Expr::Reference(r) if matches!(&*r.expr, syn::Expr::Path(_)))))
            {
                self.found = true;
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_unary(&mut self, u: &'ast syn::ExprUnary) {
            if matches!(u.op, syn::UnOp::Neg(_)) && self.names(&u.expr) {
                self.found = true;
            }
            syn::visit::visit_expr_unary(self, u);
        }
    }
    let mut find = Find { name, found: false };
    find.visit_block(block);
    find.found
}

/// Whether `ty` is a type of the float type (`Point3<f64>`, `Vector3<T>`): a generic
/// argument of its last segment names it, so the value holds floats.
fn of_the_float(ty: &Type, float: &Type) -> bool {
    let Type::Path(p) = ty else { return false };
    let float = quote::quote!(#float).to_string();
    p.path.segments.last().is_some_and(|s| {
        match &s.arguments {
        syn::PathArguments::AngleBracketed(args) => args.args.iter().any(|a| {
            matches!(a, syn::GenericArgument::Type(t) if quote::quote!(#t).to_string() == float)
        }),
        _ => false,
    }
    })
}

/// Whether `name` is passed by value to a method (`self.inner.project(point)`), somewhere
/// in `block`: a value of a type of the float type passed on to a struct's method, which
/// the callee differentiates (an enum or a configuration is passed too, hence
/// [`of_the_float`]; a constructor or a plain helper, `Point3::from(v)`, `count(v)`, is no
/// such evidence, and its message says so better).
fn passed_by_value(block: &syn::Block, name: &syn::Ident) -> bool {
    use syn::visit::Visit;
    struct Find<'a> {
        name: &'a syn::Ident,
        found: bool,
    }
    impl Find<'_> {
        fn any_names<'e>(&self, mut args: impl Iterator<Item = &'e syn::Expr>) -> bool {
            args.any(|a| matches!(a, syn::Expr::Path(p) if p.path.is_ident(self.name)))
        }
    }
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            self.found |= self.any_names(m.args.iter());
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut find = Find { name, found: false };
    find.visit_block(block);
    find.found
}

/// `&f64` (of the float type) or `&usize`, `&i32`, `&bool`, …: the value itself, which the
/// derived items take instead (the body's `*x` reads it; see `ir::Var::element`).
fn shared_scalar(ty: &Type, float: Option<&Type>) -> Option<Type> {
    let Type::Reference(r) = ty else { return None };
    if r.mutability.is_some() {
        return None;
    }
    let Type::Path(p) = &*r.elem else { return None };
    let name = p.path.get_ident()?.to_string();
    let primitive = crate::tokens::SCALAR_TYPES.contains(&name.as_str());
    let is_float = float.is_some_and(|f| quote::quote!(#f).to_string() == name);
    (primitive || is_float).then(|| (*r.elem).clone())
}

/// An `ndarray` view by value (`ArrayView1<'_, F>`, `ArrayView2<F>`, `ArrayView<F, D>`,
/// `ArrayViewD<F>`) as a reference to the owned array it views (`&Array1<F>`, …): the
/// derived items take arrays, as they take `&Array1<F>` itself, and the primal gets
/// `a.view()`.
pub(crate) fn view_as_array_ref(ty: &Type) -> Option<Type> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    // `ArrayBase<ViewRepr<&F>, D>`, the view written out: `&Array<F, D>`.
    if last.ident == "ArrayBase" {
        let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
            return None;
        };
        let (Some(syn::GenericArgument::Type(repr)), Some(dim)) = (a.args.first(), a.args.get(1))
        else {
            return None;
        };
        let Type::Path(repr) = repr else { return None };
        let repr = repr.path.segments.last()?;
        if repr.ident != "ViewRepr" {
            return None;
        }
        let syn::PathArguments::AngleBracketed(r) = &repr.arguments else {
            return None;
        };
        let Some(syn::GenericArgument::Type(Type::Reference(elem))) = r.args.first() else {
            return None;
        };
        if elem.mutability.is_some() {
            return None;
        }
        let elem = &elem.elem;
        return Some(syn::parse_quote!(&::autodiff::ndarray::Array<#elem, #dim>));
    }
    let owned = match last.ident.to_string().as_str() {
        "ArrayView" => "Array",
        "ArrayView0" => "Array0",
        "ArrayView1" => "Array1",
        "ArrayView2" => "Array2",
        "ArrayView3" => "Array3",
        "ArrayView4" => "Array4",
        "ArrayViewD" => "ArrayD",
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
        return None;
    };
    let args: Vec<&syn::GenericArgument> = a
        .args
        .iter()
        .filter(|g| !matches!(g, syn::GenericArgument::Lifetime(_)))
        .collect();
    let owned = syn::Ident::new(owned, last.ident.span());
    Some(syn::parse_quote!(&::autodiff::ndarray::#owned<#(#args),*>))
}

/// A view by shared reference (`x: &ArrayView1<F>`) as the reference to the owned array a
/// view by value is taken as ([`view_as_array_ref`]).
pub(crate) fn view_by_reference(ty: &Type) -> Option<Type> {
    match ty {
        Type::Reference(r) if r.mutability.is_none() => view_as_array_ref(&r.elem),
        _ => None,
    }
}

/// `&&T` as `&T`, `&Box<[F]>` as `&[F]` (any number of outer shared references).
fn single_reference(ty: &Type) -> Option<Type> {
    let Type::Reference(r) = ty else { return None };
    if r.mutability.is_some() {
        return None;
    }
    let mut inner = &*r.elem;
    let mut collapsed = false;
    while let Type::Reference(next) = inner {
        if next.mutability.is_some() {
            return None;
        }
        inner = &next.elem;
        collapsed = true;
    }
    if let Some(slice) = boxed_slice(inner) {
        inner = slice;
        collapsed = true;
    }
    let mut single = r.clone();
    single.elem = Box::new(inner.clone());
    collapsed.then_some(Type::Reference(single))
}

/// Whether `name` is read as a sequence in `body`: indexed, walked by a `for` loop or an
/// iterator, or measured.
pub(crate) fn read_as_sequence(name: &syn::Ident, body: &syn::Block) -> bool {
    struct Reads<'n> {
        name: &'n syn::Ident,
        found: bool,
    }
    impl Reads<'_> {
        fn is_name(&self, e: &syn::Expr) -> bool {
            let e = match peel_parens(e) {
                syn::Expr::Reference(r) => peel_parens(&r.expr),
                e => e,
            };
            matches!(e, syn::Expr::Path(p) if p.path.is_ident(self.name))
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Reads<'_> {
        fn visit_expr(&mut self, e: &'ast syn::Expr) {
            self.found |= match e {
                syn::Expr::Index(ix) => self.is_name(&ix.expr),
                syn::Expr::ForLoop(f) => self.is_name(&f.expr),
                syn::Expr::MethodCall(m) => {
                    self.is_name(&m.receiver)
                        && matches!(m.method.to_string().as_str(), "iter" | "len" | "is_empty")
                }
                _ => false,
            };
            syn::visit::visit_expr(self, e);
        }
    }
    let mut reads = Reads { name, found: false };
    syn::visit::Visit::visit_block(&mut reads, body);
    reads.found
}

fn peel_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_parens(&p.expr),
        _ => e,
    }
}

/// Whether `name`, read as a sequence, reads as one of floats the function does not bind
/// again: no entry of it indexes another sequence (`x[idx[k]]`: indices), no entry is
/// indexed again (`m[i][j]`: rows), and no pattern binds the name again (`let mut v = v;`).
fn plain_float_sequence(name: &syn::Ident, block: &syn::Block) -> bool {
    use syn::visit::Visit;
    struct Uses<'n> {
        name: &'n syn::Ident,
        other: bool,
    }
    impl Uses<'_> {
        fn is_entry(&self, e: &syn::Expr) -> bool {
            match peel_parens(e) {
                syn::Expr::Index(ix) => {
                    matches!(peel_parens(&ix.expr), syn::Expr::Path(p) if p.path.is_ident(self.name))
                }
                syn::Expr::Cast(c) => self.is_entry(&c.expr),
                _ => false,
            }
        }
    }
    impl<'ast> Visit<'ast> for Uses<'_> {
        fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
            self.other |= self.is_entry(&ix.index) || self.is_entry(&ix.expr);
            syn::visit::visit_expr_index(self, ix);
        }
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.other |= p.ident == *self.name;
        }
    }
    let mut uses = Uses { name, other: false };
    uses.visit_block(block);
    !uses.other
}

/// `&T`, parenthesised where `T` is a list of bounds (`&(impl Fn(f64) -> f64 + Copy)`),
/// which `&impl A + B` would not parse as.
fn reference_to(elem: &Type) -> Type {
    match elem {
        Type::ImplTrait(_) | Type::TraitObject(_) => syn::parse_quote!(&(#elem)),
        _ => syn::parse_quote!(&#elem),
    }
}
