//! `f_jacobian` and `f_hessian`, generated on request (`#[differentiate(jacobian)]`,
//! `#[differentiate(hessian)]`): dense matrices built from the items every function has.
//!
//! The inputs' coordinates are the active parameters' (`autodiff::coordinates`), numbered
//! parameter by parameter; the result's the same way. The Jacobian `J` (a row per result
//! coordinate) is `f_jvp` once per column, seeded with a unit tangent, or `f_vjp` once per
//! row, seeded with a unit cotangent: `n` forward passes against `m` reverse sweeps, so
//! `jacobian` picks forward mode when `n ≤ m` (at run time, when the result's size is
//! known), and `jacobian = "forward"` or `"reverse"` forces either. The Hessian of a float
//! result is `f_hvp` once per column (forward-over-reverse), `n` passes.

use crate::emit::names::{item_name, primal, sibling, Derived};
use crate::emit::signature::{active_params, allows, doc_link, is_reference, params, passed_name};
use crate::emit::Ctx;
use crate::parse::JacobianMode;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The arguments of a call of `f` or of one of its items: each parameter by name, a value
/// passed by value cloned (the items are called once per column or row).
fn call_args(ctx: &Ctx) -> Vec<TokenStream> {
    ctx.func
        .params
        .iter()
        .map(|p| {
            let name = passed_name(ctx, p);
            match is_reference(&p.ty) || name.to_string() == "self" {
                true => name,
                false => quote!(::core::clone::Clone::clone(&#name)),
            }
        })
        .collect()
}

/// How a value's coordinates are read: a float directly (so that a generic float type
/// needs no bound beyond its own), anything else through `Coordinates`.
struct Reading<'a> {
    float: &'a syn::Type,
    scalar: bool,
}

impl Reading<'_> {
    fn dimension(&self, v: &TokenStream) -> TokenStream {
        let float = self.float;
        match self.scalar {
            true => quote!(1usize),
            false => quote!(__ad::Coordinates::<#float>::dimension(&#v)),
        }
    }
    fn basis(&self, v: &TokenStream, i: &TokenStream) -> TokenStream {
        let float = self.float;
        match self.scalar {
            true => quote!(__ad::unit_coordinate::<#float>(#i)),
            false => quote!(__ad::Coordinates::<#float>::basis(&#v, #i)),
        }
    }
    fn coordinates_into(&self, v: &TokenStream, out: &TokenStream) -> TokenStream {
        let float = self.float;
        match self.scalar {
            true => quote!(#out.push(#v);),
            false => quote!(__ad::Coordinates::<#float>::coordinates_into(&#v, #out);),
        }
    }
}

fn reading<'a>(ctx: &'a Ctx, p: &crate::ir::Param) -> Reading<'a> {
    let scalar = p.shape == crate::ir::ParamShape::Scalar;
    Reading {
        float: &ctx.func.float,
        scalar,
    }
}

fn result_reading<'a>(ctx: &'a Ctx) -> Reading<'a> {
    let scalar = matches!(
        ctx.func.ret_shape,
        crate::ir::Ret::Single(crate::ir::Kind::Float)
    );
    Reading {
        float: &ctx.func.float,
        scalar,
    }
}

/// `let` statements of a unit tangent along input coordinate `at` for each active
/// parameter (zero in all but the one holding it), and the tangents as `f_jvp` takes them.
fn unit_tangents(ctx: &Ctx, at: &syn::Ident) -> (TokenStream, Vec<TokenStream>) {
    let mut lets = quote!(let mut __rest: usize = #at;);
    let mut passed = vec![];
    for (k, p) in active_params(ctx).enumerate() {
        let (name, t) = (passed_name(ctx, p), format_ident!("__unit_{k}"));
        let read = reading(ctx, p);
        let (basis, dimension) = (read.basis(&name, &quote!(__rest)), read.dimension(&name));
        lets.extend(quote! {
            let #t = #basis;
            __rest = __rest.wrapping_sub(#dimension);
        });
        passed.push(match is_reference(&p.ty) {
            true => quote!(&#t),
            false => quote!(#t),
        });
    }
    (quote!(#lets let _ = __rest;), passed)
}

/// The number of input coordinates.
fn input_dimension(ctx: &Ctx) -> TokenStream {
    let dims = active_params(ctx).map(|p| reading(ctx, p).dimension(&passed_name(ctx, p)));
    quote!(0usize #(+ #dims)*)
}

/// Appends the coordinates of one value per active parameter (cotangents, `H·v`) to `out`.
fn per_param_into(ctx: &Ctx, values: &[syn::Ident], out: TokenStream) -> TokenStream {
    let reads = active_params(ctx)
        .zip(values)
        .map(|(p, v)| reading(ctx, p).coordinates_into(&quote!(#v), &out));
    quote!(#(#reads)*)
}

/// `f_jacobian`: the value and the Jacobian as rows.
pub(super) fn jacobian(item: &syn::ItemFn, ctx: &Ctx, mode: JacobianMode) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let float = &ctx.func.float;
    let (f, name) = (&item.sig.ident, item_name(item, ctx, Derived::Jacobian));
    let (jvp, vjp, call) = (
        sibling(item, ctx, Derived::Jvp),
        sibling(item, ctx, Derived::Vjp),
        primal(item, ctx),
    );
    let params = params(item);
    let args = call_args(ctx);
    let ret_ty = &ctx.func.ret_ty;
    let n = input_dimension(ctx);
    let (j, i) = (format_ident!("__column"), format_ident!("__row"));
    let (lets, tangents) = unit_tangents(ctx, &j);
    let bars: Vec<syn::Ident> = (0..active_params(ctx).count())
        .map(|k| format_ident!("__cotangent_{k}"))
        .collect();
    let result = result_reading(ctx);
    let tangent_into = result.coordinates_into(&quote!(__tangent), &quote!((&mut __column_values)));
    let seed = result.basis(&quote!(__value), &quote!(#i));
    let m = result.dimension(&quote!(__value));
    let bars_into = per_param_into(ctx, &bars, quote!(__out));
    let forward = quote! {
        let mut __column_values: ::std::vec::Vec<#float> = ::std::vec::Vec::with_capacity(__m);
        for #j in 0..__n {
            #lets
            let (_, __tangent) = #jvp(#(#args,)* #(#tangents),*);
            __column_values.clear();
            #tangent_into
            for (__r, __d) in __column_values.iter().enumerate() {
                __rows[__r][#j] = *__d;
            }
        }
    };
    let reverse = quote! {
        for #i in 0..__m {
            let __seed = #seed;
            let (_, #(#bars),*) = #vjp(#(#args,)* __seed);
            let __out = &mut __rows[#i];
            __out.clear();
            #bars_into
        }
    };
    let sweeps = match mode {
        JacobianMode::Forward => forward,
        JacobianMode::Reverse => reverse,
        JacobianMode::Auto => quote!(if __n <= __m { #forward } else { #reverse }),
    };
    let how = match mode {
        JacobianMode::Forward => format!("`{f}_jvp` once per column (`jacobian = \"forward\"`)"),
        JacobianMode::Reverse => format!("`{f}_vjp` once per row (`jacobian = \"reverse\"`)"),
        JacobianMode::Auto => {
            format!("`{f}_jvp` once per column or `{f}_vjp` once per row, whichever is fewer")
        }
    };
    let link = doc_link(item, ctx);
    let doc = format!(" The Jacobian of [`{f}`]{link}: its value, and ∂{f}/∂x as rows, one per coordinate of the result, with a column per coordinate of the active parameters in order; by {how}.");
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> (#ret_ty, ::std::vec::Vec<::std::vec::Vec<#float>>) #where_clause {
            use ::autodiff::__private as __ad;
            let __value = #call(#(#args),*);
            let __n = #n;
            let __m = #m;
            let mut __rows = ::std::vec![::std::vec![<#float as __ad::Zero>::zero(); __n]; __m];
            #sweeps
            (__value, __rows)
        }
    }
}

/// `f_hessian`, for a float result: the value, the gradient's coordinates, and the Hessian
/// as rows, each column an `f_hvp` along a unit direction.
pub(super) fn hessian(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let float = &ctx.func.float;
    let (f, name) = (&item.sig.ident, item_name(item, ctx, Derived::Hessian));
    let (hvp, call) = (sibling(item, ctx, Derived::Hvp), primal(item, ctx));
    let params = params(item);
    let args = call_args(ctx);
    let n = input_dimension(ctx);
    let j = format_ident!("__column");
    let (lets, directions) = unit_tangents(ctx, &j);
    let count = active_params(ctx).count();
    let grads: Vec<syn::Ident> = (0..count)
        .map(|k| format_ident!("__gradient_{k}"))
        .collect();
    let columns: Vec<syn::Ident> = (0..count).map(|k| format_ident!("__hv_{k}")).collect();
    let grads_into = per_param_into(ctx, &grads, quote!((&mut __gradient)));
    let columns_into = per_param_into(ctx, &columns, quote!((&mut __column_values)));
    let link = doc_link(item, ctx);
    let doc = format!(" The Hessian of [`{f}`]{link}: its value, its gradient (the active parameters' coordinates in order), and ∂²{f}/∂x² as rows, by `{f}_hvp` along each coordinate (forward-over-reverse, one pass per column).");
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> (#float, ::std::vec::Vec<#float>, ::std::vec::Vec<::std::vec::Vec<#float>>) #where_clause {
            use ::autodiff::__private as __ad;
            let __n = #n;
            let mut __rows = ::std::vec![::std::vec![<#float as __ad::Zero>::zero(); __n]; __n];
            let mut __value = <#float as __ad::Zero>::zero();
            let mut __gradient = ::std::vec::Vec::with_capacity(__n);
            let mut __column_values: ::std::vec::Vec<#float> = ::std::vec::Vec::with_capacity(__n);
            if __n == 0 {
                __value = #call(#(#args),*);
            }
            for #j in 0..__n {
                #lets
                let (__v, #(#grads,)* #(#columns),*) = #hvp(#(#args,)* #(#directions),*);
                if #j == 0 {
                    __value = __v;
                    #grads_into
                }
                __column_values.clear();
                #columns_into
                for (__r, __d) in __column_values.iter().enumerate() {
                    __rows[__r][#j] = *__d;
                }
            }
            (__value, __gradient, __rows)
        }
    }
}
