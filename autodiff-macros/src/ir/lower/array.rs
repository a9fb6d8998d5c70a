//! Arrays: arithmetic on `ndarray` arrays and the array methods users write daily become
//! calls of the runtime's closed-form rules (`autodiff::ops`), which then go through the
//! ordinary split-call machinery: `&a + &b` is `ops::add(&a, &b)`, `a.dot(&b)` is
//! `ops::matmul(&a, &b)`. The rules broadcast, and sum a broadcast operand's cotangent
//! over the broadcast axes.

use super::calls::CallParts;
use super::Lowerer;
use crate::ir::*;

/// Rules of `autodiff::ops` that return an array; the others return a float.
const ARRAY_RESULTS: &[&str] = &[
    "matmul",
    "product",
    "matvec",
    "row",
    "column",
    "mapv_with",
    "mapv_env",
    "transpose",
    "add",
    "sub",
    "mul",
    "div",
    "exp",
    "ln",
    "tanh",
    "sigmoid",
    "relu",
    "gelu",
    "softmax",
    "log_softmax",
    "logsumexp",
    "layer_norm",
    "rms_norm",
    "attention",
    "sum_rows",
    "sum_cols",
    "sum_axis",
    "mean_axis",
    "slice",
    "embedding",
];

/// Array methods that read only the shape.
pub const SHAPE_METHODS: &[&str] = &[
    "len", "nrows", "ncols", "dim", "shape", "raw_dim", "is_empty", "ndim",
];

/// Elementwise float functions `a.mapv(f64::f)` dispatches to.
const MAPV: &[&str] = &["exp", "ln", "tanh"];

impl Lowerer {
    /// The kind of a call's result: arrays for the array rules called through a path
    /// naming `ops`, else a float (a `let` with a type overrides this, and a result only
    /// passed on is settled by `guess.rs`).
    pub(super) fn call_kind(&self, call: &CallParts) -> Kind {
        let last = call
            .callee
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let is_ops = call.callee.segments.iter().any(|s| s.ident == "ops");
        if is_ops && ARRAY_RESULTS.contains(&last.as_str()) {
            Kind::Array
        } else if is_ops && last == "rows_of" {
            // Rows (`Vec<Vec<F>>`): a differentiable value handled whole.
            Kind::Struct
        } else {
            Kind::Float
        }
    }

    /// `a op b` with an array operand: a call of the broadcasting rule.
    pub(super) fn array_arith(
        &mut self,
        op: ArithOp,
        l: Expr,
        r: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let name = match op {
            ArithOp::Add => "add",
            ArithOp::Sub => "sub",
            ArithOp::Mul => "mul",
            ArithOp::Div => "div",
            ArithOp::Rem => {
                return self.unsupported(
                    span,
                    "`%` on arrays",
                    "compute the remainder elementwise in a loop",
                )
            }
        };
        let (l, r) = (self.by_ref(l), self.by_ref(r));
        self.ops_call(name, vec![l, r], span, out)
    }

