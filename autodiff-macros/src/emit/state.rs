//! The derivatives of a `&mut self` method (see `crate::state`), built on those of its
//! hidden pure method `__f_state`, whose results are the method's result and the fields it
//! assigns:
//!
//! - `f_jvp(&mut self, …, self_dot: &mut Self, …) -> (R, R)`: steps the state and its
//!   tangent together (`self_dot` holds the state's tangent before the call on entry, after
//!   it on exit), and returns the result and its tangent;
//! - `f_vjp(&mut self, …, dout, self_bar: &mut Self) -> (R, x̄…)`: steps the state; on entry
//!   `self_bar` is the cotangent of the state after the call, on exit of the state before
//!   it (a field the method does not assign passes its cotangent through);
//! - `f_grad(&mut self, …) -> (R, Self, x̄…)`, for a float result: `f_vjp` seeded with 1 and
//!   a zero cotangent of the state after the call;
//! - `f_gradcheck(&self, …)`, for a float result of `f64` or `f32` and float arguments (an
//!   `f32` one checked at `f32`'s steps and tolerance): `f_grad` and
//!   `f_jvp` against central differences of `f` on copies of the state (rebuilt through
//!   `Differentiable`, so the struct need not be `Clone`).

use super::names::{item_name, sibling, Derived};
use super::signature::{active_params, allows, args, cotangent_type, one};
use super::steps;
use super::Ctx;
use crate::state::{local_name, Mutating};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `f_jvp`, `f_vjp` and `f_grad` of the `&mut self` method `method`; `ctx` is its pure
/// method's.
pub fn emit(method: &syn::ItemFn, m: &Mutating, ctx: &Ctx) -> TokenStream {
    let locals: Vec<syn::Ident> = m.written.iter().map(local_name).collect();
    let dots: Vec<syn::Ident> = locals.iter().map(|l| format_ident!("{l}_dot")).collect();
    // The pure method's value (and tangent) taken apart: its result, then the new fields.
    let unpack = |ret: Option<&syn::Ident>, names: &[syn::Ident]| match (m.unit, names) {
        (true, [one]) => quote!(#one),
        (true, _) => quote!((#(#names),*)),
        // Elements alone: the result itself.
        (false, []) => quote!(#ret),
        (false, _) => quote!((#ret, #(#names),*)),
    };
    let jvp = jvp(method, m, ctx, &unpack, &locals, &dots);
    let vjp = vjp(method, m, ctx, &unpack, &locals);
    // (`_grad` seeds the result with one: a float result's alone, as a function's; where
    // the method also writes buffers of the caller's, their seeds are the caller's to
    // give, as a function's output buffers' are, through `_vjp`.)
    let float_result = match (&method.sig.output, syn::parse2::<syn::Type>(ctx.float())) {
        (syn::ReturnType::Type(_, ty), Ok(float)) => {
            crate::types::kind_of_type(ty, &float) == crate::types::Kind::Float
        }
        _ => false,
    };
    let float_result = float_result && user_outputs(m, ctx, ctx.output_seed_params()).is_empty();
    let grad = float_result.then(|| grad(method, m, ctx));
    let check = (float_result && ctx.concrete_float())
        .then(|| gradcheck(method, m, ctx))
        .flatten();
    let entries = super::step_entries::entries(method, m, ctx);
    quote!(#jvp #vjp #grad #check #entries)
}

type Unpack<'a> = dyn Fn(Option<&syn::Ident>, &[syn::Ident]) -> TokenStream + 'a;

fn jvp(
    method: &syn::ItemFn,
    m: &Mutating,
    ctx: &Ctx,
    unpack: &Unpack,
    locals: &[syn::Ident],
    dots: &[syn::Ident],
) -> TokenStream {
    let (vis, generics, where_clause) = (
        &method.vis,
        &method.sig.generics,
        &method.sig.generics.where_clause,
    );
    let (f, name) = (&method.sig.ident, item_name(method, ctx, Derived::Jvp));
    let pure = sibling(&m.pure, ctx, Derived::Jvp);
    let receiver = ctx.func.params[0].var;
    let self_dot = ctx.dot(receiver);
    let (tangent_params, tangent_args): (Vec<_>, Vec<_>) = active_params(ctx)
        .map(|p| {
            let dot = ctx.dot(p.var);
            if p.var == receiver {
                (Some(quote!(#dot: &mut Self)), quote!(&*#dot))
            } else {
                // (A value a step before gives the anchor has its tangent from that step.)
                let ty = &p.ty;
                let own = !steps::is_carried(m, ctx, p);
                (own.then(|| quote!(#dot: #ty)), quote!(#dot))
            }
        })
        .unzip();
    let tangent_params: Vec<TokenStream> = tangent_params.into_iter().flatten().collect();
    let (params, args) = (steps::own_params(method, m), args(ctx));
    // Output buffers' tangents, written as the pure method's `_jvp` writes them; those of
    // the fields whose elements it assigns are the state's tangent's.
    let out_dot_params = user_outputs(m, ctx, ctx.output_tangent_params());
    let out_dot_args: Vec<syn::Ident> = ctx
        .func
        .outputs
        .iter()
        .map(|o| ctx.output_arg(o, "dot"))
        .collect();
    let lent = Lent::new(m);
    let (elements, buffers, values) = (lent.elements, &lent.buffers, &lent.values);
    let (buffer_dots, dot_values) = (lent.suffixed("dot"), lent.suffixed("dot_value"));
    let (lend_values, lend_dots) = (lent.lend(values), lent.lend(&dot_values));
    // The fields as buffers (and their tangents), put back after the call.
    let constant = lent.constant();
    let lend = quote! {
        #(let mut #values = self.#elements.clone();
          let #buffers = #lend_values;
          let mut #dot_values = ::autodiff::__private::lent_derivative(&#self_dot.#elements, #constant);
          let #buffer_dots = #lend_dots;)*
    };
    // (A constant field's place in the tangent keeps what it held: the constant.)
    let put_back = quote! {
        #(if !#constant { #self_dot.#elements = #dot_values; })*
    };
    let fields = &m.written;
    let step = step_state(
        method,
        m,
        quote!(#(self.#elements = #values;)* #(self.#fields = #locals;)*),
    );
    let only_elements = m.unit && m.written.is_empty();
    let (ret, ret_dot) = (format_ident!("ret"), format_ident!("ret_dot"));
    let (value, tangent) = (unpack(Some(&ret), locals), unpack(Some(&ret_dot), dots));
    let fields = &m.written;
    let (out_ty, out) = match &method.sig.output {
        syn::ReturnType::Type(_, ty) => (quote!(-> (#ty, #ty)), quote!((#ret, #ret_dot))),
        syn::ReturnType::Default => (quote!(), quote!()),
    };
    let around = m
        .around
        .as_ref()
        .map(|a| steps::around(a, &super::step_entries::Sig::of(m, ctx)));
    let (steps_before, steps_after) = around
        .map(|a| (a.jvp_before, a.jvp_after))
        .unwrap_or_default();
    let doc = format!(" Forward mode of [`{f}`](Self::{f}): steps the state as `{f}` does and its tangent `{self_dot}` with it (on entry the tangent of the state before the call, on exit after it), and returns the result and its tangent.");
    let allows = allows();
    let call = quote!(#pure(#(#args,)* #(#tangent_args,)* #(#out_dot_args),*));
    let results = if only_elements {
        quote!(#call;)
    } else {
        quote! {
            let (value, tangent) = #call;
            let #value = value;
            let #tangent = tangent;
        }
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #(#tangent_params,)* #(#out_dot_params),*) #out_ty #where_clause {
            #steps_before
            #lend
            #results
            #put_back
            #step
            #(#self_dot.#fields = #dots;)*
            #steps_after
            #out
        }
    }
}

/// The fields whose elements the method assigns, lent to the pure method as buffers:
/// each buffer's name (`__self_z`), and that of the copy of the field it borrows
/// (`__self_z_value`).
struct Lent<'m> {
    elements: &'m [syn::Ident],
    grown: &'m [syn::Ident],
    buffers: Vec<syn::Ident>,
    values: Vec<syn::Ident>,
}

impl<'m> Lent<'m> {
    fn new(m: &'m Mutating) -> Self {
        let buffers: Vec<syn::Ident> = m.buffers.iter().map(local_name).collect();
        let values = buffers.iter().map(|b| format_ident!("{b}_value")).collect();
        Lent {
            elements: &m.buffers,
            grown: &m.grown,
            buffers,
            values,
        }
    }

    /// How each buffer borrows its copy of the field: a `Vec` pushed onto as itself (its
    /// type checked, with the runtime's message), any other as a slice.
    fn lend(&self, copies: &[syn::Ident]) -> Vec<TokenStream> {
        self.elements
            .iter()
            .zip(copies)
            .map(|(field, copy)| match self.grown.contains(field) {
                true => quote!(::autodiff::__private::GrownField::grown_mut(&mut #copy)),
                false => quote!(::autodiff::__private::Buffer::buffer_mut(&mut #copy)),
            })
            .collect()
    }

    /// Whether each field is a constant (`#[no_grad]`): its place in the tangent or
    /// cotangent struct holds the constant, and a zero derivative is lent instead.
    fn constant(&self) -> Vec<TokenStream> {
        self.elements
            .iter()
            .map(|f| {
                let name = f.to_string();
                quote!(::autodiff::__private::constant_field::<Self>(#name))
            })
            .collect()
    }

    /// `__self_z_<suffix>` for each buffer.
    fn suffixed(&self, suffix: &str) -> Vec<syn::Ident> {
        self.buffers
            .iter()
            .map(|b| format_ident!("{b}_{suffix}"))
            .collect()
    }
}

/// How a wrapper steps the state after the pure method has run on the state before the
/// call: `assign` (the new float fields and buffers); where the method gives integers or
/// flags to fields (`m.ints`, `m.flags`, whose values the pure method keeps to itself), by
/// calling the method.
fn step_state(method: &syn::ItemFn, m: &Mutating, assign: TokenStream) -> TokenStream {
    if m.ints.is_empty() && m.flags.is_empty() {
        return assign;
    }
    let f = &method.sig.ident;
    let args = crate::parse::param_idents(&method.sig);
    // (A method made of steps is stepped here by its anchor's statements alone.)
    match m.around.as_ref().and_then(|a| a.anchor.as_ref()) {
        Some(anchor) => quote!(Self::#anchor(self, #(#args),*);),
        None => quote!(self.#f(#(#args),*);),
    }
}

/// The pure method's arguments that are the method's own: those of the buffers lent from
/// the state's fields left out.
fn user_args(m: &Mutating, ctx: &Ctx) -> Vec<TokenStream> {
    let lent: Vec<String> = m
        .buffers
        .iter()
        .map(|f| local_name(f).to_string())
        .collect();
    let carried: Vec<String> = m.around.as_ref().map_or(vec![], |a| {
        a.anchor_carried
            .iter()
            .map(|(n, _)| n.to_string())
            .collect()
    });
    args(ctx)
        .into_iter()
        .filter(|a| !lent.contains(&a.to_string()) && !carried.contains(&a.to_string()))
        .collect()
}

/// The output buffers' parameters of the method's own, those of the fields whose elements
/// it assigns (which the wrappers lend from the state) left out.
fn user_outputs(m: &Mutating, ctx: &Ctx, params: Vec<TokenStream>) -> Vec<TokenStream> {
    let buffers: Vec<syn::Ident> = m.buffers.iter().map(local_name).collect();
    ctx.func
        .outputs
        .iter()
        .zip(params)
        .filter(|(o, _)| !buffers.contains(&o.param))
        .map(|(_, p)| p)
        .collect()
}

fn vjp(
    method: &syn::ItemFn,
    m: &Mutating,
    ctx: &Ctx,
    unpack: &Unpack,
    locals: &[syn::Ident],
) -> TokenStream {
    let (vis, generics, where_clause) = (
        &method.vis,
        &method.sig.generics,
        &method.sig.generics.where_clause,
    );
    let (f, name) = (&method.sig.ident, item_name(method, ctx, Derived::Vjp));
    let pure = sibling(&m.pure, ctx, Derived::Vjp);
    let receiver = ctx.func.params[0].var;
    let self_bar = ctx.bar(receiver);
    let others: Vec<_> = active_params(ctx).filter(|p| p.var != receiver).collect();
    // The pure method's cotangents, and the method's own (without the values a step
    // before gives the anchor: theirs go back to that step).
    let all_bars: Vec<syn::Ident> = others.iter().map(|p| ctx.bar(p.var)).collect();
    let others: Vec<_> = others
        .into_iter()
        .filter(|p| !steps::is_carried(m, ctx, p))
        .collect();
    let bars: Vec<syn::Ident> = others.iter().map(|p| ctx.bar(p.var)).collect();
    let cts: Vec<TokenStream> = others.iter().map(|p| cotangent_type(ctx, p)).collect();
    let (params, args) = (steps::own_params(method, m), args(ctx));
    let fields = &m.written;
    let around = m
        .around
        .as_ref()
        .map(|a| steps::around(a, &super::step_entries::Sig::of(m, ctx)));
    // The other parameters' cotangents: the anchor's, plus what the steps around it add.
    let sums: Vec<TokenStream> = bars
        .iter()
        .map(|b| {
            let acc = around
                .as_ref()
                .and_then(|a| a.accumulated.iter().find(|(bar, _)| bar == b));
            match acc {
                Some((_, acc)) => quote!(#b + #acc),
                None => quote!(#b),
            }
        })
        .collect();
    let (steps_before, steps_after) = around
        .map(|a| (a.vjp_before, a.vjp_after))
        .unwrap_or_default();
    let dout = ctx.param_name("dout");
    let seeds = fields.iter().map(|f| quote!(#self_bar.#f));
    let (dout_param, seed, out_ty, out) = match &method.sig.output {
        syn::ReturnType::Type(_, ty) => (
            quote!(#dout: #ty,),
            if fields.is_empty() {
                quote!(#dout)
            } else {
                quote!((#dout, #(#seeds),*))
            },
            quote!((#ty, #(#cts),*)),
            quote!((ret, #(#sums),*)),
        ),
        syn::ReturnType::Default => (
            quote!(),
            if fields.len() == 1 {
                quote!(#(#seeds)*)
            } else {
                quote!((#(#seeds),*))
            },
            quote!((#(#cts,)*)),
            quote!((#(#sums,)*)),
        ),
    };
    let ret = format_ident!("ret");
    let value = unpack(Some(&ret), locals);
    let before = format_ident!("{self_bar}_before");
    // Output buffers' cotangents, seeds of the pure method's `_vjp` beside the state's;
    // those of the fields whose elements it assigns are the state's cotangent's.
    let (seed_params, seed_args) = (
        user_outputs(m, ctx, ctx.output_seed_params()),
        ctx.output_seed_args(),
    );
    let lent = Lent::new(m);
    let (elements, buffers, values) = (lent.elements, &lent.buffers, &lent.values);
    let (buffer_bars, bar_values) = (lent.suffixed("bar"), lent.suffixed("bar_value"));
    let lend_values = lent.lend(values);
    let constant = lent.constant();
    let lend = quote! {
        #(let mut #values = self.#elements.clone();
          let #buffers = #lend_values;
          let #bar_values = ::autodiff::__private::lent_derivative(&#self_bar.#elements, #constant);
          let #buffer_bars = ::autodiff::__private::Buffer::buffer(&#bar_values);)*
    };
    // A field pushed onto is longer after the call: its cotangent before it has the
    // length it had then.
    let grown = &m.grown;
    let shorten = quote! {
        #(#self_bar.#grown.truncate(#before.#grown.len());)*
    };
    let only_elements = m.unit && m.written.is_empty();
    let call = if only_elements {
        quote!(let (#before, #(#all_bars),*) = #pure(#(#args,)* #(#seed_args),*);)
    } else {
        quote!(let (value, #before, #(#all_bars),*) = #pure(#(#args,)* #seed, #(#seed_args),*);)
    };
    let value_binding = (!only_elements).then(|| quote!(let #value = value;));
    let step = step_state(
        method,
        m,
        quote!(#(self.#elements = #values;)* #(self.#fields = #locals;)*),
    );
    let doc = format!(" Reverse mode of [`{f}`](Self::{f}): steps the state as `{f}` does; `{self_bar}` holds on entry the cotangent of the state after the call, and on exit that of the state before it; returns the result, then the cotangents `{}` of the other active parameters.", bars.iter().map(|b| b.to_string()).collect::<Vec<_>>().join("`, `"));
    let allows = allows();
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params,)* #dout_param #(#seed_params,)* #self_bar: &mut Self) -> #out_ty #where_clause {
            #steps_before
            #lend
            #call
            // A field the method leaves alone is the same before and after: its cotangent
            // passes through; an assigned one's went into the seed.
            #(#self_bar.#fields = ::autodiff::__private::zero();)*
            #(for __e in #self_bar.#elements.iter_mut() { *__e = ::autodiff::__private::zero(); })*
            #shorten
            let mut #before = #before;
            ::autodiff::Differentiable::accumulate(&mut #before, &*#self_bar);
            *#self_bar = #before;
            #value_binding
            #step
            #steps_after
            #out
        }
    }
}

fn gradcheck(method: &syn::ItemFn, m: &Mutating, ctx: &Ctx) -> Option<TokenStream> {
    use crate::ir::ParamShape;
    let receiver = ctx.func.params[0].var;
    let lent: Vec<syn::Ident> = m.buffers.iter().map(local_name).collect();
    let rest: Vec<&crate::ir::Param> = ctx.func.params[1..]
        .iter()
        .filter(|p| !lent.contains(ctx.name(p.var)) && !steps::is_carried(m, ctx, p))
        .collect();
    if rest
        .iter()
        .any(|p| p.active && p.shape != ParamShape::Scalar)
    {
        return None;
    }
    let (vis, generics, where_clause) = (
        &method.vis,
        &method.sig.generics,
        &method.sig.generics.where_clause,
    );
    let f = &method.sig.ident;
    let (check, check_with) = (
        item_name(method, ctx, Derived::Gradcheck),
        item_name(method, ctx, Derived::GradcheckWith),
    );
    let (grad, jvp) = (
        item_name(method, ctx, Derived::Grad),
        item_name(method, ctx, Derived::Jvp),
    );
    let inputs: Vec<TokenStream> = steps::own_params(method, m).into_iter().skip(1).collect();
    let names: Vec<TokenStream> = user_args(m, ctx).into_iter().skip(1).collect();
    // Each active float argument is one coordinate after the state's.
    let mut k = 0usize;
    let (at_point, directions): (Vec<TokenStream>, Vec<TokenStream>) = rest
        .iter()
        .zip(&names)
        .map(|(p, name)| {
            if p.active {
                k += 1;
                let i = k - 1;
                (quote!(__from(__v[__n + #i])), quote!(__from(__d[__n + #i])))
            } else {
                (quote!(#name), quote!(#name))
            }
        })
        .unzip();
    let active_rest: Vec<&TokenStream> = rest
        .iter()
        .zip(&names)
        .filter(|(p, _)| p.active)
        .map(|(_, n)| n)
        .collect();
    let tangents: Vec<&TokenStream> = rest
        .iter()
        .zip(&directions)
        .filter(|(p, _)| p.active)
        .map(|(_, d)| d)
        .collect();
    let bars: Vec<syn::Ident> = (0..active_rest.len())
        .map(|i| format_ident!("__bar{i}"))
        .collect();
    let labels = rest
        .iter()
        .filter(|p| p.active)
        .map(|p| ctx.name(p.var).to_string());
    let offsets = 0..active_rest.len();
    let self_label = ctx.name(receiver).to_string();
    let float = ctx.float();
    let doc = format!(" Checks [`{f}`](Self::{f})'s `_grad` and `_jvp` against central differences, at this state and these arguments (the state is not changed).");
    let doc_with = format!(" [`{check}`](Self::{check}) with the given tolerance.");
    let allows = allows();
    Some(quote! {
        #[doc = #doc]
        #allows
        #vis fn #check #generics (&self, #(#inputs),*) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            Self::#check_with(self, #(#names,)* ::autodiff::__private::tolerance_for::<#float>())
        }

        #[doc = #doc_with]
        #allows
        #vis fn #check_with #generics (&self, #(#inputs,)* __tol: ::autodiff::Tolerance) -> ::core::result::Result<(), ::autodiff::GradcheckReport> #where_clause {
            use ::autodiff::__private::AtF64;
            let __tol = __tol.with_eps(<#float as AtF64>::EPSILON);
            let __from = <#float as AtF64>::from_f64;
            // (The state's leaves are of its own scalar: `f64` for a state of integers alone
            // stepped by an `f32` method.)
            let __from_leaf = <<Self as ::autodiff::Differentiable>::Scalar as AtF64>::from_f64;
            let __n = ::autodiff::Differentiable::num_params(self);
            // A copy of the state with the leaves of `v` (constants copied by `zero_like`).
            let __state = |__v: &[f64]| {
                let mut __s = ::autodiff::Differentiable::zero_like(self);
                let __leaves: ::std::vec::Vec<_> = __v[..__n].iter().map(|&__x| __from_leaf(__x)).collect();
                ::autodiff::Differentiable::set_from_flat(&mut __s, &__leaves);
                __s
            };
            let __flat = |__s: &Self| -> ::std::vec::Vec<f64> {
                ::autodiff::Differentiable::to_flat(__s).into_iter().map(AtF64::to_f64).collect()
            };
            let mut __point = __flat(self);
            #(__point.push(AtF64::to_f64(#active_rest));)*
            ::autodiff::__private::check_first_derivatives(
                |__v: &[f64]| AtF64::to_f64(__state(__v).#f(#(#at_point),*)),
                |__v: &[f64]| {
                    let (_, __self_bar, #(#bars),*) = __state(__v).#grad(#(#at_point),*);
                    let mut __g = __flat(&__self_bar);
                    #(__g.push(AtF64::to_f64(#bars));)*
                    __g
                },
                |__v: &[f64], __d: &[f64]| {
                    let mut __dot = __state(__d);
                    AtF64::to_f64(__state(__v).#jvp(#(#at_point,)* &mut __dot, #(#tangents),*).1)
                },
                &__point,
                &[(#self_label, 0..__n), #((#labels, __n + #offsets..__n + #offsets + 1)),*],
                __tol,
            )
            .map(|_| ())
        }
    })
}

fn grad(method: &syn::ItemFn, m: &Mutating, ctx: &Ctx) -> TokenStream {
    let (vis, generics, where_clause) = (
        &method.vis,
        &method.sig.generics,
        &method.sig.generics.where_clause,
    );
    let syn::ReturnType::Type(_, ret_ty) = &method.sig.output else {
        return quote!();
    };
    let (f, name, vjp) = (
        &method.sig.ident,
        item_name(method, ctx, Derived::Grad),
        item_name(method, ctx, Derived::Vjp),
    );
    let receiver = ctx.func.params[0].var;
    let self_bar = ctx.bar(receiver);
    let others: Vec<_> = active_params(ctx)
        .filter(|p| p.var != receiver && !steps::is_carried(m, ctx, p))
        .collect();
    let bars: Vec<syn::Ident> = others.iter().map(|p| ctx.bar(p.var)).collect();
    let cts: Vec<TokenStream> = others.iter().map(|p| cotangent_type(ctx, p)).collect();
    let params = steps::own_params(method, m);
    let rest: Vec<TokenStream> = user_args(m, ctx).into_iter().skip(1).collect();
    let one = one(ctx);
    let doc = format!(" The gradient of [`{f}`](Self::{f}) with respect to the state before the call and the other active parameters, stepping the state: its value, the state's cotangent, then ∂{f}/∂x for each other active parameter (`{f}_vjp` seeded with 1, and nothing on the state after the call).");
    let allows = allows();
    // The seed on the state after the call has that state's shape: where the method may
    // change it (pushing onto a field, or through steps that may), the shape is learnt
    // by running the method on a copy first.
    let zero = match m.grown.is_empty() && m.around.is_none() {
        true => quote!(::autodiff::Differentiable::zero_like(&*self)),
        false => {
            // (The method's own arguments: an anchor's carried values are not.)
            let carried = m.around.as_ref().map_or(&[][..], |a| &a.anchor_carried[..]);
            let args = crate::parse::param_idents(&method.sig)
                .into_iter()
                .filter(|p| !carried.iter().any(|(n, _)| n == *p));
            quote! {{
                let mut __after = ::autodiff::__private::state_copy(&*self);
                __after.#f(#(#args),*);
                ::autodiff::Differentiable::zero_like(&__after)
            }}
        }
    };
    quote! {
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> (#ret_ty, Self, #(#cts),*) #where_clause {
            let mut #self_bar = #zero;
            let (value, #(#bars),*) = Self::#vjp(self, #(#rest,)* #one, &mut #self_bar);
            (value, #self_bar, #(#bars),*)
        }
    }
}
