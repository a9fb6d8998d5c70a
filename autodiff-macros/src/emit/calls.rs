//! Differentiated calls in the forward walk: the callee's value, its tangent through its
//! `jvp_all`, or its pullback through its `pullback_all` (`dual_pullback_all` on dual
//! numbers), with the arguments those entry points take.

use super::forward::Sweep;
use super::names::Derived;
use super::{Ctx, Emitter, Mode};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// Whether `callee` is a parameter the derived items take as a function value with its
    /// derivatives (`Func::function_values`).
    pub(super) fn is_function_value(&self, callee: &syn::Path) -> bool {
        callee.get_ident().is_some_and(|name| {
            self.func
                .function_values
                .iter()
                .any(|&(v, _)| self.func.vars[v].name == *name)
        })
    }

    /// An argument of a call without derivatives: a function value given as the plain
    /// function it carries (`evals(f, 1.5)` of a helper taking `fn(f64) -> f64`).
    pub(super) fn opaque_arg(&self, a: &Expr) -> TokenStream {
        let value = |e: &Expr| match e.kind {
            ExprKind::Var(v) => self.func.function_value(v).map(|arity| (v, arity)),
            _ => None,
        };
        let primal = |v: VarId, arity: usize| {
            let (name, f) = (quote::format_ident!("Function{}", arity), self.name(v));
            quote!(::autodiff::function_value::#name::primal(#f))
        };
        match &a.kind {
            _ if value(a).is_some() => {
                let (v, arity) = value(a).expect("checked");
                primal(v, arity)
            }
            ExprKind::Ref(inner) if value(inner).is_some() => {
                let (v, arity) = value(inner).expect("checked");
                let p = primal(v, arity);
                quote!(&#p)
            }
            _ => self.expr(a, false),
        }
    }

    /// An argument of a differentiated call in the forward sweep. An active local sequence
    /// passed by value is moved into the callee in the user's code, but the reverse sweep
    /// still shapes its adjoint from it, so the callee gets a copy.
    fn moved_arg(&self, a: &Expr) -> TokenStream {
        let float = self.kind_of(a).is_float();
        match &a.kind {
            ExprKind::Var(v)
                if matches!(self.kind(*v), Kind::FloatSeq | Kind::Array)
                    && self.active(*v)
                    && !matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let name = self.name(*v);
                quote!(#name.clone())
            }
            _ => self.expr(a, float),
        }
    }

    /// A zero tangent for an inactive float argument of a differentiated call.
    fn zero_tangent_arg(&self, a: &Expr) -> TokenStream {
        match (self.kind_of(a), &a.kind) {
            (Kind::Array, ExprKind::Ref(inner)) => {
                let inner = self.expr(inner, false);
                quote!(&__ad::zeros_nd(&#inner))
            }
            // `&0.1` passed to an array rule: its tangent is a reference too.
            (Kind::Float, ExprKind::Ref(_)) => {
                let zero = self.zero();
                quote!(&#zero)
            }
            // An array parameter passed on is a reference, like a slice one.
            (Kind::Array, ExprKind::Var(v))
                if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_nd(#a))
            }
            (Kind::Array, _) => {
                let a = self.expr(a, false);
                quote!(__ad::zeros_nd(&#a))
            }
            (Kind::FloatSeq, ExprKind::Ref(inner)) => {
                let inner = self.expr(inner, false);
                quote!(&__ad::zeros_like(&#inner))
            }
            // A slice parameter passed on is a reference; anything else (`v`, `x.to_vec()`)
            // is a sequence passed by value, whose tangent is owned too.
            (Kind::FloatSeq, ExprKind::Var(v))
                if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
            {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_like(&#a))
            }
            (Kind::FloatSeq, _) => {
                let a = self.expr(a, false);
                quote!(__ad::zeros_like(&#a))
            }
            // A slice of structs or rows left out by `wrt` (a slice has no `zero_like`).
            (Kind::StructSeq, ExprKind::Var(v)) if self.is_struct_slice(*v) => {
                let a = self.expr(a, false);
                quote!(&__ad::zeros_of_structs(#a))
            }
            (Kind::Struct | Kind::StructSeq | Kind::ArraySeq, _) => {
                let a = self.expr(a, false);
                quote!(&__ad::Differentiable::zero_like(#a))
            }
            _ => self.zero(),
        }
    }
}

impl Emitter<'_> {
    /// A differentiated call. It goes through the callee's entry points for callers
    /// (`g_jvp_all`, `g_pullback_all`, `g_dual_pullback_all`): this macro cannot see `g`'s
    /// attribute, so it passes a tangent for, and expects a cotangent of, every float
    /// argument, which those take and give whatever `g`'s `wrt` says.
    pub(super) fn forward_call(&mut self, call: &StmtKind, sweep: Sweep) -> TokenStream {
        let StmtKind::Call {
            out,
            pullback,
            callee,
            args,
            method,
            unwrapped,
        } = call
        else {
            unreachable!("a call statement")
        };
        let (out, pullback, method) = (*out, *pullback, *method);
        // `g(x).unwrap()` calling `g` itself (the entry points give the value).
        let unwrap = unwrapped.as_ref().map(|(m, args)| quote!(.#m(#(#args),*)));
        let function_value = !method && self.is_function_value(callee);
        let call = |kind: Option<Derived>, args: Vec<TokenStream>| match function_value {
            // `f.call_jvp_all(t, y, t_dot, y_dot)` of a function value (`FunctionN`).
            true => {
                let entry = match kind {
                    None => quote::format_ident!("call"),
                    Some(kind) => quote::format_ident!("call_{}", kind.suffix()),
                };
                quote!(#callee.#entry(#(#args),*))
            }
            false => call_tokens(callee, method, kind, args),
        };
        let name = self.name(out);
        // A call result the function assigns again is declared `mut`.
        let mutable = self.func.vars[out].mutable.then(|| quote!(mut));
        let name = quote!(#mutable #name);
        let ty = self.func.vars[out].ty.as_ref().map(|t| {
            let t = self.lift_type(t, self.active(out));
            quote!(: #t)
        });
        // The function itself, called as written: a method on its receiver as written (lent
        // to the derived items, it would be lent here too: `(&g).next()` of a `mut` local
        // whose method takes `&mut self` would not compile).
        fn as_written(a: &Expr, receiver: bool) -> &Expr {
            match (&a.kind, receiver) {
                (ExprKind::Ref(inner), true) => inner,
                _ => a,
            }
        }
        if !self.active(out) {
            if let Some(buffers) = self.func.lent_calls.get(&out) {
                let call = self.lent_call_as_written(callee, args, buffers);
                return quote!(let #name #ty = #call;);
            }
            let args = args
                .iter()
                .enumerate()
                .map(|(i, a)| match method && i == 0 {
                    true => self.expr(as_written(a, true), false),
                    // (A function value passed as the plain function: the callee is
                    // called as written.)
                    false => self.opaque_arg(a),
                })
                .collect();
            let call = call(None, args);
            return quote!(let #name #ty = #call #unwrap;);
        }
        // `g(&f, x)` of a function value: by value, as every derived item takes one (it is
        // `Copy`; a borrow would tie the pullback to this frame).
        let by_value: Vec<Expr> = args
            .iter()
            .map(|a| match &a.kind {
                ExprKind::Ref(inner)
                    if matches!(inner.kind, ExprKind::Var(v) if self.func.function_value(v).is_some()) =>
                {
                    (**inner).clone()
                }
                _ => a.clone(),
            })
            .collect();
        let args = &by_value[..];
        let float_args: Vec<&Expr> = args
            .iter()
            .enumerate()
            .filter(|(i, a)| self.kind_of(a).is_float() && !crate::rules::constant_arg(callee, *i))
            .map(|(_, a)| a)
            .collect();
        match sweep {
            Sweep::Plain => {
                let args: Vec<TokenStream> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let a = match self.mode {
                            Mode::Plain => as_written(a, method && i == 0),
                            Mode::Lifted => a,
                        };
                        self.expr(a, self.kind_of(a).is_float())
                    })
                    .collect();
                match self.mode {
                    Mode::Plain => {
                        let call = call(None, args);
                        quote!(let #name #ty = #call #unwrap;)
                    }
                    // The callee's value on dual numbers, from its dual twin.
                    Mode::Lifted => {
                        let call = call(Some(Derived::DualPullbackAll), args);
                        quote!(let #name #ty = #call.0;)
                    }
                }
            }
            Sweep::Jvp => {
                let dot = self.dot(out);
                let cx = self.cx();
                let args = args.iter().map(|a| cx.expr(a, false));
                let tangents = float_args
                    .iter()
                    .map(|a| self.tangent(a).unwrap_or_else(|| cx.zero_tangent_arg(a)));
                let call = call(Some(Derived::JvpAll), args.chain(tangents).collect());
                quote!(let (#name, #mutable #dot) = #call;)
            }
            Sweep::Augmented => {
                let pb = self.name(pullback);
                let kind = match self.mode {
                    Mode::Plain => Derived::PullbackAll,
                    Mode::Lifted => Derived::DualPullbackAll,
                };
                let args = args.iter().map(|a| self.moved_arg(a)).collect();
                let call = call(Some(kind), args);
                quote!(let (#name, #pb) = #call;)
            }
        }
    }
}

impl Ctx<'_> {
    /// A call of a callee's lent form (`g::__lent(x, &buf)`) carrying no derivative, as the
    /// user wrote it: `g` itself, on a copy of each lent buffer, whose contents it returns
    /// as the lent form does (`(value, buf, …)`, `(buf, …)` or `buf` alone). So any callee
    /// taking buffers serves, differentiated or not (`init(&mut w)` of a plain function).
    fn lent_call_as_written(
        &self,
        lent: &syn::Path,
        args: &[Expr],
        buffers: &[(usize, LentBuffer)],
    ) -> TokenStream {
        let (callee, valued) = crate::lent::lent_form_of(lent);
        let mut copies = vec![];
        let mut results = vec![];
        let args = args.iter().enumerate().map(|(i, a)| {
            let Some(&(_, kind)) = buffers.iter().find(|(at, _)| *at == i) else {
                return self.expr(a, false);
            };
            let buffer = match &a.kind {
                ExprKind::Ref(inner) => self.expr(inner, false),
                _ => self.expr(a, false),
            };
            let copy = quote::format_ident!("__lent_copy{}", copies.len());
            // A float array is `Copy`; a `Vec` is cloned, and given back whole; an `Array1`
            // is made from the `Vec` the derived items hold.
            match kind {
                LentBuffer::Fixed => {
                    copies.push(quote!(let mut #copy = #buffer;));
                    results.push(quote!(#copy.to_vec()));
                }
                LentBuffer::Vec => {
                    copies.push(quote!(let mut #copy = #buffer.clone();));
                    results.push(quote!(#copy));
                }
                LentBuffer::Array1 => {
                    copies.push(quote!(let mut #copy = ::autodiff::ndarray::Array1::from(::std::vec::Vec::from(&#buffer[..]));));
                    results.push(quote!(#copy.to_vec()));
                }
            }
            quote!(&mut #copy)
        });
        let args: Vec<TokenStream> = args.collect();
        let value = quote::format_ident!("__lent_value");
        let (call, results) = if valued {
            (
                quote!(let #value = #callee(#(#args),*);),
                quote!((#value, #(#results,)*)),
            )
        } else if results.len() == 1 {
            (quote!(#callee(#(#args),*);), results.remove(0))
        } else {
            (quote!(#callee(#(#args),*);), quote!((#(#results,)*)))
        };
        quote!({ #(#copies)* #call #results })
    }
}

/// A call of the derived item `kind` of `callee` (or of `callee` itself for `None`):
/// `callee_X(args)`, or for a method `(args[0]).callee_X(args[1..])`.
fn call_tokens(
    callee: &syn::Path,
    method: bool,
    kind: Option<Derived>,
    args: Vec<TokenStream>,
) -> TokenStream {
    let f = super::names::callee(callee, method, kind);
    match (method, args.split_first()) {
        (true, Some((recv, rest))) => quote!((#recv).#f(#(#rest),*)),
        _ => quote!(#f(#(#args),*)),
    }
}
