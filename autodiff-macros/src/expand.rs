//! Runs the stages in order: parse → lower → analyse → emit. Nothing else knows the order.

use crate::analysis::{activity, needed, residuals};
use crate::ir::{lower, ParamShape};
use crate::parse::Args;
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[differentiate(args)] item`. On error the user's function is still emitted,
/// beside the errors, so that the only errors shown are the real ones.
pub fn differentiate(args: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(block) = syn::parse2::<syn::ItemImpl>(item.clone()) {
        return differentiate_impl(args, block);
    }
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            let err = syn::Error::new_spanned(
                &item,
                "`#[differentiate]` goes on a function (`fn`), a method, or an `impl` block (`#[differentiate] impl Density for Normal { … }`)",
            );
            let err = err.to_compile_error();
            return quote!(#item #err);
        }
    };
    let result = expand(args, &item_fn);
    // `#[checkpoint]` is ours: the primal is emitted without it, so it compiles on stable.
    let mut item_fn = item_fn;
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut StripCheckpoints, &mut item_fn);
    match result {
        // The primal is used by its derivatives, even when the program calls only those.
        Ok(generated) => quote!(#[allow(dead_code)] #item_fn #generated),
        Err(errors) => {
            let errors = errors.into_iter().map(|e| e.to_compile_error());
            quote!(#item_fn #(#errors)*)
        }
    }
}

/// A copy of a function returning `()` whose last expression has no `;` (`self.pct = p`,
/// `y[0] = x`, `update(y)`), with one: the same function, whose body then ends in
/// statements only. `None` where nothing changes.
fn terminate_unit_tail(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let unit = match &item.sig.output {
        syn::ReturnType::Default => true,
        syn::ReturnType::Type(_, ty) => matches!(&**ty, syn::Type::Tuple(t) if t.elems.is_empty()),
    };
    let last = item.block.stmts.last()?;
    if !unit || !matches!(last, syn::Stmt::Expr(_, None)) {
        return None;
    }
    let mut copy = item.clone();
    if let Some(syn::Stmt::Expr(_, semi)) = copy.block.stmts.last_mut() {
        *semi = Some(Default::default());
    }
    Some(copy)
}

/// `#[differentiate] impl Trait for Type { … }`: a trait's methods cannot gain members, so
/// the impl is emitted as written and each method's derived items go into an inherent
/// `impl Type` beside it (`rect.area_grad()`), public like the trait's methods; an
/// inherent `impl Type { … }` is read the same way. The
/// methods marked `#[differentiate(…)]` inside the block are differentiated with their own
/// arguments; when none is marked, every method with a float type is, with the block's
/// arguments.
fn differentiate_impl(args: TokenStream, mut block: syn::ItemImpl) -> TokenStream {
    let float_self = crate::float_impl::float_self_type(&block.self_ty);
    if let (None, Some(e)) = (&float_self, foreign_self_type(&block.self_ty)) {
        let e = e.to_compile_error();
        return quote!(#block #e);
    }
    let marked = |m: &syn::ImplItemFn| m.attrs.iter().any(is_mark);
    let any_marked = block
        .items
        .iter()
        .any(|i| matches!(i, syn::ImplItem::Fn(m) if marked(m)));
    let mut derived = vec![];
    let mut errors = vec![];
    let of_trait = block.trait_.is_some();
    // `impl Lerp for f64`: the derived items go into a trait of their own.
    if let Some(float) = float_self {
        let mut methods = vec![];
        for item in &mut block.items {
            let syn::ImplItem::Fn(m) = item else { continue };
            // An unmarked block differentiates the methods with a float result.
            let wanted = crate::float_impl::returns_float(&m.sig, &float);
            let Some(own_args) = method_args(m, any_marked, wanted) else {
                continue;
            };
            syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut StripCheckpoints, m);
            methods.push((own_args, m.clone()));
        }
        let expanded = crate::float_impl::expand(&args, &block, &float, methods, expand);
        let generated = expanded.unwrap_or_else(|errors| {
            let errors = errors.into_iter().map(|e| e.to_compile_error());
            quote!(#(#errors)*)
        });
        return quote!(#block #generated);
    }
    let generics = crate::impl_generics::split(&block);
    for item in &mut block.items {
        let syn::ImplItem::Fn(m) = item else { continue };
        // An unmarked block differentiates the methods that compute with floats.
        let wanted = crate::parse::float_type(&m.sig, Some(&m.block), true).is_ok();
        let Some(own_args) = method_args(m, any_marked, wanted) else {
            continue;
        };
        let mut own_args = own_args.unwrap_or_else(|| args.clone());
        // A function without `self` in the block is associated: the block says so.
        if m.sig.receiver().is_none()
            && !crate::tokens::mentions_any(own_args.clone(), &["associated"])
        {
            own_args = if own_args.is_empty() {
                quote!(associated)
            } else {
                quote!(#own_args, associated)
            };
        }
        let mut sig = m.sig.clone();
        generics.add_to(&mut sig);
        let (attrs, sig, body) = (&m.attrs, &sig, &m.block);
        // A trait's methods are as public as the trait; an inherent one keeps its own.
        let vis = if of_trait {
            quote!(pub)
        } else {
            let vis = &m.vis;
            quote!(#vis)
        };
        let f: syn::ItemFn = syn::parse_quote!(#(#attrs)* #vis #sig #body);
        match expand(own_args, &f) {
            Ok(tokens) => derived.push(tokens),
            Err(e) => errors.extend(e),
        }
        if of_trait && generics.has_free() {
            // `Self::f` in the derived items would name the trait's `f` for a trait
            // parameter nothing infers: an inherent copy, found first, is the one they call.
            let mut copy = f.clone();
            syn::visit_mut::VisitMut::visit_item_fn_mut(&mut StripCheckpoints, &mut copy);
            derived.push(quote!(#[doc(hidden)] #copy));
        }
        syn::visit_mut::VisitMut::visit_impl_item_fn_mut(&mut StripCheckpoints, m);
    }
    let errors = errors.into_iter().map(|e| e.to_compile_error());
    let (generics, self_ty) = (&generics.inherent, &block.self_ty);
    let where_clause = &generics.where_clause;
    quote! {
        #block
        #[allow(dead_code)]
        impl #generics #self_ty #where_clause { #(#derived)* }
        #(#errors)*
    }
}

/// `#[differentiate(…)]` (by any path) on a method of a block.
fn is_mark(a: &syn::Attribute) -> bool {
    a.path()
        .segments
        .last()
        .is_some_and(|s| s.ident == "differentiate")
}

/// The arguments a method of a block is differentiated with: its own mark's (which is
/// removed), or the block's (`Some(None)`) where the block marks none and the method is
/// `wanted`; `None` where it is not differentiated.
fn method_args(
    m: &mut syn::ImplItemFn,
    any_marked: bool,
    wanted: bool,
) -> Option<Option<TokenStream>> {
    match m.attrs.iter().position(is_mark) {
        Some(pos) => Some(match &m.attrs.remove(pos).meta {
            syn::Meta::List(l) => Some(l.tokens.clone()),
            _ => Some(TokenStream::new()),
        }),
        None if any_marked || !wanted => None,
        None => Some(None),
    }
}

/// A type no inherent `impl` can be written for (`f64`, `[f64; 3]`, `&T`, a tuple, `Vec<f64>`), where
/// the derived items would go: the macro's error, spanned on it.
fn foreign_self_type(ty: &syn::Type) -> Option<syn::Error> {
    // The standard library's and `ndarray`'s containers (`impl Energy for Vec<f64>`) are
    // another crate's types too.
    const FOREIGN: &[&str] = &[
        "Vec",
        "VecDeque",
        "Box",
        "Option",
        "String",
        "HashMap",
        "BTreeMap",
        "Array",
        "Array1",
        "Array2",
        "Array3",
        "ArrayD",
        "ArrayBase",
        "ArrayView",
        "ArrayView1",
        "ArrayView2",
    ];
    let primitive = match ty {
        syn::Type::Path(p) => {
            p.qself.is_none()
                && (p.path.get_ident().is_some_and(|i| {
                    let name = i.to_string();
                    crate::tokens::SCALAR_TYPES.contains(&name.as_str())
                        || matches!(name.as_str(), "char" | "str")
                }) || p
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| FOREIGN.contains(&s.ident.to_string().as_str())))
        }
        syn::Type::Array(_)
        | syn::Type::Slice(_)
        | syn::Type::Tuple(_)
        | syn::Type::Reference(_) => true,
        _ => false,
    };
    primitive.then(|| {
        syn::Error::new_spanned(ty, "`#[differentiate]` on an `impl` puts the derived items in an inherent `impl` of its type, which Rust allows only for types of this crate (and for `f64` and `f32` in a trait of their own): write the methods' bodies as free `#[differentiate]` functions (`fn norm(x: &[f64; 2]) -> f64`) and call them from the trait's methods")
    })
}

/// Removes `#[checkpoint]` attributes wherever they stand.
struct StripCheckpoints;

impl syn::visit_mut::VisitMut for StripCheckpoints {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|a| !a.path().is_ident("checkpoint"));
    }
}

fn expand(args: TokenStream, item: &syn::ItemFn) -> Result<TokenStream, Vec<syn::Error>> {
    let terminated = terminate_unit_tail(item);
    let item = terminated.as_ref().unwrap_or(item);
    // A `const fn` stays `const`; its derived items are not (they call the runtime).
    let non_const = item.sig.constness.is_some().then(|| {
        let mut copy = item.clone();
        copy.sig.constness = None;
        copy
    });
    let item = non_const.as_ref().unwrap_or(item);
    if !crate::state::takes_mut_self(item) {
        // `Option` and `Result` results: the derivatives of a hidden function of the value,
        // each wrapped as the result is.
        if let Some(fallible) = crate::fallible::split(item).map_err(|e| vec![e])? {
            let inner = &fallible.inner;
            let parsed: Args = if args.is_empty() {
                Args::default()
            } else {
                syn::parse2(args.clone()).map_err(|e| vec![e])?
            };
            let in_impl = crate::parse::in_impl(item, &parsed);
            let derived = expand_function(args, inner, None)?;
            let wrappers = crate::emit::fallible::wrappers(item, &fallible, &derived, in_impl);
            return Ok(quote!(#[allow(dead_code)] #inner #derived #wrappers));
        }
        return expand_function(args, item, None);
    }
    // `&mut self`: the derivatives of a pure method of the state, wrapped.
    if let syn::ReturnType::Type(_, ty) = &item.sig.output {
        if let syn::Type::Path(p) = &**ty {
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            if matches!(last.as_deref(), Some("Option" | "Result")) {
                return Err(vec![syn::Error::new_spanned(ty, "a `#[differentiate]` method taking `&mut self` cannot return an `Option` or `Result`: return the value itself and keep the test outside it, or take `&self`")]);
            }
        }
    }
    let float =
        crate::parse::float_type(&item.sig, Some(&item.block), true).map_err(|e| vec![e])?;
    let mutating = crate::state::split(item, &float).map_err(|e| vec![e])?;
    let pure = &mutating.pure;
    let derived = expand_function(args, pure, Some((item, &mutating)))?;
    Ok(quote!(#[allow(dead_code)] #pure #derived))
}

/// The derived items of `item`; with `mutating`, `item` is the pure method of a `&mut self`
/// method, whose own derivatives are added.
fn expand_function(
    args: TokenStream,
    item: &syn::ItemFn,
    mutating: Option<(&syn::ItemFn, &crate::state::Mutating)>,
) -> Result<TokenStream, Vec<syn::Error>> {
    let original = item;
    crate::parse::check_macro_hygiene(original).map_err(|e| vec![e])?;
    let raw_args = args.clone();
    // `r#x` is `x`, in the attribute's arguments as in the function.
    let args = crate::parse::unraw_tokens(args, &mut false);
    let unraw = crate::parse::unraw_identifiers(item);
    let item = unraw.as_ref().unwrap_or(item);
    let renamed = crate::parse::rename_params_like_items(item);
    let args = renamed
        .iter()
        .flat_map(|(_, r)| r)
        .fold(args, |args, (old, new)| {
            crate::tokens::subst(args, old, &quote!(#new))
        });
    let item = renamed.as_ref().map_or(item, |(f, _)| f);
    let bounded = crate::parse::bound_arithmetic_param(item);
    let item = bounded.as_ref().unwrap_or(item);
    let written = item;
    let collapsed = crate::parse::collapse_param_refs(item);
    let item = collapsed.as_ref().unwrap_or(item);
    let leaves = crate::parse::bound_float_leaves(item);
    let item = leaves.as_ref().unwrap_or(item);
    let flat = crate::local_rows::flatten(item).map_err(|e| vec![e])?;
    let item = flat.as_ref().unwrap_or(item);
    let sized = sized_self(item);
    let item = sized.as_ref().unwrap_or(item);
    let mut args: Args = if args.is_empty() {
        Args::default()
    } else {
        syn::parse2(args).map_err(|e| vec![e])?
    };
    // `match self { Self::Linear => …, … }` and nothing else: the receiver only chooses a
    // branch (an enum's variant), so it carries no derivative, as under `wrt` without it.
    if args.wrt.is_none() && crate::parse::receiver_only_matched(item) {
        let params = crate::parse::param_idents(&item.sig).into_iter().cloned();
        args.wrt = Some(params.collect());
    }
    let localised = crate::parse::localise_mut_params(item, args.wrt.as_deref());
    let item = localised.as_ref().unwrap_or(item);
    let in_impl = crate::parse::in_impl(item, &args);
    check_signature(item, &args, in_impl)?;
    let wrt = args.wrt.clone();
    let is_active = move |ident: &syn::Ident, shape: ParamShape| {
        shape != ParamShape::Inactive
            && wrt
                .as_ref()
                .is_none_or(|names| names.iter().any(|n| n == ident))
    };
    if let (true, Some(word)) = (args.custom, &args.hvp) {
        return Err(vec![syn::Error::new(word.span(), "`hvp` asks for `_hvp` on a method of a generic `impl`; a custom rule needs no such request: its callers' `_hvp` runs it on dual numbers")]);
    }
    if args.custom {
        // A custom rule runs on dual numbers inside callers' `_hvp`, so it is generic.
        let float =
            crate::parse::float_type(&item.sig, Some(&item.block), in_impl).map_err(|e| vec![e])?;
        // Its own type parameter: an impl's `T` could not be lifted to dual numbers.
        let own = item
            .sig
            .generics
            .type_params()
            .any(|t| t.ident == quote!(#float).to_string());
        if !own {
            return Err(vec![syn::Error::new(
                item.sig.ident.span(),
                "a custom rule is generic over a float type parameter of its own (not `f64`, `f32` or an `impl`'s), so that callers' `_hvp` can run it on dual numbers: write `fn f<T: Float>(x: T) -> T` with `f_jvp` and `f_vjp` generic the same way",
            )]);
        }
        // Only the signature matters: the derivatives are the user's `_jvp` and `_vjp`.
        let mut signature_only = item.clone();
        signature_only.block = syn::parse_quote!({});
        let func = lower::lower_fn(&signature_only, &is_active, in_impl)?;
        let act = activity::analyze(&func)?;
        let needed = needed::analyze(&func, &act);
        return Ok(crate::emit::items::emit_custom(item, &func, &act, &needed));
    }
    let mut func = lower::lower_fn(item, &is_active, in_impl)?;
    if !func.read_on_entry.is_empty() {
        // The entry contents of a buffer are an input too.
        if mutating.is_some() {
            let errors = func.read_on_entry.iter();
            return Err(errors
                .map(|(name, span)| crate::ir::read_on_entry_error(name, *span))
                .collect());
        }
        return expand_in_place(raw_args, original, &func, &args, in_impl);
    }
    check_something_varies(item, &func)?;
    func.recursive |= args.recursive;
    func.written_tys = crate::parse::written_types(written, item);
    check_hvp_request(&args, &func)?;
    let act = activity::analyze(&func)?;
    // Results the reverse sweep reads get bindings of their own; activity then covers them.
    let func = residuals::hoist(func, &act);
    let act = activity::analyze(&func)?;
    let needed = needed::analyze(&func, &act);
    // A value whose type rustc decides (`let z = g(x); h(z)`) has an adjoint generic over
    // it, whose traits a generic float type must be bounded by.
    let undecided = func
        .undecided
        .then(|| crate::parse::bound_undecided_values(item))
        .flatten();
    let item = undecided.as_ref().unwrap_or(item);
    let mut generated = crate::emit::items::emit(item, &func, &act, &needed, args.hvp.is_some());
    if let Some((method, m)) = mutating {
        if !func.params[0].active {
            return Err(vec![syn::Error::new_spanned(&method.sig.inputs[0], "a `#[differentiate]` method taking `&mut self` differentiates with respect to its state: name `self` in `wrt(…)`")]);
        }
        let ctx = crate::emit::Ctx::new(&func, &act, &needed, crate::emit::Mode::Plain);
        generated.extend(crate::emit::state::emit(method, m, &ctx));
    }
    Ok(crate::emit::body_items::place(
        generated,
        &func.body_items,
        in_impl,
    ))
}

/// A function with in-place buffers: the derived items of its hidden function, which takes
/// their entry contents as parameters (`crate::in_place`), and its own, which wrap them.
fn expand_in_place(
    raw_args: TokenStream,
    item: &syn::ItemFn,
    func: &crate::ir::Func,
    args: &Args,
    in_impl: bool,
) -> Result<TokenStream, Vec<syn::Error>> {
    let (in_place, hidden_args) = crate::in_place::split(
        item,
        &func.read_on_entry,
        &func.float,
        raw_args,
        args.wrt.as_deref(),
        &func.taken,
    );
    let derived = expand_function(hidden_args, &in_place.hidden, None)?;
    let wrappers = crate::emit::in_place::wrappers(item, &in_place, &derived, in_impl);
    let hidden = &in_place.hidden;
    Ok(quote!(#[allow(dead_code)] #hidden #derived #wrappers))
}

/// At least one parameter holds the float type: otherwise there is nothing to differentiate
/// with respect to (a slice of another type parameter `T: Into<f64>` is such a parameter).
fn check_something_varies(
    item: &syn::ItemFn,
    func: &crate::ir::Func,
) -> Result<(), Vec<syn::Error>> {
    if func.params.iter().any(|p| p.active) || !func.outputs.is_empty() {
        return Ok(());
    }
    let float = &func.float;
    let others: Vec<&syn::Ident> = item
        .sig
        .generics
        .type_params()
        .map(|t| &t.ident)
        .filter(|t| quote!(#t).to_string() != quote!(#float).to_string())
        .collect();
    let of_other = item.sig.inputs.iter().find_map(|input| match input {
        syn::FnArg::Typed(pt) => others
            .iter()
            .find(|t| crate::tokens::mentions_ident(quote!(#pt), t))
            .map(|t| (pt, *t)),
        syn::FnArg::Receiver(_) => None,
    });
    // A struct taken by value and read only through its methods (`fn f(p: P, q: P) -> f64 {
    // p.dot(&q) }`): by value, the attribute takes it as a struct only where the body reads
    // its fields, since any other type could be one.
    let by_value_struct = item.sig.inputs.iter().find_map(|input| match input {
        syn::FnArg::Typed(pt) => match (&*pt.pat, &*pt.ty) {
            (syn::Pat::Ident(p), syn::Type::Path(tp))
                if tp.path.segments.last().is_some_and(|s| {
                    s.ident
                        .to_string()
                        .starts_with(|c: char| c.is_ascii_uppercase())
                }) =>
            {
                Some((p.ident.clone(), (*pt.ty).clone()))
            }
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    });
    let error = match (of_other, by_value_struct) {
        (None, Some((name, ty))) => syn::Error::new_spanned(
            &ty,
            format!("no parameter of `{}` holds the float type `{}` that the attribute can see: `{name}` is taken by value and read only through its methods; take it by reference (`{name}: &{}`, a `#[derive(Differentiable)]` struct, whose methods carry `#[differentiate]`), or read its fields in the body", item.sig.ident, quote!(#float), quote!(#ty)),
        ),
        (Some((pt, t)), _) => syn::Error::new_spanned(
            &pt.ty,
            format!("this parameter holds `{t}`, which is not the float type `{}`: `#[differentiate]` differentiates with respect to parameters of the float type; write the element as `{}` (or a type parameter bounded by `num_traits::Float`), and convert before the call", quote!(#float), quote!(#float)),
        ),
        (None, None) => syn::Error::new(
            item.sig.ident.span(),
            format!("no parameter of `{}` holds the float type `{}`, so there is nothing to differentiate with respect to: take the inputs as `{}` values, slices, `Vec`s, arrays, `ndarray` arrays or `#[derive(Differentiable)]` structs", item.sig.ident, quote!(#float), quote!(#float)),
        ),
    };
    Err(vec![error])
}

/// `hvp` can be honoured: a method of an `impl` generic over its float type, with a float
/// result and every parameter with a dual-number form. Other functions get `_hvp` without
/// asking, where they can have one.
fn check_hvp_request(args: &Args, func: &crate::ir::Func) -> Result<(), Vec<syn::Error>> {
    let Some(word) = &args.hvp else {
        return Ok(());
    };
    let float = &func.float;
    let float = quote!(#float).to_string();
    let message = if !func.method {
        "`hvp` is for methods taking `&self` in a generic `impl<T: Float>`: other functions get `_hvp` without asking, where they can have one".to_string()
    } else if float == "f64" || float == "f32" {
        format!("a method's `_hvp` runs its `impl` on dual numbers, which needs the `impl` generic over its float type (`impl<T: Float> S<T>`); this method's float type is `{float}`: make the struct and its `impl` generic, or differentiate a generic free function that calls the method")
    } else if !matches!(
        func.ret_shape,
        crate::ir::Ret::Single(crate::ir::Kind::Float)
    ) {
        "`_hvp` is the Hessian-vector product of a function with a float result: this method returns something else, so it can have none".to_string()
    } else if let Some(p) = func
        .params
        .iter()
        .find(|p| !p.active && matches!(p.shape, ParamShape::ArrayRef | ParamShape::Array))
    {
        // Spanned on the parameter: the syntax to change.
        let message = "this method's `_hvp` cannot be made: a fixed-size array parameter left out by `wrt` has no dual-number form here; make it active, or pass it as a slice";
        return Err(vec![syn::Error::new_spanned(&p.ty, message)]);
    } else {
        return Ok(());
    };
    Err(vec![syn::Error::new(word.span(), message)])
}

/// The checks on the signature, each with its rule.
fn check_signature(item: &syn::ItemFn, args: &Args, in_impl: bool) -> Result<(), Vec<syn::Error>> {
    let sig = &item.sig;
    let mut errors = vec![];
    // Only ordinary functions: their body is plain code the macro can transform.
    if let Some(t) = &sig.asyncness {
        errors.push(syn::Error::new(t.span, "`async fn` cannot be differentiated: differentiate a synchronous function and call it from async code"));
    }
    if !matches!(sig.safety, syn::Safety::Default) {
        errors.push(syn::Error::new_spanned(&sig.safety, "`unsafe fn` cannot be differentiated: differentiate a safe function and keep the unsafe code outside it"));
    }
    if let Some(v) = &sig.variadic {
        errors.push(syn::Error::new_spanned(
            v,
            "variadic functions cannot be differentiated",
        ));
    }
    // A tuple of one element is read as its element nowhere else: say so.
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        if matches!(&**ty, syn::Type::Tuple(t) if t.elems.len() == 1) {
            errors.push(syn::Error::new_spanned(ty, "a one-element tuple result is not supported by `#[differentiate]`: return the element itself (`-> f64`), or a tuple of two or more"));
        }
    }
    // Types are read as written: a macro in a type cannot be.
    let mut types: Vec<&syn::Type> = sig
        .inputs
        .iter()
        .filter_map(|p| match p {
            syn::FnArg::Typed(pt) => Some(&*pt.ty),
            _ => None,
        })
        .collect();
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        types.push(ty);
    }
    for ty in types {
        let has_macro = quote!(#ty)
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '!'));
        if has_macro {
            errors.push(syn::Error::new_spanned(ty, "a macro in a parameter or return type is not supported by `#[differentiate]`: write the type itself"));
        }
    }
    // Rows of floats in a form the derivatives do not take (modified by value, `&mut`,
    // `&[&[f64]]`) would be constants without a word: refused unless `wrt` leaves them out.
    if let Ok(float) = crate::parse::float_type(sig, Some(&item.block), in_impl) {
        for input in &sig.inputs {
            let syn::FnArg::Typed(pt) = input else {
                continue;
            };
            let named = match &*pt.pat {
                syn::Pat::Ident(pi) => args
                    .wrt
                    .as_ref()
                    .is_none_or(|names| names.contains(&pi.ident)),
                _ => true,
            };
            let inactive = crate::parse::param_shape(&pt.ty, &float) == ParamShape::Inactive;
            if named && inactive && crate::parse::mixed_float_tuple(&pt.ty, &float) {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` differentiates tuples of two to four `{float}`s (`({float}, {float})`, also in a slice or an array): this tuple holds other types or more floats, which would be constants; pass them as parameters of their own or in a `#[derive(Differentiable)]` struct, or leave this parameter out with `wrt(…)` if it holds constants")));
                continue;
            }
            if named
                && inactive
                && !crate::parse::nests_floats(&pt.ty, &float)
                && crate::parse::holds_floats(&pt.ty, &float)
                && !crate::parse::is_mut_float_ref(&pt.ty, &float)
            {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` cannot differentiate the `{float}`s this parameter holds (it takes floats, slices, `Vec`s and arrays of them, rows, tuples of two to four floats, `ndarray` arrays and `#[derive(Differentiable)]` structs), so they would be constants: pass them in one of those forms, or leave this parameter out with `wrt(…)` if it holds constants")));
                continue;
            }
            if named && inactive && crate::parse::nests_floats(&pt.ty, &float) {
                let float = quote!(#float);
                errors.push(syn::Error::new_spanned(&pt.ty, format!("`#[differentiate]` takes rows of `{float}` as a shared slice or array of rows (`&[Vec<{float}>]`, `&[[{float}; N]]`, `&[[{float}; N]; M]`, or one of these by value and not modified), not in this form: copy modified rows into a local flat `Vec<{float}>` (indexed `v[i * n + j]`) or an `ndarray::Array2<{float}>`, or leave this parameter out with `wrt(…)` if it holds constants")));
            }
        }
    }
    // `wrt` names parameters that exist and hold floats.
    if let Some(names) = &args.wrt {
        let float =
            crate::parse::float_type(sig, Some(&item.block), in_impl).map_err(|e| vec![e])?;
        for name in names {
            if name == "self" && sig.receiver().is_some() {
                continue;
            }
            let param = sig.inputs.iter().find_map(|p| match p {
                syn::FnArg::Typed(pt) => match &*pt.pat {
                    syn::Pat::Ident(pi) if pi.ident == *name => Some(&pt.ty),
                    _ => None,
                },
                _ => None,
            });
            match param {
                None => {
                    // A binding of a parameter written as a pattern (`(a, b): (f64, f64)`),
                    // which the derived items name after its bindings (`a_b`).
                    let named = name.to_string();
                    let pattern = sig.inputs.iter().find_map(|p| match p {
                        syn::FnArg::Typed(pt) => match &*pt.pat {
                            syn::Pat::Ident(pi) if pi.ident.to_string().split('_').any(|part| part == named) && item.block.stmts.iter().any(|s| matches!(s, syn::Stmt::Local(l) if matches!(&l.pat, syn::Pat::Tuple(_) | syn::Pat::Slice(_)))) => Some(pi.ident.clone()),
                            _ => None,
                        },
                        _ => None,
                    });
                    let hint = pattern.map_or(String::new(), |p| format!(": a parameter written as a pattern is named after its bindings, here `{p}`; write `wrt({p})`"));
                    errors.push(syn::Error::new(name.span(), format!("`wrt` names `{name}`, which is not a parameter of `{}`{hint}", sig.ident)));
                }
                // An output buffer named in `wrt`: its entry contents, where the body
                // reads them (`crate::in_place`).
                Some(ty) if crate::parse::param_shape(ty, &float) == ParamShape::Inactive && !crate::parse::is_buffer(ty, &float) => errors.push(syn::Error::new(
                    name.span(),
                    format!("`{name}` cannot be differentiated: only float, float slice, `Vec`, array and `&Struct` (a `#[derive(Differentiable)]` struct) parameters can be named in `wrt`"),
                )),
                Some(_) => {}
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Expands in-process and prints the result as formatted Rust (the expansion goldens).
#[cfg(test)]
pub fn expand_pretty(args: TokenStream, item: TokenStream) -> String {
    let out = differentiate(args, item);
    match syn::parse2::<syn::File>(out.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("unparsable expansion ({e}):\n{out}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    #[ignore = "prints an expansion for a developer: AUTODIFF_SHOW holds the function, AUTODIFF_SHOW_ARGS the attribute's arguments"]
    fn show() {
        let src = std::env::var("AUTODIFF_SHOW").unwrap_or_default();
        let args = std::env::var("AUTODIFF_SHOW_ARGS").unwrap_or_default();
        let item: proc_macro2::TokenStream = src.parse().unwrap();
        println!("{}", super::expand_pretty(args.parse().unwrap(), item));
    }
}

/// The expansion goldens: each `tests/expand/NAME.rs` of the workspace, expanded and
/// printed, must equal `tests/expand/NAME.expanded.rs`. `AUTODIFF_BLESS=1` rewrites them
/// (review the diff).
#[cfg(test)]
mod goldens {
    use quote::ToTokens;
    use std::path::Path;

    fn expand_file(src: &str) -> String {
        let file: syn::File = syn::parse_str(src).expect("a golden input parses");
        let mut out = String::new();
        for item in file.items {
            match item {
                syn::Item::Fn(f) => {
                    let (args, f) = take_attribute(f);
                    out.push_str(&super::expand_pretty(args, f.to_token_stream()));
                }
                syn::Item::Impl(block) => out.push_str(&expand_impl(block)),
                _ => {}
            }
        }
        out
    }

    /// The function without its `#[differentiate(args)]`, and the args.
    fn take_attribute(mut f: syn::ItemFn) -> (proc_macro2::TokenStream, syn::ItemFn) {
        let pos = f
            .attrs
            .iter()
            .position(|a| a.path().is_ident("differentiate"))
            .expect("an input fn carries #[differentiate]");
        let attr = f.attrs.remove(pos);
        let args = match &attr.meta {
            syn::Meta::List(l) => l.tokens.clone(),
            _ => proc_macro2::TokenStream::new(),
        };
        (args, f)
    }

    /// The methods of an `impl` expanded, printed inside the `impl` they belong to (their
    /// items are associated functions, which only parse there).
    fn expand_impl(block: syn::ItemImpl) -> String {
        let (generics, self_ty) = (&block.generics, &block.self_ty);
        let where_clause = &generics.where_clause;
        let methods = block.items.into_iter().filter_map(|item| match item {
            syn::ImplItem::Fn(m) => {
                let f = syn::parse2(m.to_token_stream()).expect("a method parses as a function");
                let (args, f) = take_attribute(f);
                Some(super::differentiate(args, f.to_token_stream()))
            }
            _ => None,
        });
        let out = quote::quote!(impl #generics #self_ty #where_clause { #(#methods)* });
        match syn::parse2::<syn::File>(out.clone()) {
            Ok(file) => prettyplease::unparse(&file),
            Err(e) => format!("unparsable expansion ({e}):\n{out}"),
        }
    }

    #[test]
    fn expansions_match_goldens() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/expand");
        let bless = std::env::var_os("AUTODIFF_BLESS").is_some();
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).expect("tests/expand exists") {
            let path = entry.expect("readable entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".rs") || name.ends_with(".expanded.rs") {
                continue;
            }
            let expanded = expand_file(&std::fs::read_to_string(&path).unwrap());
            let golden = path.with_extension("expanded.rs");
            if bless {
                std::fs::write(&golden, &expanded).unwrap();
            } else {
                let want = std::fs::read_to_string(&golden).unwrap_or_default();
                assert!(want == expanded, "expansion of {name} changed; rerun with AUTODIFF_BLESS=1 and review the diff:\n{expanded}");
            }
            checked += 1;
        }
        assert!(
            checked >= 5,
            "expected the golden inputs in {}",
            dir.display()
        );
    }
}
#[cfg(test)]
#[path = "no_panic.rs"]
mod no_panic;

/// A method's derived items bounded by `Self: Sized`: they return and take `Self`'s
/// cotangent by value, which a default method of a trait (where `Self` may be unsized)
/// could not do without it; in an `impl` the bound holds anyway.
fn sized_self(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    item.sig.receiver()?;
    let mut copy = item.clone();
    copy.sig
        .generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(Self: ::core::marker::Sized));
    Some(copy)
}
