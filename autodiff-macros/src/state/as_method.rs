//! A free function stepping a struct it borrows mutably (`fn update(body: &mut Body, dt:
//! f64)`), as simulation code often writes one: it is the `&mut self` method it would be,
//! written beside the struct instead of in its `impl`. It is differentiated as that method,
//! hidden (`Body::__update_as_method_…`, the function's body with `body` read as `self`), and
//! `emit::as_method` gives the free function the method's derived items under its own
//! names (`update_vjp(&mut body, dt, y_bar, &mut body_bar)`), so it steps the state and its
//! tangent or cotangent as a `&mut self` method does.
//!
//! Only a function that assigns through its parameter (`body.v += a * dt`, `body.x[i] =
//! …`, `for p in body.ps.iter_mut()`) is read so: one that only calls the parameter's own
//! methods (`rng.next()`, a generator's state) keeps the macro's message.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use quote::format_ident;
use syn::visit::Visit;
use syn::{Expr, FnArg, Generics, Ident, ItemFn, Pat, Type};

/// A free function read as a `&mut self` method of the struct it steps.
pub struct Lifted {
    /// `fn __f_as_method_…(&mut self, …)`: the function without its state parameter, the
    /// parameter read as `self`; its generics are those the struct's type does not name.
    pub method: ItemFn,
    /// The struct's type (`Body`, `State<T>`), the `Self` of the hidden method.
    pub owner: Type,
    /// The generics the struct's type names (`<T: Float>` of `State<T>`), the `impl`'s.
    pub impl_generics: Generics,
    /// The state parameter's name (`body`).
    pub state: Ident,
    /// Its position among the function's parameters.
    pub position: usize,
    /// The function as written, whose name and visibility the derived items take.
    pub function: ItemFn,
}

