//! `f_gradcheck` and `f_gradcheck_with`: a function's own derivative check, for users' test
//! suites. Every active parameter is flattened into one point; closures rebuild the
//! parameters from a flat slice, so the runtime's `check_derivatives` can perturb it.

use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The two items, for functions of `f64` with a float result (the checks run in `f64`).
pub fn emit(item: &syn::ItemFn, ctx: &Ctx, allows: &TokenStream) -> TokenStream {
    let f = &item.sig.ident;
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (check, check_with) = (
        format_ident!("{f}_gradcheck"),
        format_ident!("{f}_gradcheck_with"),
    );
    let (grad, jvp, hvp) = (
        format_ident!("{f}_grad"),
        format_ident!("{f}_jvp"),
        format_ident!("{f}_hvp"),
    );
    let params: Vec<TokenStream> = item.sig.inputs.iter().map(|p| quote!(#p)).collect();
    let names: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .map(|p| {
            let n = ctx.name(p.var);
            quote!(#n)
        })
        .collect();
    let active: Vec<&Param> = ctx.func.params.iter().filter(|p| p.active).collect();
    let at_point = arguments(ctx, quote!(__v));
    let skip_grads: Vec<TokenStream> = active.iter().map(|_| quote!(_)).collect();
    let directions: Vec<TokenStream> = active
        .iter()
        .map(|p| rebuild(ctx, p, &quote!(__d)))
        .collect();
    let flats = active.iter().map(|p| {
        let n = ctx.name(p.var);
        quote!(#n.flatten())
    });
    let k = 0..active.len();
    let labels = active.iter().map(|p| ctx.name(p.var).to_string());
    let bars: Vec<syn::Ident> = active
        .iter()
        .map(|p| format_ident!("__{}", ctx.name(p.var)))
        .collect();
    let hvs: Vec<syn::Ident> = active
        .iter()
        .map(|p| format_ident!("__hv_{}", ctx.name(p.var)))
        .collect();
    let doc = format!(
        " Checks the derivatives of [`{f}`] at this point: the gradient of each active parameter \
         against central differences of `{f}` (the report names the parameter and coordinate), \
         `{f}_jvp` against the gradient along a random direction, and `{f}_hvp` against \
         differences of `{f}_grad`, with the default tolerance for `f64`."
    );
    let doc_with = format!(" [`{check}`] with the given tolerance.");
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #check #generics (#(#params),*) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            #check_with(#(#names,)* ::autodiff::Tolerance::default())
        }

        #[doc = #doc_with]
        #allows
        #vis fn #check_with #generics (#(#params,)* __tol: ::autodiff::Tolerance) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            use ::autodiff::__private as __ad;
            use __ad::Flatten as _;
            let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![#(#flats),*];
            let __point: ::std::vec::Vec<f64> = __parts.concat();
            let __ranges = __ad::ranges(&__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>());
            __ad::check_derivatives(
                |__v: &[f64]| #f(#(#at_point),*),
                |__v: &[f64]| {
                    let (_, #(#bars),*) = #grad(#(#at_point),*);
                    [#(#bars.flatten()),*].concat()
                },
                |__v: &[f64], __d: &[f64]| #jvp(#(#at_point,)* #(#directions),*).1,
                |__v: &[f64], __d: &[f64]| {
                    let (_, #(#skip_grads,)* #(#hvs),*) = #hvp(#(#at_point,)* #(#directions),*);
                    [#(#hvs.flatten()),*].concat()
                },
                &__point,
                &[#((#labels, __ranges[#k].clone())),*],
                __tol,
            )
        }
    }
}

/// The arguments of a call at the flat point `from`: active parameters rebuilt from it,
/// inactive ones passed as they are.
fn arguments(ctx: &Ctx, from: TokenStream) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .map(|p| {
            if p.active {
                rebuild(ctx, p, &from)
            } else {
                let n = ctx.name(p.var);
                if matches!(p.ty, syn::Type::Reference(_)) {
                    quote!(#n)
                } else {
                    quote!(#n.clone())
                }
            }
        })
        .collect()
}

/// Active parameter `p`, of its own type, from its range of the flat slice `from`.
fn rebuild(ctx: &Ctx, p: &Param, from: &TokenStream) -> TokenStream {
    let k = ctx
        .func
        .params
        .iter()
        .filter(|q| q.active)
        .position(|q| q.var == p.var)
        .expect("p is active");
    let part = quote!(#from[__ranges[#k].clone()]);
    let by_vec_ref =
        matches!(&p.ty, syn::Type::Reference(r) if !matches!(&*r.elem, syn::Type::Slice(_)));
    match p.shape {
        ParamShape::Scalar => quote!(#from[__ranges[#k].start]),
        ParamShape::Slice if by_vec_ref => quote!(&#part.to_vec()),
        ParamShape::Slice => quote!(&#part),
        ParamShape::OwnedVec => quote!(#part.to_vec()),
        ParamShape::ArrayRef => quote!(&__ad::to_array(&#part)),
        ParamShape::Array => quote!(__ad::to_array(&#part)),
        ParamShape::NdRef | ParamShape::Nd => {
            let n = ctx.name(p.var);
            let shaped = quote!(__ad::reshape_like(&#n, &#part));
            if p.shape == ParamShape::NdRef {
                quote!(&#shaped)
            } else {
                shaped
            }
        }
        ParamShape::Inactive | ParamShape::Struct | ParamShape::Output => {
            unreachable!(
                "only active parameters of functions without struct parameters are rebuilt"
            )
        }
    }
}
