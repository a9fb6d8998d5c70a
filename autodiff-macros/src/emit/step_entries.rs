//! The entry points through which a caller made of steps (`crate::state::steps`) takes a
//! method as one step of its state, whatever the method's parameters.
//!
//! Every `&mut self` method `g` gets two hidden entry points of one shape:
//! `g_jvp_step(&mut self, <args>, self_dot, (t₀, t₁, …))` and
//! `g_vjp_step(&mut self, <args>, seed, self_bar, (c₀, c₁, …))`. Argument `k`'s tangent
//! `tₖ` and cotangent `cₖ` are *slots* (`support::steps`): where `g` differentiates that
//! parameter, `Some(x_dot)` / `Some(&mut x_bar)` (added to) or `Constant`; where it does
//! not, `Constant` alone, so a value with a derivative passed there is rustc's labelled
//! error, never a derivative dropped; `seed` is the cotangent of the result (`None`: zero).
//! So a caller that cannot see `g`'s signature passes `Some(…)` for what carries a
//! derivative and `Constant` for what does not, and rustc matches them to what `g` takes.
//! A `&self` method of a float result has them too, as a step changing no field
//! (`read_entries`), and so has a part of a caller that gives the state integers alone
//! (`inert_entries`).

use super::names::Derived;
use super::signature::allows;
use super::Ctx;
use crate::ir::{Param, ParamShape};
use crate::state::{local_name, Mutating};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// What the code around steps needs of a method's signature: its float type, the names
/// of its state's tangent and cotangent, and per parameter (the method's own, then the
/// anchor's carried values) how it is passed and whether it is differentiated.
pub(super) struct Sig {
    pub(super) float: TokenStream,
    pub(super) self_dot: syn::Ident,
    pub(super) self_bar: syn::Ident,
    pub(super) params: Vec<SigParam>,
    pub(super) anchor_carried: Vec<(SigParam, usize)>,
}

pub(super) struct SigParam {
    pub(super) name: TokenStream,
    pub(super) dot: syn::Ident,
    pub(super) bar: syn::Ident,
    pub(super) active: bool,
}

impl Sig {
    /// The signature of the method whose pure method `ctx` is.
    pub(super) fn of(m: &Mutating, ctx: &Ctx) -> Sig {
        let (rest, carried) = params_and_carried(m, ctx);
        let param = |p: &Param| SigParam {
            name: super::signature::passed_name(ctx, p),
            dot: ctx.dot(p.var),
            bar: ctx.bar(p.var),
            active: p.active,
        };
        let receiver = ctx.func.params[0].var;
        Sig {
            float: ctx.float(),
            self_dot: ctx.dot(receiver),
            self_bar: ctx.bar(receiver),
            params: rest.iter().map(|p| param(p)).collect(),
            anchor_carried: carried.iter().map(|(p, s)| (param(p), *s)).collect(),
        }
    }