/// `item` read as a method of the struct it steps, where it is a free function with one
/// `&mut` parameter of a type of its own that the body assigns through; `None` otherwise
/// (and for an associated function, `args` naming `associated`).
pub fn lift(item: &ItemFn, args: &TokenStream) -> Option<Lifted> {
    if crate::tokens::mentions_ident(
        args.clone(),
        &Ident::new("associated", proc_macro2::Span::call_site()),
    ) {
        return None;
    }
    let mut found = None;
    for (position, input) in item.sig.inputs.iter().enumerate() {
        let FnArg::Typed(pt) = input else {
            return None; // a method already
        };
        let Type::Reference(r) = &*pt.ty else {
            continue;
        };
        if r.mutability.is_none() || !is_own_type(&r.elem) {
            continue;
        }
        let Pat::Ident(p) = &*pt.pat else { return None };
        if p.by_ref.is_some() || p.subpat.is_some() || found.is_some() {
            return None;
        }
        found = Some((position, p.ident.clone(), (*r.elem).clone()));
    }
    let (position, state, owner) = found?;
    // (An associated function, `Self` in its signature or body: the `impl` it stands in
    // cannot hold another.)
    let self_ = Ident::new("Self", proc_macro2::Span::call_site());
    if crate::tokens::mentions_ident(quote::quote!(#item), &self_) {
        return None;
    }
    let steps = assigns_through(&item.block, &state) || steps_through(&item.block, &state);
    if rebinds(&item.block, &state) || !steps {
        return None;
    }
    let (impl_generics, method_generics) = split_generics(&item.sig.generics, &owner);
    let mut method = item.clone();
    method
        .attrs
        .retain(|a| a.path().is_ident("allow") || a.path().is_ident("checkpoint"));
    method.vis = syn::Visibility::Inherited;
    method.sig.ident = hidden_name(item);
    method.sig.generics = method_generics;
    let mut inputs: syn::punctuated::Punctuated<FnArg, syn::Token![,]> = Default::default();
    inputs.push(syn::parse_quote!(&mut self));
    for (i, input) in item.sig.inputs.iter().enumerate() {
        if i != position {
            inputs.push(input.clone());
        }
    }
    method.sig.inputs = inputs;
    let block = &item.block;
    method.block = Box::new(syn::parse2(as_self(quote::quote!(#block), &state)).ok()?);
    Some(Lifted {
        method,
        owner,
        impl_generics,
        state,
        position,
        function: item.clone(),
    })
}

/// The refusal of a method stepping a struct it borrows (`fn update(&self, state: &mut
/// State, dt: f64)` assigning `state.angle += …`), which the derivatives of a method cannot
/// follow (they follow its receiver's state), and which cannot be lifted as a free
/// function's is: an attribute on a method can only add items to its `impl`, not an `impl`
/// of the struct it steps. `None` for any other function.
pub fn method_stepping_a_parameter(item: &ItemFn) -> Option<syn::Error> {
    item.sig.receiver()?;
    let (param, owner) = item.sig.inputs.iter().find_map(|input| {
        let FnArg::Typed(pt) = input else {
            return None;
        };
        let (Pat::Ident(p), Type::Reference(r)) = (&*pt.pat, &*pt.ty) else {
            return None;
        };
        (r.mutability.is_some()
            && is_own_type(&r.elem)
            && !rebinds(&item.block, &p.ident)
            && assigns_through(&item.block, &p.ident))
        .then(|| (p.ident.clone(), (*r.elem).clone()))
    })?;
    let name = &item.sig.ident;
    let owner = quote::quote!(#owner).to_string().replace(' ', "");
    let message = format!("this method steps `{param}` (a `&mut {owner}` whose fields it assigns), not its receiver: the derivatives of a method follow the state it takes as `&mut self`, and an attribute on a method cannot add items to `{owner}`. Write the step as a free function taking the receiver's values as a parameter, `fn {name}(model: &…, {param}: &mut {owner}, …)` with `self.` written `model.` (a free function stepping a struct is differentiated as the `&mut self` method it would be), or as a method of `{owner}`, `impl {owner} {{ #[differentiate] fn {name}(&mut self, model: &…, …) }}` with `{param}.` written `self.`, and call it from this method");
    Some(syn::Error::new_spanned(
        item.sig.inputs.iter().find(|i| matches!(i, FnArg::Typed(pt) if matches!(&*pt.pat, Pat::Ident(p) if p.ident == param)))?,
        message,
    ))
}

/// The hidden method's name: `__update_as_method_…` for `update`, ending in a hash of the
/// function's text, since two modules may each step the struct by a function of that name
/// and a type's inherent methods share one namespace across the crate.
fn hidden_name(item: &ItemFn) -> Ident {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    quote::quote!(#item).to_string().hash(&mut hasher);
    let function = item.sig.ident.to_string();
    let function = function.trim_start_matches("r#");
    format_ident!("__{function}_as_method_{:08x}", hasher.finish() as u32)
}

/// Messages about the hidden method (`compile_error!` tokens) said of the function as
/// written: `self.` as `body.`, the method as the function stepping `body`.
pub fn in_function_terms(errors: TokenStream, state: &Ident) -> TokenStream {
    map_strings(errors, &|message| {
        message
            .replace("a `&mut self` method", &format!("a function stepping `{state}`"))
            .replace("a `#[differentiate]` method taking `&mut self`", &format!("a `#[differentiate]` function stepping `{state}` (read as a `&mut self` method of its type)"))
            .replace("this method takes `&mut self`", &format!("this function steps `{state}`"))
            .replace("in this method", "in this function")
            .replace("`self.", &format!("`{state}."))
            .replace("`self`", &format!("`{state}`"))
    })
}

/// `tokens` with each string literal's text mapped by `f` (a message, a doc comment).
pub fn map_strings(tokens: TokenStream, f: &dyn Fn(String) -> String) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), map_strings(g.stream(), f));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            TokenTree::Literal(lit) => {
                match syn::parse2::<syn::LitStr>(TokenTree::Literal(lit.clone()).into()) {
                    Ok(text) => {
                        let mut mapped = proc_macro2::Literal::string(&f(text.value()));
                        mapped.set_span(lit.span());
                        TokenTree::Literal(mapped)
                    }
                    Err(_) => TokenTree::Literal(lit),
                }
            }
            other => other,
        })
        .collect()
}

/// A struct of the user's own (`Body`, `sim::State<T>`): not a float, a number, an array
/// or a standard container, which are buffers or refused elsewhere.
fn is_own_type(ty: &Type) -> bool {
    let float: Type = syn::parse_quote!(f64);
    let Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    // (A path, `na::Vector3`, names a type of another crate, whose `impl` the user's crate
    // cannot hold; so do the vector types of nalgebra, glam and cgmath imported by name.)
    p.qself.is_none()
        && p.path.segments.len() == 1
        && last.ident != "Self"
        && !is_math_library_type(&last.ident.to_string())
        && crate::types::kind_of_type(ty, &float) == crate::types::Kind::Struct
}

/// `Vector3`, `Matrix2x3`, `Point2`, `DVec3`, `Mat4`, `UnitQuaternion`, …: types of the
/// linear-algebra crates.
fn is_math_library_type(name: &str) -> bool {
    const WHOLE: &[&str] = &[
        "DVector",
        "DMatrix",
        "SVector",
        "SMatrix",
        "OVector",
        "OMatrix",
        "RowDVector",
        "Quaternion",
        "UnitQuaternion",
        "UnitComplex",
        "Complex",
        "Quat",
        "DQuat",
        "Basis2",
        "Basis3",
        "Deg",
        "Rad",
    ];
    const NUMBERED: &[&str] = &[
        "Vector",
        "RowVector",
        "Matrix",
        "Point",
        "Rotation",
        "Isometry",
        "Translation",
        "Similarity",
        "Transform",
        "Vec",
        "DVec",
        "IVec",
        "UVec",
        "Mat",
        "DMat",
        "Affine",
        "DAffine",
    ];
    let (stem, size) = name.split_at(
        name.find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len()),
    );
    let sized = !size.is_empty()
        && size
            .chars()
            .all(|c| c.is_ascii_digit() || c == 'x' || c == 'A');
    WHOLE.contains(&name) || sized && NUMBERED.contains(&stem)
}

/// `tokens` (the body, or the attribute's arguments: `wrt(body, dt)` as `wrt(self, dt)`)
/// with the name `state` read as `self`, where it is a value: not a field or a
/// method named like it (`x.state`), a path's later segment, or a struct literal's field
/// name (`Body { state: … }`).
pub fn as_self(tokens: TokenStream, state: &Ident) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    for (i, tt) in trees.iter().enumerate() {
        let after_dot = i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
        let after_colons = i > 0
            && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == ':')
            && i > 1
            && matches!(&trees[i - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint);
        let field_name = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Alone);
        match tt {
            TokenTree::Ident(id) if id == state && !after_dot && !after_colons && !field_name => {
                out.extend([TokenTree::Ident(Ident::new("self", id.span()))]);
            }
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), as_self(g.stream(), state));
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

