//! The derived items' signature where a parameter holds a function called on values with
//! derivatives (`analysis::function_values`): its type becomes a function value with its
//! derivatives, `autodiff::function_value::FunctionN<F>`, taken by value (it is `Copy`).
//! `f: fn(f64) -> f64`, `f: impl Fn(f64) -> f64`, `f: &dyn Fn(f64) -> f64` and
//! `f: Box<dyn Fn(f64) -> f64>` become `f: impl Function1<f64>`; a type parameter
//! (`f: F`, `f: &F` with `F: Fn(f64) -> f64`) keeps its name, its `Fn` bounds replaced.

use quote::quote;

/// `item` with the parameters at `indices` retyped (each one called, or only passed on),
/// and the retyped ones with their numbers of arguments; an error on a parameter called
/// whose type does not show a function of floats returning a float. One only passed on
/// stays as written: the callee's own derived items say what they take.
///
/// `recursive`: the function's pullbacks are boxed (`dyn FnOnce`, `'static`), and so must be
/// what they hold; a type parameter gets that bound with the others (`static_type_params`),
/// an `impl` type here.
pub fn retyped(
    item: &syn::ItemFn,
    indices: &[(usize, bool)],
    float: &syn::Type,
    recursive: bool,
) -> Result<(syn::ItemFn, Vec<(usize, usize)>), syn::Error> {
    let mut copy = item.clone();
    let mut arities = vec![];
    for &(index, called) in indices {
        let syn::FnArg::Typed(pt) = &item.sig.inputs[index] else {
            continue;
        };
        let arity = match arity(&pt.ty, &item.sig.generics, float) {
            Some(n) => n,
            None if !called => continue,
            None => {
                return Err(syn::Error::new_spanned(
                    &pt.ty,
                    unsupported(&pt.ty, &item.sig.generics, float),
                ))
            }
        };
        arities.push((index, arity));
        let bound: syn::TypeParamBound = {
            let name = quote::format_ident!("Function{}", arity);
            syn::parse_quote!(::autodiff::function_value::#name<#float>)
        };
        let syn::FnArg::Typed(pt) = &mut copy.sig.inputs[index] else {
            continue;
        };
        let by_value = held(&pt.ty);
        let new_ty: syn::Type = match by_value {
            syn::Type::FnPtr(_) => syn::parse_quote!(impl #bound),
            syn::Type::ImplTrait(mut t) => {
                replace_fn_bounds(&mut t.bounds, &bound);
                syn::Type::ImplTrait(t)
            }
            syn::Type::TraitObject(mut t) => {
                replace_fn_bounds(&mut t.bounds, &bound);
                let bounds = &t.bounds;
                syn::parse_quote!(impl #bounds)
            }
            syn::Type::Path(p)
                if p.qself.is_none()
                    && p.path.get_ident().is_some_and(|i| {
                        copy.sig.generics.type_params().any(|tp| tp.ident == *i)
                    }) =>
            {
                let name = p.path.get_ident().expect("checked").clone();
                // Another parameter of that type would be retyped too (`f: F, g: F` with
                // only `f` called on values with derivatives).
                let shared = item.sig.inputs.iter().enumerate().any(|(j, input)| {
                    j != index
                        && matches!(input, syn::FnArg::Typed(t) if crate::tokens::mentions_any(quote!(#t), &[&name.to_string()]))
                });
                if shared {
                    return Err(syn::Error::new_spanned(
                        &pt.ty,
                        format!("this parameter holds a function the derived items need with its derivatives, and its type parameter `{name}` is another parameter's type too: give each function parameter a type parameter of its own (`f: F, g: G`)"),
                    ));
                }
                for tp in copy.sig.generics.type_params_mut() {
                    if tp.ident == name {
                        replace_fn_bounds(&mut tp.bounds, &bound);
                    }
                }
                if let Some(w) = &mut copy.sig.generics.where_clause {
                    for pred in w.predicates.iter_mut() {
                        if let syn::WherePredicate::Type(t) = pred {
                            let bounded = &t.bounded_ty;
                            if name == quote!(#bounded).to_string() {
                                replace_fn_bounds(&mut t.bounds, &bound);
                            }
                        }
                    }
                }
                syn::Type::Path(p)
            }
            // (`arity` found a function's signature in the type.)
            other => other,
        };
        *pt.ty = match (recursive, new_ty) {
            (true, syn::Type::ImplTrait(mut t)) => {
                t.bounds.push(syn::parse_quote!('static));
                syn::Type::ImplTrait(t)
            }
            (_, t) => t,
        };
    }
    Ok((copy, arities))
}

/// The number of parameters of the function a parameter of type `ty` holds, when it is a
/// function of one to four `float`s returning a `float`: `fn(f64) -> f64`, `impl Fn(…)`,
/// `&dyn Fn(…)`, `Box<dyn Fn(…)>`, or a type parameter (`F`, `&F`) bounded by `Fn(…)`.
fn arity(ty: &syn::Type, generics: &syn::Generics, float: &syn::Type) -> Option<usize> {
    let float = quote!(#float).to_string();
    let is_float = |t: &syn::Type| quote!(#t).to_string() == float;
    let (inputs, output) = signature(ty, generics)?;
    let returns_float = matches!(&output, syn::ReturnType::Type(_, t) if is_float(t));
    let n = inputs.len();
    (inputs.iter().all(is_float) && returns_float && (1..=4).contains(&n)).then_some(n)
}

/// The arguments and result of the function a parameter's type shows: a function pointer,
/// `impl Fn(…)`, `dyn Fn(…)` (behind a reference or a `Box`), or a type parameter bounded
/// by `Fn(…)` (inline or in a `where` clause).
fn signature(
    ty: &syn::Type,
    generics: &syn::Generics,
) -> Option<(Vec<syn::Type>, syn::ReturnType)> {
    let of_bounds = |bounds: Vec<&syn::TypeParamBound>| {
        bounds.into_iter().find_map(|b| {
            let syn::TypeParamBound::Trait(t) = b else {
                return None;
            };
            let last = t.path.segments.last()?;
            if !matches!(last.ident.to_string().as_str(), "Fn" | "FnMut" | "FnOnce") {
                return None;
            }
            let syn::PathArguments::Parenthesized(a) = &last.arguments else {
                return None;
            };
            Some((
                a.inputs.iter().map(|i| i.ty.clone()).collect(),
                a.output.clone(),
            ))
        })
    };
    match &held(ty) {
        syn::Type::FnPtr(f) => Some((
            f.inputs.iter().map(|a| a.ty.clone()).collect(),
            f.output.clone(),
        )),
        syn::Type::ImplTrait(t) => of_bounds(t.bounds.iter().collect()),
        syn::Type::TraitObject(t) => of_bounds(t.bounds.iter().collect()),
        syn::Type::Path(p) => {
            let name = p.path.get_ident()?;
            let own = generics
                .type_params()
                .filter(|tp| tp.ident == *name)
                .flat_map(|tp| tp.bounds.iter());
            let wheres = generics
                .where_clause
                .iter()
                .flat_map(|w| w.predicates.iter())
                .filter_map(|pred| match pred {
                    syn::WherePredicate::Type(t) => {
                        let bounded = &t.bounded_ty;
                        (*name == quote!(#bounded).to_string()).then_some(t)
                    }
                    _ => None,
                })
                .flat_map(|t| t.bounds.iter());
            of_bounds(own.chain(wheres).collect())
        }
        _ => None,
    }
}

/// The type a parameter holds its function as: behind a reference, a `Box` and
/// parentheses (`&(dyn Fn(f64) -> f64 + Sync)`).
fn held(ty: &syn::Type) -> syn::Type {
    match ty {
        syn::Type::Reference(r) => held(&r.elem),
        syn::Type::Paren(p) => held(&p.elem),
        t => match crate::types::type_arg(t, &["Box"]) {
            Some(inner) => held(inner),
            None => t.clone(),
        },
    }
}

/// The `Fn`, `FnMut` and `FnOnce` bounds of a list replaced by `bound` (once), where it has
/// one.
fn replace_fn_bounds(
    bounds: &mut syn::punctuated::Punctuated<syn::TypeParamBound, syn::Token![+]>,
    bound: &syn::TypeParamBound,
) {
    let is_fn = |b: &syn::TypeParamBound| matches!(b, syn::TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| matches!(s.ident.to_string().as_str(), "Fn" | "FnMut" | "FnOnce")));
    if !bounds.iter().any(is_fn) {
        return;
    }
    // (`Copy` and `Clone` are the trait's supertraits already.)
    let implied = |b: &syn::TypeParamBound| matches!(b, syn::TypeParamBound::Trait(t) if t.path.segments.last().is_some_and(|s| s.ident == "Copy" || s.ident == "Clone"));
    let kept: Vec<syn::TypeParamBound> = bounds
        .iter()
        .filter(|b| !is_fn(b) && !implied(b))
        .cloned()
        .collect();
    bounds.clear();
    bounds.push(bound.clone());
    bounds.extend(kept);
}

/// The message for a parameter called on values with derivatives whose type shows no
/// function of floats returning a float: what it shows instead, and what to write.
fn unsupported(ty: &syn::Type, generics: &syn::Generics, float: &syn::Type) -> String {
    let f = quote!(#float);
    let write = format!("write `fn({f}) -> {f}`, `impl Fn({f}, {f}) -> {f}`, `&dyn Fn({f}) -> {f}` or a type parameter bounded by `Fn({f}) -> {f}`");
    let constants = "or wrap the arguments of its calls in `autodiff::stop_gradient(…)` if they are meant as constants";
    match signature(ty, generics) {
        // A value and its slope (`Fn(f64) -> (f64, f64)`, a Newton step's function).
        Some((_, syn::ReturnType::Type(_, out))) if matches!(&*out, syn::Type::Tuple(_)) => {
            let out = quote!(#out).to_string().replace(" ,", ",").replace("( ", "(").replace(" )", ")");
            format!("this parameter holds a function that the derived items need with its derivatives, and it returns a tuple (`{out}`), which a function value of the derived items does not: take one function per result (`value: impl Fn({f}) -> {f}, slope: impl Fn({f}) -> {f}`), {constants}")
        }
        // `rhs: Rhs` with `type Rhs = fn(f64, f64) -> f64;` elsewhere.
        None if matches!(held(ty), syn::Type::Path(p) if p.qself.is_none() && !generics.type_params().any(|t| p.path.is_ident(&t.ident))) => {
            let written = quote!(#ty).to_string().replace(" <", "<").replace("< ", "<").replace(" >", ">");
            format!("this parameter is called as a function, but its type `{written}` does not show one (the attribute cannot see through an alias of a function type): write the type out, as `fn({f}, {f}) -> {f}` or `impl Fn({f}, {f}) -> {f}` with its own arguments, {constants}")
        }
        _ => format!("this parameter holds a function that the derived items need with its derivatives, but its type does not show a function of one to four `{f}`s returning a `{f}`: {write}, {constants}"),
    }
}
