//! Which float type a function computes in: `f64`, `f32`, a type parameter bounded by
//! `Float`, or, in a generic `impl`, the impl's own parameter as the signature uses it.

use crate::types::{element, INTS};
use syn::{GenericParam, Ident, Signature, Type, TypeParamBound};

/// Whether a bound makes its type parameter a float type: `num_traits::Float`, or a trait
/// that implies it and is written as the bound of generic float code, ndarray's `NdFloat`
/// (matched by the last segment, as the macro sees names and not traits).
pub(crate) fn is_float_bound(b: &TypeParamBound) -> bool {
    matches!(b, TypeParamBound::Trait(t)
        if t.path.segments.last().is_some_and(|s| s.ident == "Float" || s.ident == "NdFloat"))
}

/// The function's float type: `f64`, `f32`, or a generic parameter bounded by `Float`; in
/// an `impl` (see [`in_impl`](super::in_impl)), possibly the impl's own type parameter. A
/// type the body builds by a struct literal (`Vec2 { x, y }`) is no float: a method of a
/// concrete struct whose signature names no float (`fn sub(&self, o: &Vec2) -> Vec2`)
/// computes in the float type its body names (`f32` where it does), else `f64`.
pub(crate) fn float_type(
    sig: &Signature,
    body: Option<&syn::Block>,
    in_impl: bool,
) -> syn::Result<Type> {
    float_type_with(sig, body, in_impl, true)
}

/// [`float_type`], where the signature or the floats the body builds say it, not a state's
/// step (what an unmarked `impl` differentiates: `fn next(&mut self, price: i64)` stepping
/// integers is no float code).
pub(crate) fn float_type_said(
    sig: &Signature,
    body: Option<&syn::Block>,
    in_impl: bool,
) -> syn::Result<Type> {
    float_type_with(sig, body, in_impl, false)
}

