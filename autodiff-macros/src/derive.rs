//! `#[derive(Differentiable)]`: reads a struct of parameters into a [`Model`] (its fields,
//! which of them are `#[no_grad]` constants), checks it, finds its float type, and writes an
//! impl that visits the differentiable fields in declaration order.

use crate::tokens::{mentions_ident, subst};
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericArgument, Ident, Member, PathArguments, Type};

/// Expands `#[derive(Differentiable)]` on `item`, or its errors.
pub fn differentiable(item: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(item) {
        Ok(input) => input,
        Err(e) => return e.into_compile_error(),
    };
    match Model::read(&input).and_then(|m| m.check()) {
        Ok((model, scalar)) => {
            let twin = match &scalar {
                Scalar::Keyword(t) if model.is_float_param(t) => model.dual_twin(t),
                _ => TokenStream::new(),
            };
            let differentiable = model.emit(&scalar);
            let refused = model.refused.iter().map(syn::Error::to_compile_error);
            quote!(#differentiable #twin #(#refused)*)
        }
        Err(e) => e.into_compile_error(),
    }
}

/// The struct as the derive sees it.
struct Model<'a> {
    input: &'a DeriveInput,
    fields: Vec<Field<'a>>,
    /// Fields written `S(a, b)` rather than `S { a, b }`.
    tuple: bool,
    /// Errors that still leave an impl to emit (a borrowed field, read as a constant), so
    /// that they are the only errors the user sees.
    refused: Vec<syn::Error>,
}

struct Field<'a> {
    member: Member,
    ty: &'a Type,
    /// `#[no_grad]`: a constant, cloned by `zero_like` and skipped by everything else.
    no_grad: bool,
    /// The type names the struct itself (`Vec<Tree>` in `Tree`). Bounding it would make the
    /// impl require itself, which rustc cannot prove, so it gets no where-clause.
    recursive: bool,
}

/// A field holding floats of the struct's float parameter directly.
#[derive(Clone, Copy)]
enum FloatSeq<'a> {
    /// `Vec<T>`.
    Vec,
    /// `[T; N]`, with its length expression.
    Array(&'a syn::Expr),
}

