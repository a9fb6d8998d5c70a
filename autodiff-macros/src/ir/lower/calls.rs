//! Function calls: calls of functions that may be differentiable, split into their own
//! statements (`let out = callee(args)`, whose pullback is `out_pb`), float constructors and
//! rules, `Vec` functions, and the rest as opaque calls.

use super::*;
use crate::rules;

/// A call of a function that may be differentiable, with its lowered arguments.
pub(super) struct CallParts {
    pub(super) callee: syn::Path,
    pub(super) args: Vec<Expr>,
    /// `args[0].callee(args[1..])`
    pub(super) method: bool,
}

impl Lowerer {
    pub(super) fn lower_call(&mut self, c: &syn::ExprCall, out: &mut Vec<Stmt>) -> Expr {
        let span = expr_span(&syn::Expr::Call(c.clone()));
        // A call lending a buffer is a statement or a `let` of its own (`lower_lent_call`).
        if self.lends_buffer(c.args.iter()) {
            return self.unsupported(
                span,
                "a call lending a buffer (`&mut buf`) inside an expression",
                "make the call a statement of its own (`fill(x, &mut buf);`), or bind its value first (`let v = g(x, &mut buf);`) and use `v`",
            );
        }
        // `Array2::from_shape_fn(…)` inside an expression, or with another closure than the
        // index's parts: taken bound by a `let` only, so (`from_shape_fn.rs`).
        let from_shape_fn = matches!(&*c.func, syn::Expr::Path(p)
            if p.path.segments.last().is_some_and(|s| s.ident == "from_shape_fn"));
        if from_shape_fn && c.args.iter().any(|a| matches!(a, syn::Expr::Closure(_))) {
            self.error(span, super::from_shape_fn::REFUSED);
            return Expr::new(ExprKind::Bool(false), span);
        }
        // `(|| e)()`, `(move |a| a * k)(x)`: a closure called where it is written, inlined
        // as a `let`-bound one is (its captures are the names in scope here).
        let mut callee = &*c.func;
        while let syn::Expr::Paren(p) = callee {
            callee = &p.expr;
        }
        if let syn::Expr::Closure(closure) = callee {
            let closure = super::iter::closure_of(closure);
            self.refuse_early_return(&closure.body);
            let args: Vec<syn::Expr> = c.args.iter().cloned().collect();
            if let Some(inlined) = self.inline(&closure.params, &closure.body, &args) {
                return self.lower_inlined(&inlined, out);
            }
        }
        let syn::Expr::Path(p) = &*c.func else {
            return self.unsupported(
                span,
                "calling a computed function value",
                "call a named function",
            );
        };
        // (The runtime's counters of a range: integers.)
        if runtime_counter(&p.path) {
            if let Some(value) = self.primal(syn::Expr::Call(c.clone()), Kind::Int, span) {
                return value;
            }
        }
        // `<f64 as Blend>::blend(…)` (a rule's, `<T as Float>::sqrt(x)`, was made plain by
        // `unqualified`): the derived items of a trait's function are reached through the
        // type's path or a method call, not through the trait. (Without arguments, a
        // constant: `<f64 as Zero>::zero()`, which chains are desugared into; conversions,
        // `<T as NumCast>::from(n)`, are called as before.)
        let conversion = p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            name.starts_with("from") || name.starts_with("to_") || name.starts_with("as_")
        });
        if p.qself.is_some() && !c.args.is_empty() && !conversion {
            return self.unsupported(
                span,
                "a call through a qualified path (`<T as Trait>::f(…)`)",
                "call the function through its type (`Normal::ln_pdf(…)`) or as a method, with `#[differentiate]` on the trait's `impl` block",
            );
        }
        let path = &p.path;
        let last = path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        // `P(x, 2.0 * y)` of a tuple struct (or a tuple variant) holding values with
        // derivatives: the struct literal `P { 0: x, 1: 2.0 * y }` it is, not a call of a
        // function with derived items. Constructors of constants (`Axis(0)`) stay calls.
        if let Some(literal) = self.tuple_struct_literal(c, &last) {
            return self.lower_expr(&literal, out);
        }
        let mk = |kind| Expr::new(kind, span);
        if let Some(name) = path.get_ident() {
            let args: Vec<syn::Expr> = c.args.iter().cloned().collect();
            if let Some(block) = self.inline_closure(&name.to_string(), &args) {
                return self.lower_inlined(&block, out);
            }
        }
        if let Some(v) = path.get_ident().and_then(|i| self.lookup(&i.to_string())) {
            // `f(x0)` of a parameter holding a function (`f: impl Fn(f64) -> f64`, `fn(f64) ->
            // f64`): called as written, as any function without derivatives is; activity
            // analysis refuses it where an argument carries a derivative, which the macro
            // cannot carry through a function it cannot see. (A parameter is bound in every
            // generated item; a local holding a function is not.)
            if self.vars[v].scope.is_none() && self.vars[v].kind == Kind::Other {
                if let Some(call) = self.function_param_call(c, out) {
                    let tmp = self.temp("call", Kind::Float, span);
                    self.vars[tmp].mutable = false;
                    self.push_call(tmp, call, span, out);
                    return mk(ExprKind::Var(tmp));
                }
                let mut args = self.lower_in_order(&c.args, out);
                // In a test (`if f(a) < f(b)`) only the value is compared.
                if self.in_test {
                    for a in args.iter_mut() {
                        let span = a.span;
                        *a = Expr::new(ExprKind::StopGradient(Box::new(a.clone())), span);
                    }
                }
                let callee = syn::Path::from(self.vars[v].name.clone());
                return mk(ExprKind::Opaque(OpaqueCall::Function(callee, args)));
            }
            return self.unsupported(
                span,
                "calling a function value (a parameter or local holding a function)",
                "call a named `#[differentiate]` function",
            );
        }
        // `Array1::from(v)`, `Array1::from_vec(v)`, `Array::from(v)` of a float sequence: the
        // rule `ops::array1_of`, which carries the sequence's derivatives into the array.
        let n = path.segments.len();
        if n >= 2
            && matches!(last.as_str(), "from" | "from_vec")
            && matches!(
                path.segments[n - 2].ident.to_string().as_str(),
                "Array1" | "Array"
            )
            && c.args.len() == 1
        {
            let seq = match &c.args[0] {
                syn::Expr::Path(p) => p.path.get_ident().and_then(|i| self.lookup(&i.to_string())),
                _ => None,
            };
            if let Some(v) = seq.filter(|&v| self.vars[v].kind == Kind::FloatSeq) {
                let arg = Expr::new(ExprKind::Var(v), span);
                let arg = Expr::new(ExprKind::Ref(Box::new(arg)), span);
                return self.array1_of(arg, span, out);
            }
            // `Array1::from(vec![x, y * x])`: the literal, lowered where it stands.
            if matches!(&c.args[0], syn::Expr::Macro(m) if m.mac.path.is_ident("vec")) {
                let seq = self.lower_expr(&c.args[0], out);
                if self.kind_of(&seq) == Kind::FloatSeq {
                    let arg = Expr::new(ExprKind::Ref(Box::new(seq)), span);
                    return self.array1_of(arg, span, out);
                }
            }
        }
        if last == "stop_gradient" && c.args.len() == 1 {
            let inner = self.lower_expr(&c.args[0], out);
            return mk(ExprKind::StopGradient(Box::new(inner)));
        }
        // `U::from_f64(x)` into another type parameter: a plain call, which activity
        // analysis refuses where `x` carries a derivative (`U` has no derivative rule).
        if path.segments.len() >= 2 {
            let head = path.segments[0].ident.to_string();
            if self.type_params.contains(&head) && !self.is_float_type_name(&path.segments[0].ident)
            {
                let args: Vec<Expr> = self.lower_in_order(&c.args, out);
                return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
            }
        }
        if is_vec_path(path) {
            match (last.as_str(), c.args.len()) {
                ("new", 0) => return mk(ExprKind::EmptyVec(None)),
                // `Vec::from([a, b])`: the list itself; `Vec::from(xs)` of a sequence, a copy.
                ("from", 1) => match &c.args[0] {
                    syn::Expr::Array(a) => {
                        let elems = self.lower_in_order(&a.elems, out);
                        return mk(ExprKind::List {
                            elems,
                            array: false,
                        });
                    }
                    syn::Expr::Repeat(r) => {
                        let elem = Box::new(self.lower_expr(&r.expr, out));
                        let len = Box::new(self.lower_expr(&r.len, out));
                        return mk(ExprKind::Repeat {
                            elem,
                            len,
                            array: false,
                        });
                    }
                    other => {
                        let arg = self.lower_expr(other, out);
                        if self.kind_of(&arg) == Kind::FloatSeq {
                            return mk(ExprKind::Copy(Box::new(arg)));
                        }
                        return mk(ExprKind::Opaque(OpaqueCall::Function(
                            path.clone(),
                            vec![arg],
                        )));
                    }
                },
                ("with_capacity", 1) => {
                    let n = self.lower_expr(&c.args[0], out);
                    return mk(ExprKind::EmptyVec(Some(Box::new(n))));
                }
                _ => {}
            }
        }
        if let Some(method) = self.num_traits_call_as_method(c) {
            return self.lower_expr(&method, out);
        }
        if path.segments.len() == 2 && self.is_float_type_name(&path.segments[0].ident) {
            if let Some(rule) = rules::lookup(&last) {
                let args: Vec<Expr> = self.lower_float_operands(&c.args, out);
                if args.len() != rule.arity {
                    self.error(span, format!("`{last}` takes {} argument(s)", rule.arity));
                }
                return mk(ExprKind::Elementary(rule, args));
            }
            let args: Vec<Expr> = self.lower_in_order(&c.args, out);
            // `f64::from(x)` of a float is the float itself, derivative included; of a
            // constant (`2.0`, `-1.0`, `std::f64::consts::PI`, `i as f64 * FRAC_PI_2` of an
            // integer `i`), a constant.
            let literal = args.first().is_some_and(|a| {
                let mut reads = false;
                a.visit(&mut |e| {
                    reads |= matches!(e.kind, ExprKind::Var(v)
                        if !matches!(self.vars[v].kind, Kind::Int | Kind::Bool))
                });
                !reads
            });
            if last == "from"
                && args.len() == 1
                && self.kind_of(&args[0]) == Kind::Float
                && !literal
            {
                let float = self.float.clone();
                let arg = args.into_iter().next().expect("one argument");
                return mk(ExprKind::Cast(Box::new(arg), float));
            }
            // `T::from(2.0)`, `f64::from(n)`: a constant, computed as written.
            return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
        }
        let written = self.lent_alias_args(&c.args);
        let mut args: Vec<Expr> = self.lower_in_order(&written, out);
        let local_fn = path
            .get_ident()
            .is_some_and(|i| self.is_local_fn(&i.to_string()));
        if (self.in_test || self.integer_context) && !local_fn {
            // A test reads the call's value only as a `bool` (or compares it), a range bound
            // as an integer (`0..steps(x, limit)`): the call runs on primal values, and
            // nothing flows back through it.
            let args = args
                .into_iter()
                .map(|a| {
                    let span = a.span;
                    Expr::new(ExprKind::StopGradient(Box::new(a)), span)
                })
                .collect();
            return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
        }
        // `FUNCTION_HANDLE(x)` of a `const FUNCTION_HANDLE: fn(f64) -> f64 = …;`: the function
        // a constant holds cannot be seen from here.
        let constant_callee = path
            .get_ident()
            .is_some_and(|i| constant_name(&i.to_string()));
        // (Called on literals and constants, `SCALE(3.0)`, it is called as written.)
        let reads_variables = args.iter().any(|a| {
            let mut found = false;
            a.visit_vars(&mut |v| found |= self.vars[v].kind.is_float());
            found
        });
        if constant_callee && !local_fn && reads_variables {
            return self.unsupported(
                span,
                &format!("calling the function that the constant `{}` holds", quote::quote!(#path)),
                "`#[differentiate]` cannot see which function a constant holds: call that function by its name (with `#[differentiate]` on it), or take it as a parameter (`f: fn(f64) -> f64`), which the derived items take with its derivatives",
            );
        }
        if !local_fn && args.iter().any(|a| self.kind_of(a).is_float()) {
            self.lend_held_arguments(&mut args);
            let call = CallParts {
                callee: path.clone(),
                args,
                method: false,
            };
            let kind = self.call_kind(&call);
            let tmp = self.temp("call", kind, span);
            self.vars[tmp].mutable = false;
            if kind == Kind::Float {
                self.guessed.push(tmp);
            }
            self.push_call(tmp, call, span, out);
            return mk(ExprKind::Var(tmp));
        }
        let call = mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
        // A call that may change or read state of its own (an argument lent mutably, or no
        // argument at all: `rand::random()`, `Instant::now()`, a counter) runs once, where
        // the primal runs it; one of plain values is taken to be a function of them.
        let head = &path.segments[0].ident;
        let constant_path = (path.segments.len() >= 2
            && (self.is_float_type_name(head) || self.type_params.contains(&head.to_string())))
            || path
                .segments
                .last()
                .is_some_and(|s| CONSTRUCTORS.contains(&s.ident.to_string().as_str()));
        if c.args.iter().any(super::effects::lends_mutably) || (c.args.is_empty() && !constant_path)
        {
            return self.evaluated_once(call, span, out);
        }
        call
    }

    /// `f(t, y)` of a parameter holding a function of one to four floats (`f: fn(f64, f64)
    /// -> f64`, `F: Fn(f64) -> f64`), on floats, outside a test: a differentiated call,
    /// which activity analysis decides. Where an argument carries a derivative, the derived
    /// items take a function value with its derivatives in the parameter's place
    /// (`autodiff::function_value`); where none does, the function as written.
    fn function_param_call(&mut self, c: &syn::ExprCall, out: &mut Vec<Stmt>) -> Option<CallParts> {
        if self.in_test || !(1..=4).contains(&c.args.len()) {
            return None;
        }
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        let v = self.lookup(&p.path.get_ident()?.to_string())?;
        if self.vars[v].scope.is_some() || self.vars[v].kind != Kind::Other {
            return None;
        }
        // Only plain floats (`f(x[i])`, `f(t + h)`): a sequence or a struct has no slot in
        // a `FunctionN`.
        let floats = c.args.iter().all(|a| !matches!(a, syn::Expr::Reference(_)));
        if !floats {
            return None;
        }
        let (mut pre, errors) = (vec![], self.errors.len());
        let args = self.lower_in_order(&c.args, &mut pre);
        if !args.iter().all(|a| self.kind_of(a) == Kind::Float) {
            // Lowered again as the call it is: its messages once.
            self.errors.truncate(errors);
            return None;
        }
        out.extend(pre);
        Some(CallParts {
            callee: syn::Path::from(self.vars[v].name.clone()),
            args,
            method: false,
        })
    }

    fn is_float_type_name(&self, ident: &Ident) -> bool {
        let float = &self.float;
        ident == "f64"
            || ident == "f32"
            || ident == "Float"
            || *ident == quote::quote!(#float).to_string()
    }

    /// If `e` is a call that may need a derivative, lowers its arguments and returns it.
    pub(super) fn split_call(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> Option<CallParts> {
        // In a test (a `let` of a closure inlined into an `if` condition), every call runs on
        // primal values, as `lower_call` has it: none is split.
        if self.in_test {
            return None;
        }
        if let syn::Expr::MethodCall(m) = e {
            return self.split_method(m, out);
        }
        let syn::Expr::Call(c) = e else { return None };
        // (`num_traits::clamp(x, …)` is the float's method: `lower_call` reads it so.)
        if self.num_traits_call_as_method(c).is_some() {
            return None;
        }
        if let Some(call) = self.function_param_call(c, out) {
            return Some(call);
        }
        if let Some(plain) = unqualified(c) {
            return self.split_call(&syn::Expr::Call(plain), out);
        }
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        if runtime_counter(&p.path) {
            return None;
        }
        let last = p.path.segments.last()?.ident.to_string();
        let float_static =
            p.path.segments.len() == 2 && self.is_float_type_name(&p.path.segments[0].ident);
        let is_vec = is_vec_path(&p.path);
        let is_local = p.path.get_ident().is_some_and(|i| {
            let name = i.to_string();
            self.lookup(&name).is_some()
                || self.closures.iter().any(|(n, _)| *n == name)
                || self.is_local_fn(&name)
        });
        // `Array1::from(v)`: a conversion, lowered as the rule `ops::array1_of`.
        let n = p.path.segments.len();
        let array_from = n >= 2
            && matches!(last.as_str(), "from" | "from_vec")
            && matches!(
                p.path.segments[n - 2].ident.to_string().as_str(),
                "Array1" | "Array"
            );
        // A tuple struct built of values with derivatives is a literal (`lower_call`).
        let literal = self.tuple_struct_literal(c, &last).is_some()
            || super::literals::array_literal(e, &self.float).is_some();
        // (A constant holding a function: `lower_call` says it cannot be seen.)
        let constant = p.path.get_ident().is_some() && constant_name(&last);
        if last == "stop_gradient"
            || float_static
            || is_vec
            || is_local
            || array_from
            || literal
            || constant
        {
            return None;
        }
        let mut pre = vec![];
        let written = self.lent_alias_args(&c.args);
        let mut args: Vec<Expr> = self.lower_in_order(&written, &mut pre);
        self.lend_held_arguments(&mut args);
        if !args.iter().any(|a| self.kind_of(a).is_float()) {
            return None;
        }
        out.extend(pre);
        Some(CallParts {
            callee: p.path.clone(),
            args,
            method: false,
        })
    }

    /// Arguments the derived items hold otherwise than the primal, passed on as written:
    /// an output buffer (`norm2(y)` with `y: &mut [f64]`), whose contents the derived items
    /// hold in a local `Vec`, a view bound by a `let` (`let r = a.row(i); norm(r)`), an owned
    /// array there, and a local choosing between slice parameters, which the pullback holds
    /// as its own copy; each is lent, as the callee's derived items take it.
    pub(super) fn lend_held_arguments(&self, args: &mut [Expr]) {
        // (And a local holding a reference to a parameter's values, `let w = if c { x } else
        // { y };`, which the pullback holds as its own copy.)
        let reference = |v: VarId| {
            self.vars[v].kind == Kind::FloatSeq
                && self.vars[v].scope.is_some()
                && matches!(self.vars[v].ty, Some(Type::Reference(_)))
        };
        let held = |v: VarId| {
            self.outputs.iter().any(|o| o.local == v) || self.views.contains(&v) || reference(v)
        };
        for a in args {
            if matches!(a.kind, ExprKind::Var(v) if held(v)) {
                let span = a.span;
                *a = Expr::new(ExprKind::Ref(Box::new(a.clone())), span);
            }
        }
    }

    /// A call's arguments with each name bound to a borrow of a sequence (`let m = &minor;`)
    /// written as the borrow it is (`&minor`): the name reads as the sequence itself.
    pub(super) fn lent_alias_args<'a>(
        &self,
        args: impl IntoIterator<Item = &'a syn::Expr>,
    ) -> Vec<syn::Expr> {
        args.into_iter()
            .map(|a| match a {
                syn::Expr::Path(p) if p.qself.is_none() => {
                    let alias = p.path.get_ident().and_then(|i| {
                        let name = i.to_string();
                        let v = self.lookup(&name)?;
                        (self.borrow_aliases.get(&name) == Some(&v)).then_some(i)
                    });
                    match alias {
                        Some(i) => syn::parse_quote!(&#i),
                        None => a.clone(),
                    }
                }
                _ => a.clone(),
            })
            .collect()
    }

    /// `let out = callee(args)` as a split call; its pullback is `out_pb`.
    pub(super) fn push_call(
        &mut self,
        out_var: VarId,
        call: CallParts,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let name = crate::ir::ident(&format!("{}_pb", self.vars[out_var].stem), span);
        let scope = self.vars[out_var].scope;
        let pullback = self.vars.len();
        let stem = name.clone();
        self.vars.push(Var {
            name,
            stem,
            kind: Kind::Pullback,
            scope,
            mutable: false,
            ty: None,
            element: false,
        });
        let kind = StmtKind::Call {
            out: out_var,
            pullback,
            callee: call.callee,
            args: call.args,
            method: call.method,
            unwrapped: None,
        };
        out.push(Stmt::new(kind, span));
    }
}

/// `<f64>::sin(y)` and `<f64 as Float>::sin(y)` as `f64::sin(y)`: a float function with a
/// derivative rule, of a type named by one identifier, called through a qualified path.
/// (Other qualified calls stay as written: `<f64 as Zero>::zero()` needs its trait.)
/// Whether `name` is written as a constant or a static is (`FUNCTION_HANDLE`: upper case
/// with an underscore), which no type or function is.
fn constant_name(name: &str) -> bool {
    name.contains('_')
        && name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

pub(super) fn unqualified(c: &syn::ExprCall) -> Option<syn::ExprCall> {
    let syn::Expr::Path(p) = &*c.func else {
        return None;
    };
    let qself = p.qself.as_ref()?;
    let syn::Type::Path(ty) = &*qself.ty else {
        return None;
    };
    let ty = ty.path.get_ident().filter(|_| ty.qself.is_none())?;
    let name = &p.path.segments.last()?.ident;
    if p.path.segments.len() != qself.position + 1 || rules::lookup(&name.to_string()).is_none() {
        return None;
    }
    let mut plain = c.clone();
    *plain.func = syn::parse_quote!(#ty::#name);
    Some(plain)
}

/// `Vec::f`, `std::vec::Vec::f`, `::std::vec::Vec::f`.
fn is_vec_path(path: &syn::Path) -> bool {
    let n = path.segments.len();
    n >= 2 && path.segments[n - 2].ident == "Vec"
}

/// Functions without arguments that make a value afresh each time (`Vec::new()`,
/// `Default::default()`, `Zero::zero()`, `f64::epsilon()`): nothing to run only once.
const CONSTRUCTORS: &[&str] = &[
    "new",
    "default",
    "zero",
    "one",
    "epsilon",
    "infinity",
    "neg_infinity",
    "nan",
    "max_value",
    "min_value",
    "min_positive_value",
    "neg_zero",
];

impl Lowerer {
    /// `Name(a, b)` as `Name { 0: a, 1: b }` where `Name` is written as a type is (its first
    /// letter upper-case, not `Some`, `Ok`, `Err` or `Box`) and an argument reads a float
    /// variable, a sequence, an array or a struct; not in a function whose own name is not
    /// snake case, whose author writes functions so (`LommelReduced(m, 1.5, b)`).
    fn tuple_struct_literal(&self, c: &syn::ExprCall, last: &str) -> Option<syn::Expr> {
        let upper = last.chars().next().is_some_and(char::is_uppercase)
            || self.struct_names.iter().any(|n| n == last);
        if !upper
            || constant_name(last)
            || matches!(last, "Some" | "Ok" | "Err" | "Box")
            || c.args.is_empty()
            || self.camel_case_fns
        {
            return None;
        }
        fn any_ident(
            ts: proc_macro2::TokenStream,
            f: &dyn Fn(&proc_macro2::Ident) -> bool,
        ) -> bool {
            ts.into_iter().any(|t| match t {
                proc_macro2::TokenTree::Ident(i) => f(&i),
                proc_macro2::TokenTree::Group(g) => any_ident(g.stream(), f),
                _ => false,
            })
        }
        let carries = |a: &syn::Expr| {
            any_ident(quote::ToTokens::to_token_stream(a), &|i| {
                self.lookup(&i.to_string()).is_some_and(|v| {
                    matches!(
                        self.vars[v].kind,
                        Kind::Float | Kind::FloatSeq | Kind::Array | Kind::Struct
                    )
                })
            })
        };
        if !c.args.iter().any(carries) {
            return None;
        }
        let path = &c.func;
        let fields = c.args.iter().enumerate().map(|(k, a)| {
            let member = syn::Member::Unnamed(syn::Index::from(k));
            quote::quote!(#member: #a)
        });
        Some(syn::parse_quote!(#path { #(#fields),* }))
    }
}

/// The runtime's counters of a range that chains are desugared with
/// (`::autodiff::__private::range_len`, `range_item`): integers, whatever the names their
/// bounds read were taken for.
fn runtime_counter(path: &syn::Path) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    matches!(
        segments[..],
        ["autodiff", "__private", "range_len" | "range_item"]
    )
}
