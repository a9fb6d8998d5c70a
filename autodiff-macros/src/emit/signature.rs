//! What the derived items' signatures are made of, for every file that writes one
//! (`items/`, `state.rs`) and for the bodies that follow them (`pullback_body.rs`, `joint.rs`): the
//! parameters as written and as passed on, their types lifted to dual numbers, the
//! derivative slots and the cotangents' types, the accumulators callers lend, the kinds of
//! body an item has, and the lints every item allows. It imports none of the item files.

use super::names::Derived;
use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

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
        non_snake_case,
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
        clippy::boxed_local,
        clippy::unused_unit
    )])
}

/// An item's body: its own code, a thin wrapper around another item (`Adapts`), or a call
/// of the item it equals (`Forwards`).
pub(super) enum Body<T> {
    Own(T),
    Adapts(T),
    Forwards(TokenStream),
    /// No body can be written: the item panics saying why (its callers compile).
    Panics(String),
}

impl<T> Body<T> {
    /// The body's code and attributes, given how to make it from `T`; wrappers are
    /// inlined.
    pub(super) fn emit(self, make: impl FnOnce(T) -> TokenStream) -> (TokenStream, TokenStream) {
        let imports = super::body_imports();
        let with_imports = |code: TokenStream| {
            quote! {
                #imports
                #code
            }
        };
        match self {
            Body::Own(t) => (quote!(), with_imports(make(t))),
            Body::Adapts(t) => (quote!(#[inline]), with_imports(make(t))),
            Body::Forwards(call) => (quote!(#[inline]), call),
            Body::Panics(message) => (quote!(), quote!(::core::panic!(#message))),
        }
    }
}

/// An accumulator a caller lends for a sequence parameter.
pub struct Acc {
    pub param: VarId,
    /// The pullback's parameter holding it.
    pub name: syn::Ident,
    pub ty: TokenStream,
}

/// What a pullback's body is given: the seed's name and type, the cotangent types, and the
/// accumulators callers lend (see [`accumulators`]).
pub struct PullbackSig {
    pub dout: syn::Ident,
    pub seed_ty: TokenStream,
    pub cts: Vec<TokenStream>,
    pub accs: Vec<Acc>,
}

/// Whether `wrt` leaves out a float parameter (which callers still pass a tangent for).
pub(super) fn leaves_out(ctx: &Ctx) -> bool {
    ctx.func
        .params
        .iter()
        .any(|p| !p.active && p.shape != ParamShape::Inactive)
}

/// The parameters an item takes a tangent for and gives a cotangent of: the active ones,
/// or every float parameter for the callers' entry points.
pub(super) fn slots<'a>(ctx: &'a Ctx, kind: Derived) -> Vec<&'a Param> {
    ctx.func
        .params
        .iter()
        .filter(|p| p.active || (kind.is_for_callers() && p.shape != ParamShape::Inactive))
        .collect()
}

/// A sequence parameter (`&[F]`, `Vec<F>`, `[F; N]`): its adjoint is a whole buffer.
pub(super) fn is_sequence(shape: ParamShape) -> bool {
    matches!(
        shape,
        ParamShape::Slice | ParamShape::OwnedVec | ParamShape::ArrayRef | ParamShape::Array
    )
}

/// The accumulators an item's pullback takes, after the seed: one per sequence parameter,
/// for the callers' entry points only. A caller lends the adjoint of the sequence it passes
/// (or an empty one, `support::no_accumulator`), the pullback adds its cotangent into it and
/// gives it back: a chain of calls passing a vector down fills one buffer, instead of each
/// level allocating and zeroing a cotangent that its caller then adds into its own.
pub(super) fn accumulators(ctx: &Ctx, kind: Derived) -> Vec<Acc> {
    if !kind.is_for_callers() {
        return vec![];
    }
    sequence_accumulators(ctx, slots(ctx, kind))
}

/// An accumulator (`x_acc`) for each sequence among `params`.
pub(super) fn sequence_accumulators<'a>(
    ctx: &Ctx,
    params: impl IntoIterator<Item = &'a Param>,
) -> Vec<Acc> {
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

/// A parameter's type in an item: on dual numbers where the item takes a dual number.
/// The parameters of `f_<kind>` as written, their types lifted (see [`lift_slot`]).
pub(super) fn lifted_params(item: &syn::ItemFn, ctx: &Ctx, kind: Derived) -> Vec<TokenStream> {
    let typed = item.sig.inputs.iter().zip(&ctx.func.params);
    typed
        .map(|(input, p)| {
            let syn::FnArg::Typed(pt) = input else {
                return quote!(#input);
            };
            let (pat, ty) = (&pt.pat, lift_slot(ctx, kind, p));
            quote!(#pat: #ty)
        })
        .collect()
}

/// A parameter's type in `f_<kind>`: in the dual twin, dual numbers where it has a
/// derivative slot (an active parameter, or any float one in the callers' entry points).
pub(super) fn lift_slot(ctx: &Ctx, kind: Derived, p: &Param) -> TokenStream {
    let slot = p.active || (kind.is_for_callers() && p.shape != ParamShape::Inactive);
    lift_param_type(ctx, p, slot)
}

/// A parameter's type with its float lifted; a sequence behind an alias the macro cannot
/// rewrite (`&Vector`) becomes a slice of the lifted scalar, which its callers' `&Vec<_>`
/// coerces to.
pub(super) fn lift_param_type(ctx: &Ctx, p: &Param, slot: bool) -> TokenStream {
    let aliased = p.shape == ParamShape::Slice
        && crate::types::param_shape(&p.ty, &ctx.func.float) == ParamShape::Struct;
    if slot && aliased && ctx.mode != super::Mode::Plain {
        let f = ctx.scalar();
        return quote!(&[#f]);
    }
    ctx.lift_type(&p.ty, slot)
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

/// The type of a sequence parameter behind an alias the macro cannot see (`&V3` with
/// `type V3 = [f64; 3]`, `&Vector`), references peeled: its adjoint is the type's own
/// (`Sequence::Zeros`), and generated checks build it from entries (`FromEntries`).
pub(super) fn aliased_sequence<'a>(ctx: &Ctx, p: &'a Param) -> Option<&'a syn::Type> {
    let aliased = p.shape == ParamShape::Slice
        && crate::types::param_shape(&p.ty, &ctx.func.float) == ParamShape::Struct;
    aliased.then(|| crate::types::peel_refs(&p.ty))
}

/// Whether `p` holds rows whose cotangent is of its own type, as written: an array of rows
/// (`&[[f64; N]; M]`) or rows behind an alias the macro cannot see (`&Matrix` with `type
/// Matrix = Vec<Vec<f64>>`, read as rows by `ir::lower::rows::read_as_rows`), made and
/// rebuilt through `Differentiable`.
pub(super) fn rows_as_written(ctx: &Ctx, p: &Param) -> bool {
    p.shape == ParamShape::StructSlice
        && (crate::types::is_array_of_elements(&p.ty)
            || crate::types::param_shape(&p.ty, &ctx.func.float) == ParamShape::Struct)
}

pub(super) fn cotangent_type(ctx: &Ctx, p: &Param) -> TokenStream {
    let f = ctx.scalar();
    match p.shape {
        ParamShape::Scalar => f,
        // A sequence behind an alias the macro cannot see (`&Vector`, `&V3` with `type V3 =
        // [f64; 3]`): its adjoint is whatever the type's is, which rustc knows.
        ParamShape::Slice
            if ctx.mode == super::Mode::Plain && aliased_sequence(ctx, p).is_some() =>
        {
            let ty = aliased_sequence(ctx, p).expect("checked");
            quote!(<#ty as ::autodiff::__private::Sequence>::Zeros)
        }
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
        // Rows behind an alias (`&Matrix`): the alias.
        ParamShape::StructSlice if rows_as_written(ctx, p) => {
            let owned = crate::types::peel_refs(&p.ty);
            quote!(#owned)
        }
        ParamShape::StructSlice => {
            let elem = crate::types::struct_slice_element(&p.ty);
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

pub(super) fn one(ctx: &Ctx) -> TokenStream {
    let f = ctx.float();
    if ctx.concrete_float() {
        quote!(1.0)
    } else {
        quote!(<#f as ::autodiff::__private::One>::one())
    }
}

/// The float type when it is one of the function's type parameters.
pub(super) fn float_param(item: &syn::ItemFn, ctx: &Ctx) -> Option<syn::Ident> {
    let float = ctx.float().to_string();
    item.sig
        .generics
        .type_params()
        .find(|p| p.ident == float)
        .map(|p| p.ident.clone())
}