fn float_type_with(
    sig: &Signature,
    body: Option<&syn::Block>,
    in_impl: bool,
    state_steps: bool,
) -> syn::Result<Type> {
    for param in &sig.generics.params {
        if let GenericParam::Type(tp) = param {
            let bounded = is_float_bound;
            let in_where = sig.generics.where_clause.as_ref().is_some_and(|w| {
                w.predicates.iter().any(|p| match p {
                    syn::WherePredicate::Type(pt) => {
                        is_ident(&pt.bounded_ty, &tp.ident) && pt.bounds.iter().any(bounded)
                    }
                    _ => false,
                })
            });
            if tp.bounds.iter().any(bounded) || in_where {
                let ident = &tp.ident;
                return Ok(syn::parse_quote!(#ident));
            }
        }
    }
    let mut found = None;
    let mut visit = |ty: &Type| {
        for name in ["f64", "f32"] {
            if mentions(ty, name) && found.is_none() {
                found = Some(name);
            }
        }
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            visit(&pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        visit(ty);
    }
    // `<Self as Differentiable>::Scalar`, the float type a `&mut self` step's hidden method
    // is given where nothing names one (`state_float`): that type itself.
    if let (None, syn::ReturnType::Type(_, ty)) = (found, &sig.output) {
        if let Some(scalar) = differentiable_scalar(ty) {
            return Ok(scalar);
        }
    }
    if found.is_none() {
        if let Some(alias) = float_alias(sig).or_else(|| cast_alias(sig, body)) {
            return Ok(syn::parse_quote!(#alias));
        }
    }
    match found {
        Some("f32") => Ok(syn::parse_quote!(f32)),
        Some(_) => Ok(syn::parse_quote!(f64)),
        None => match impl_float_candidates(sig, body, in_impl).as_slice() {
            // (Structs in and out, `fn new(a: Vec3, b: Vec3) -> Self`: no name of them is
            // the impl's float parameter.)
            _ if takes_and_gives_structs(sig) => Ok(fields_float(sig, body)),
            [] if body.is_some_and(|b| builds_its_result(sig, b)) => Ok(fields_float(sig, body)),
            // A `&mut self` step whose parameters hold no float (`fn tick(&mut self, action:
            // &Action)`): `f64`, or `f32` where the body names only that.
            [] if state_steps && steps_its_state(sig, body) => Ok(state_float(body)),
            [one] => Ok(syn::parse_str(one).expect("an identifier is a type")),
            [] => Err(syn::Error::new_spanned(
                &sig.ident,
                "`#[differentiate]` found no float type in this signature: use `f64`, `f32`, or a type parameter bounded by `num_traits::Float` (in a method of a generic `impl<T: Float>`, or a function there marked `#[differentiate(associated)]`, write `T` for a float parameter or the result, or as the element of a slice, `Vec` or array)",
            )),
            several => Err(syn::Error::new_spanned(
                &sig.ident,
                format!(
                    "`#[differentiate]` cannot tell which of the impl's type parameters `{}` is the float type of this function: it sees the function's signature only. Write it as a free function generic over its float type (`fn {}<T: Float>(p: &S<T>, …)`), which states it",
                    several.join("`, `"),
                    sig.ident
                ),
            )),
        },
    }
}

/// A `&mut self` method returning nothing, a count or a flag, that assigns a field of
/// `self` or calls a method of it (or of a field of it): a step of the state it holds.
fn steps_its_state(sig: &Signature, body: Option<&syn::Block>) -> bool {
    let mutable = matches!(sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if matches!(r.kind, syn::ReceiverKind::Reference(_, _, Some(_))));
    let plain = match &sig.output {
        syn::ReturnType::Default => true,
        syn::ReturnType::Type(_, t) => {
            matches!(&**t, Type::Tuple(t) if t.elems.is_empty())
                || matches!(&**t, Type::Path(p) if p.path.get_ident().is_some_and(|i| INTS.contains(&i.to_string().as_str()) || i == "bool"))
        }
    };
    // `self.x = …`, `self.x += …`, `self.pos.x = …`, `self.0 = …`: fields of `self`, then
    // an assignment.
    fn assigns_a_field(ts: proc_macro2::TokenStream) -> bool {
        use proc_macro2::TokenTree as T;
        let trees: Vec<T> = ts.into_iter().collect();
        trees.iter().enumerate().any(|(k, t)| match t {
            T::Group(g) => assigns_a_field(g.stream()),
            T::Ident(i) if i == "self" => {
                let mut at = k + 1;
                while matches!(trees.get(at), Some(T::Punct(p)) if p.as_char() == '.')
                    && matches!(trees.get(at + 1), Some(T::Ident(_) | T::Literal(_)))
                {
                    at += 2;
                }
                let assign = match (trees.get(at), trees.get(at + 1)) {
                    (Some(T::Punct(p)), _) if p.as_char() == '=' => {
                        !matches!(trees.get(at + 1), Some(T::Punct(q)) if q.as_char() == '=')
                    }
                    (Some(T::Punct(p)), Some(T::Punct(q))) => {
                        "+-*/".contains(p.as_char()) && q.as_char() == '='
                    }
                    _ => false,
                };
                at > k + 1 && assign
            }
            _ => false,
        })
    }
    // `self.grow()`, `self.filter.process(x)`: a step of the state (or of a field's).
    fn calls_a_method(ts: proc_macro2::TokenStream) -> bool {
        use proc_macro2::TokenTree as T;
        let trees: Vec<T> = ts.into_iter().collect();
        trees.iter().enumerate().any(|(k, t)| match t {
            T::Group(g) => calls_a_method(g.stream()),
            T::Ident(i) if i == "self" => {
                let dot = |at: usize| matches!(trees.get(at), Some(T::Punct(p)) if p.as_char() == '.');
                let name = |at: usize| matches!(trees.get(at), Some(T::Ident(_)));
                let args = |at: usize| matches!(trees.get(at), Some(T::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Parenthesis);
                dot(k + 1) && name(k + 2) && (args(k + 3) || dot(k + 3) && name(k + 4) && args(k + 5))
            }
            _ => false,
        })
    }
    let steps = body.is_some_and(|b| {
        let ts = quote::ToTokens::to_token_stream(b);
        assigns_a_field(ts.clone()) || calls_a_method(ts)
    });
    mutable && plain && steps
}

/// Whether the body names `name` (a float type) anywhere.
fn body_names(body: Option<&syn::Block>, name: &str) -> bool {
    let ident = Ident::new(name, proc_macro2::Span::call_site());
    body.is_some_and(|b| crate::tokens::mentions_ident(quote::ToTokens::to_token_stream(b), &ident))
}

/// The float type of a state a step does not name: `f32` where the body names it (a path
/// or a literal's suffix, `2.0f32`) and not `f64`, `f64` where it names that, else the
/// state's own (`<Self as Differentiable>::Scalar`: `struct Osc { freq: f32, … }` steps in
/// `f32` without saying so).
fn state_float(body: Option<&syn::Block>) -> Type {
    let names = |name: &str| body_names(body, name) || body_suffixes(body, name);
    match (names("f32"), names("f64")) {
        (true, false) => syn::parse_quote!(f32),
        (false, false) => {
            syn::parse_quote!(<Self as ::autodiff::__private::Differentiable>::Scalar)
        }
        _ => syn::parse_quote!(f64),
    }
}

/// Whether a float literal of the body has the suffix `name` (`2.0f32`, `1e-3_f32`).
fn body_suffixes(body: Option<&syn::Block>, name: &str) -> bool {
    fn suffixed(ts: proc_macro2::TokenStream, name: &str) -> bool {
        ts.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Group(g) => suffixed(g.stream(), name),
            proc_macro2::TokenTree::Literal(l) => {
                let text = l.to_string();
                text.ends_with(name) && text.starts_with(|c: char| c.is_ascii_digit())
            }
            _ => false,
        })
    }
    body.is_some_and(|b| suffixed(quote::ToTokens::to_token_stream(b), name))
}

/// The float type of a struct's fields that the signature does not name: `f32` or `f64`
/// where the body names it, else the result struct's own (`<Vec2 as Differentiable>::Scalar`).
fn fields_float(sig: &Signature, body: Option<&syn::Block>) -> Type {
    let names = |name: &str| body_names(body, name);
    if names("f32") {
        return syn::parse_quote!(f32);
    }
    if names("f64") {
        return syn::parse_quote!(f64);
    }
    // Nothing names it: the float type of the result's leaves (a struct: both callers of
    // this function check it), which rustc knows and the attribute cannot see (`struct
    // Vec2 { x: f32, y: f32 }`). The result, not `self`: a derived item's result is
    // `Differentiable` anyway, where `self` may be a constant of another type.
    match &sig.output {
        syn::ReturnType::Type(_, ty) => {
            syn::parse_quote!(<#ty as ::autodiff::__private::Differentiable>::Scalar)
        }
        syn::ReturnType::Default => syn::parse_quote!(f64),
    }
}

/// A type alias of a float that the signature names (`type Real = f64;` elsewhere, `fn
/// sq(x: Real) -> Real`): the attribute cannot see the alias, so a name saying what it is
/// (`Real`, `Float`, `Scalar`, `Precision…`, `…Float`) is taken for the float type, which
/// the derived items then use as a float type parameter (a wrong guess is a type error).
fn float_alias(sig: &Signature) -> Option<Ident> {
    let declared: Vec<&Ident> = sig.generics.type_params().map(|t| &t.ident).collect();
    let alias = crate::types::is_float_alias_name;
    let mut found = None;
    let mut visit = |ts: proc_macro2::TokenStream| {
        fn walk(ts: proc_macro2::TokenStream, f: &mut dyn FnMut(&Ident)) {
            for t in ts {
                match t {
                    proc_macro2::TokenTree::Ident(i) => f(&i),
                    proc_macro2::TokenTree::Group(g) => walk(g.stream(), f),
                    _ => {}
                }
            }
        }
        walk(ts, &mut |i: &Ident| {
            if found.is_none() && alias(&i.to_string()) && !declared.contains(&i) {
                found = Some(i.clone());
            }
        });
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            visit(quote::ToTokens::to_token_stream(&pt.ty));
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        visit(quote::ToTokens::to_token_stream(ty));
    }
    found
}

/// A type the signature names (`x: Beats`, `-> Beats`) that the body casts to (`n as
/// Beats`): `as` converts between primitive types only, so it is an alias of one (`type
/// Beats = f32;` elsewhere), and the float type where the signature names no other.
fn cast_alias(sig: &Signature, body: Option<&syn::Block>) -> Option<Ident> {
    let body = quote::ToTokens::to_token_stream(body?);
    let mut targets = vec![];
    fn walk(ts: proc_macro2::TokenStream, out: &mut Vec<Ident>) {
        let trees: Vec<proc_macro2::TokenTree> = ts.into_iter().collect();
        for (k, t) in trees.iter().enumerate() {
            match t {
                proc_macro2::TokenTree::Group(g) => walk(g.stream(), out),
                proc_macro2::TokenTree::Ident(i) if i == "as" => {
                    if let Some(proc_macro2::TokenTree::Ident(target)) = trees.get(k + 1) {
                        let path = matches!(trees.get(k + 2), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ':');
                        if !path {
                            out.push(target.clone());
                        }
                    }
                }
                _ => {}
            }
        }
    }
    walk(body, &mut targets);
    let primitive = |i: &Ident| {
        let s = i.to_string();
        INTS.contains(&s.as_str()) || matches!(s.as_str(), "f32" | "f64" | "bool" | "char" | "u8")
    };
    let scalar_in_signature = |i: &Ident| {
        let named = |t: &Type| is_ident(crate::types::peel_refs(t), i);
        sig.inputs
            .iter()
            .any(|a| matches!(a, syn::FnArg::Typed(pt) if named(&pt.ty)))
            || matches!(&sig.output, syn::ReturnType::Type(_, t) if named(t))
    };
    targets
        .into_iter()
        .find(|t| !primitive(t) && scalar_in_signature(t))
}

/// A function whose signature names both a float type (`e: f64`) and an alias whose name
/// says it is one (`t: FloatType`, `type FloatType = f64;` elsewhere): the copy its
/// derivatives are built from, with the alias written as that float type (the attribute
/// cannot see the alias; a wrong guess is a type error). `None` where there is none.
pub(crate) fn float_aliases_written_out(
    item: &syn::ItemFn,
    wrt: Option<&[Ident]>,
) -> Option<syn::ItemFn> {
    let float = float_type(&item.sig, None, false).ok()?;
    let named = quote::quote!(#float).to_string();
    if named != "f64" && named != "f32" {
        return None;
    }
    let alias = float_alias(&item.sig)?;
    // (Parameters of that type that `wrt` leaves out are constants of whatever type the
    // alias is, `f32` too: left as written.)
    let differentiated = |pt: &syn::PatType| match (&*pt.pat, wrt) {
        (syn::Pat::Ident(p), Some(wrt)) => wrt.contains(&p.ident),
        _ => true,
    };
    let typed_by_alias = item.sig.inputs.iter().filter_map(|a| match a {
        syn::FnArg::Typed(pt) if crate::tokens::mentions_ident(quote::quote!(#pt), &alias) => {
            Some(pt)
        }
        _ => None,
    });
    if !typed_by_alias.into_iter().any(differentiated) {
        return None;
    }
    let tokens = crate::tokens::subst(
        quote::ToTokens::to_token_stream(item),
        &alias,
        &quote::quote!(#float),
    );
    syn::parse2(tokens).ok()
}

/// Whether a function's parameters (besides `self`) and result are all structs of named
/// types (`fn half(a: Vec2, b: &Vec2) -> Vec2`, `fn new(a: Vec3, b: Vec3) -> Self`): a vector
/// type's arithmetic, in the float type its fields have, taken to be `f64` (`f32` where the
/// body names it), as for a method building its result.
fn takes_and_gives_structs(sig: &Signature) -> bool {
    let named = |ty: &Type| {
        let ty = match ty {
            Type::Reference(r) => &*r.elem,
            t => t,
        };
        // (A plain name: `Vec3<T>` of a generic impl computes in its `T`, and one capital
        // letter is a type parameter, an `impl`'s where the function cannot tell.)
        matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.iter().all(|s| s.arguments.is_empty())
        && p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            name.len() > 1
                && crate::types::names_a_struct(&name)
                && !["String", "Vec", "Option", "Result", "Box"].contains(&name.as_str())
        }))
    };
    let inputs: Vec<&Type> = sig
        .inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(pt) => Some(&*pt.ty),
            _ => None,
        })
        .collect();
    let result = match &sig.output {
        syn::ReturnType::Type(_, ty) => named(ty),
        syn::ReturnType::Default => false,
    };
    // (`Self` alone tells nothing: `fn plus(&self, o: &Self) -> Self` of a generic
    // `impl<T: Float> V<T>` computes in `T`.)
    let is_self = |ty: &Type| {
        let ty = match ty {
            Type::Reference(r) => &*r.elem,
            t => t,
        };
        matches!(ty, Type::Path(p) if p.path.is_ident("Self"))
    };
    let names_another = inputs.iter().any(|t| !is_self(t))
        || matches!(&sig.output, syn::ReturnType::Type(_, ty) if !is_self(ty));
    result
        && !inputs.is_empty()
        && names_another
        && inputs.iter().all(|t| named(t))
        && sig.generics.type_params().next().is_none()
}

/// Whether the result is a struct (`Self` or a named type) that the body builds by a
/// literal.
fn builds_its_result(sig: &Signature, body: &syn::Block) -> bool {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return false;
    };
    let Type::Path(p) = &**ty else { return false };
    p.path
        .get_ident()
        .is_some_and(|name| literal_struct_names(body).contains(&name.to_string()))
}

/// The names of the structs the body builds by literals (`Vec2 { x, y }`, `Vector(x, y)`)
/// or by a constructor (`Vec3::new(…)`, `Vec3::new_unit(…)`: names no float type has as associated
/// functions; not `default`, which `T::default()` of a float parameter is too).
fn literal_struct_names(body: &syn::Block) -> Vec<String> {
    struct Literals(Vec<String>);
    impl<'ast> syn::visit::Visit<'ast> for Literals {
        fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
            if let Some(last) = s.path.segments.last() {
                self.0.push(last.ident.to_string());
            }
            syn::visit::visit_expr_struct(self, s);
        }
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func {
                let segments = &p.path.segments;
                // `Vector(x, y)`: a tuple struct's constructor; also a lowercase one
                // (`f64x2(a, b)`, `vec2(x, y)`): a function called like a type the
                // signature names is that type's constructor, and a call of another
                // function names no type this list is asked about.
                if let (1, Some(name)) = (segments.len(), segments.last()) {
                    let name = name.ident.to_string();
                    if !["Some", "Ok", "Err", "Box", "Vec"].contains(&name.as_str()) {
                        self.0.push(name);
                    }
                }
                if let (2, Some(ctor)) = (segments.len(), segments.last()) {
                    let ctor = ctor.ident.to_string();
                    if ctor == "new" || ctor.starts_with("new_") {
                        self.0.push(segments[0].ident.to_string());
                    }
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut found = Literals(vec![]);
    syn::visit::Visit::visit_block(&mut found, body);
    found.0
}

/// In an item of a generic `impl<T: Float> S<T>`, the float type is the impl's parameter,
/// which the attribute cannot see: it is taken to be the one type name, declared neither by
/// the function nor by the language, that the signature uses as a float would be used (a
/// parameter or result by value, or the element of a slice, `Vec`, array or `ndarray` array).
/// A wrong guess does not compile (the generated code uses it as a float). Returns every
/// such name.
fn impl_float_candidates(sig: &Signature, body: Option<&syn::Block>, in_impl: bool) -> Vec<String> {
    if !in_impl {
        return vec![];
    }
    let built = body.map(literal_struct_names).unwrap_or_default();
    let declared: Vec<String> = sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut candidates: Vec<String> = vec![];
    let mut consider = |ty: &Type| {
        let Type::Path(p) = ty else { return };
        let Some(name) = p.path.get_ident().map(Ident::to_string) else {
            return;
        };
        let known = INTS.contains(&name.as_str())
            || ["Self", "String", "bool", "char", "str"].contains(&name.as_str());
        if !known
            && !declared.contains(&name)
            && !candidates.contains(&name)
            && !built.contains(&name)
        {
            candidates.push(name);
        }
    };
    let mut float_positions = |ty: &Type| {
        let ty = match ty {
            Type::Reference(r) => &*r.elem,
            t => t,
        };
        consider(ty);
        if let Some((elem, _)) = element(ty) {
            consider(elem);
        }
        if let Type::Path(p) = ty {
            let last = p.path.segments.last();
            let nd = last.is_some_and(|s| s.ident.to_string().starts_with("Array"));
            if let (true, Some(syn::PathArguments::AngleBracketed(args))) =
                (nd, last.map(|s| &s.arguments))
            {
                if let Some(syn::GenericArgument::Type(t)) = args.args.first() {
                    consider(t);
                }
            }
        }
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            // A struct passed by reference is not a float position.
            if matches!(&*pt.ty, Type::Reference(r) if matches!(&*r.elem, Type::Path(p) if p.path.get_ident().is_some()))
            {
                continue;
            }
            float_positions(&pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        float_positions(ty);
        if let Type::Tuple(t) = &**ty {
            t.elems.iter().for_each(&mut float_positions);
        }
    }
    candidates
}

fn is_ident(ty: &Type, ident: &Ident) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident(ident))
}

fn mentions(ty: &Type, name: &str) -> bool {
    quote::quote!(#ty)
        .into_iter()
        .any(|t| t.to_string() == name)
        || quote::quote!(#ty)
            .to_string()
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| w == name)
}

/// `<S as …::Differentiable>::Scalar` in `ty` (alone, or in a tuple of results).
fn differentiable_scalar(ty: &Type) -> Option<Type> {
    match ty {
        Type::Tuple(t) => t.elems.iter().find_map(differentiable_scalar),
        Type::Path(p)
            if p.qself.is_some()
                && p.path.segments.last().is_some_and(|s| s.ident == "Scalar")
                && p.path.segments.iter().any(|s| s.ident == "Differentiable") =>
        {
            Some(ty.clone())
        }
        _ => None,
    }
}
