//! The items `#[differentiate]` puts beside `f`: their signatures, docs and thin bodies.
//!
//! - `f_jvp(params, tangents) -> (R, R)`
//! - `f_pullback(params) -> (R, impl FnOnce(R) -> (cotangents,))`, the split form
//! - `f_vjp(params, dout) -> (R, cotangents…)`
//! - `f_grad(params) -> (R, gradients…)` and `f_hvp(params, directions) -> (R, gradients…,
//!   Hessian-vector products…)` when `R` is a float.
//! - hidden: `f_jvp_all`, `f_pullback_all` and `f_dual_pullback_all` (on dual numbers), what
//!   differentiated callers call (see `for_callers`), and `f_dual_pullback`, the dual twin
//!   `f_hvp` runs when `wrt` leaves a float parameter out.

use super::forward::Sweep;
use super::{Ctx, Mode};
use crate::analysis::{Activity, Needed};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Lints that generated code may trip and that say nothing about the user's code.
pub(super) fn allows() -> TokenStream {
    quote!(#[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local
    )])
}

/// The items of `f`.
/// `method_hvp`: a method asked for `_hvp` (`#[differentiate(hvp)]`, see `struct_hvp`).
pub fn emit(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
    method_hvp: bool,
) -> TokenStream {
    let plain = Ctx::new(func, act, needed, Mode::Plain);
    let scalar_out = matches!(func.ret_shape, Ret::Single(Kind::Float));
    let own_jvp = jvp(item, &plain, "_jvp");
    let vjp = vjp(item, &plain);
    // Output buffers: no `_grad` (of which result?), and nothing for callers (who cannot
    // pass a `&mut` buffer).
    if !func.outputs.is_empty() {
        let own_pullback = pullback(item, &plain, "_pullback");
        return quote!(#own_jvp #own_pullback #vjp);
    }
    let own = |ctx: &Ctx, suffix: &str| pullback(item, ctx, suffix);
    // Struct parameters: no dual twin (a struct of dual numbers is not a type the macro can
    // write), so `_hvp` only where the function is generic over its float type, and a
    // `_gradcheck` (of the first derivatives, and of the HVP where there is one).
    if plain.has_struct_param() || plain.has_struct_values() || plain.has_elementwise_maps() {
        let Pullbacks {
            own: pullbacks,
            entry_points,
            ..
        } = pullbacks(item, &plain, &own, false);
        // A closure mapped over an array has no dual-number form, yet a differentiated
        // caller's `_hvp` asks for one: it gets an entry point that says so when it runs,
        // so that the caller compiles (its `_grad`, `_jvp`, `_vjp` need none).
        let entry_points = if plain.has_struct_param() || plain.has_struct_values() {
            entry_points
        } else {
            let lifted = Ctx::new(func, act, needed, Mode::Lifted);
            let f = &item.sig.ident;
            let message = format!("`{f}` has no derivatives on dual numbers (it maps a closure over an array), so the `_hvp` of a function calling it cannot run; its `_grad`, `_jvp` and `_vjp` can");
            let stub = pullback_with(item, &lifted, "_dual_pullback_all", Body::Panics(message));
            quote!(#entry_points #stub)
        };
        let entry_points = super::callers::declare(item, &plain, entry_points);
        let grad = scalar_out.then(|| grad(item, &plain));
        // Generic over its float type: its own pullback on dual numbers is the HVP.
        let hvp = (scalar_out && (!func.method || method_hvp) && !plain.has_struct_values())
            .then(|| super::struct_hvp::emit(item, &plain))
            .flatten();
        let check = (scalar_out && has_gradcheck(item, &plain))
            .then(|| super::gradcheck::emit(item, &plain, &allows(), hvp.is_some()));
        return quote!(#own_jvp #pullbacks #vjp #grad #check #hvp #entry_points);
    }
    let Pullbacks {
        own: pullbacks,
        entry_points,
        dual,
    } = pullbacks(item, &plain, &own, true);
    let entry_points = super::callers::declare(item, &plain, entry_points);
    let extra = if scalar_out {
        let grad = grad(item, &plain);
        let hvp = hvp(item, &plain, dual);
        let check = if has_gradcheck(item, &plain) {
            super::gradcheck::emit(item, &plain, &allows(), true)
        } else {
            quote!()
        };
        quote!(#grad #hvp #check)
    } else {
        quote!()
    };
    quote!(#own_jvp #pullbacks #vjp #extra #entry_points)
}

/// Whether `f` gets an `f_gradcheck` (whose points are `f64`): at `f64`; at `f32`, checked
/// with steps and a tolerance for `f32`, when every active parameter is of `f32` (not a
/// struct, whose leaves the attribute cannot see, nor a method's receiver); or generic over
/// its float type `T`, checked where `T` is `f64` or `f32`: `T` is the function's own type
/// parameter, or a method's `impl`'s (its receiver then flattened through a bound,
/// `Self: Differentiable<Scalar = T>`), and every other active parameter is over `T` alone
/// (a parameter of `f64` or a struct of `f64` fields beside `T` would not be rebuilt from
/// the check's points).
fn has_gradcheck(item: &syn::ItemFn, ctx: &Ctx) -> bool {
    use crate::tokens::mentions_ident;
    // The check rebuilds each parameter from a flat vector of numbers, and an array's
    // length must then be known: not `[f64; N]` with `N` a const parameter.
    if item.sig.generics.const_params().next().is_some() {
        return false;
    }
    if ctx.float_is_f64() {
        return true;
    }
    let (f64_, f32_) = (format_ident!("f64"), format_ident!("f32"));
    let t = if ctx.concrete_float() {
        (!ctx.func.method).then(|| f32_.clone())
    } else if ctx.func.method {
        syn::parse2::<syn::Ident>(ctx.float()).ok()
    } else {
        super::struct_hvp::float_param(item, ctx)
    };
    let Some(t) = t else {
        return false;
    };
    let receiver = ctx.func.method.then(|| ctx.func.params[0].var);
    ctx.func
        .params
        .iter()
        .filter(|p| p.active && Some(p.var) != receiver)
        .all(|p| {
            let ty = &p.ty;
            let ty = quote!(#ty);
            mentions_ident(ty.clone(), &t)
                && !mentions_ident(ty.clone(), &f64_)
                && (t == f32_ || !mentions_ident(ty, &f32_))
        })
}

/// Makes a pullback of `f` with its own body, under a name (the name says whether it takes
/// accumulators, see [`accumulators`]).
type OwnFn<'a> = dyn Fn(&Ctx, &str) -> TokenStream + 'a;

/// `f_pullback`, the entry points of differentiated callers, and `f`'s dual twin (`own` on
/// dual numbers) when `with_dual`; with the name of the twin `f_hvp` runs.
///
/// Callers cannot see `f`'s attribute, so they pass a tangent for, and expect a cotangent
/// of, every float argument: `f_jvp_all`, `f_pullback_all` and `f_dual_pullback_all`
/// (hidden) take and give one for every float parameter. When every float parameter is
/// active they are `f`'s own derivatives. When `wrt` leaves one out, that parameter is a
/// constant, for callers too: they wrap `f`'s own derivatives, ignore its tangent and give
/// `ExcludedByWrt` as its cotangent. A caller passing it a constant never reads that; one
/// passing a varying value fails to compile, at the argument, saying so (the caller checks
/// each cotangent it uses), instead of silently losing a derivative. Computing derivatives
/// `wrt` ruled out instead would make every call pay for them (a data set's cotangent) and
/// would break `f` wherever such a parameter reaches code without derivatives.
///
/// The callers' pullbacks also take an accumulator per sequence parameter (see
/// [`accumulators`]). When `f` has its own body there, `f_pullback` lends it nothing.
fn pullbacks(item: &syn::ItemFn, plain: &Ctx, own: &OwnFn, with_dual: bool) -> Pullbacks {
    let lifted = Ctx::new(plain.func, plain.act, plain.needed, Mode::Lifted);
    let leaves_out = leaves_out(plain);
    let lends = !accumulators(plain, "_pullback_all").is_empty();
    let jvp_all = adapter(item, plain, "_jvp_all", "_jvp");
    let (pullback, pullback_all) = if lends && !leaves_out {
        (
            lender(item, plain, "_pullback", "_pullback_all"),
            own(plain, "_pullback_all"),
        )
    } else {
        (
            own(plain, "_pullback"),
            adapter(item, plain, "_pullback_all", "_pullback"),
        )
    };
    let entry_points = quote!(#jvp_all #pullback_all);
    if !with_dual {
        return Pullbacks {
            own: pullback,
            entry_points,
            dual: "_dual_pullback",
        };
    }
    if !leaves_out {
        // The dual twin: differentiated callers' `_hvp` runs it, and so does `f_hvp`.
        let twin = own(&lifted, "_dual_pullback_all");
        return Pullbacks {
            own: pullback,
            entry_points: quote!(#entry_points #twin),
            dual: "_dual_pullback_all",
        };
    }
    let twin = own(&lifted, "_dual_pullback");
    let twin_all = adapter(item, &lifted, "_dual_pullback_all", "_dual_pullback");
    Pullbacks {
        own: quote!(#pullback #twin),
        entry_points: quote!(#entry_points #twin_all),
        dual: "_dual_pullback",
    }
}

/// What [`pullbacks`] makes: `f`'s own items, the callers' entry points (declared as
/// `callers` says), and the name of the dual twin `f_hvp` runs.
struct Pullbacks {
    own: TokenStream,
    entry_points: TokenStream,
    dual: &'static str,
}

/// Whether an item is one of the entry points made for differentiated callers.
fn is_for_callers(suffix: &str) -> bool {
    suffix.ends_with("_all")
}

/// Whether `wrt` leaves out a float parameter (which callers still pass a tangent for).
fn leaves_out(ctx: &Ctx) -> bool {
    ctx.func
        .params
        .iter()
        .any(|p| !p.active && p.shape != ParamShape::Inactive)
}

/// The parameters an item takes a tangent for and gives a cotangent of: the active ones,
/// or every float parameter for the callers' entry points.
fn slots<'a>(ctx: &'a Ctx, suffix: &str) -> Vec<&'a Param> {
    ctx.func
        .params
        .iter()
        .filter(|p| p.active || (is_for_callers(suffix) && p.shape != ParamShape::Inactive))
        .collect()
}

/// A sequence parameter (`&[F]`, `Vec<F>`, `[F; N]`): its adjoint is a whole buffer.
fn is_sequence(shape: ParamShape) -> bool {
    matches!(
        shape,
        ParamShape::Slice | ParamShape::OwnedVec | ParamShape::ArrayRef | ParamShape::Array
    )
}

/// An accumulator a caller lends for a sequence parameter.
pub struct Acc {
    pub param: VarId,
    /// The pullback's parameter holding it.
    pub name: syn::Ident,
    pub ty: TokenStream,
}

/// The accumulators an item's pullback takes, after the seed: one per sequence parameter,
/// for the callers' entry points only. A caller lends the adjoint of the sequence it passes
/// (or an empty one, `support::no_accumulator`), the pullback adds its cotangent into it and
/// gives it back: a chain of calls passing a vector down fills one buffer, instead of each
/// level allocating and zeroing a cotangent that its caller then adds into its own.
fn accumulators(ctx: &Ctx, suffix: &str) -> Vec<Acc> {
    if !is_for_callers(suffix) {
        return vec![];
    }
    sequence_accumulators(ctx, slots(ctx, suffix))
}

/// An accumulator (`x_acc`) for each sequence among `params`.
fn sequence_accumulators<'a>(ctx: &Ctx, params: impl IntoIterator<Item = &'a Param>) -> Vec<Acc> {
    params
        .into_iter()
        .filter(|p| is_sequence(p.shape))
        .map(|p| Acc {
            param: p.var,
            name: ctx.param_name(&format!("{}_acc", ctx.func.vars[p.var].stem)),
            ty: cotangent_type(ctx, p),
        })
        .collect()
}

/// `f_<suffix>` (the user's `f_pullback`, or its dual twin) made from the callers' entry
/// point `f_<target>`, lending it nothing.
fn lender(item: &syn::ItemFn, ctx: &Ctx, suffix: &str, target: &str) -> TokenStream {
    let target_ident = sibling(item, ctx, target);
    let args = args(ctx);
    let refs = ref_params(ctx);
    // Inside the closure a method's receiver is the closure's own parameter, not `self`.
    let reborrowed: Vec<&syn::Ident> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| ctx.name(p.var))
        .collect();
    let nothing: Vec<TokenStream> = accumulators(ctx, target)
        .iter()
        .map(|_| quote!(__ad::no_accumulator()))
        .collect();
    let body = move |sig: &PullbackSig| {
        let (dout, ret_ty, cts) = (&sig.dout, &sig.seed_ty, &sig.cts);
        quote! {
            let (value, pullback) = #target_ident(#(#args),*);
            let pullback = move |#(#refs,)* #dout: #ret_ty| -> (#(#cts,)*) {
                pullback(#(#reborrowed,)* #dout, #(#nothing),*)
            };
            (value, pullback)
        }
    };
    pullback_with(item, ctx, suffix, Body::Adapts(&body))
}

/// `f_<suffix>`, a callers' entry point made from `f_<target>`: `f_<target>` itself when
/// the two agree (every float parameter active, no sequence parameter). Otherwise it adds
/// the sequence cotangents into the lent accumulators, drops the tangents of the parameters
/// `wrt` leaves out, gives them `ExcludedByWrt` as cotangents and, on dual numbers, passes
/// them on as plain values.
fn adapter(item: &syn::ItemFn, ctx: &Ctx, suffix: &str, target: &str) -> TokenStream {
    let target = sibling(item, ctx, target);
    let active_dots: Vec<TokenStream> = active_params(ctx)
        .map(|p| {
            let dot = ctx.dot(p.var);
            quote!(#dot)
        })
        .collect();
    if suffix == "_jvp_all" {
        let args = args(ctx);
        let body = quote!(#target(#(#args,)* #(#active_dots),*));
        return jvp_signature(item, ctx, suffix, Body::Forwards(body));
    }
    if !leaves_out(ctx) && accumulators(ctx, suffix).is_empty() {
        let args = args(ctx);
        return pullback_with(
            item,
            ctx,
            suffix,
            Body::Forwards(quote!(#target(#(#args),*))),
        );
    }
    // Dual numbers where the callers pass them, plain values where `f`'s twin takes them.
    let plain_value = |p: &Param, e: TokenStream| -> TokenStream {
        if ctx.mode == Mode::Plain || p.active || p.shape == ParamShape::Inactive {
            return e;
        }
        match p.shape {
            ParamShape::Scalar => quote!(#e.primal),
            ParamShape::Slice | ParamShape::ArrayRef => quote!(&__ad::primals(#e)),
            ParamShape::OwnedVec | ParamShape::Array => quote!(__ad::primals(&#e)),
            ParamShape::NdRef => quote!(&__ad::primals_nd(#e)),
            ParamShape::Nd => quote!(__ad::primals_nd(&#e)),
            ParamShape::Inactive
            | ParamShape::Struct
            | ParamShape::StructSlice
            | ParamShape::Output => e,
        }
    };
    let args: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .map(|p| plain_value(p, passed_name(ctx, p)))
        .collect();
    let ref_params = ref_param_decls(ctx, suffix);
    let reborrowed: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty))
        .map(|p| {
            let n = ctx.name(p.var);
            plain_value(p, quote!(#n))
        })
        .collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let slots = slot_cotangents(ctx, suffix);
    let body = move |sig: &PullbackSig| {
        let (dout, ret_ty, cts_ty) = (&sig.dout, &sig.seed_ty, &sig.cts);
        let (accs, cts) = (acc_decls(sig), slots.given(sig));
        quote! {
            let (value, pullback) = #target(#(#args),*);
            let pullback = move |#(#ref_params,)* #dout: #ret_ty, #(#accs),*| -> (#(#cts_ty,)*) {
                let (#(#bars,)*) = pullback(#(#reborrowed,)* #dout);
                (#(#cts,)*)
            };
            (value, pullback)
        }
    };
    pullback_with(item, ctx, suffix, Body::Adapts(&body))
}

/// `name: type` for each reference parameter: what a pullback closure takes again (on
/// dual numbers where the item takes them).
fn ref_param_decls(ctx: &Ctx, suffix: &str) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty))
        .map(|p| {
            let (n, ty) = (ctx.name(p.var), lift_slot(ctx, suffix, p));
            quote!(#n: #ty)
        })
        .collect()
}

/// `name: type` for each accumulator a pullback takes.
fn acc_decls(sig: &PullbackSig) -> Vec<TokenStream> {
    sig.accs
        .iter()
        .map(|a| {
            let (name, ty) = (&a.name, &a.ty);
            quote!(#name: #ty)
        })
        .collect()
}

/// The slots of an item (see [`slots`]) by variable, activity and adjoint name, owned so
/// that a pullback's body can be built from them later.
struct SlotCotangents(Vec<(VarId, bool, syn::Ident)>);

fn slot_cotangents(ctx: &Ctx, suffix: &str) -> SlotCotangents {
    let slots = slots(ctx, suffix).into_iter();
    SlotCotangents(slots.map(|p| (p.var, p.active, ctx.bar(p.var))).collect())
}

impl SlotCotangents {
    /// The cotangent given for each slot: `ExcludedByWrt` where `wrt` leaves the parameter
    /// out, the lent accumulator with the adjoint added for a sequence, the adjoint itself
    /// otherwise.
    fn given(&self, sig: &PullbackSig) -> Vec<TokenStream> {
        let given = |(var, active, bar): &(VarId, bool, syn::Ident)| match sig
            .accs
            .iter()
            .find(|a| a.param == *var)
        {
            _ if !active => quote!(__ad::ExcludedByWrt),
            Some(a) => {
                let acc = &a.name;
                quote!(__ad::accumulate(#acc, #bar))
            }
            None => quote!(#bar),
        };
        self.0.iter().map(given).collect()
    }
}

/// A parameter's type in an item: on dual numbers where the item takes a dual number.
/// The parameters of `f_<suffix>` as written, their types lifted (see [`lift_slot`]).
fn lifted_params(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> Vec<TokenStream> {
    let typed = item.sig.inputs.iter().zip(&ctx.func.params);
    typed
        .map(|(input, p)| {
            let syn::FnArg::Typed(pt) = input else {
                return quote!(#input);
            };
            let (pat, ty) = (&pt.pat, lift_slot(ctx, suffix, p));
            quote!(#pat: #ty)
        })
        .collect()
}

/// A parameter's type in `f_<suffix>`: in the dual twin, dual numbers where it has a
/// derivative slot (an active parameter, or any float one in the callers' entry points).
fn lift_slot(ctx: &Ctx, suffix: &str, p: &Param) -> TokenStream {
    let slot = p.active || (is_for_callers(suffix) && p.shape != ParamShape::Inactive);
    lift_param_type(ctx, p, slot)
}

/// A parameter's type with its float lifted; a sequence behind an alias the macro cannot
/// rewrite (`&Vector`) becomes a slice of the lifted scalar, which its callers' `&Vec<_>`
/// coerces to.
pub(super) fn lift_param_type(ctx: &Ctx, p: &Param, slot: bool) -> TokenStream {
    let aliased = p.shape == ParamShape::Slice
        && crate::parse::param_shape(&p.ty, &ctx.func.float) == ParamShape::Struct;
    if slot && aliased && ctx.mode != super::Mode::Plain {
        let f = ctx.scalar();
        return quote!(&[#f]);
    }
    ctx.lift_type(&p.ty, slot)
}

pub(super) fn ident(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> syn::Ident {
    super::callers::item_name(item, ctx, suffix)
}

/// How the generated items call each other (see `callers`).
pub(super) fn sibling(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> TokenStream {
    super::callers::sibling(item, ctx, suffix)
}

/// The target of the doc link to the primal: in an `impl`, `Self::f`.
pub(super) fn doc_link(item: &syn::ItemFn, ctx: &Ctx) -> String {
    let f = &item.sig.ident;
    if ctx.func.in_impl {
        format!("(Self::{f})")
    } else {
        String::new()
    }
}

/// A parameter's name where the generated items pass it on: the buffer for an output,
/// `self` for the receiver.
pub(super) fn passed_name(ctx: &Ctx, p: &Param) -> TokenStream {
    if let Some(o) = ctx.func.outputs.iter().find(|o| o.local == p.var) {
        let buffer = &o.param;
        quote!(#buffer)
    } else if ctx.func.method && p.var == ctx.func.params[0].var {
        quote!(self)
    } else {
        let n = ctx.name(p.var);
        quote!(#n)
    }
}

/// The parameters as written (`mut x: f64, n: usize`).
pub(super) fn params(item: &syn::ItemFn) -> Vec<TokenStream> {
    item.sig.inputs.iter().map(|p| quote!(#p)).collect()
}

/// The parameters' names, to pass them on.
pub(super) fn args(ctx: &Ctx) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .map(|p| passed_name(ctx, p))
        .collect()
}

/// Reference parameters are not captured by a pullback but passed to it again.
pub fn is_reference(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Reference(_))
}

/// The reference parameters as closure parameters (`x: &[f64]`).
pub fn ref_params(ctx: &Ctx) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| {
            let (n, ty) = (ctx.name(p.var), lift_param_type(ctx, p, p.active));
            quote!(#n: #ty)
        })
        .collect()
}

/// The names of the reference parameters, as passed to a pullback.
fn reborrow_args(ctx: &Ctx) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| passed_name(ctx, p))
        .collect()
}

pub(super) fn cotangent_type(ctx: &Ctx, p: &Param) -> TokenStream {
    let f = ctx.scalar();
    match p.shape {
        ParamShape::Scalar => f,
        ParamShape::Slice | ParamShape::OwnedVec => quote!(::std::vec::Vec<#f>),
        ParamShape::ArrayRef | ParamShape::Array => {
            let len = array_len(&p.ty);
            quote!([#f; #len])
        }
        // The owned array type, with its scalar lifted in the dual twin.
        ParamShape::NdRef | ParamShape::Nd => {
            let owned = match &p.ty {
                syn::Type::Reference(r) => (*r.elem).clone(),
                other => other.clone(),
            };
            ctx.lift_type(&owned, true)
        }
        // The struct itself: `Params` for `&Params`, `Self` for `&self`.
        ParamShape::Struct => match &p.ty {
            syn::Type::Reference(r) => {
                let elem = &r.elem;
                quote!(#elem)
            }
            other => quote!(#other),
        },
        // One struct per element: `Vec<Body>` for `&[Body]` and `&Vec<Body>`.
        // Rows in an array, `&[[F; N]; M]`: the array's own type.
        ParamShape::StructSlice if crate::parse::is_array_of_elements(&p.ty) => {
            let syn::Type::Reference(r) = &p.ty else {
                unreachable!("an array of rows is a reference")
            };
            let array = &r.elem;
            quote!(#array)
        }
        ParamShape::StructSlice => {
            let elem = crate::parse::struct_slice_element(&p.ty);
            quote!(::std::vec::Vec<#elem>)
        }
        ParamShape::Inactive | ParamShape::Output => quote!(()),
    }
}

fn array_len(ty: &syn::Type) -> TokenStream {
    match ty {
        syn::Type::Reference(r) => array_len(&r.elem),
        syn::Type::Array(a) => {
            let len = &a.len;
            quote!(#len)
        }
        _ => quote!(0),
    }
}

pub(super) fn active_params<'a>(ctx: &'a Ctx<'a>) -> impl Iterator<Item = &'a Param> {
    ctx.func.params.iter().filter(|p| p.active)
}

fn jvp(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> TokenStream {
    let checks = tangent_len_checks(ctx);
    let prologue = ctx.prologue(Sweep::Jvp);
    let body = ctx.forward_block(&ctx.func.body, Sweep::Jvp, None);
    let write_back = ctx.write_back(Sweep::Jvp);
    let (value, tangent) = jvp_result(ctx);
    // A function whose results are all in output buffers returns nothing.
    let result = (!ctx.unit_result()).then(|| {
        // The tangent first: a zero tangent is shaped from the value before it moves.
        quote!(let __tangent = #tangent; (#value, __tangent))
    });
    let body = quote! {
        #(#checks)*
        #prologue
        #body
        #write_back
        #result
    };
    let body = fma_dispatch(item, ctx, suffix, &body).unwrap_or(body);
    jvp_signature(item, ctx, suffix, Body::Own(body))
}

/// `f_jvp`'s body as a nested function generic over how its tangent sums multiply and add
/// (`autodiff::fma`), run fused where the CPU has FMA and separate otherwise; `None` where
/// the body fuses nothing or has no loop, or where a nested function cannot repeat the
/// signature (see [`can_nest`]).
fn fma_dispatch(
    item: &syn::ItemFn,
    ctx: &Ctx,
    suffix: &str,
    body: &TokenStream,
) -> Option<TokenStream> {
    let fma = format_ident!("__Fma");
    let (body, fuses) = crate::tokens::subst_private(body.clone(), "mul_add", &fma);
    // Outside loops a fused sum saves a cycle or two a call: not worth a second copy.
    let loops = ctx
        .func
        .body
        .any(&|s| matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. }));
    if !(fuses && loops && can_nest(item, ctx)) {
        return None;
    }
    let sig = &item.sig;
    let mut generics = sig.generics.clone();
    generics
        .params
        .push(syn::parse_quote!(#fma: ::autodiff::__private::MulAdd));
    let where_clause = &sig.generics.where_clause;
    let params = params(item);
    let tangents = tangent_params(ctx, suffix);
    let slots = slots(ctx, suffix);
    let args = args(ctx);
    let dots: Vec<_> = slots.iter().map(|p| ctx.dot(p.var)).collect();
    let (ret_ty, tangent_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    Some(quote! {
        #[inline(always)]
        fn __jvp_body #generics (_: #fma, #(#params,)* #(#tangents),*) -> (#ret_ty, #tangent_ty) #where_clause {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
            #body
        }
        if __ad::use_fused() {
            __ad::run_fused(|| __jvp_body(__ad::Fused, #(#args,)* #(#dots),*))
        } else {
            __jvp_body(__ad::Separate, #(#args,)* #(#dots),*)
        }
    })
}

/// Whether `f_jvp`'s body can be a nested function with the same signature: not in an
/// `impl` (a method or associated function) or where `Self` is named (a nested item cannot
/// name it), not where the float type belongs to an enclosing `impl`, and not with
/// `impl Trait` parameters or output buffers.
fn can_nest(item: &syn::ItemFn, ctx: &Ctx) -> bool {
    let sig = &item.sig;
    let own_float = match &ctx.func.float {
        syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32") => true,
        float => sig
            .generics
            .type_params()
            .any(|t| t.ident == quote!(#float).to_string()),
    };
    let impl_trait = sig.inputs.iter().any(|a| {
        quote!(#a)
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "impl"))
    });
    own_float
        && !impl_trait
        && !ctx.func.in_impl
        && ctx.func.outputs.is_empty()
        && !crate::tokens::mentions_ident(quote!(#item), &format_ident!("Self"))
}

/// Each sequence tangent checked against its parameter's length on entry.
fn tangent_len_checks(ctx: &Ctx) -> Vec<TokenStream> {
    active_params(ctx)
        .filter(|p| matches!(p.shape, ParamShape::Slice | ParamShape::OwnedVec))
        .map(|p| {
            let (x, dot) = (ctx.name(p.var), ctx.dot(p.var));
            let (x_str, dot_str) = (x.to_string(), dot.to_string());
            quote!(__ad::check_tangent_len(#x.len(), #dot.len(), #dot_str, #x_str);)
        })
        .collect()
}

/// An item's body: its own code, a thin wrapper around another item (`Adapts`), or a call
/// of the item it equals (`Forwards`).
enum Body<T> {
    Own(T),
    Adapts(T),
    Forwards(TokenStream),
    /// No body can be written: the item panics saying why (its callers compile).
    Panics(String),
}

impl<T> Body<T> {
    /// The body's code and attributes, given how to make it from `T`; wrappers are
    /// inlined.
    fn emit(&self, make: impl FnOnce(&T) -> TokenStream) -> (TokenStream, TokenStream) {
        let with_imports = |code: TokenStream| {
            quote! {
                use ::autodiff::__private as __ad;
                use ::autodiff::__private::Float as _;
                #code
            }
        };
        match self {
            Body::Own(t) => (quote!(), with_imports(make(t))),
            Body::Adapts(t) => (quote!(#[inline]), with_imports(make(t))),
            Body::Forwards(call) => (quote!(#[inline]), call.clone()),
            Body::Panics(message) => (quote!(), quote!(::core::panic!(#message))),
        }
    }
}

/// `x_dot: &[f64]`, one per parameter with a tangent.
fn tangent_params(ctx: &Ctx, suffix: &str) -> Vec<TokenStream> {
    slots(ctx, suffix)
        .into_iter()
        .map(|p| {
            let (dot, ty) = (ctx.dot(p.var), &p.ty);
            // A parameter the function assigns has its tangent assigned beside it.
            let mutable = ctx.func.vars[p.var].mutable.then(|| quote!(mut));
            quote!(#mutable #dot: #ty)
        })
        .collect()
}

/// `f_jvp` (or the callers' `f_jvp_all`) with this body.
fn jvp_signature(
    item: &syn::ItemFn,
    ctx: &Ctx,
    suffix: &str,
    body: Body<TokenStream>,
) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let name = ident(item, ctx, suffix);
    let f = &item.sig.ident;
    let params = params(item);
    let tangents = tangent_params(ctx, suffix);
    let out_dots = ctx.output_tangent_params();
    let (ret_ty, tangent_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    let jvp_ret = (!ctx.unit_result()).then(|| quote!(-> (#ret_ty, #tangent_ty)));
    let link = doc_link(item, ctx);
    let excluded = if is_for_callers(suffix) && leaves_out(ctx) {
        " (ignored for those `wrt` leaves out)"
    } else {
        ""
    };
    let doc = if is_for_callers(suffix) {
        format!(
            " [`{f}_jvp`] for differentiated callers, which pass a tangent for every float \
             parameter{excluded}."
        )
    } else {
        format!(
            " Forward mode of [`{f}`]{link}: its value and its directional derivative along the tangents \
             `{}` (one per active parameter, of the same type), computed in one pass beside the primal.",
            active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join("`, `")
        )
    };
    let hidden = is_for_callers(suffix).then(|| quote!(#[doc(hidden)]));
    let (inline, body) = body.emit(|code| code.clone());
    let allows = allows();
    quote! {
        #[doc = #doc]
        #hidden
        #inline
        #allows
        #vis fn #name #generics (#(#params,)* #(#tangents,)* #(#out_dots),*) #jvp_ret #where_clause {
            #body
        }
    }
}

fn jvp_result(ctx: &Ctx) -> (TokenStream, TokenStream) {
    let parts: Vec<(TokenStream, TokenStream)> = ctx
        .func
        .ret
        .iter()
        .map(|&r| {
            let name = ctx.name(r);
            let tangent = if ctx.active(r) {
                let dot = ctx.dot(r);
                quote!(#dot)
            } else if ctx.kind(r) == Kind::FloatSeq {
                quote!(__ad::zeros_like(&#name))
            } else if ctx.kind(r) == Kind::Array {
                quote!(__ad::zeros_nd(&#name))
            } else if !ctx.kind(r).is_float() {
                quote!(())
            } else {
                ctx.zero()
            };
            (quote!(#name), tangent)
        })
        .collect();
    match &ctx.func.ret_shape {
        Ret::Single(_) => parts[0].clone(),
        Ret::Tuple(_) => {
            let (vs, ts): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
            (quote!((#(#vs),*)), quote!((#(#ts),*)))
        }
    }
}

fn pullback(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> TokenStream {
    pullback_with(item, ctx, suffix, Body::Own(&|sig| ctx.pullback_body(sig)))
}

/// What a pullback's body is given: the seed's name and type, the cotangent types, and the
/// accumulators callers lend (see [`accumulators`]).
pub struct PullbackSig {
    pub dout: syn::Ident,
    pub seed_ty: TokenStream,
    pub cts: Vec<TokenStream>,
    pub accs: Vec<Acc>,
}

type BodyFn<'a> = dyn Fn(&PullbackSig) -> TokenStream + 'a;

/// `f_pullback` (or its dual twin, or a callers' entry point): the signature, with the
/// body made from it.
fn pullback_with(item: &syn::ItemFn, ctx: &Ctx, suffix: &str, body: Body<&BodyFn>) -> TokenStream {
    let name = ident(item, ctx, suffix);
    let f = &item.sig.ident;
    let vis = &item.vis;
    let (generics, where_clause) = (&item.sig.generics, &item.sig.generics.where_clause);
    let params = lifted_params(item, ctx, suffix);
    // The pullback borrows nothing: reference parameters are passed to it again.
    let reborrowed: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| lift_slot(ctx, suffix, p))
        .collect();
    let ret_ty = ctx.lift_type(&ctx.func.ret_ty, true);
    let seed_ty = ctx.lift_type(&ctx.func.tangent_ty, true);
    let f_ty = ctx.scalar();
    let seed_tys = ctx.func.outputs.iter().map(|_| quote!(&[#f_ty]));
    let dout_ty = (!ctx.unit_result()).then(|| quote!(#seed_ty,));
    let link = doc_link(item, ctx);
    let cts: Vec<TokenStream> = slots(ctx, suffix)
        .into_iter()
        .map(|p| match p.active {
            true => cotangent_type(ctx, p),
            false => quote!(::autodiff::__private::ExcludedByWrt),
        })
        .collect();
    let sig = PullbackSig {
        dout: ctx.param_name("dout"),
        seed_ty,
        cts: cts.clone(),
        accs: accumulators(ctx, suffix),
    };
    let acc_tys: Vec<&TokenStream> = sig.accs.iter().map(|a| &a.ty).collect();
    let panics = matches!(body, Body::Panics(_));
    let (inline, body) = body.emit(|own| own(&sig));
    // A forward sweep with a reserved loop nest stays out of its callers: inlined beside
    // its reverse sweep (the closure), LLVM kept the nest's carried floats in stack memory
    // (the mass chain's `f_grad` took 5.5× its primal, against 4.1× kept apart). One call
    // per gradient is nothing beside a loop nest.
    let inline = match inline.is_empty() && ctx.reserved_nest.get() {
        true => quote!(#[inline(never)]),
        false => inline,
    };
    let allows = allows();
    let excluded = if is_for_callers(suffix) && leaves_out(ctx) {
        " (`ExcludedByWrt` for those `wrt` leaves out)"
    } else {
        ""
    };
    let doc = match ctx.mode {
        Mode::Plain if is_for_callers(suffix) => format!(
            " [`{f}_pullback`] for differentiated callers, which expect a cotangent for every \
             float parameter{excluded}."
        ),
        Mode::Lifted if is_for_callers(suffix) => format!(
            " [`{f}_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every \
             float parameter{excluded}: what differentiated callers' `_hvp` runs."
        ),
        Mode::Plain => format!(
            " Reverse mode of [`{f}`]{link}, split: runs `{f}` once, keeping what its reverse sweep reads, \
             and returns the value with its pullback, which maps a cotangent of the result to the \
             cotangents of the active parameters. Differentiated callers use the split form, so \
             nested calls never re-run a callee's forward pass."
        ),
        Mode::Lifted => format!(" [`{f}_pullback`] on dual numbers, for [`{f}_hvp`] (forward-over-reverse)."),
    };
    let hidden =
        (ctx.mode == Mode::Lifted || is_for_callers(suffix)).then(|| quote!(#[doc(hidden)]));
    let pullback_ty = quote!(::core::ops::FnOnce(#(#reborrowed,)* #dout_ty #(#acc_tys,)* #(#seed_tys),*) -> (#(#cts,)*));
    // A recursive function's callers' pullbacks contain their own type: boxed, they have one.
    let (pullback_ty, body) = match ctx.func.recursive && is_for_callers(suffix) {
        // A panicking item returns no closure whose type could stand for `impl FnOnce`.
        _ if panics => (quote!(::std::boxed::Box<dyn #pullback_ty>), body),
        true => (
            quote!(::std::boxed::Box<dyn #pullback_ty>),
            quote!(let (value, pullback) = { #body }; (value, ::std::boxed::Box::new(pullback))),
        ),
        false => (quote!(impl #pullback_ty), body),
    };
    quote! {
        #[doc = #doc]
        #hidden
        #inline
        #allows
        #vis fn #name #generics (#(#params),*)
            -> (#ret_ty, #pullback_ty) #where_clause
        {
            #body
        }
    }
}

/// `#[differentiate(custom)]`: the user wrote `f_jvp` and `f_vjp`; the split form calls
/// `f` forward and `f_vjp` in the reverse sweep, so the function slots into differentiated
/// callers like a generated one. The dual twin (for `f_hvp` of callers) exists when `f`
/// and `f_vjp` are generic over the float type.
pub fn emit_custom(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
) -> TokenStream {
    let plain = Ctx::new(func, act, needed, Mode::Plain);
    let (f, vjp) = (&sibling(item, &plain, ""), &sibling(item, &plain, "_vjp"));
    // The split form calls `f` forward and the user's `f_vjp` backward; its dual twin
    // lifts every float parameter (the rule is generic over one float type), and is the
    // callers' entry point itself.
    let body = |ctx: &Ctx, suffix: &str| {
        let moved = args(ctx);
        let copied: Vec<TokenStream> = ctx
            .func
            .params
            .iter()
            .map(|p| {
                let n = ctx.name(p.var);
                if p.shape == ParamShape::OwnedVec {
                    quote!(#n.clone())
                } else {
                    quote!(#n)
                }
            })
            .collect();
        let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
        let slots = slot_cotangents(ctx, suffix);
        let refs = ref_param_decls(ctx, suffix);
        move |sig: &PullbackSig| {
            let (dout, ret_ty, cts_ty) = (&sig.dout, &sig.seed_ty, &sig.cts);
            let (accs, cts) = (acc_decls(sig), slots.given(sig));
            quote! {
                let value = #f(#(#copied),*);
                let pullback = move |#(#refs,)* #dout: #ret_ty, #(#accs),*| -> (#(#cts_ty,)*) {
                    let (_, #(#bars),*) = #vjp(#(#moved,)* #dout);
                    (#(#cts,)*)
                };
                (value, pullback)
            }
        }
    };
    let own =
        |ctx: &Ctx, suffix: &str| pullback_with(item, ctx, suffix, Body::Own(&body(ctx, suffix)));
    let Pullbacks {
        own: pullbacks,
        entry_points,
        ..
    } = pullbacks(item, &plain, &own, false);
    let dual = if !plain.concrete_float() && matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        let lifted = Ctx::new(func, act, needed, Mode::Lifted);
        own(&lifted, "_dual_pullback_all")
    } else {
        quote!()
    };
    let entry_points = super::callers::declare(item, &plain, quote!(#entry_points #dual));
    let grad = if matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        grad(item, &plain)
    } else {
        quote!()
    };
    quote!(#pullbacks #grad #entry_points)
}

fn vjp(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, pb) = (
        &item.sig.ident,
        ident(item, ctx, "_vjp"),
        sibling(item, ctx, "_pullback"),
    );
    let params = params(item);
    let args = args(ctx);
    let (ret_ty, seed_ty) = (&ctx.func.ret_ty, &ctx.func.tangent_ty);
    let dout = ctx.param_name("dout");
    let reborrowed = reborrow_args(ctx);
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let (seed_params, seeds) = (ctx.output_seed_params(), ctx.output_seed_args());
    // Output buffers take their cotangents as seeds; a `()` result takes none.
    let (dout_param, dout_arg, vjp_ret, result) = if ctx.unit_result() {
        (
            quote!(),
            quote!(),
            quote!((#(#cts,)*)),
            quote!((#(#bars,)*)),
        )
    } else {
        (
            quote!(#dout: #seed_ty,),
            quote!(#dout,),
            quote!((#ret_ty, #(#cts),*)),
            quote!((value, #(#bars),*)),
        )
    };
    let mut seeded: Vec<String> = seeds
        .iter()
        .map(|s| format!("`{s}` of its buffer"))
        .collect();
    if !ctx.unit_result() {
        seeded.insert(0, format!("`{dout}` of the result"));
    }
    let seeds_doc = seeded.join(" and ");
    let link = doc_link(item, ctx);
    let doc =
        format!(
        " Reverse mode of [`{f}`]{link}: its value, then the cotangents `{}` of the active parameters \
         (in parameter order) for the cotangent {seeds_doc}: x̄ = ȳ ∂{f}/∂x.",
        bars.iter().map(|b| b.to_string()).collect::<Vec<_>>().join("`, `")
    );
    let allows = allows();
    let body = match fusion(ctx) {
        Some(fusion) => {
            // A context of its own: the tapes it declares are this body's alone.
            let needed = ctx.needed.joint.as_deref().unwrap_or(ctx.needed);
            let joint = Ctx::new(ctx.func, ctx.act, needed, Mode::Plain);
            let body = joint.joint_body(&dout, fusion, &[]);
            quote!(use ::autodiff::__private as __ad; use ::autodiff::__private::Float as _; #body)
        }
        None => quote! {
            let (value, pullback) = #pb(#(#args),*);
            let (#(#bars,)*) = pullback(#(#reborrowed,)* #dout_arg #(#seeds),*);
            #result
        },
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #dout_param #(#seed_params),*) -> #vjp_ret #where_clause {
            #body
        }
    }
}

/// The loops `f_vjp` fuses with their reverse (`analysis::fusion`), where `f_vjp` has a
/// body of its own: a float result, and no output buffers or struct parameters (whose
/// seeds and fields the split form handles).
fn fusion<'a>(ctx: &Ctx<'a>) -> Option<&'a crate::analysis::fusion::Fusion> {
    let plain = matches!(ctx.func.ret_shape, Ret::Single(Kind::Float))
        && ctx.func.outputs.is_empty()
        && !ctx.has_struct_param()
        && ctx.func.fields.is_empty();
    ctx.needed.fusion.as_ref().filter(|_| plain)
}

pub(super) fn one(ctx: &Ctx) -> TokenStream {
    let f = ctx.float();
    if ctx.concrete_float() {
        quote!(1.0)
    } else {
        quote!(<#f as ::autodiff::__private::One>::one())
    }
}

fn grad(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, vjp) = (
        &item.sig.ident,
        ident(item, ctx, "_grad"),
        sibling(item, ctx, "_vjp"),
    );
    let params = params(item);
    let args = args(ctx);
    let ret_ty = &ctx.func.ret_ty;
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let one = one(ctx);
    let link = doc_link(item, ctx);
    let doc = format!(" The gradient of [`{f}`]{link}: its value, then ∂{f}/∂x for each active parameter (`{f}_vjp` seeded with 1).");
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> (#ret_ty, #(#cts),*) #where_clause {
            #vjp(#(#args,)* #one)
        }
    }
}

/// `f_hvp`, running the dual twin `f<dual>`.
fn hvp(item: &syn::ItemFn, ctx: &Ctx, dual: &str) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, dual_pb) = (
        &item.sig.ident,
        ident(item, ctx, "_hvp"),
        sibling(item, ctx, dual),
    );
    // The twin of callers takes an accumulator per sequence: a pooled one (below) or none.
    let lifted = Ctx::new(ctx.func, ctx.act, ctx.needed, Mode::Lifted);
    // At a concrete float type, an active slice's dual input and its cotangent live in
    // buffers of the thread's pool (`autodiff::pool`), given back at the end.
    let pooled = |v: VarId| {
        let p = ctx.func.params.iter().find(|p| p.var == v);
        ctx.concrete_float() && p.is_some_and(|p| p.active && p.shape == ParamShape::Slice)
    };
    let mut recycled = vec![];
    // The fused body on dual numbers takes an accumulator per active sequence too.
    let accs = match fusion(ctx) {
        Some(_) => joint_accumulators(&lifted),
        None => accumulators(&lifted, dual),
    };
    let lent: Vec<TokenStream> = accs
        .iter()
        .map(|a| {
            if !pooled(a.param) {
                return quote!(__ad::no_accumulator());
            }
            let (x, bar) = (ctx.name(a.param), ctx.bar(a.param));
            recycled.push(quote!(__ad::pool::give_back(#bar);));
            quote!(__ad::pool::zeros(#x.len()))
        })
        .collect();
    let params = params(item);
    let ret_ty = &ctx.func.ret_ty;
    let directions: Vec<TokenStream> = active_params(ctx)
        .map(|p| {
            let (dot, ty) = (ctx.dot(p.var), &p.ty);
            quote!(#dot: #ty)
        })
        .collect();
    let DualInputs {
        lifts,
        args: lifted_args,
        given_back,
    } = dual_inputs(ctx, &pooled);
    recycled.extend(given_back);
    let reborrowed: Vec<&TokenStream> = ctx
        .func
        .params
        .iter()
        .zip(&lifted_args)
        .filter(|(p, _)| is_reference(&p.ty))
        .map(|(_, a)| a)
        .collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let one = one(ctx);
    let doc = format!(
        " Hessian-vector product of [`{f}`] by forward-over-reverse: its value, its gradient, then \
         H·v for the direction `v = ({})`, in one pass and without forming the Hessian.",
        active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join(", ")
    );
    let allows = allows();
    let result = hvp_result(ctx, &bars);
    // With fused loops, the joint body on dual numbers.
    let (run, twin) = match fusion(ctx) {
        Some(fusion) => {
            let dual_vjp = sibling(item, ctx, "_dual_vjp");
            (
                quote!(let (value, #(#bars,)*) = #dual_vjp(#(#lifted_args,)* __ad::Dual::constant(#one), #(#lent),*);),
                dual_vjp_item(item, ctx, fusion),
            )
        }
        None => (
            quote! {
                let (value, pullback) = #dual_pb(#(#lifted_args),*);
                let (#(#bars,)*) = pullback(#(#reborrowed,)* __ad::Dual::constant(#one), #(#lent),*);
            },
            quote!(),
        ),
    };
    let result = if recycled.is_empty() {
        result
    } else {
        quote!(let result = #result; #(#recycled)* result)
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#directions),*) -> (#ret_ty, #(#cts,)* #(#cts),*) #where_clause {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
            #(#lifts)*
            #run
            #result
        }
        #twin
    }
}

/// `f_hvp`'s inputs on dual numbers: active inputs seeded with the direction (sequences
/// built in locals first, since the pullback borrows them), and the pooled buffers to give
/// back at the end.
struct DualInputs {
    lifts: Vec<TokenStream>,
    args: Vec<TokenStream>,
    given_back: Vec<TokenStream>,
}

fn dual_inputs(ctx: &Ctx, pooled: &dyn Fn(VarId) -> bool) -> DualInputs {
    let (mut lifts, mut given_back) = (vec![], vec![]);
    let args = ctx
        .func
        .params
        .iter()
        .map(|p| {
            let (x, dot) = (ctx.name(p.var), ctx.dot(p.var));
            let dual = format_ident!("{}_dual", ctx.func.vars[p.var].stem);
            match (p.active, p.shape) {
                (false, _) | (_, ParamShape::Inactive) => quote!(#x),
                (true, ParamShape::Scalar) => quote!(__ad::Dual::new(#x, #dot)),
                (true, ParamShape::Slice) if pooled(p.var) => {
                    lifts.push(quote!(let #dual = __ad::pool::duals(&#x, &#dot);));
                    given_back.push(quote!(__ad::pool::give_back(#dual);));
                    quote!(&#dual)
                }
                (true, ParamShape::Slice) => {
                    lifts.push(quote!(let #dual = __ad::duals(&#x, &#dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::OwnedVec) if crate::parse::is_boxed_slice(&p.ty) => {
                    quote!(__ad::duals(&#x, &#dot).into_boxed_slice())
                }
                (true, ParamShape::OwnedVec) => quote!(__ad::duals(&#x, &#dot)),
                (true, ParamShape::ArrayRef) => {
                    lifts.push(quote!(let #dual = __ad::dual_array(&#x, &#dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::Array) => quote!(__ad::dual_array(&#x, &#dot)),
                (true, ParamShape::NdRef) => {
                    lifts.push(quote!(let #dual = __ad::duals_nd(#x, #dot);));
                    quote!(&#dual)
                }
                (true, ParamShape::Nd) => quote!(__ad::duals_nd(&#x, &#dot)),
                (true, ParamShape::Struct | ParamShape::StructSlice | ParamShape::Output) => {
                    unreachable!("struct parameters have their own `_hvp`; output buffers none")
                }
            }
        })
        .collect();
    DualInputs {
        lifts,
        args,
        given_back,
    }
}

/// `f_hvp`'s result from the dual cotangents `bars`: the value, the gradients (their
/// primal parts), then H·v (their tangents).
fn hvp_result(ctx: &Ctx, bars: &[syn::Ident]) -> TokenStream {
    let grads = active_params(ctx).zip(bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.primal),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::primals_nd(&#b)),
        _ => quote!(__ad::primals(&#b)),
    });
    let hvs = active_params(ctx).zip(bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.tangent),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::tangents_nd(&#b)),
        _ => quote!(__ad::tangents(&#b)),
    });
    quote!((value.primal, #(#grads,)* #(#hvs),*))
}

/// The accumulators `f_dual_vjp` takes: one per active sequence parameter, which `f_hvp`
/// lends from the thread's pool where it can (see [`accumulators`]).
fn joint_accumulators(ctx: &Ctx) -> Vec<Acc> {
    sequence_accumulators(ctx, active_params(ctx))
}

/// `f_dual_vjp` (hidden): `f_vjp`'s joint body (its loops fused with their reverse) on
/// dual numbers, which `f_hvp` runs: forward-over-reverse of the fused form.
fn dual_vjp_item(
    item: &syn::ItemFn,
    ctx: &Ctx,
    fusion: &crate::analysis::fusion::Fusion,
) -> TokenStream {
    let needed = ctx.needed.joint.as_deref().unwrap_or(ctx.needed);
    let lifted = Ctx::new(ctx.func, ctx.act, needed, Mode::Lifted);
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name) = (&item.sig.ident, ident(item, ctx, "_dual_vjp"));
    let params = lifted_params(item, &lifted, "_dual_vjp");
    let ret_ty = lifted.lift_type(&ctx.func.ret_ty, true);
    let seed_ty = lifted.lift_type(&ctx.func.tangent_ty, true);
    let cts: Vec<TokenStream> = active_params(&lifted)
        .map(|p| cotangent_type(&lifted, p))
        .collect();
    let dout = lifted.param_name("dout");
    let accs = joint_accumulators(&lifted);
    let acc_params = accs.iter().map(|a| {
        let (name, ty) = (&a.name, &a.ty);
        quote!(#name: #ty)
    });
    let body = lifted.joint_body(&dout, fusion, &accs);
    let doc = format!(" [`{f}_vjp`] on dual numbers, for [`{f}_hvp`] (forward-over-reverse).");
    let allows = allows();
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #allows
        #vis fn #name #generics (#(#params,)* #dout: #seed_ty, #(#acc_params),*) -> (#ret_ty, #(#cts),*) #where_clause {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
            #body
        }
    }
}