    /// The signature as written, for a method made of steps alone: a parameter of the
    /// float type is differentiated unless `wrt` leaves it out, any other is not
    /// (`state::steps` took floats, integers and flags only).
    pub(super) fn written(
        method: &syn::ItemFn,
        float: &syn::Type,
        wrt: Option<&[syn::Ident]>,
    ) -> Sig {
        let float_text = quote!(#float).to_string();
        let params = method
            .sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                syn::FnArg::Typed(pt) => match &*pt.pat {
                    syn::Pat::Ident(p) => Some((p.ident.clone(), &*pt.ty)),
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .map(|(ident, ty)| SigParam {
                name: quote!(#ident),
                dot: format_ident!("{ident}_dot"),
                bar: format_ident!("{ident}_bar"),
                active: quote!(#ty).to_string() == float_text
                    && wrt.is_none_or(|w| w.contains(&ident)),
            })
            .collect();
        Sig {
            float: quote!(#float),
            self_dot: format_ident!("self_dot"),
            self_bar: format_ident!("self_bar"),
            params,
            anchor_carried: vec![],
        }
    }
}

/// `g_jvp_step` and `g_vjp_step` of the `&mut self` method `method`, where each parameter
/// it differentiates is a float (nothing where one is not: such a method is not a step a
/// caller can take).
pub(super) fn entries(method: &syn::ItemFn, m: &Mutating, ctx: &Ctx) -> TokenStream {
    let (rest, _) = params_and_carried(m, ctx);
    // (The fields whose elements the method assigns are lent to its pure method as
    // buffers, which its wrappers take care of: only the user's own buffers stand.)
    let lent: Vec<syn::Ident> = m.buffers.iter().map(local_name).collect();
    if ctx.func.outputs.iter().any(|o| !lent.contains(&o.param))
        || rest
            .iter()
            .any(|p| p.active && p.shape != ParamShape::Scalar)
    {
        return quote!();
    }
    entries_of(method, &Sig::of(m, ctx), m.unit, Receiver::Steps)
}

/// `g_jvp_step` and `g_vjp_step` of the `&self` method `method` of a float result: a step
/// that changes no field. A caller made of steps cannot tell a call that reads its field's
/// state (`let l = self.meter.level();`) from one that steps it, and may take either as a
/// step: through this one the state's tangent passes unchanged, and the cotangent of the
/// state before the call is that after it plus what the result's cotangent gives the
/// state (`x̄ = x̄′ + ȳ ∂y/∂x`).
pub fn read_entries(method: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let receiver = method.sig.receiver();
    let shared =
        receiver.is_some_and(|r| matches!(r.kind, syn::ReceiverKind::Reference(_, _, None)));
    let float = ctx.float().to_string();
    let float_result = match &method.sig.output {
        syn::ReturnType::Type(_, ty) => quote!(#ty).to_string() == float,
        syn::ReturnType::Default => false,
    };
    let rest = &ctx.func.params[1..];
    if !shared
        || !float_result
        || !ctx.func.method
        || !ctx.func.outputs.is_empty()
        || rest
            .iter()
            .any(|p| p.active && p.shape != ParamShape::Scalar)
    {
        return quote!();
    }
    let param = |p: &Param| SigParam {
        name: super::signature::passed_name(ctx, p),
        dot: ctx.dot(p.var),
        bar: ctx.bar(p.var),
        active: p.active,
    };
    let sig = Sig {
        float: ctx.float(),
        self_dot: format_ident!("self_dot"),
        self_bar: format_ident!("self_bar"),
        params: rest.iter().map(param).collect(),
        anchor_carried: vec![],
    };
    let reads = Receiver::Reads {
        active: ctx.func.params[0].active,
    };
    entries_of(method, &sig, false, reads)
}

/// `g_jvp_step` and `g_vjp_step` of a part of a method made of steps (`state::steps`)
/// that gives integers or flags alone to the state (`self.count += 1;`): it carries no
/// derivative, so each runs the part itself, and the state's tangent and cotangent pass
/// through unchanged (an integer field has none, and the part reads floats only to
/// compute integers, whose derivatives are zero).
pub fn inert_entries(part: &syn::ItemFn) -> TokenStream {
    let f = &part.sig.ident;
    let stem = f.to_string().replace("r#", "");
    let (jvp_step, vjp_step) = (
        format_ident!("{stem}_jvp_step"),
        format_ident!("{stem}_vjp_step"),
    );
    let params: Vec<&syn::FnArg> = part.sig.inputs.iter().collect();
    // (`state::steps` gives a part plain names for its parameters.)
    let names = crate::parse::param_idents(&part.sig);
    let (mut jvp_generics, mut vjp_generics) =
        (part.sig.generics.clone(), part.sig.generics.clone());
    jvp_generics.params.push(syn::parse_quote!(__Tangents));
    vjp_generics.params.push(syn::parse_quote!(__Seed));
    vjp_generics.params.push(syn::parse_quote!(__Cotangents));
    let where_clause = &part.sig.generics.where_clause;
    let allows = allows();
    quote! {
        #[doc(hidden)]
        #allows
        fn #jvp_step #jvp_generics (#(#params,)* __self_dot: &mut Self, __tangents: __Tangents) #where_clause {
            Self::#f(self, #(#names),*)
        }

        #[doc(hidden)]
        #allows
        fn #vjp_step #vjp_generics (#(#params,)* __seed: __Seed, __self_bar: &mut Self, __cotangents: __Cotangents) #where_clause {
            Self::#f(self, #(#names),*)
        }
    }
}

/// The entries of a `&mut self` method made of steps alone (`super::steps::without_anchor`).
pub(super) fn of_steps_alone(method: &syn::ItemFn, sig: &Sig) -> TokenStream {
    entries_of(method, sig, true, Receiver::Steps)
}

/// How a step's derived items take the state.
#[derive(Clone, Copy)]
enum Receiver {
    /// `&mut self`: its `_jvp` and `_vjp` step the state's tangent and cotangent.
    Steps,
    /// `&self`: they take the state's tangent and give its cotangent, where `active`.
    Reads { active: bool },
}

/// [`entries`] of a signature.
fn entries_of(method: &syn::ItemFn, sig: &Sig, unit: bool, receiver: Receiver) -> TokenStream {
    let rest = &sig.params;
    let vis = &method.vis;
    let f = &method.sig.ident;
    let float = &sig.float;
    let names: Vec<&TokenStream> = rest.iter().map(|p| &p.name).collect();
    let slots: Vec<syn::Ident> = (0..rest.len()).map(|k| format_ident!("__arg{k}")).collect();
    // A type parameter for each slot the method ignores.
    let (mut jvp_generics, mut vjp_generics) =
        (method.sig.generics.clone(), method.sig.generics.clone());
    let mut tangent_tys = vec![];
    let mut cotangent_tys = vec![];
    // A slot per argument: one the method differentiates takes a tangent or a cotangent
    // (or `Constant`), one it does not takes `Constant` alone (`support::steps`).
    for (k, p) in rest.iter().enumerate() {
        let (t, c) = (
            format_ident!("__Tangent{k}"),
            format_ident!("__Cotangent{k}"),
        );
        let (t_bound, c_bound) = match p.active {
            true => (
                quote!(::autodiff::__private::TangentSlot<#float>),
                quote!(::autodiff::__private::CotangentSlot<#float>),
            ),
            false => (
                quote!(::autodiff::__private::NoDerivative),
                quote!(::autodiff::__private::NoDerivative),
            ),
        };
        jvp_generics.params.push(syn::parse_quote!(#t: #t_bound));
        vjp_generics.params.push(syn::parse_quote!(#c: #c_bound));
        tangent_tys.push(quote!(#t));
        cotangent_tys.push(quote!(#c));
    }
    if unit {
        vjp_generics.params.push(syn::parse_quote!(__Seed));
    }
    let where_clause = &method.sig.generics.where_clause;
    let zero = quote!(::autodiff::__private::zero);
    let active_slots: Vec<&syn::Ident> = rest
        .iter()
        .zip(&slots)
        .filter(|(p, _)| p.active)
        .map(|(_, s)| s)
        .collect();
    let (jvp, vjp) = (Derived::Jvp.of(f), Derived::Vjp.of(f));
    let (jvp_step, vjp_step) = (
        format_ident!("{}_jvp_step", f.to_string().replace("r#", "")),
        format_ident!("{}_vjp_step", f.to_string().replace("r#", "")),
    );
    let params: Vec<TokenStream> = method
        .sig
        .inputs
        .iter()
        .take(rest.len() + 1)
        .map(|input| quote!(#input))
        .collect();
    let (out_ty, seed_ty, ret, value) = match &method.sig.output {
        syn::ReturnType::Type(_, ty) => (
            quote!(-> (#ty, #ty)),
            quote!(::core::option::Option<#ty>),
            quote!(-> #ty),
            quote!(ret),
        ),
        syn::ReturnType::Default => (quote!(), quote!(__Seed), quote!(), quote!()),
    };
    let bars: Vec<syn::Ident> = (0..active_slots.len())
        .map(|k| format_ident!("__bar{k}"))
        .collect();
    let seed = (!unit).then(|| quote!(__seed.unwrap_or_else(#zero),));
    let results = match unit {
        true => quote!((#(#bars,)*)),
        false => quote!((ret, #(#bars),*)),
    };
    // (A `&self` method's first parameter is `&self`: the step's is `&mut self`.)
    let (self_dot, vjp_call) = match receiver {
        Receiver::Steps => (
            quote!(__self_dot,),
            quote!(let #results = Self::#vjp(self, #(#names,)* #seed __self_bar);),
        ),
        Receiver::Reads { active: true } => (
            quote!(&*__self_dot,),
            quote! {
                let (ret, __state_bar, #(#bars,)*) = Self::#vjp(self, #(#names,)* #seed);
                ::autodiff::Differentiable::accumulate(__self_bar, &__state_bar);
            },
        ),
        Receiver::Reads { active: false } => (
            quote!(),
            quote!(let #results = Self::#vjp(self, #(#names,)* #seed);),
        ),
    };
    let params = match receiver {
        Receiver::Steps => quote!(#(#params,)*),
        Receiver::Reads { .. } => {
            let rest = &params[1..];
            quote!(&mut self, #(#rest,)*)
        }
    };
    let allows = allows();
    quote! {
        #[doc(hidden)]
        #allows
        #vis fn #jvp_step #jvp_generics (#params __self_dot: &mut Self, __tangents: (#(#tangent_tys,)*)) #out_ty #where_clause {
            let (#(#slots,)*) = __tangents;
            Self::#jvp(self, #(#names,)* #self_dot #(::autodiff::__private::TangentSlot::<#float>::tangent(#active_slots)),*)
        }

        #[doc(hidden)]
        #allows
        #vis fn #vjp_step #vjp_generics (#params __seed: #seed_ty, __self_bar: &mut Self, __cotangents: (#(#cotangent_tys,)*)) #ret #where_clause {
            let (#(#slots,)*) = __cotangents;
            #vjp_call
            #(::autodiff::__private::CotangentSlot::<#float>::add(#active_slots, #bars);)*
            #value
        }
    }
}

/// The method's parameters after `self`, as the user passes them (the fields lent to the
/// pure method as buffers left out).
fn rest<'a>(m: &Mutating, ctx: &'a Ctx) -> Vec<&'a Param> {
    let lent: Vec<String> = m
        .buffers
        .iter()
        .map(|f| local_name(f).to_string())
        .collect();
    ctx.func.params[1..]
        .iter()
        .filter(|p| !lent.contains(&super::signature::passed_name(ctx, p).to_string()))
        .collect()
}

/// The method's own parameters after `self`, as the user passes them (the fields lent to
/// the pure method as buffers left out), and the anchor's parameters that are carried
/// values, with their slots.
pub(super) fn params_and_carried<'a>(
    m: &Mutating,
    ctx: &'a Ctx,
) -> (Vec<&'a Param>, Vec<(&'a Param, usize)>) {
    let mut all = rest(m, ctx);
    let carried = m.around.as_ref().map_or(&[][..], |a| &a.anchor_carried[..]);
    let own = all.len() - carried.len();
    let tail = all.split_off(own);
    (
        all,
        tail.into_iter()
            .zip(carried.iter().map(|(_, s)| *s))
            .collect(),
    )
}
