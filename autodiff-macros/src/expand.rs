//! Runs the stages in order: parse → lower → analyse → emit. Nothing else knows the order.

mod checks;
#[cfg(test)]
mod goldens;
mod impl_block;
#[cfg(test)]
mod nest_reservations;
#[cfg(test)]
mod no_panic;
#[cfg(test)]
mod show;

use crate::analysis::{activity, needed, residuals};
use crate::ir::{lower, ParamShape};
use crate::parse::Args;
use checks::{
    check_hvp_request, check_matrix_requests, check_nested_request, check_signature,
    check_something_varies,
};
use impl_block::differentiate_impl;
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[differentiate(args)] item`. On error the user's function is still emitted,
/// beside the errors, so that the only errors shown are the real ones. With `crate =
/// "path"` among the arguments, the expansion names the `autodiff` crate by that path.
pub fn differentiate(args: TokenStream, item: TokenStream) -> TokenStream {
    match crate::crate_path::take(args) {
        Ok((args, None)) => differentiate_item(args, item),
        Ok((args, Some(path))) => crate::crate_path::rewrite(differentiate_item(args, item), &path),
        Err(e) => {
            let e = e.to_compile_error();
            quote!(#item #e)
        }
    }
}

fn differentiate_item(args: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(block) = syn::parse2::<syn::ItemImpl>(item.clone()) {
        return differentiate_impl(args, block);
    }
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        // `f: &Fn(f64) -> f64` of edition 2018, a bare trait object: `&dyn Fn(f64) -> f64`,
        // what it means there.
        Err(_)
            if syn::parse2::<syn::ItemFn>(crate::tokens::dyn_before_bare_fn(item.clone()))
                .is_ok() =>
        {
            return differentiate_item(args, crate::tokens::dyn_before_bare_fn(item));
        }
        Err(_) => {
            let err = syn::Error::new_spanned(
                &item,
                "`#[differentiate]` goes on a function (`fn`), a method, or an `impl` block (`#[differentiate] impl Density for Normal { … }`)",
            );
            let err = err.to_compile_error();
            return quote!(#item #err);
        }
    };
    // `#[differentiate] #[differentiate] fn f`: the second would derive every item again.
    if let Some(again) = item_fn.attrs.iter().find(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "differentiate")
    }) {
        let err = syn::Error::new_spanned(
            again,
            "`#[differentiate]` is given twice on this function: write it once, with all its arguments (`#[differentiate(wrt(x), hvp)]`)",
        )
        .to_compile_error();
        let mut item_fn = item_fn;
        item_fn.attrs.retain(|a| {
            a.path()
                .segments
                .last()
                .is_none_or(|s| s.ident != "differentiate")
        });
        return quote!(#item_fn #err);
    }
    // A predicate or a count (`fn near_zero(a: f64) -> bool`), marked as the helpers of a
    // differentiated function are: its result carries no derivative, and callers read it
    // on their values (`if near_zero(x)`), so it stays as written, with nothing derived.
    // (Not a `&mut self` method returning a count: the fields it assigns are its results.)
    if args.is_empty()
        && checks::result_without_derivative(&item_fn.sig)
        && !crate::state::takes_mut_self(&item_fn)
    {
        return quote!(#item_fn);
    }
    if let Some(err) = checks::operator_trait_method(&item_fn) {
        let err = err.to_compile_error();
        return quote!(#item_fn #err);
    }
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

/// Removes `#[checkpoint]` attributes wherever they stand.
struct StripCheckpoints;

/// A function emitted as code of its own (the hidden function of in-place buffers, the pure
/// method of a `&mut self` one) without `#[checkpoint]`, as the primal is emitted.
fn without_checkpoints(item: &syn::ItemFn) -> syn::ItemFn {
    let mut copy = item.clone();
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut StripCheckpoints, &mut copy);
    copy
}

impl syn::visit_mut::VisitMut for StripCheckpoints {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|a| !a.path().is_ident("checkpoint"));
    }
}