/// Whether the body binds `name` again (`let body = …`, a closure's `|body|`): then not
/// every `body` is the parameter.
fn rebinds(block: &syn::Block, name: &Ident) -> bool {
    struct Find<'n>(&'n Ident, bool);
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
            self.1 |= p.ident == *self.0;
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut find = Find(name, false);
    find.visit_block(block);
    find.1
}

/// Whether the body assigns through `name` (`name.f = …`, `name.f[i] += …`) or changes a
/// field of it in place (`name.f.iter_mut()`, `&mut name.f`, `name.f.step(…)`).
fn assigns_through(block: &syn::Block, name: &Ident) -> bool {
    struct Find<'n>(&'n Ident, bool);
    impl Find<'_> {
        /// `name.f…`, through fields, indices and parentheses.
        fn inside(&self, e: &Expr) -> bool {
            match e {
                Expr::Field(f) => is_name(&f.base, self.0) || self.inside(&f.base),
                Expr::Index(i) => self.inside(&i.expr),
                Expr::Paren(p) => self.inside(&p.expr),
                _ => false,
            }
        }
    }
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
            self.1 |= self.inside(&a.left);
            syn::visit::visit_expr_assign(self, a);
        }
        fn visit_expr_binary(&mut self, b: &'a syn::ExprBinary) {
            self.1 |= crate::tokens::is_compound_assign(&b.op) && self.inside(&b.left);
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            self.1 |= self.inside(&m.receiver);
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_reference(&mut self, r: &'a syn::ExprReference) {
            self.1 |= r.mutability.is_some() && self.inside(&r.expr);
            syn::visit::visit_expr_reference(self, r);
        }
    }
    let mut find = Find(name, false);
    find.visit_block(block);
    find.1
}

