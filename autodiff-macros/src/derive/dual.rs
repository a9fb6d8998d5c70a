//! The dual-number twin of a struct generic over its float type (`DualTwin<T>`), through
//! which `f_hvp` runs a method of the struct on dual numbers.

use super::float::{float_seq_of, single_ident};
use super::{Field, FloatSeq, Model};
use crate::tokens::{mentions_ident, subst};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Ident, Member, Type};

impl<'a> Model<'a> {
    /// `DualTwin<T>` for a struct generic over its float type `T` (bounded by `Float` where
    /// the struct does not say so): the struct over
    /// `Dual<T>`, field by field (fields that do not mention `T` are cloned; `#[no_grad]`
    /// ones become constants). Every bound of the struct is repeated with `Dual<T>` for `T`,
    /// so the twin type is well formed, and each field's own conversion is a bound: where one
    /// does not hold the impl does not apply (and `f_hvp` with it), but nothing fails to
    /// compile.
    pub(super) fn dual_twin(&self, t: &Ident) -> TokenStream {
        let name = &self.input.ident;
        let generics = &self.input.generics;
        let (impl_generics, ty_generics, _) = generics.split_for_impl();
        let dual = quote!(::autodiff::Dual<#t>);
        let twin = quote!(::autodiff::dual_twin::DualTwin<#t>);
        let twin_args = generics.params.iter().map(|p| match p {
            syn::GenericParam::Type(tp) if tp.ident == *t => dual.clone(),
            syn::GenericParam::Type(tp) => tp.ident.to_token_stream(),
            syn::GenericParam::Lifetime(l) => l.lifetime.to_token_stream(),
            syn::GenericParam::Const(c) => c.ident.to_token_stream(),
        });
        let twin_ty = quote!(#name<#(#twin_args),*>);
        let mentions_t = |ty: &Type| mentions_ident(ty.to_token_stream(), t);
        // Each conversion of a field: (duals, constant, primals, tangents).
        let convert = |f: &Field| -> [TokenStream; 4] {
            let (m, ty) = (&f.member, f.ty);
            if !mentions_t(ty) {
                let clone = |from: TokenStream| quote!(::core::clone::Clone::clone(&#from.#m));
                return [
                    clone(quote!(self)),
                    clone(quote!(self)),
                    clone(quote!(__d)),
                    clone(quote!(__d)),
                ];
            }
            if single_ident(ty) == Some(t) {
                let (primal, tangent) = (quote!(__d.#m.primal), quote!(__d.#m.tangent));
                let constant = quote!(::autodiff::Dual::constant(self.#m));
                if f.no_grad {
                    return [constant.clone(), constant, primal.clone(), primal];
                }
                let duals = quote!(::autodiff::Dual::new(self.#m, __t.#m));
                return [duals, constant, primal, tangent];
            }
            if let Some(seq) = float_seq_of(f, |i| i == t) {
                return float_seq_conversions(m, seq, f.no_grad);
            }
            let via = quote!(<#ty as #twin>);
            let primals = quote!(#via::primals(&__d.#m));
            if f.no_grad {
                let constant = quote!(#via::constant(&self.#m));
                return [constant.clone(), constant, primals.clone(), primals];
            }
            [
                quote!(#via::duals(&self.#m, &__t.#m)),
                quote!(#via::constant(&self.#m)),
                primals,
                quote!(#via::tangents(&__d.#m)),
            ]
        };
        let conversions: Vec<[TokenStream; 4]> = self.fields.iter().map(convert).collect();
        let build = |k: usize, ty: &TokenStream| {
            let values = self.fields.iter().zip(&conversions).map(|(f, c)| {
                let (m, v) = (&f.member, &c[k]);
                if self.tuple {
                    v.clone()
                } else {
                    quote!(#m: #v)
                }
            });
            if self.tuple {
                quote!(#ty(#(#values),*))
            } else {
                quote!(#ty { #(#values),* })
            }
        };
        let turbofish = {
            let args = generics.params.iter().map(|p| match p {
                syn::GenericParam::Type(tp) if tp.ident == *t => dual.clone(),
                syn::GenericParam::Type(tp) => tp.ident.to_token_stream(),
                syn::GenericParam::Lifetime(_) => quote!('_),
                syn::GenericParam::Const(c) => c.ident.to_token_stream(),
            });
            quote!(#name::<#(#args),*>)
        };
        let (duals, constant) = (build(0, &turbofish), build(1, &turbofish));
        let (primals, tangents) = (build(2, &quote!(Self)), build(3, &quote!(Self)));
        // The struct's bounds, then the same with `Dual<T>` for `T`, then the fields'.
        let written = crate::tokens::predicates(generics);
        // A parameter declared without `Float` (`struct State<T> { q: T }`) is one here: the
        // twin is what a function generic over `T: Float` runs on dual numbers.
        let float = (!self.is_float_param(t)).then(|| quote!(#t: ::autodiff::num_traits::Float));
        let float = float.into_iter();
        let substituted = written.iter().map(|p| subst(p.clone(), t, &dual));
        let fields = self
            .fields
            .iter()
            .filter(|f| single_ident(f.ty) != Some(t) && float_seq_of(f, |i| i == t).is_none())
            .map(|f| {
                let ty = f.ty;
                if mentions_t(ty) {
                    let dual_ty = subst(ty.to_token_stream(), t, &dual);
                    quote!(#ty: ::autodiff::dual_twin::DualTwin<#t, Dual = #dual_ty>)
                } else {
                    quote!(#ty: ::core::clone::Clone)
                }
            });
        quote! {
            #[automatically_derived]
            impl #impl_generics #twin for #name #ty_generics
            where #(#float,)* #(#written,)* #(#substituted,)* #(#fields,)*
            {
                type Dual = #twin_ty;

                fn duals(&self, __t: &Self) -> Self::Dual {
                    #duals
                }

                fn constant(&self) -> Self::Dual {
                    #constant
                }

                fn primals(__d: &Self::Dual) -> Self {
                    #primals
                }

                fn tangents(__d: &Self::Dual) -> Self {
                    #tangents
                }
            }
        }
    }
}

/// A float sequence field's conversions to and from its dual twin, element by element
/// (duals, constant, primals, tangents): `Vec<T>` ↔ `Vec<Dual<T>>`, `[T; N]` ↔
/// `[Dual<T>; N]`. A `#[no_grad]` one is a constant both ways.
fn float_seq_conversions(m: &Member, seq: FloatSeq, no_grad: bool) -> [TokenStream; 4] {
    let (new, constant) = (
        quote!(::autodiff::Dual::new),
        quote!(::autodiff::Dual::constant),
    );
    let [duals, constant, primals, tangents] = match seq {
        FloatSeq::Vec => [
            quote!(self.#m.iter().zip(__t.#m.iter()).map(|(&__a, &__b)| #new(__a, __b)).collect()),
            quote!(self.#m.iter().map(|&__a| #constant(__a)).collect()),
            quote!(__d.#m.iter().map(|__x| __x.primal).collect()),
            quote!(__d.#m.iter().map(|__x| __x.tangent).collect()),
        ],
        FloatSeq::Array(_) => [
            quote!(::core::array::from_fn(|__i| #new(self.#m[__i], __t.#m[__i]))),
            quote!(::core::array::from_fn(|__i| #constant(self.#m[__i]))),
            quote!(::core::array::from_fn(|__i| __d.#m[__i].primal)),
            quote!(::core::array::from_fn(|__i| __d.#m[__i].tangent)),
        ],
    };
    if no_grad {
        return [constant.clone(), constant, primals.clone(), primals];
    }
    [duals, constant, primals, tangents]
}