fn expand(args: TokenStream, item: &syn::ItemFn) -> Result<TokenStream, Vec<syn::Error>> {
    // `self: &mut Self`: `&mut self`.
    let shorthand = crate::parse::receiver_shorthand(item);
    let item = shorthand.as_ref().unwrap_or(item);
    let terminated = terminate_unit_tail(item);
    let item = terminated.as_ref().unwrap_or(item);
    // `a.iter_mut().zip(out)`, `for v in out` of `out: &mut [f64]`: `out.iter_mut()`.
    let walked = crate::parse::mut_buffers_walked_by_iter_mut(item);
    let item = walked.as_ref().unwrap_or(item);
    // `(f)(x)`: `f(x)`; `( self.out ).push( y )`: `self.out.push(y)`.
    let unwrapped = crate::parse::paren_callees_unwrapped(item);
    let item = unwrapped.as_ref().unwrap_or(item);
    // `(*x)[i]`, `(*x).len()` of `x: &Vec<f64>`: `x[i]`, `x.len()`.
    let read_through = crate::parse::sequence_derefs_read_through(item);
    let item = read_through.as_ref().unwrap_or(item);
    // `x = &x[8..];` of a slice walked by narrowing it: an offset, `x_start += 8`.
    let offsets = crate::parse::narrowed_slices_as_offsets(item);
    let item = offsets.as_ref().unwrap_or(item);
    // A `const fn` stays `const`; its derived items are not (they call the runtime).
    let non_const = item.sig.constness.is_some().then(|| {
        let mut copy = item.clone();
        copy.sig.constness = None;
        copy
    });
    let item = non_const.as_ref().unwrap_or(item);
    // A method stepping a struct it borrows (`fn update(&self, state: &mut State, …)`):
    // the message saying how to write it.
    if let Some(e) = crate::state::as_method::method_stepping_a_parameter(item) {
        return Err(vec![e]);
    }
    // A free function stepping a struct (`fn update(body: &mut Body, dt: f64)`): the
    // derivatives of the `&mut self` method it is, under the function's names.
    if let Some(lifted) = crate::state::as_method::lift(item, &args) {
        let args = crate::state::as_method::as_self(args, &lifted.state);
        // (Its messages said of the function as written: `body.f`, not `self.f`.)
        let derived = match expand(args, &lifted.method) {
            Ok(derived) => derived,
            Err(errors) => {
                let errors = errors.into_iter().map(|e| e.to_compile_error());
                let state = &lifted.state;
                return Ok(crate::state::as_method::in_function_terms(
                    quote!(#(#errors)*),
                    state,
                ));
            }
        };
        let method = without_checkpoints(&lifted.method);
        return Ok(crate::emit::as_method::items(&lifted, &method, derived));
    }
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
            let derived = expand_function(args, inner, Hidden::ValueOf(&item.sig.ident))?;
            let wrappers = crate::emit::fallible::wrappers(item, &fallible, &derived, in_impl);
            return Ok(quote!(#[allow(dead_code)] #inner #derived #wrappers));
        }
        return expand_function(args, item, Hidden::No);
    }
    // `&mut self`: the derivatives of a pure method of the state, wrapped.
    if let Some(e) = crate::state::tuple_param_error(item) {
        return Err(vec![e]);
    }
    if let syn::ReturnType::Type(_, ty) = &item.sig.output {
        if let syn::Type::Path(p) = &**ty {
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            if matches!(last.as_deref(), Some("Option" | "Result")) {
                return Err(vec![syn::Error::new_spanned(ty, "a `#[differentiate]` method taking `&mut self` cannot return an `Option` or `Result`: return the value itself and keep the test outside it, or take `&self`")]);
            }
        }
    }
    // (A count or a flag as the result: the step alone is differentiated.)
    let stepped = crate::state::without_plain_result(item);
    let item = stepped.as_ref().unwrap_or(item);
    // Steps of the state called among the statements (`self.update();`): the parts
    // between them are methods of their own, and the last is read as the method.
    let float =
        crate::parse::float_type(&item.sig, Some(&item.block), true).map_err(|e| vec![e])?;
    // One loop over a range of steps alone (`for _ in 0..days { self.grow(); }`): the
    // steps' derived items turn by turn.
    if let Some(looped) = crate::state::steps::looped_steps(item, &float) {
        let looped = looped.map_err(|e| vec![e])?;
        let wrt = match args.is_empty() {
            true => None,
            false => syn::parse2::<Args>(args.clone()).map_err(|e| vec![e])?.wrt,
        };
        return Ok(crate::emit::steps::looped(
            item,
            &looped,
            &float,
            wrt.as_deref(),
        ));
    }
    let steps = crate::state::steps::split_steps(item, &float)
        .transpose()
        .map_err(|e| vec![e])?;
    let mut parts = quote!();
    let mut args = args;
    if let Some(steps) = &steps {
        for part in &steps.parts {
            if crate::state::gives_counts_alone(part, &float) {
                let entries = crate::emit::step_entries::inert_entries(part);
                parts.extend(
                    quote!(#[allow(dead_code, unused_variables, unused_mut)] #part #entries),
                );
                continue;
            }
            let derived = expand(with_carried_in_wrt(&args, item, part), part)?;
            parts.extend(quote!(#[allow(dead_code, unused_variables, unused_mut)] #part #derived));
        }
        // An anchor giving the state integers alone (`self.lp.process(x); self.count += 1;`)
        // is a step without derivatives, after the others.
        let counts = steps.anchor.as_ref().and_then(|(_, primal)| {
            crate::state::gives_counts_alone(primal, &float).then_some(primal)
        });
        let mut around = steps.around.clone();
        if let Some(primal) = counts {
            let entries = crate::emit::step_entries::inert_entries(primal);
            parts
                .extend(quote!(#[allow(dead_code, unused_variables, unused_mut)] #primal #entries));
            around.before.push(crate::state::steps::Step::Part(
                primal.sig.ident.clone(),
                around
                    .anchor_carried
                    .iter()
                    .map(|(_, slot)| *slot)
                    .collect(),
                None,
            ));
            around.before.append(&mut around.after);
        }
        let anchor = steps.anchor.as_ref().filter(|_| counts.is_none());
        let Some((anchor, anchor_primal)) = anchor else {
            // Steps alone: the derived items are the steps' own, one after the other.
            let wrt = match args.is_empty() {
                true => None,
                false => syn::parse2::<Args>(args.clone()).map_err(|e| vec![e])?.wrt,
            };
            let derived = crate::emit::steps::without_anchor(item, &around, &float, wrt.as_deref());
            return Ok(quote!(#parts #derived));
        };
        parts.extend(quote!(#[allow(dead_code, unused_variables, unused_mut)] #anchor_primal));
        args = with_carried_in_wrt(&args, item, anchor);
    }
    let item = steps
        .as_ref()
        .and_then(|s| s.anchor.as_ref())
        .map_or(item, |(anchor, _)| anchor);
    let float =
        crate::parse::float_type(&item.sig, Some(&item.block), true).map_err(|e| vec![e])?;
    let mut mutating = crate::state::split(item, &float).map_err(|e| vec![e])?;
    mutating.around = steps.as_ref().map(|s| s.around.clone());
    let pure = &mutating.pure;
    let derived = expand_function(args, pure, Hidden::PureOf(item, &mutating))?;
    let pure = without_checkpoints(pure);
    // (The pure method of an anchor may leave parameters to the steps around it.)
    Ok(
        quote!(#[allow(dead_code, unused_variables, unused_mut, clippy::needless_range_loop)] #pure #derived #parts),
    )
}

/// `args` for a part of a method made of steps (`state::steps`): the values the steps
/// before give it (its parameters beyond the method's) named in `wrt(…)` too, where the
/// user wrote one, since they carry derivatives whatever the user chose.
fn with_carried_in_wrt(
    args: &TokenStream,
    method: &syn::ItemFn,
    part: &syn::ItemFn,
) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let own = crate::parse::param_idents(&method.sig);
    let carried: Vec<&syn::Ident> = crate::parse::param_idents(&part.sig)
        .into_iter()
        .filter(|p| !own.contains(p))
        .collect();
    let mut out: Vec<TokenTree> = vec![];
    let mut after_wrt = false;
    for tt in args.clone() {
        let tt = match tt {
            TokenTree::Group(g) if after_wrt && !carried.is_empty() => {
                let stream = g.stream();
                let mut group = Group::new(g.delimiter(), quote!(#stream, #(#carried),*));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            tt => tt,
        };
        after_wrt = matches!(&tt, TokenTree::Ident(i) if i == "wrt");
        out.push(tt);
    }
    out.into_iter().collect()
}

/// What `expand_function`'s item is: the user's function, or a hidden function made from it.
#[derive(Clone, Copy)]
enum Hidden<'a> {
    /// The user's function itself.
    No,
    /// The pure method of a `&mut self` method (`crate::state`), whose own derivatives are
    /// added.
    PureOf(&'a syn::ItemFn, &'a crate::state::Mutating),
    /// The hidden function of a function with in-place buffers (`expand_in_place`).
    InPlace,
    /// The value function of the user's function of this name, whose result is an `Option`
    /// or `Result` (`crate::fallible`): its `_gradcheck` learns from the user's function
    /// where a value exists.
    ValueOf(&'a syn::Ident),
}

/// The derived items of `item`, which `hidden` says the origin of.
fn expand_function(
    args: TokenStream,
    item: &syn::ItemFn,
    hidden: Hidden,
) -> Result<TokenStream, Vec<syn::Error>> {
    // (A parameter typed by an alias of an array, read as one: the message, on the
    // function as written.)
    if let (Hidden::No, Some(e)) = (&hidden, checks::alias_read_as_array(item)) {
        return Err(vec![e]);
    }
    // Several element types bounded by arithmetic traits: the derivatives are those where
    // all are one (every item below, the hidden forms of buffers included, is built so).
    let unified = crate::parse::unify_element_types(item);
    let item = unified.as_ref().unwrap_or(item);
    // `T: RealField` (nalgebra's): the derivatives are those at `f64`.
    let at_f64 = crate::parse::real_field_at_f64(item);
    let item = at_f64.as_ref().unwrap_or(item);
    // `T: Into<f64>`, converted by `x.into()`: the derivatives take the values converted.
    let converted = crate::parse::into_float_params_at_float(item);
    let item = converted.as_ref().unwrap_or(item);
    // `unsafe { *x.get_unchecked(i) }`: indexing, for the derivatives.
    let checked = crate::parse::unchecked_as_indexing(item);
    let item = checked.as_ref().unwrap_or(item);
    // `h.mapv_inplace(f);`: `h = h.mapv(f);`, for the derivatives.
    let mapped = crate::parse::in_place_maps_as_assignments(item);
    let item = mapped.as_ref().unwrap_or(item);
    // `scale: &mut f64`: the derivatives of a one-entry buffer, taking the number again
    // (of a function or a `&self` method; a `&mut self` method's keep the message).
    let plain = matches!(hidden, Hidden::No);
    if let Some((buffers, names)) = plain
        .then(|| crate::parse::scalar_refs_as_buffers(item))
        .flatten()
    {
        let derived = expand_function(args, &buffers, hidden)?;
        return Ok(crate::parse::numbers_again(
            derived,
            &item.sig.ident,
            &names,
        ));
    }
    // `t: FloatType` beside `e: f64`: the alias is that float type.
    let wrt = syn::parse2::<Args>(args.clone()).ok().and_then(|a| a.wrt);
    let aliases = crate::parse::float_aliases_written_out(item, wrt.as_deref());
    let item = aliases.as_ref().unwrap_or(item);
    let original = item;
    crate::parse::check_macro_hygiene(original).map_err(|e| vec![e])?;
    let raw_args = args.clone();
    // `r#x` is `x`, in the attribute's arguments as in the function.
    let args = crate::parse::unraw_tokens(args, &mut false);
    let unraw = crate::parse::unraw_identifiers(item);
    let item = unraw.as_ref().unwrap_or(item);
    let owned = crate::parse::owned_storage(item);
    let item = owned.as_ref().unwrap_or(item);
    let inlined = crate::parse::inline_struct_aliases(item);
    let item = inlined.as_ref().unwrap_or(item);
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
    let structs = crate::parse::bound_generic_structs(item, args.wrt.as_deref());
    let item = structs.as_ref().unwrap_or(item);
    let localised = crate::parse::localise_mut_params(item, args.wrt.as_deref());
    let item = localised.as_ref().unwrap_or(item);
    let shared = crate::parse::share_read_only_slices(item, args.wrt.as_deref());
    let item = shared.as_ref().unwrap_or(item);
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
    if let (true, Some(word)) = (args.custom, &args.nested) {
        return Err(vec![syn::Error::new(word.span(), "`nested` makes the generated `f_grad`, `f_jvp` and `f_vjp` differentiable; a custom rule's `f_jvp` and `f_vjp` are your own: differentiate the function itself with `#[differentiate(nested)]`, or call the custom rule from a differentiated function")]);
    }
    if let (true, Some(word)) = (args.custom, &args.report) {
        return Err(vec![syn::Error::new(word.span(), "`report` lists what the generated reverse pass keeps; a custom rule's `f_vjp` is your own, so there is nothing to report: leave `report` out")]);
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
        let mut func = lower::lower_fn(&signature_only, &is_active, in_impl)?;
        crate::ir::number_statements(&mut func);
        let act = activity::analyze(&func)?;
        let needed = needed::analyze(&func, &act);
        return Ok(crate::emit::items::emit_custom(item, &func, &act, &needed));
    }
    let mut func = lower::lower_fn(item, &is_active, in_impl)?;
    // Output buffers: the lent form, which differentiated callers lending a buffer call.
    let lent = match hidden {
        Hidden::No if !func.outputs.is_empty() && !in_impl => expand_lent(original, &func, &args),
        _ => TokenStream::new(),
    };
    if !func.read_on_entry.is_empty() {
        // The entry contents of a buffer are an input too. The hidden function copies them
        // in first, so it reads none on entry; should it still seem to, the reading is one
        // the macro cannot separate from the writes, and gets the message rather than a
        // second hidden function.
        // A `&mut self` method updating a buffer parameter in place (a filter run over a
        // block, `fn process(&mut self, buf: &mut [f32])`): the method taking the entry
        // contents as a parameter of their own, as a function's in-place buffers are.
        if let Hidden::PureOf(method, m) = hidden {
            let params = crate::parse::param_idents(&method.sig);
            let all_params = func
                .read_on_entry
                .iter()
                .all(|(name, _)| params.contains(&name));
            if all_params && m.around.is_none() {
                return expand_mut_self_in_place(raw_args, method, &func, &args);
            }
        }
        if matches!(hidden, Hidden::PureOf(..) | Hidden::InPlace) {
            let method = matches!(hidden, Hidden::PureOf(..));
            let errors = func.read_on_entry.iter();
            return Err(errors
                .map(|(name, span)| crate::ir::read_on_entry_error(name, *span, method))
                .collect());
        }
        let derived = expand_in_place(raw_args, original, &func, &args, in_impl)?;
        return Ok(quote!(#derived #lent));
    }
    check_something_varies(item, &func)?;
    func.recursive |= args.recursive;
    func.written_tys = crate::parse::written_types(written, item);
    if let Hidden::ValueOf(f) = hidden {
        func.value_of = Some(f.clone());
    }
    check_hvp_request(&args, &func)?;
    check_matrix_requests(&args, &func)?;
    check_nested_request(&args, &func)?;
    let act = activity::analyze(&func)?;
    // Results the reverse sweep reads get bindings of their own; activity then covers them.
    let mut func = residuals::hoist(func, &act);
    // The IR is final: its statements get their ids, which the analyses below key by.
    crate::ir::number_statements(&mut func);
    let act = activity::analyze(&func)?;
    // Parameters holding a function called on values with derivatives: taken with them.
    let function_values = retype_function_values(item, &mut func, &act)?;
    let item = function_values.as_ref().unwrap_or(item);
    let needed = needed::analyze(&func, &act);
    // A value whose type rustc decides (`let z = g(x); h(z)`) has an adjoint generic over
    // it, whose traits a generic float type must be bounded by.
    let undecided = func
        .undecided
        .then(|| crate::parse::bound_undecided_values(item))
        .flatten();
    let item = undecided.as_ref().unwrap_or(item);
    let static_params = func.recursive.then(|| static_type_params(item)).flatten();
    let item = static_params.as_ref().unwrap_or(item);
    let requested = crate::emit::items::Requested {
        jacobian: args.jacobian.map(|(mode, _)| mode),
        hessian: args.hessian.is_some(),
        nested: args.nested.is_some(),
        report: args.report.is_some(),
    };
    let mut generated =
        crate::emit::items::emit(item, &func, &act, &needed, args.hvp.is_some(), requested);
    if let (Hidden::No, true) = (&hidden, in_impl) {
        let ctx = crate::emit::Ctx::new(&func, &act, &needed, crate::emit::Mode::Plain);
        generated.extend(crate::emit::step_entries::read_entries(item, &ctx));
    }
    if let Hidden::PureOf(method, m) = hidden {
        if !func.params[0].active {
            return Err(vec![syn::Error::new_spanned(&method.sig.inputs[0], "a `#[differentiate]` method taking `&mut self` differentiates with respect to its state: name `self` in `wrt(…)`")]);
        }
        let ctx = crate::emit::Ctx::new(&func, &act, &needed, crate::emit::Mode::Plain);
        // (The bound the pure method's items got, `Self: Differentiable<Scalar = T>`,
        // which the items calling them need too.)
        let bounded = crate::parse::bound_generic_structs(method, None);
        let method = bounded.as_ref().unwrap_or(method);
        generated.extend(crate::emit::state::emit(method, m, &ctx));
    }
    let generated = crate::emit::body_items::place(generated, &func.body_items, in_impl);
    Ok(quote!(#generated #lent))
}

/// `item` with the parameters holding functions that the derived items need with their
/// derivatives (`analysis::function_values`) retyped to take them
/// (`parse::retype_function_values`), their types in `func` too, and
/// `func.function_values` set; `None` where there are none.
fn retype_function_values(
    item: &syn::ItemFn,
    func: &mut crate::ir::Func,
    act: &activity::Activity,
) -> Result<Option<syn::ItemFn>, Vec<syn::Error>> {
    let decided = crate::analysis::function_values::decide(func, act);
    if decided.is_empty() {
        return Ok(None);
    }
    // (Parameters and the function's inputs, the receiver included, are in one order.)
    let indices: Vec<(usize, bool)> = decided
        .iter()
        .filter_map(|&(var, called)| Some((func.params.iter().position(|p| p.var == var)?, called)))
        .collect();
    let (retyped, arities) =
        crate::parse::retype_function_values(item, &indices, &func.float, func.recursive)
            .map_err(|e| vec![e])?;
    for &(i, arity) in &arities {
        if let (syn::FnArg::Typed(pt), syn::FnArg::Typed(written)) =
            (&retyped.sig.inputs[i], &item.sig.inputs[i])
        {
            func.params[i].ty = (*pt.ty).clone();
            func.function_values.push((func.params[i].var, arity));
            // As written, for `_gradcheck`'s calls of the primal.
            func.written_tys.retain(|(at, _)| *at != i);
            func.written_tys.push((i, (*written.ty).clone()));
        }
    }
    Ok(Some(retyped))
}

/// The lent form of a function with output buffers (`crate::lent`) and its derived items,
/// in `impl f` beside the function: what differentiated callers lending a buffer call.
/// Nothing where the lent form cannot be differentiated, which such a caller then reports
/// as a missing `f::__lent`.
fn expand_lent(item: &syn::ItemFn, func: &crate::ir::Func, args: &Args) -> TokenStream {
    let buffers: Vec<syn::Ident> = func.outputs.iter().map(|o| o.param.clone()).collect();
    let mut items = TokenStream::new();
    for lent in crate::lent::items(item, &buffers, &func.float) {
        let lent_args = crate::lent::args(args.wrt.as_deref(), args.recursive, &buffers);
        // (A lent form the macro cannot differentiate is left out: callers lending to it
        // meet rustc's word that it is missing.)
        if let Ok(derived) = expand_function(lent_args, &lent, Hidden::No) {
            let lent = without_checkpoints(&lent);
            items.extend(quote!(#[allow(dead_code)] #lent #derived));
        }
    }
    if items.is_empty() {
        return items;
    }
    crate::emit::callers::entry_point_type(&item.vis, &item.sig.ident, items)
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
    let derived = expand_function(hidden_args, &in_place.hidden, Hidden::InPlace)?;
    let wrappers = crate::emit::in_place::wrappers(item, &in_place, &derived, in_impl);
    let hidden = without_checkpoints(&in_place.hidden);
    Ok(quote!(#[allow(dead_code)] #hidden #derived #wrappers))
}

/// A `&mut self` method with in-place buffers: the derived items of its hidden method,
/// `__f_in_place(&mut self, …, y_on_entry: &[F])` (a `&mut self` method whose buffers are
/// written before they are read), and its own `_jvp` and `_vjp`, which wrap them.
fn expand_mut_self_in_place(
    raw_args: TokenStream,
    method: &syn::ItemFn,
    func: &crate::ir::Func,
    args: &Args,
) -> Result<TokenStream, Vec<syn::Error>> {
    let (in_place, hidden_args) = crate::in_place::split(
        method,
        &func.read_on_entry,
        &func.float,
        raw_args,
        args.wrt.as_deref(),
        &func.taken,
    );
    let derived = expand(hidden_args, &in_place.hidden)?;
    let wrappers = crate::emit::in_place::wrappers(method, &in_place, &derived, true);
    let hidden = without_checkpoints(&in_place.hidden);
    Ok(quote!(#[allow(dead_code)] #hidden #derived #wrappers))
}

/// A recursive function's derived items with each type parameter bounded by `'static`:
/// their callers' pullbacks are boxed closures, which live as long as `'static` (a `dyn`
/// type's default) and hold values of those types (a float type is `'static`).
fn static_type_params(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    item.sig.generics.type_params().next()?;
    let mut copy = item.clone();
    // (Beside the parameter's own bounds: a second place would trip clippy.)
    for tp in copy.sig.generics.type_params_mut() {
        tp.bounds.push(syn::parse_quote!('static));
    }
    Some(copy)
}

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

/// Expands in-process and prints the result as formatted Rust (the expansion goldens).
#[cfg(test)]
pub fn expand_pretty(args: TokenStream, item: TokenStream) -> String {
    let out = differentiate(args, item);
    match syn::parse2::<syn::File>(out.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("unparsable expansion ({e}):\n{out}"),
    }
}