/// Whether the body steps `name` by its methods, called as statements (`fern.grow();`,
/// in a loop too) and never for a value: a method of the struct stepping it, which the
/// hidden method calls as a step of `self`. (A generator's state, `rng.next()` read as a
/// value, is not.)
fn steps_through(block: &syn::Block, name: &Ident) -> bool {
    struct Find<'n> {
        name: &'n Ident,
        statements: usize,
        values: usize,
    }
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_stmt(&mut self, s: &'a syn::Stmt) {
            if let syn::Stmt::Expr(Expr::MethodCall(m), Some(_)) = s {
                if is_name(&m.receiver, self.name) {
                    self.statements += 1;
                    for a in &m.args {
                        self.visit_expr(a);
                    }
                    return;
                }
            }
            syn::visit::visit_stmt(self, s);
        }
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            if is_name(&m.receiver, self.name) {
                self.values += 1;
            }
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut find = Find {
        name,
        statements: 0,
        values: 0,
    };
    find.visit_block(block);
    find.statements > 0 && find.values == 0
}

fn is_name(e: &Expr, name: &Ident) -> bool {
    matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// The function's generics split between the `impl` (those the struct's type names, with
/// their bounds) and the method (the rest, and the `where` clause, which a method may
/// write on the `impl`'s parameters too).
fn split_generics(generics: &Generics, owner: &Type) -> (Generics, Generics) {
    let owner_tokens = quote::quote!(#owner);
    let mut on_impl = Generics::default();
    let mut on_method = Generics::default();
    for param in &generics.params {
        let named = match param {
            syn::GenericParam::Type(t) => {
                crate::tokens::mentions_ident(owner_tokens.clone(), &t.ident)
            }
            syn::GenericParam::Const(c) => {
                crate::tokens::mentions_ident(owner_tokens.clone(), &c.ident)
            }
            syn::GenericParam::Lifetime(l) => quote::quote!(#owner)
                .to_string()
                .contains(&format!("'{}", l.lifetime.ident)),
        };
        match named {
            true => on_impl.params.push(param.clone()),
            false => on_method.params.push(param.clone()),
        }
    }
    // A `where` predicate goes with the parameters it bounds: to the `impl` where it names
    // only the `impl`'s (`where T: Float` of `State<T>`, which the struct may require).
    let method_params: Vec<Ident> = on_method
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.clone()),
            syn::GenericParam::Const(c) => Some(c.ident.clone()),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect();
    for predicate in generics.where_clause.iter().flat_map(|w| &w.predicates) {
        let tokens = quote::quote!(#predicate);
        let of_method = method_params
            .iter()
            .any(|p| crate::tokens::mentions_ident(tokens.clone(), p));
        let generics = match of_method {
            true => &mut on_method,
            false => &mut on_impl,
        };
        generics
            .make_where_clause()
            .predicates
            .push(predicate.clone());
    }
    (on_impl, on_method)
}