/// Where `type Scalar` comes from: the element type of a field, seen through `Vec`, `[T; N]`
/// and `ndarray` arrays (`f64` in `Array2<f64>`, `Block` in `Vec<Block>`).
enum Scalar<'a> {
    /// A float keyword or a type parameter bounded by `Float`: `type Scalar = f64`.
    /// Preferred: it names no user type, so it cannot leak a private field type into the
    /// public impl.
    Keyword(&'a Ident),
    /// No field is differentiable (a unit struct whose methods compute with their
    /// arguments, a struct of constants): `f64`, with no leaves.
    Constant,
    /// Another type, `T` or `Block<T>`: `<T as Differentiable>::Scalar`, with the bound
    /// `T: Differentiable`. A type parameter is preferred to a struct, and `Array2<T>` is seen
    /// as `T`: ndarray's array type carries a projection (`<OwnedRepr<T> as RawData>::Elem`)
    /// that rustc normalises in the other bounds but not in `type Scalar`, which then differ.
    Of(&'a Type),
}

impl<'a> Model<'a> {
    /// Reads the fields and their `#[no_grad]` marks; refuses enums, unions and malformed
    /// marks, reporting every malformed mark at once.
    fn read(input: &'a DeriveInput) -> syn::Result<Self> {
        let data = match &input.data {
            Data::Struct(data) => data,
            Data::Enum(data) => {
                return Err(syn::Error::new(
                    data.enum_token.span(),
                    "`#[derive(Differentiable)]` does not support enums: a gradient must have the leaves of its value, and the variants of an enum have different ones; put the parameters in a struct, or implement `Differentiable` by hand",
                ))
            }
            Data::Union(data) => {
                return Err(syn::Error::new(
                    data.union_token.span(),
                    "`#[derive(Differentiable)]` does not support unions: their fields share memory, so they cannot be walked leaf by leaf; use a struct",
                ))
            }
        };
        let mut errors = Vec::new();
        for attr in input.attrs.iter().filter(|a| a.path().is_ident("no_grad")) {
            errors.push(syn::Error::new_spanned(
                attr,
                "`#[no_grad]` goes on a field, not on the struct: it marks a field as a constant, which `zero_like` clones and the other methods skip",
            ));
        }
        let tuple = matches!(data.fields, Fields::Unnamed(_));
        let mut fields = Vec::new();
        let mut refused = Vec::new();
        for (i, field) in data.fields.iter().enumerate() {
            let mut no_grad = false;
            for attr in field.attrs.iter().filter(|a| a.path().is_ident("no_grad")) {
                match attr.meta.require_path_only() {
                    Ok(_) => no_grad = true,
                    Err(_) => errors.push(syn::Error::new_spanned(
                        &attr.meta,
                        "`#[no_grad]` takes no arguments: write `#[no_grad]` alone on a field that is a constant rather than a parameter",
                    )),
                }
            }
            let member = match &field.ident {
                Some(ident) => Member::Named(ident.clone()),
                None => Member::Unnamed(syn::Index {
                    index: i as u32,
                    span: field.ty.span(),
                }),
            };
            // Integers, flags, characters, strings and markers are constants without the
            // mark: they have no derivative.
            no_grad |= plainly_constant(&field.ty);
            // A borrow of floats (`data: &'a [f64]`) cannot hold a cotangent, which is owned.
            // (It is then read as a constant, so that this is the one error.)
            if let (false, Type::Reference(r)) = (no_grad, &field.ty) {
                no_grad = true;
                refused.push(syn::Error::new_spanned(
                    r,
                    "this field borrows its values, and a cotangent cannot be a borrow: mark the field `#[no_grad]` to keep it a constant (a lookup table, say), or own the values (`Vec<f64>`) to differentiate with respect to them",
                ));
            }
            let recursive = mentions(field.ty.to_token_stream(), &input.ident);
            fields.push(Field {
                member,
                ty: &field.ty,
                no_grad,
                recursive,
            });
        }
        match errors.into_iter().reduce(|mut all, e| {
            all.combine(e);
            all
        }) {
            Some(errors) => Err(errors),
            None => Ok(Model {
                input,
                fields,
                tuple,
                refused,
            }),
        }
    }

    /// Refuses a struct with nothing to differentiate; otherwise finds its float type.
    fn check(self) -> syn::Result<(Self, Scalar<'a>)> {
        let name = &self.input.ident;
        // A struct with nothing to differentiate (`struct Model;` whose methods compute from
        // their arguments, a struct of constants) has no leaves: its methods can still be
        // differentiated with respect to their other parameters.
        if self.fields.iter().all(|f| f.no_grad) {
            return Ok((self, Scalar::Constant));
        }
        // Rule: the float type comes from a field that does not contain the struct itself.
        match self.scalar() {
            Some(scalar) => Ok((self, scalar)),
            None => Err(syn::Error::new_spanned(name, format!("`#[derive(Differentiable)]` takes the float type from a field whose type does not contain `{name}` itself, and `{name}` has none: add a float field, or implement `Differentiable` by hand"))),
        }
    }

    fn differentiable(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| !f.no_grad)
    }

    /// The first float keyword among the fields' element types, else the first type
    /// parameter, else the first field's element type; fields containing the struct itself do
    /// not count.
    fn scalar(&self) -> Option<Scalar<'a>> {
        let elements = || {
            self.differentiable()
                .filter(|f| !f.recursive)
                .map(|f| element(f.ty))
        };
        let keyword =
            elements().find_map(|ty| single_ident(ty).filter(|i| *i == "f32" || *i == "f64"));
        let params = &self.input.generics;
        let is_param = |ty: &&Type| {
            single_ident(ty).is_some_and(|i| params.type_params().any(|p| p.ident == *i))
        };
        match (keyword, elements().find(is_param)) {
            (Some(keyword), _) => Some(Scalar::Keyword(keyword)),
            // `T: Float` is the scalar itself: bounding it by `Differentiable` instead would
            // make the impl unusable in a function generic over `T: Float`.
            (None, Some(param)) if self.float_bounded(param) => {
                single_ident(param).map(Scalar::Keyword)
            }
            (None, Some(param)) => Some(Scalar::Of(param)),
            (None, None) => elements().next().map(Scalar::Of),
        }
    }

    /// Whether `f` is a differentiable field whose type is the struct's float parameter.
    fn is_bare_float(&self, f: &Field) -> bool {
        single_ident(f.ty).is_some_and(|t| self.is_float_param(t))
    }

    /// Whether `f` is a `Vec<T>` or `[T; N]` of the struct's float parameter: handled
    /// element by element, like a bare `T`, since `Vec<T>: Differentiable` would need
    /// `T: Differentiable`, which a function generic over `T: Float` cannot provide.
    fn float_seq(&self, f: &Field<'a>) -> Option<FloatSeq<'a>> {
        let elem_is_param = |ty: &Type| single_ident(ty).is_some_and(|t| self.is_float_param(t));
        match f.ty {
            Type::Array(a) if elem_is_param(&a.elem) => Some(FloatSeq::Array(&a.len)),
            Type::Path(p) if p.qself.is_none() => {
                let last = p.path.segments.last()?;
                match &last.arguments {
                    PathArguments::AngleBracketed(args)
                        if last.ident == "Vec" && args.args.len() == 1 =>
                    {
                        match args.args.first() {
                            Some(GenericArgument::Type(elem)) if elem_is_param(elem) => {
                                Some(FloatSeq::Vec)
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A bare float or a float sequence of the float parameter: handled in the impl itself,
    /// with no bound.
    fn is_float_leaf(&self, f: &Field) -> bool {
        self.is_bare_float(f) || self.float_seq(f).is_some()
    }

    /// Whether `t` is one of the struct's type parameters, bounded by `Float`.
    fn is_float_param(&self, t: &Ident) -> bool {
        let ty: Type = syn::parse_quote!(#t);
        self.input.generics.type_params().any(|p| p.ident == *t) && self.float_bounded(&ty)
    }

    /// `DualTwin<T>` for a struct generic over its float type `T`: the struct over
    /// `Dual<T>`, field by field (fields that do not mention `T` are cloned; `#[no_grad]`
    /// ones become constants). Every bound of the struct is repeated with `Dual<T>` for `T`,
    /// so the twin type is well formed, and each field's own conversion is a bound: where one
    /// does not hold the impl does not apply (and `f_hvp` with it), but nothing fails to
    /// compile.
    fn dual_twin(&self, t: &Ident) -> TokenStream {
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
            if let Some(seq) = self.float_seq(f) {
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
        let substituted = written.iter().map(|p| subst(p.clone(), t, &dual));
        let fields = self
            .fields
            .iter()
            .filter(|f| single_ident(f.ty) != Some(t) && self.float_seq(f).is_none())
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
            where #(#written,)* #(#substituted,)* #(#fields,)*
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

    /// Whether the type parameter `ty` is bounded by `Float` (where declared or in the
    /// where-clause).
    fn float_bounded(&self, ty: &Type) -> bool {
        let Some(ident) = single_ident(ty) else {
            return false;
        };
        let is_float = crate::parse::is_float_bound;
        let generics = &self.input.generics;
        let declared = generics
            .type_params()
            .any(|p| p.ident == *ident && p.bounds.iter().any(is_float));
        let in_where = generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .any(|p| {
                matches!(p, syn::WherePredicate::Type(pt)
                if single_ident(&pt.bounded_ty) == Some(ident) && pt.bounds.iter().any(is_float))
            });
        declared || in_where
    }

    fn emit(&self, scalar: &Scalar<'a>) -> TokenStream {
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
            &|m| quote!(#trait_::scale(&mut self.#m, __s)),
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

                fn scale(&mut self, __s: <Self as #trait_>::Scalar) {
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

/// The element type of `ty` seen through `[T; N]`, `Vec<T>` and `ndarray` arrays
/// (`Array2<T>`, `Array<T, D>`), whose scalar is the element's.
/// A type that cannot hold a derivative, by its name: integers, `bool`, `char`, `String`,
/// `&str`, `PhantomData<…>`, and sequences, options and tuples of them (`Vec<usize>`,
/// `[i8; 4]`, `Option<u8>`, `VecDeque<u32>`).
fn plainly_constant(ty: &Type) -> bool {
    const CONTAINERS: &[&str] = &["Vec", "VecDeque", "Option", "Box", "Rc", "Arc"];
    match ty {
        Type::Reference(r) => {
            matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str"))
                || (r.mutability.is_none() && plainly_constant(&r.elem))
        }
        Type::Array(a) => plainly_constant(&a.elem),
        Type::Slice(s) => plainly_constant(&s.elem),
        Type::Paren(p) => plainly_constant(&p.elem),
        Type::Tuple(t) => !t.elems.is_empty() && t.elems.iter().all(plainly_constant),
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            if crate::parse::INTS.contains(&name.as_str())
                || ["bool", "char", "String", "PhantomData"].contains(&name.as_str())
            {
                return true;
            }
            match &s.arguments {
                PathArguments::AngleBracketed(args) if CONTAINERS.contains(&name.as_str()) => {
                    args.args.iter().all(|a| match a {
                        GenericArgument::Type(t) => plainly_constant(t),
                        _ => false,
                    })
                }
                _ => false,
            }
        }),
        _ => false,
    }
}

fn element(ty: &Type) -> &Type {
    match ty {
        Type::Array(array) => element(&array.elem),
        Type::Paren(inner) => element(&inner.elem),
        Type::Group(inner) => element(&inner.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return ty;
            };
            let container = last.ident == "Vec" || last.ident.to_string().starts_with("Array");
            match &last.arguments {
                PathArguments::AngleBracketed(args) if container => match args.args.first() {
                    Some(GenericArgument::Type(elem)) => element(elem),
                    _ => ty,
                },
                _ => ty,
            }
        }
        _ => ty,
    }
}

/// The identifier a type is, if it is one (`f64`, `T`).
fn single_ident(ty: &Type) -> Option<&Ident> {
    match ty {
        Type::Path(path) if path.qself.is_none() => path.path.get_ident(),
        _ => None,
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

/// Whether `tokens` name the struct `name` (or `Self`).
fn mentions(tokens: TokenStream, name: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(ident) => ident == *name || ident == "Self",
        TokenTree::Group(group) => mentions(group.stream(), name),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(item: TokenStream) -> String {
        let out = differentiable(item);
        let file: syn::File = syn::parse2(out.clone()).unwrap_or_else(|e| panic!("{e}: {out}"));
        prettyplease::unparse(&file)
    }

    /// Whether `out` contains `needle`, ignoring whitespace and the trailing commas that
    /// prettyplease adds where it breaks long lines.
    fn has(out: &str, needle: &str) -> bool {
        let squash = |s: &str| s.split_whitespace().collect::<String>().replace(",>", ">");
        squash(out).contains(&squash(needle))
    }

    fn error(item: TokenStream) -> String {
        let input: DeriveInput = syn::parse2(item).unwrap();
        match Model::read(&input).and_then(|m| m.check()) {
            Ok(_) => panic!("accepted"),
            Err(e) => e
                .into_iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    #[test]
    fn scalar_comes_from_the_first_float_keyword() {
        let out = expand(quote!(
            struct P {
                blocks: Vec<Block>,
                w: ndarray::Array2<f64>,
                #[no_grad]
                name: String,
            }
        ));
        assert!(has(&out, "type Scalar = f64;"), "{out}");
        assert!(
            has(&out, "Vec<Block>: ::autodiff::Differentiable<Scalar = f64>"),
            "{out}"
        );
        assert!(has(&out, "String: ::core::clone::Clone"), "{out}");
        assert!(!has(&out, "set_zero(&mut self.name)"), "{out}");
        assert!(
            has(&out, "name: ::core::clone::Clone::clone(&self.name)"),
            "{out}"
        );
    }

    #[test]
    fn a_float_type_parameter_is_the_scalar() {
        let out = expand(quote!(
            struct P<T: Float> {
                w: Array2<T>,
            }
        ));
        assert!(has(&out, "type Scalar = T;"), "{out}");
        assert!(
            has(&out, "Array2<T>: ::autodiff::Differentiable<Scalar = T>"),
            "{out}"
        );
    }

    #[test]
    fn a_struct_generic_over_its_float_type_gets_a_dual_twin() {
        let out = expand(quote!(
            struct Net<T: Float + 'static> {
                layers: Vec<Layer<T>>,
                w: Array2<T>,
                gain: T,
                #[no_grad]
                eps: T,
                #[no_grad]
                name: String,
            }
        ));
        assert!(has(&out, "type Dual = Net<::autodiff::Dual<T>>;"), "{out}");
        // The struct's bounds repeated for `Dual<T>`, so the twin type is well formed.
        assert!(has(&out, "::autodiff::Dual<T>: Float + 'static"), "{out}");
        assert!(has(&out,
            "Vec<Layer<T>>: ::autodiff::dual_twin::DualTwin<T, Dual = Vec<Layer<::autodiff::Dual<T>>>>"
        ), "{out}");
        // A field of the float type converts directly, a constant becomes one, others clone.
        assert!(
            has(&out, "gain: ::autodiff::Dual::new(self.gain, __t.gain)"),
            "{out}"
        );
        assert!(
            has(&out, "eps: ::autodiff::Dual::constant(self.eps)"),
            "{out}"
        );
        assert!(
            has(&out, "name: ::core::clone::Clone::clone(&self.name)"),
            "{out}"
        );
        // and needs no `T: Differentiable`, which a function generic over `T: Float` lacks.
        assert!(
            !has(&out, "T: ::autodiff::Differentiable<Scalar = T>"),
            "{out}"
        );
        assert!(has(&out, "self.gain = self.gain + __other.gain"), "{out}");
    }

    #[test]
    fn a_struct_of_f64_gets_no_dual_twin() {
        let out = expand(quote!(
            struct P {
                w: Array2<f64>,
            }
        ));
        assert!(!out.contains("DualTwin"), "{out}");
    }

    #[test]
    fn scalar_of_a_generic_field_is_projected() {
        let out = expand(quote!(
            struct P<T: Real>(T, Vec<T>, #[no_grad] usize);
        ));
        assert!(has(
            &out,
            "type Scalar = <T as ::autodiff::Differentiable>::Scalar;"
        ));
        assert!(has(&out, "T: ::autodiff::Differentiable,"), "{out}");
        assert!(has(&out,
            "Vec<T>: ::autodiff::Differentiable<Scalar = <T as ::autodiff::Differentiable>::Scalar>"
        ), "{out}");
        assert!(
            has(&out, "::autodiff::Differentiable::scale(&mut self.1, __s)"),
            "{out}"
        );
        assert!(has(&out, "Self("), "{out}");
    }

    #[test]
    fn written_where_clauses_are_kept() {
        let out = expand(quote!(
            struct P<'a, T, const N: usize>
            where
                T: Float,
            {
                w: [T; N],
                #[no_grad]
                tag: &'a str,
            }
        ));
        assert!(
            has(
                &out,
                "impl<'a, T, const N: usize> ::autodiff::Differentiable for P<'a, T, N>"
            ),
            "{out}"
        );
        // `[T; N]` of the float parameter is handled element by element: no bound.
        assert!(
            has(&out, "where T: Float, &'a str: ::core::clone::Clone,"),
            "{out}"
        );
        assert!(has(&out, "__f(&mut self.w[..])"), "{out}");
        assert!(
            has(&out, "w: [<T as ::autodiff::num_traits::Zero>::zero(); N]"),
            "{out}"
        );
    }

    #[test]
    fn recursive_fields_get_no_bound() {
        let out = expand(quote!(
            struct Tree {
                kids: Vec<Tree>,
                w: f64,
            }
        ));
        assert!(has(&out, "type Scalar = f64;"));
        assert!(!has(&out, "Vec<Tree>: ::autodiff"), "{out}");
        assert!(has(
            &out,
            "zip_leaves_mut(&mut self.kids, &__other.kids, __f)"
        ));
    }

    #[test]
    fn refusals_name_the_construct_and_the_way_out() {
        let e = error(quote!(
            enum E {
                A(f64),
            }
        ));
        assert!(
            e.contains("does not support enums") && e.contains("put the parameters in a struct")
        );
        let e = error(quote!(
            union U {
                a: f64,
            }
        ));
        assert!(e.contains("does not support unions"));
        let e = error(quote!(
            struct T {
                kids: Vec<T>,
            }
        ));
        assert!(e.contains("does not contain `T` itself"));
    }

    #[test]
    fn structs_of_constants_have_no_leaves() {
        // A unit struct, and a struct whose fields are all constants (an integer is one
        // without the mark): `f64` and nothing to visit.
        for item in [
            quote!(
                struct Unit;
            ),
            quote!(
                struct C {
                    n: usize,
                    #[no_grad]
                    w: f64,
                    name: String,
                }
            ),
        ] {
            let out = expand(item);
            assert!(has(&out, "type Scalar = f64;"), "{out}");
            assert!(!has(&out, "__f("), "{out}");
        }
        // Mixed: the integer is skipped, the float visited.
        let out = expand(quote!(
            struct M {
                k: u32,
                x: f32,
            }
        ));
        assert!(
            has(&out, "type Scalar = f32;") && !has(&out, "self.k +"),
            "{out}"
        );
    }

    #[test]
    fn all_malformed_marks_are_reported_at_once() {
        let e = error(quote!(
            #[no_grad]
            struct S {
                #[no_grad(always)]
                a: usize,
                #[no_grad = "yes"]
                b: usize,
                c: f64,
            }
        ));
        assert_eq!(e.matches("takes no arguments").count(), 2, "{e}");
        assert!(e.contains("goes on a field, not on the struct"));
    }
}
