//! Closures mapped over arrays: `a.mapv(|x| body)` (also `mapv_into`, and `map`) as a
//! scalar `#[differentiate]` function made of the body, applied through `ops::mapv_with`
//! (or `ops::mapv_env`, with the float locals the closure captures).

use super::*;

impl Lowerer {
    /// `a.mapv(|x| body)` (also `mapv_into`, and `map`, whose closure takes `&x`): the body
    /// is scalar code, made a `#[differentiate]` function of the body's items
    /// (`fn elementwise(x: f64) -> f64 { body }`), and the array goes through
    /// `ops::mapv_with(&a, elementwise, elementwise_jvp)`. Float locals the closure reads
    /// are passed in as its captures (`fn elementwise(x: f64, captured: &[f64])`, mapped by
    /// `ops::mapv_env(&a, &[mean, …], …)`, which differentiates them too); other locals are
    /// refused.
    pub(super) fn elementwise(
        &mut self,
        recv: Expr,
        c: &syn::ExprClosure,
        by_reference: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let float = self.float.clone();
        if !matches!(quote::quote!(#float).to_string().as_str(), "f64" | "f32") {
            return self.unsupported(span, "a closure mapped over an array of a generic float type", "map it in a function over `f64` or `f32`, or use one of `f64::exp`, `f64::ln`, `f64::tanh`");
        }
        let param = match c.inputs.iter().collect::<Vec<_>>().as_slice() {
            [p] => super::iter::closure_param_ident(p),
            _ => None,
        };
        let Some(param) = param else {
            return self.unsupported(
                span,
                "this closure mapped over an array",
                "take one element by a plain name (`|x| …`, `|&x| …`)",
            );
        };
        let params: Vec<syn::Pat> = c.inputs.iter().cloned().collect();
        // The locals it reads: floats are passed in as the captures `env` (in order of first
        // read); anything else is refused.
        let mut captured: Vec<String> = vec![];
        for free in crate::ir::hygiene::free_names(&params, &c.body) {
            let Some(v) = self.lookup(&free.name) else {
                continue;
            };
            if self.vars[v].kind != Kind::Float || self.is_element_alias(v) {
                let name = &free.name;
                self.unsupported(span, &format!("a closure mapped over an array reading the non-float local `{name}`"), "let it read its argument, constants and float locals only, or compute with array operators (`(&a - mean) / std`)");
                // An array all the same, so that its uses report nothing more.
                let placeholder = self.temp("mapped", Kind::Array, span);
                return Expr::new(ExprKind::Var(placeholder), span);
            }
            if !captured.contains(&free.name) {
                captured.push(free.name.clone());
            }
        }
        if let Some(nested) = called_local_fn(&c.body, |n| self.is_local_fn(n)) {
            self.unsupported(span, &format!("a closure mapped over an array that calls the nested `fn {nested}`, which has no derivatives,"), &format!("write `{nested}`'s body in the closure, or make `{nested}` a `#[differentiate]` function outside this one"));
            let placeholder = self.temp("mapped", Kind::Array, span);
            return Expr::new(ExprKind::Var(placeholder), span);
        }
        let mut body = (*c.body).clone();
        if by_reference {
            // `map` passes `&x`: the elementwise function takes the value, so `*x` is `x`.
            deref_to_value(&mut body, &param);
        }
        let ident = self.fresh_name("elementwise", span, false);
        let jvp = quote::format_ident!("{}_jvp", ident);
        let f = Expr::new(ExprKind::Const(ident.clone().into()), span);
        let f_jvp = Expr::new(ExprKind::Const(jvp.into()), span);
        if captured.is_empty() {
            let item: syn::Item = syn::parse_quote! {
                #[::autodiff::differentiate]
                fn #ident(#param: #float) -> #float {
                    #body
                }
            };
            self.body_items.push(item);
            return self.ops_call("mapv_with", vec![recv, f, f_jvp], span, out);
        }
        // `fn elementwise(v: f64, captured: &[f64]) -> f64 { let mean = captured[0]; … }`,
        // mapped by `ops::mapv_env(&a, &[mean, …], …)`.
        let mut env_name = String::from("captured");
        while crate::tokens::mentions_any(quote::quote!(#body), &[env_name.as_str()])
            || param == env_name
        {
            env_name.push('_');
        }
        let env = Ident::new(&env_name, span);
        let names: Vec<Ident> = captured.iter().map(|n| crate::ir::ident(n, span)).collect();
        let reads = names.iter().enumerate().map(|(k, n)| {
            let k = proc_macro2::Literal::usize_unsuffixed(k);
            quote::quote!(let #n: #float = #env[#k];)
        });
        let item: syn::Item = syn::parse_quote! {
            #[::autodiff::differentiate]
            fn #ident(#param: #float, #env: &[#float]) -> #float {
                #(#reads)*
                #body
            }
        };
        self.body_items.push(item);
        let values = captured
            .iter()
            .map(|n| {
                let v = self.lookup(n).expect("a captured local");
                Expr::new(ExprKind::Var(v), span)
            })
            .collect();
        let list = Expr::new(
            ExprKind::List {
                elems: values,
                array: true,
            },
            span,
        );
        let env_arg = Expr::new(ExprKind::Ref(Box::new(list)), span);
        self.ops_call("mapv_env", vec![recv, env_arg, f, f_jvp], span, out)
    }
}

/// The first nested `fn` of the function (`is_local`) that `body` calls.
fn called_local_fn(body: &syn::Expr, is_local: impl Fn(&str) -> bool) -> Option<String> {
    struct Calls<F>(F, Option<String>);
    impl<F: Fn(&str) -> bool> syn::visit::Visit<'_> for Calls<F> {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func {
                if let Some(name) = p.path.get_ident().map(|i| i.to_string()) {
                    if self.1.is_none() && (self.0)(&name) {
                        self.1 = Some(name);
                    }
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut calls = Calls(is_local, None);
    syn::visit::Visit::visit_expr(&mut calls, body);
    calls.1
}

/// Replaces `*x` by `x` in `body`.
fn deref_to_value(body: &mut syn::Expr, x: &Ident) {
    struct Deref<'x>(&'x Ident);
    impl syn::visit_mut::VisitMut for Deref<'_> {
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            if let syn::Expr::Unary(u) = e {
                if matches!(u.op, syn::UnOp::Deref(_))
                    && matches!(&*u.expr, syn::Expr::Path(p) if p.path.is_ident(self.0))
                {
                    *e = (*u.expr).clone();
                    return;
                }
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Deref(x), body);
}
