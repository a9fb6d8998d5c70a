//! The items `#[differentiate]` puts beside `f`: their signatures, docs and thin bodies.
//!
//! - `f_jvp(params, tangents) -> (R, R)`
//! - `f_pullback(params) -> (R, impl FnOnce(R) -> (cotangents,))`, the split form that
//!   callers use, and `f_dual_pullback`, its dual-number twin (hidden)
//! - `f_vjp(params, dout) -> (R, cotangents…)`
//! - `f_grad(params) -> (R, gradients…)` and `f_hvp(params, directions) -> (R, gradients…,
//!   Hessian-vector products…)` when `R` is a float.

use super::forward::Sweep;
use super::{Ctx, Mode};
use crate::analysis::{Activity, Needed};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};

/// Lints that generated code may trip and that say nothing about the user's code.
fn allows() -> TokenStream {
    quote!(#[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        clippy::needless_late_init,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy
    )])
}

pub fn emit(item: &syn::ItemFn, func: &Func, act: &Activity, needed: &Needed) -> TokenStream {
    let plain = Ctx::new(func, act, needed, Mode::Plain);
    let lifted = Ctx::new(func, act, needed, Mode::Lifted);
    let scalar_out = matches!(func.ret_shape, Ret::Single(Kind::Float));
    let jvp = jvp(item, &plain);
    let pullback = pullback(item, &plain, "_pullback");
    let vjp = vjp(item, &plain);
    // Output buffers: no `_grad` (of which result?), and no dual twin (callers cannot
    // pass a `&mut` buffer anyway).
    if !func.outputs.is_empty() {
        return quote!(#jvp #pullback #vjp);
    }
    if plain.has_struct_param() {
        let grad = scalar_out.then(|| grad(item, &plain));
        return quote!(#jvp #pullback #vjp #grad);
    }
    // Every function has its dual twin: differentiated callers' `_hvp` runs it.
    let dual = pullback_hidden(item, &lifted);
    let extra = if scalar_out {
        let grad = grad(item, &plain);
        let hvp = hvp(item, &plain);
        let check = if plain.float().to_string() == "f64" {
            super::gradcheck::emit(item, &plain, &allows())
        } else {
            quote!()
        };
        quote!(#grad #hvp #check)
    } else {
        quote!()
    };
    quote!(#jvp #pullback #vjp #dual #extra)
}

fn ident(item: &syn::ItemFn, suffix: &str) -> syn::Ident {
    format_ident!("{}{}", item.sig.ident, suffix)
}

/// How the generated items call each other: `f_pullback`, or `Self::f_pullback` from a
/// method.
fn sibling(item: &syn::ItemFn, ctx: &Ctx, suffix: &str) -> TokenStream {
    let f = ident(item, suffix);
    if ctx.func.method {
        quote!(Self::#f)
    } else {
        quote!(#f)
    }
}

/// A parameter's name where the generated items pass it on (`self` for the receiver).
/// The target of the doc link to the primal: a method's is `Self::f`.
fn doc_link(item: &syn::ItemFn, ctx: &Ctx) -> String {
    let f = &item.sig.ident;
    if ctx.func.method {
        format!("(Self::{f})")
    } else {
        String::new()
    }
}

fn passed_name(ctx: &Ctx, p: &Param) -> TokenStream {
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
fn params(item: &syn::ItemFn) -> Vec<TokenStream> {
    item.sig.inputs.iter().map(|p| quote!(#p)).collect()
}

/// The parameters' names, to pass them on.
fn args(ctx: &Ctx) -> Vec<TokenStream> {
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
            let (n, ty) = (ctx.name(p.var), ctx.lift_type(&p.ty, p.active));
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

fn cotangent_type(ctx: &Ctx, p: &Param) -> TokenStream {
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

fn active_params<'a>(ctx: &'a Ctx<'a>) -> impl Iterator<Item = &'a Param> {
    ctx.func.params.iter().filter(|p| p.active)
}

fn jvp(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let name = ident(item, "_jvp");
    let f = &item.sig.ident;
    let params = params(item);
    let tangents = active_params(ctx).map(|p| {
        let (dot, ty) = (ctx.dot(p.var), &p.ty);
        quote!(#dot: #ty)
    });
    let ret_ty = &ctx.func.ret_ty;
    let prologue = ctx.prologue(Sweep::Jvp);
    let body = ctx.forward_block(&ctx.func.body, Sweep::Jvp, None);
    let write_back = ctx.write_back(Sweep::Jvp);
    let out_dots = ctx.output_tangent_params();
    let (value, tangent) = jvp_result(ctx);
    // A function whose results are all in output buffers returns nothing.
    let (jvp_ret, result) = if ctx.unit_result() {
        (quote!(), quote!())
    } else {
        (
            quote!(-> (#ret_ty, #ret_ty)),
            // The tangent first: a zero tangent is shaped from the value before it moves.
            quote!(let __tangent = #tangent; (#value, __tangent)),
        )
    };
    let link = doc_link(item, ctx);
    let doc = format!(
        " Forward mode of [`{f}`]{link}: its value and its directional derivative along the tangents \
         `{}` (one per active parameter, of the same type), computed in one pass beside the primal.",
        active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join("`, `")
    );
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#tangents,)* #(#out_dots),*) #jvp_ret #where_clause {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
            #prologue
            #body
            #write_back
            #result
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
    pullback_with(item, ctx, suffix, &|dout, ret_ty, cts| {
        ctx.pullback_body(dout, ret_ty, cts)
    })
}

type BodyFn<'a> = dyn Fn(&syn::Ident, &TokenStream, &[TokenStream]) -> TokenStream + 'a;

/// `f_pullback` (or its dual twin): the signature, with `body` given the seed's name, the
/// result type and the cotangent types.
fn pullback_with(item: &syn::ItemFn, ctx: &Ctx, suffix: &str, body: &BodyFn) -> TokenStream {
    let name = ident(item, suffix);
    let f = &item.sig.ident;
    let vis = &item.vis;
    let (generics, where_clause) = (&item.sig.generics, &item.sig.generics.where_clause);
    let params: Vec<TokenStream> = item
        .sig
        .inputs
        .iter()
        .zip(&ctx.func.params)
        .map(|(input, p)| {
            let syn::FnArg::Typed(pt) = input else {
                return quote!(#input);
            };
            let ty = ctx.lift_type(&pt.ty, p.active);
            let pat = &pt.pat;
            quote!(#pat: #ty)
        })
        .collect();
    // The pullback borrows nothing: reference parameters are passed to it again.
    let reborrowed: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .filter(|p| is_reference(&p.ty) && p.shape != ParamShape::Output)
        .map(|p| ctx.lift_type(&p.ty, p.active))
        .collect();
    let ret_ty = ctx.lift_type(&ctx.func.ret_ty, true);
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let dout = ctx.param_name("dout");
    let body = body(&dout, &ret_ty, &cts);
    let f_ty = ctx.scalar();
    let seed_tys = ctx.func.outputs.iter().map(|_| quote!(&[#f_ty]));
    let dout_ty = (!ctx.unit_result()).then(|| quote!(#ret_ty,));
    let allows = allows();
    let link = doc_link(item, ctx);
    let doc = match ctx.mode {
        Mode::Plain => format!(
            " Reverse mode of [`{f}`]{link}, split: runs `{f}` once, keeping what its reverse sweep reads, \
             and returns the value with its pullback, which maps a cotangent of the result to the \
             cotangents of the active parameters. Differentiated callers use this form, so nested \
             calls never re-run a callee's forward pass."
        ),
        Mode::Lifted => format!(" [`{f}_pullback`] on dual numbers, for [`{f}_hvp`] (forward-over-reverse)."),
    };
    let hidden = (ctx.mode == Mode::Lifted).then(|| quote!(#[doc(hidden)]));
    quote! {
        #[doc = #doc]
        #hidden
        #allows
        #vis fn #name #generics (#(#params),*)
            -> (#ret_ty, impl ::core::ops::FnOnce(#(#reborrowed,)* #dout_ty #(#seed_tys),*) -> (#(#cts,)*)) #where_clause
        {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
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
    let f = &item.sig.ident;
    let vjp = &ident(item, "_vjp");
    let body = |ctx: &Ctx| {
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
        let refs = ref_params(ctx);
        move |dout: &syn::Ident, ret_ty: &TokenStream, cts: &[TokenStream]| {
            quote! {
                let value = #f(#(#copied),*);
                let pullback = move |#(#refs,)* #dout: #ret_ty| -> (#(#cts,)*) {
                    let (_, #(#bars),*) = #vjp(#(#moved,)* #dout);
                    (#(#bars,)*)
                };
                (value, pullback)
            }
        }
    };
    let pb = pullback_with(item, &plain, "_pullback", &body(&plain));
    let generic = !matches!(
        func.float.to_token_stream().to_string().as_str(),
        "f64" | "f32"
    );
    let dual = if generic && matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        let lifted = Ctx::new(func, act, needed, Mode::Lifted);
        pullback_with(item, &lifted, "_dual_pullback", &body(&lifted))
    } else {
        quote!()
    };
    let grad = if matches!(func.ret_shape, Ret::Single(Kind::Float)) {
        grad(item, &plain)
    } else {
        quote!()
    };
    quote!(#pb #dual #grad)
}

fn pullback_hidden(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    pullback(item, ctx, "_dual_pullback")
}

fn vjp(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, pb) = (
        &item.sig.ident,
        ident(item, "_vjp"),
        sibling(item, ctx, "_pullback"),
    );
    let params = params(item);
    let args = args(ctx);
    let ret_ty = &ctx.func.ret_ty;
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
            quote!(#dout: #ret_ty,),
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
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #dout_param #(#seed_params),*) -> #vjp_ret #where_clause {
            let (value, pullback) = #pb(#(#args),*);
            let (#(#bars,)*) = pullback(#(#reborrowed,)* #dout_arg #(#seeds),*);
            #result
        }
    }
}

fn one(ctx: &Ctx) -> TokenStream {
    let f = ctx.float();
    match f.to_string().as_str() {
        "f64" | "f32" => quote!(1.0),
        _ => quote!(<#f as ::autodiff::__private::One>::one()),
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
        ident(item, "_grad"),
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

fn hvp(item: &syn::ItemFn, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &item.vis,
        &item.sig.generics,
        &item.sig.generics.where_clause,
    );
    let (f, name, dual_pb) = (
        &item.sig.ident,
        ident(item, "_hvp"),
        ident(item, "_dual_pullback"),
    );
    let params = params(item);
    let ret_ty = &ctx.func.ret_ty;
    let directions: Vec<TokenStream> = active_params(ctx)
        .map(|p| {
            let (dot, ty) = (ctx.dot(p.var), &p.ty);
            quote!(#dot: #ty)
        })
        .collect();
    // Active inputs become dual numbers seeded with the direction; sequences are built in
    // locals first, since the pullback borrows them.
    let mut lifts = vec![];
    let lifted_args: Vec<TokenStream> = ctx
        .func
        .params
        .iter()
        .map(|p| {
            let (x, dot) = (ctx.name(p.var), ctx.dot(p.var));
            let dual = format_ident!("{}_dual", ctx.func.vars[p.var].stem);
            match (p.active, p.shape) {
                (false, _) | (_, ParamShape::Inactive) => quote!(#x),
                (true, ParamShape::Scalar) => quote!(__ad::Dual::new(#x, #dot)),
                (true, ParamShape::Slice) => {
                    lifts.push(quote!(let #dual = __ad::duals(&#x, &#dot);));
                    quote!(&#dual)
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
                (true, ParamShape::Struct | ParamShape::Output) => {
                    unreachable!("no `_hvp` with struct parameters or output buffers")
                }
            }
        })
        .collect();
    let reborrowed: Vec<&TokenStream> = ctx
        .func
        .params
        .iter()
        .zip(&lifted_args)
        .filter(|(p, _)| is_reference(&p.ty))
        .map(|(_, a)| a)
        .collect();
    let bars: Vec<syn::Ident> = active_params(ctx).map(|p| ctx.bar(p.var)).collect();
    let grads = active_params(ctx).zip(&bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.primal),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::primals_nd(&#b)),
        _ => quote!(__ad::primals(&#b)),
    });
    let hvs = active_params(ctx).zip(&bars).map(|(p, b)| match p.shape {
        ParamShape::Scalar => quote!(#b.tangent),
        ParamShape::NdRef | ParamShape::Nd => quote!(__ad::tangents_nd(&#b)),
        _ => quote!(__ad::tangents(&#b)),
    });
    let cts: Vec<TokenStream> = active_params(ctx).map(|p| cotangent_type(ctx, p)).collect();
    let one = one(ctx);
    let doc = format!(
        " Hessian-vector product of [`{f}`] by forward-over-reverse: its value, its gradient, then \
         H·v for the direction `v = ({})`, in one pass and without forming the Hessian.",
        active_params(ctx).map(|p| ctx.dot(p.var).to_string()).collect::<Vec<_>>().join(", ")
    );
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#directions),*) -> (#ret_ty, #(#cts,)* #(#cts),*) #where_clause {
            use ::autodiff::__private as __ad;
            use ::autodiff::__private::Float as _;
            #(#lifts)*
            let (value, pullback) = #dual_pb(#(#lifted_args),*);
            let (#(#bars,)*) = pullback(#(#reborrowed,)* __ad::Dual::constant(#one));
            (value.primal, #(#grads,)* #(#hvs),*)
        }
    }
}
