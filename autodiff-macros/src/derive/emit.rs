//! The `Differentiable` impl of a model: its methods visit the differentiable fields in
//! declaration order, under the bounds that put errors on the fields that cause them.

use super::{FloatSeq, Model, Scalar};
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Member, Type};

impl<'a> Model<'a> {
    pub(super) fn emit(&self, scalar: &Scalar<'a>) -> TokenStream {
        let name = &self.input.ident;
        let (impl_generics, ty_generics, _) = self.input.generics.split_for_impl();
        let where_clause = self.where_clause(scalar);
        let scalar = match scalar {
            Scalar::Keyword(keyword) => quote!(#keyword),
            Scalar::Constant => quote!(f64),
            Scalar::Of(ty) => quote!(<#ty as ::autodiff::Differentiable>::Scalar),
        };
        let trait_ = quote!(::autodiff::Differentiable);
        let zero_like = self.fields.iter().map(|f| {
            let (member, ty) = (&f.member, f.ty);
            let value = if f.no_grad {
                quote_spanned!(ty.span()=> ::core::clone::Clone::clone(&self.#member))
            } else if self.is_bare_float(f) {
                quote_spanned!(ty.span()=> <#ty as ::autodiff::num_traits::Zero>::zero())
            } else if let Some(seq) = self.float_seq(f) {
                let zero = quote!(<#scalar as ::autodiff::num_traits::Zero>::zero());
                match seq {
                    FloatSeq::Vec => {
                        quote_spanned!(ty.span()=> ::std::vec![#zero; self.#member.len()])
                    }
                    FloatSeq::Array(len) => quote_spanned!(ty.span()=> [#zero; #len]),
                }
            } else {
                quote_spanned!(ty.span()=> #trait_::zero_like(&self.#member))
            };
            if self.tuple {
                value
            } else {
                quote!(#member: #value)
            }
        });
        let zero_like = if self.tuple {
            quote!(Self(#(#zero_like),*))
        } else {
            quote!(Self { #(#zero_like),* })
        };
        // A field of the float parameter itself (`gain: T`) is handled here, not through
        // `T: Differentiable`, which a function generic over `T: Float` could not provide.
        // So is a `Vec<T>` or `[T; N]` of it, through its elements (`seq`, given a slice).
        let each = |call: &dyn Fn(&Member) -> TokenStream,
                    bare: &dyn Fn(&Member) -> TokenStream,
                    seq: &dyn Fn(&Member) -> TokenStream|
         -> Vec<TokenStream> {
            let calls = self.differentiable().map(|f| {
                let code = if self.is_bare_float(f) {
                    bare(&f.member)
                } else if self.float_seq(f).is_some() {
                    seq(&f.member)
                } else {
                    call(&f.member)
                };
                (f.ty.span(), code)
            });
            calls
                .map(|(span, call)| quote_spanned!(span=> #call;))
                .collect()
        };
        let slice = quote!(::core::slice);
        let zero = quote!(<#scalar as ::autodiff::num_traits::Zero>::zero());
        let accumulate = each(
            &|m| quote!(#trait_::accumulate(&mut self.#m, &__other.#m)),
            &|m| quote!(self.#m = self.#m + __other.#m),
            &|m| quote!(::autodiff::__private::add_leaf(&mut self.#m[..], &__other.#m[..])),
        );
        let scale = each(
            &|m| quote!(#trait_::scale_leaves(&mut self.#m, __s)),
            &|m| quote!(self.#m = self.#m * __s),
            &|m| quote!(for __a in self.#m.iter_mut() { *__a = *__a * __s; }),
        );
        let set_zero = each(
            &|m| quote!(#trait_::set_zero(&mut self.#m)),
            &|m| quote!(self.#m = #zero),
            &|m| quote!(for __a in self.#m.iter_mut() { *__a = #zero; }),
        );
        let for_each = each(
            &|m| quote!(#trait_::for_each_leaf(&self.#m, __f)),
            &|m| quote!(__f(#slice::from_ref(&self.#m))),
            &|m| quote!(__f(&self.#m[..])),
        );
        let for_each_mut = each(
            &|m| quote!(#trait_::for_each_leaf_mut(&mut self.#m, __f)),
            &|m| quote!(__f(#slice::from_mut(&mut self.#m))),
            &|m| quote!(__f(&mut self.#m[..])),
        );
        let zip = each(
            &|m| quote!(#trait_::zip_leaves_mut(&mut self.#m, &__other.#m, __f)),
            &|m| quote!(__f(#slice::from_mut(&mut self.#m), #slice::from_ref(&__other.#m))),
            &|m| quote!(::autodiff::__private::zip_leaf(&mut self.#m[..], &__other.#m[..], __f)),
        );
        let leaf = quote!([<Self as #trait_>::Scalar]);
        // Only named fields: `#[differentiate]` reads fields by name.
        let constants: Vec<String> = self
            .fields
            .iter()
            .filter(|f| f.no_grad)
            .map(|f| {
                let m = &f.member;
                quote!(#m).to_string()
            })
            .collect();
        let is_constant = if constants.is_empty() {
            quote!({
                let _ = __name;
                false
            })
        } else {
            quote!(matches!(__name, #(#constants)|*))
        };
        // `x = x + y`, since `Float` promises no `+=`; where the bounds do (`NdFloat`),
        // clippy would ask for it in the user's crate.
        quote! {
            #[automatically_derived]
            #[allow(clippy::assign_op_pattern)]
            impl #impl_generics #trait_ for #name #ty_generics #where_clause {
                type Scalar = #scalar;

                fn zero_like(&self) -> Self {
                    #zero_like
                }

                fn accumulate(&mut self, __other: &Self) {
                    #(#accumulate)*
                }

                fn scale_leaves(&mut self, __s: <Self as #trait_>::Scalar) {
                    #(#scale)*
                }

                fn set_zero(&mut self) {
                    #(#set_zero)*
                }

                fn for_each_leaf(&self, __f: &mut dyn ::core::ops::FnMut(&#leaf)) {
                    #(#for_each)*
                }

                fn for_each_leaf_mut(&mut self, __f: &mut dyn ::core::ops::FnMut(&mut #leaf)) {
                    #(#for_each_mut)*
                }

                fn zip_leaves_mut(
                    &mut self,
                    __other: &Self,
                    __f: &mut dyn ::core::ops::FnMut(&mut #leaf, &#leaf),
                ) {
                    #(#zip)*
                }

                fn is_constant_field(__name: &str) -> bool {
                    #is_constant
                }
            }

            // A struct value whose kind a differentiated caller cannot see (a call's result
            // passed on to other calls) keeps an adjoint generic over its type.
            #[automatically_derived]
            impl #impl_generics ::autodiff::__private::Adjoint for #name #ty_generics #where_clause {
                fn zeros_like(&self) -> Self {
                    #trait_::zero_like(self)
                }

                fn add_in(&mut self, __g: &Self) {
                    #trait_::accumulate(self, __g)
                }
            }

            #[automatically_derived]
            impl #impl_generics ::autodiff::__private::Like for #name #ty_generics #where_clause {
                type Owned = Self;
                fn zeros_of(&self) -> Self {
                    #trait_::zero_like(self)
                }
            }

            #[automatically_derived]
            impl #impl_generics ::autodiff::__private::Like for &#name #ty_generics #where_clause {
                type Owned = #name #ty_generics;
                fn zeros_of(&self) -> #name #ty_generics {
                    #trait_::zero_like(*self)
                }
            }

            // A struct's cotangent is a cotangent for a caller of either float type.
            #[automatically_derived]
            impl #impl_generics ::autodiff::__private::CotangentOf<f64> for #name #ty_generics #where_clause {
                type Value = Self;
                #[inline(always)]
                fn value(self) -> Self {
                    self
                }
            }

            #[automatically_derived]
            impl #impl_generics ::autodiff::__private::CotangentOf<f32> for #name #ty_generics #where_clause {
                type Value = Self;
                #[inline(always)]
                fn value(self) -> Self {
                    self
                }
            }
        }
    }

    /// The bounds of the impl: the struct's own, then a bound per field, spanned on the field
    /// type, where errors should land: each differentiable field has the struct's scalar type
    /// (so mixing `f32` and `f64` fields is an error on the field); each constant is `Clone`.
    fn where_clause(&self, scalar: &Scalar<'a>) -> TokenStream {
        let same =
            |a: &Type, b: &Type| a.to_token_stream().to_string() == b.to_token_stream().to_string();
        let projection = |ty: &Type| quote!(<#ty as ::autodiff::Differentiable>::Scalar);
        // The type the scalar comes from is only bounded by `Differentiable`.
        let (source, scalar_bound, scalar) = match *scalar {
            Scalar::Keyword(keyword) => (None, None, quote!(#keyword)),
            Scalar::Constant => (None, None, quote!(f64)),
            Scalar::Of(ty) => (
                Some(ty),
                Some(quote_spanned!(ty.span()=> #ty: ::autodiff::Differentiable)),
                projection(ty),
            ),
        };
        let scalar_bound = scalar_bound.into_iter();
        let fields = self
            .fields
            .iter()
            // A differentiable field of the float parameter needs no bound (see `emit`).
            .filter(|f| !f.recursive && (f.no_grad || !self.is_float_leaf(f)));
        let fields = fields.filter(|f| f.no_grad || !source.is_some_and(|s| same(s, f.ty)));
        let bounds = fields.map(|f| {
            let ty = f.ty;
            if f.no_grad {
                return quote_spanned!(ty.span()=> #ty: ::core::clone::Clone);
            }
            // The scalar re-spanned on this field, so that an error spans this field only.
            let scalar = respan(scalar.clone(), ty.span());
            quote_spanned!(ty.span()=> #ty: ::autodiff::Differentiable<Scalar = #scalar>)
        });
        // Written out rather than parsed back into the generics, which could only fail by
        // panicking.
        let written = self
            .input
            .generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates);
        quote!(where #(#written,)* #(#scalar_bound,)* #(#bounds,)*)
    }
}

/// `tokens` with every span set to `span`.
fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                return TokenTree::Group(group);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}