    /// `a.dot(&b)`, `a.t()`, `a.sum()`, `a.mean()`, `a.mapv(f64::tanh)` on an array.
    pub(super) fn array_method(
        &mut self,
        recv: Expr,
        name: &str,
        args: Vec<Expr>,
        fn_arg: Option<&syn::Expr>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let recv = self.by_ref(recv);
        Some(match (name, args.len()) {
            // By the operands' written ranks: vector · vector is a float, matrix · vector a
            // vector, matrix · matrix a matrix; where a rank is not written (a field, a
            // call's result), `ops::product`, whose rule rustc picks by the types (its
            // result taken for an array).
            ("dot", 1) => {
                let b = args.into_iter().next().expect("one argument");
                let b = self.by_ref(b);
                let rule = match (self.rank(&recv), self.rank(&b)) {
                    (Some(1), Some(1)) => "dot",
                    (Some(2), Some(1)) => "matvec",
                    (Some(2), Some(2)) => "matmul",
                    _ => "product",
                };
                let product = self.ops_call(rule, vec![recv, b], span, out);
                if let ExprKind::Var(t) = product.kind {
                    let float = &self.float;
                    self.vars[t].ty = match rule {
                        "matvec" => Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>)),
                        "matmul" => Some(syn::parse_quote!(::autodiff::ndarray::Array2<#float>)),
                        _ => None,
                    };
                }
                product
            }
            // A line of a matrix, copied out (`ops::row`, `ops::column`).
            ("row" | "column", 1) if self.rank(&recv) != Some(1) => {
                let index = args.into_iter().next().expect("one argument");
                let line = self.ops_call(name, vec![recv, index], span, out);
                if let ExprKind::Var(t) = line.kind {
                    let float = &self.float;
                    self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>));
                }
                line
            }
            // `a.sum_axis(Axis(0))` of a matrix: the column sums (`ops::sum_rows`); `Axis(1)`
            // the row sums.
            // `a.slice(s![1.., 0])` of literals: the part, copied (`ops::slice`).
            ("slice", 1) => {
                let info = args.into_iter().next().expect("one argument");
                if !matches!(info.kind, ExprKind::Closed(_)) {
                    return None;
                }
                self.ops_call("slice", vec![recv, info], span, out)
            }
            // Where the rank is not a written 2 (a 3-D array, a call's result): the rules
            // over any number of dimensions, `ops::sum_axis` and `ops::mean_axis`.
            ("sum_axis" | "mean_axis", 1)
                if !matches!(self.rank(&recv), Some(1 | 2))
                    && fn_arg.and_then(axis_number).is_some() =>
            {
                let axis = fn_arg.and_then(axis_number).expect("checked");
                let axis = Expr::new(ExprKind::Int(syn::LitInt::new(&axis.to_string(), span)), span);
                self.ops_call(name, vec![recv, axis], span, out)
            }
            ("sum_axis", 1) if self.rank(&recv) != Some(1) => {
                let rule = match fn_arg.and_then(axis_number) {
                    Some(0) => "sum_rows",
                    Some(1) => "sum_cols",
                    _ => return Some(self.unsupported(span, "`sum_axis` here", "sum a matrix over `Axis(0)` or `Axis(1)`, written as a literal")),
                };
                let sums = self.ops_call(rule, vec![recv], span, out);
                if let ExprKind::Var(t) = sums.kind {
                    let float = &self.float;
                    self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>));
                }
                sums
            }
            // `a.mean_axis(Axis(k))` of a matrix (its `Option` unwrapped by the caller's
            // `unwrap`): the sums over that axis over their count.
            ("mean_axis", 1) if self.rank(&recv) != Some(1) => {
                let (rule, count) = match fn_arg.and_then(axis_number) {
                    Some(0) => ("sum_rows", "nrows"),
                    Some(1) => ("sum_cols", "ncols"),
                    _ => return Some(self.unsupported(span, "`mean_axis` here", "average a matrix over `Axis(0)` or `Axis(1)`, written as a literal")),
                };
                let length = OpaqueCall::Method(
                    Box::new(recv.clone()),
                    Ident::new(count, span),
                    None,
                    vec![],
                );
                let length = Expr::new(ExprKind::Opaque(length), span);
                let count = Expr::new(ExprKind::Cast(Box::new(length), self.float.clone()), span);
                let sums = self.ops_call(rule, vec![recv], span, out);
                let means = self.array_arith(ArithOp::Div, sums, count, span, out);
                if let ExprKind::Var(t) = means.kind {
                    let float = &self.float;
                    self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>));
                }
                means
            }
            ("t", 0) => self.ops_call("transpose", vec![recv], span, out),
            ("sum", 0) => self.ops_call("sum", vec![recv], span, out),
            ("mean", 0) => self.ops_call("mean", vec![recv], span, out),
            ("mapv", 1) if fn_arg.and_then(mapv_function).is_some() => {
                let f = fn_arg.and_then(mapv_function).expect("checked");
                self.ops_call(f, vec![recv], span, out)
            }
            ("mapv" | "mapv_into" | "map", 1) => match fn_arg {
                Some(syn::Expr::Closure(c)) => self.elementwise(recv, c, name == "map", span, out),
                _ => self.unsupported(span, &format!("`{name}` with this function"), "pass a closure (`|x| x * x`), one of `f64::exp`, `f64::ln`, `f64::tanh`, or call `ops::sigmoid`, `ops::relu`, `ops::gelu`"),
            },
            _ => return None,
        })
    }

    /// `a.mapv(|x| body)` (also `mapv_into`, and `map`, whose closure takes `&x`): the body
    /// is scalar code, made a `#[differentiate]` function of the body's items
    /// (`fn elementwise(x: f64) -> f64 { body }`), and the array goes through
    /// `ops::mapv_with(&a, elementwise, elementwise_jvp)`. Float locals the closure reads
    /// are passed in as its captures (`fn elementwise(x: f64, captured: &[f64])`, mapped by
    /// `ops::mapv_env(&a, &[mean, …], …)`, which differentiates them too); other locals are
    /// refused.
    fn elementwise(
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

    fn ops_call(&mut self, name: &str, args: Vec<Expr>, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let ident = Ident::new(name, span);
        let callee: syn::Path = syn::parse_quote!(::autodiff::ops::#ident);
        let call = CallParts {
            callee,
            args,
            method: false,
        };
        let kind = self.call_kind(&call);
        let tmp = self.temp(name, kind, span);
        self.vars[tmp].mutable = false;
        self.push_call(tmp, call, span, out);
        Expr::new(ExprKind::Var(tmp), span)
    }
}

impl Lowerer {
    /// Whether a `Zip` names an array of two or more dimensions among its producers
    /// (`Zip::from(&a)` with `a: &Array2<f64>`), whose elements the zipped iterators of
    /// `zip_as_chain` cannot index.
    pub(super) fn zips_matrices(&self, m: &syn::ExprMethodCall) -> bool {
        zip_producers(m).unwrap_or_default().into_iter().any(|p| {
            let p = match p {
                syn::Expr::Reference(r) => &*r.expr,
                other => other,
            };
            let syn::Expr::Path(path) = p else {
                return false;
            };
            path.path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| {
                    let e = Expr::new(ExprKind::Var(v), Span::call_site());
                    self.rank(&e).is_some_and(|r| r >= 2)
                })
        })
    }

    /// The number of axes of an array variable's written type (`Array1<F>`, `&ArrayView2<F>`,
    /// `Array<F, Ix1>`), if it says.
    fn rank(&self, e: &Expr) -> Option<usize> {
        let v = match &e.kind {
            ExprKind::Var(v) => *v,
            ExprKind::Ref(inner) => match inner.kind {
                ExprKind::Var(v) => v,
                _ => return None,
            },
            _ => return None,
        };
        let ty = self.vars[v].ty.as_ref()?;
        let mut ty = ty;
        while let syn::Type::Reference(r) = ty {
            ty = &r.elem;
        }
        let syn::Type::Path(p) = ty else { return None };
        let last = p.path.segments.last()?;
        let name = last.ident.to_string();
        if let Some(digit) = name
            .strip_prefix("ArrayView")
            .or_else(|| name.strip_prefix("Array"))
            .filter(|d| d.len() == 1)
        {
            return digit.parse().ok();
        }
        // `Array<F, Ix1>`, `Array<F, Dim<[usize; 1]>>`.
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        let dim = args.args.iter().nth(1)?;
        let dim = quote::quote!(#dim).to_string().replace(' ', "");
        match dim.as_str() {
            "Ix1" | "Dim<[usize;1]>" => Some(1),
            "Ix2" | "Dim<[usize;2]>" => Some(2),
            _ => None,
        }
    }

    /// Rules take their array arguments by reference; a reference parameter already is one.
    pub(super) fn by_ref(&self, e: Expr) -> Expr {
        let is_reference = |v: VarId| matches!(self.vars[v].ty, Some(syn::Type::Reference(_)));
        match e.kind {
            ExprKind::Ref(_) => e,
            ExprKind::Var(v) if is_reference(v) => e,
            _ => {
                let span = e.span;
                Expr::new(ExprKind::Ref(Box::new(e)), span)
            }
        }
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

/// `a.mean_axis(Axis(k)).unwrap_or_else(|| d)` (or `unwrap_or(d)`): `mean_axis` has no value
/// only where the axis is empty, so this is `if a.shape()[k] == 0 { d } else { the means }`,
/// the means computed whole by `array_method`.
pub(super) fn mean_axis_or(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    let default = match (m.method.to_string().as_str(), m.args.first()) {
        ("unwrap_or", Some(d)) if m.args.len() == 1 => d.clone(),
        ("unwrap_or_else", Some(syn::Expr::Closure(c))) if c.inputs.is_empty() => (*c.body).clone(),
        _ => return None,
    };
    let syn::Expr::MethodCall(inner) = &*m.receiver else {
        return None;
    };
    if inner.method != "mean_axis" || inner.args.len() != 1 {
        return None;
    }
    let axis = axis_number(&inner.args[0])?;
    let array = &inner.receiver;
    Some(syn::parse_quote!(if #array.shape()[#axis] == 0 { #default } else { #inner.unwrap() }))
}

/// `Zip::from(&a).and(&b).fold(init, |acc, x, y| …)` (or `.for_each(|x, y| …)`, with `&mut`
/// producers too): the elements of equally shaped arrays in step, which is the iterator
/// chain `a.iter().zip(b.iter()).fold(init, |acc, (x, y)| …)` (`iter_mut` for `&mut a`),
/// with the closure's parameters nested as the zips nest them.
pub(super) fn zip_as_chain(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    let consumer = m.method.to_string();
    let (leading, closure) = match (consumer.as_str(), m.args.len()) {
        ("fold", 2) => (1, &m.args[1]),
        ("for_each", 1) => (0, &m.args[0]),
        _ => return None,
    };
    let syn::Expr::Closure(closure) = closure else {
        return None;
    };
    let producers = zip_producers(m)?;
    if closure.inputs.len() != leading + producers.len() {
        return None;
    }
    // A receiver in parentheses only where it needs them: chains start at a name.
    let receiver = |e: &syn::Expr| match e {
        syn::Expr::Path(_) | syn::Expr::Field(_) => quote::quote!(#e),
        _ => quote::quote!((#e)),
    };
    let span = m.method.span();
    let iters: Vec<syn::Expr> = producers
        .iter()
        .map(|p| match p {
            syn::Expr::Reference(r) if r.mutability.is_some() => {
                let e = receiver(&r.expr);
                Some(syn::parse_quote_spanned!(span=> #e.iter_mut()))
            }
            syn::Expr::Reference(r) => {
                let e = receiver(&r.expr);
                Some(syn::parse_quote_spanned!(span=> #e.iter()))
            }
            // A name holding a reference to an array (`b: &Array1<f64>`).
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                Some(syn::parse_quote_spanned!(span=> #p.iter()))
            }
            _ => None,
        })
        .collect::<Option<_>>()?;
    let mut chain = iters[0].clone();
    for it in &iters[1..] {
        chain = syn::parse_quote_spanned!(span=> #chain.zip(#it));
    }
    let params: Vec<&syn::Pat> = closure.inputs.iter().collect();
    let mut element: syn::Pat = params[leading].clone();
    for p in &params[leading + 1..] {
        element = syn::parse_quote!((#element, #p));
    }
    let body = &closure.body;
    Some(if leading == 1 {
        let (acc, init) = (params[0], &m.args[0]);
        syn::parse_quote_spanned!(span=> #chain.fold(#init, |#acc, #element| #body))
    } else {
        syn::parse_quote_spanned!(span=> #chain.for_each(|#element| #body))
    })
}

/// The producers of `Zip::from(p0).and(p1)…` (the receiver of `m`), in order; `None` where
/// the receiver is no such chain.
fn zip_producers(m: &syn::ExprMethodCall) -> Option<Vec<&syn::Expr>> {
    let mut producers = vec![];
    let mut at = &*m.receiver;
    loop {
        match at {
            syn::Expr::MethodCall(c) if c.method == "and" && c.args.len() == 1 => {
                producers.push(&c.args[0]);
                at = &c.receiver;
            }
            syn::Expr::Call(c) if c.args.len() == 1 => {
                let syn::Expr::Path(p) = &*c.func else {
                    return None;
                };
                let n = p.path.segments.len();
                if n < 2
                    || p.path.segments[n - 1].ident != "from"
                    || p.path.segments[n - 2].ident != "Zip"
                {
                    return None;
                }
                producers.push(&c.args[0]);
                break;
            }
            _ => return None,
        }
    }
    producers.reverse();
    Some(producers)
}

/// `Axis(k)` (any path to `Axis`) with a literal `k`.
fn axis_number(e: &syn::Expr) -> Option<usize> {
    let syn::Expr::Call(c) = e else { return None };
    let syn::Expr::Path(p) = &*c.func else {
        return None;
    };
    if p.path.segments.last()?.ident != "Axis" || c.args.len() != 1 {
        return None;
    }
    match &c.args[0] {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        _ => None,
    }
}

/// `f64::tanh` (or `T::tanh`, `f32::exp`): the rule of that elementwise function.
fn mapv_function(e: &syn::Expr) -> Option<&'static str> {
    let syn::Expr::Path(p) = e else { return None };
    let last = p.path.segments.last()?.ident.to_string();
    MAPV.iter().copied().find(|f| *f == last)
}

/// `arr2(&[[a, b], [c, d]])`, `arr1(&[a, b])` and `array![[a, b], [c, d]]`, `array![a, b]`
/// (any path to them): an array of written entries, which may carry derivatives, as the
/// zero array filled entry by entry that it is:
/// `{ let mut m = Array2::<F>::zeros((2, 2)); m[[0, 0]] = a; …; m }`.
pub(super) fn array_literal(e: &syn::Expr, float: &Type) -> Option<syn::Expr> {
    let rows: Vec<syn::Expr> = match e {
        syn::Expr::Call(c) if c.args.len() == 1 => {
            let syn::Expr::Path(p) = &*c.func else {
                return None;
            };
            let last = p.path.segments.last()?.ident.to_string();
            if !matches!(last.as_str(), "arr1" | "arr2") {
                return None;
            }
            let mut arg = &c.args[0];
            if let syn::Expr::Reference(r) = arg {
                arg = &r.expr;
            }
            let syn::Expr::Array(a) = arg else {
                return None;
            };
            let rows: Vec<syn::Expr> = a.elems.iter().cloned().collect();
            // `arr2` of rows, `arr1` of entries.
            let nested = rows.iter().all(|r| matches!(r, syn::Expr::Array(_)));
            if (last == "arr2") != nested {
                return None;
            }
            rows
        }
        syn::Expr::Macro(m) if m.mac.path.segments.last()?.ident == "array" => {
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            syn::parse::Parser::parse2(parser, m.mac.tokens.clone())
                .ok()?
                .into_iter()
                .collect()
        }
        _ => return None,
    };
    let array = quote::format_ident!("__literal");
    let matrix = rows.iter().all(|r| matches!(r, syn::Expr::Array(_)));
    let mut writes: Vec<syn::Stmt> = vec![];
    let (shape, ty): (syn::Expr, Type) = if matrix {
        let mut width = None;
        for (i, row) in rows.iter().enumerate() {
            let syn::Expr::Array(row) = row else {
                unreachable!("checked")
            };
            if *width.get_or_insert(row.elems.len()) != row.elems.len() {
                return None;
            }
            for (j, x) in row.elems.iter().enumerate() {
                writes.push(syn::parse_quote!(#array[[#i, #j]] = #x;));
            }
        }
        let (r, c) = (rows.len(), width.unwrap_or(0));
        (
            syn::parse_quote!((#r, #c)),
            syn::parse_quote!(::autodiff::ndarray::Array2<#float>),
        )
    } else {
        if rows.iter().any(|r| matches!(r, syn::Expr::Array(_))) {
            return None;
        }
        for (i, x) in rows.iter().enumerate() {
            writes.push(syn::parse_quote!(#array[#i] = #x;));
        }
        let n = rows.len();
        (
            syn::parse_quote!(#n),
            syn::parse_quote!(::autodiff::ndarray::Array1<#float>),
        )
    };
    Some(syn::parse_quote!({
        let mut #array: #ty = ::autodiff::ndarray::ArrayBase::zeros(#shape);
        #(#writes)*
        #array
    }))
}
