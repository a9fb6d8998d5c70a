//! Method calls: the sequence, array and float methods the IR reads as syntax or as rules,
//! iterator chains, struct methods, and the rest as opaque calls.

use super::sequence_reads::range_contains;
use super::*;
use crate::rules;

impl Lowerer {
    /// The guessed call results that are operands of the arithmetic `e` (`&y * &y`, `(&a -
    /// &b)`), settled as arrays.
    fn settle_guessed_operands(&mut self, e: &syn::Expr) {
        let syn::Expr::Binary(b) = super::fields::peel_parens(e) else {
            return;
        };
        if !matches!(
            b.op,
            syn::BinOp::Add(_) | syn::BinOp::Sub(_) | syn::BinOp::Mul(_) | syn::BinOp::Div(_)
        ) {
            return;
        }
        for side in [&b.left, &b.right] {
            let side = match super::fields::peel_parens(side) {
                syn::Expr::Reference(r) => &*r.expr,
                other => other,
            };
            match side {
                syn::Expr::Binary(_) | syn::Expr::Paren(_) => self.settle_guessed_operands(side),
                syn::Expr::Path(p) => {
                    let Some(v) = p.path.get_ident().and_then(|i| self.lookup(&i.to_string()))
                    else {
                        continue;
                    };
                    if self.guessed.contains(&v) && self.vars[v].kind == Kind::Float {
                        self.vars[v].kind = Kind::Array;
                        self.guessed.retain(|&g| g != v);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Lowerer {
    /// `v.map(|x| x.sqrt())` of a vector value (nalgebra's `map`, `zip_map`, `apply`): not
    /// read as syntax yet, refused with the macro's message. True where refused.
    pub(super) fn refuse_closure_map(&mut self, recv_kind: Kind, m: &syn::ExprMethodCall) -> bool {
        let name = m.method.to_string();
        let refused = recv_kind == Kind::Struct
            && matches!(
                name.as_str(),
                "map" | "zip_map" | "apply" | "map_with_location"
            )
            && m.args.iter().any(|a| matches!(a, syn::Expr::Closure(_)));
        if refused {
            self.unsupported(
                m.method.span(),
                &format!("`{name}` with a closure on a vector or matrix value"),
                "build the result from its entries (`Vector3::new(v.x.sqrt(), v.y.sqrt(), v.z.sqrt())`), or keep the values in an `ndarray` array, whose `mapv(|x| …)` is differentiated",
            );
        }
        refused
    }

    pub(super) fn lower_method(&mut self, m: &syn::ExprMethodCall, out: &mut Vec<Stmt>) -> Expr {
        self.methods_lowered += 1;
        self.methods_around
            .push(chain_message::Around::of(m, self.methods_lowered));
        let lowered = self.lower_method_here(m, out);
        self.methods_around.pop();
        lowered
    }

    fn lower_method_here(&mut self, m: &syn::ExprMethodCall, out: &mut Vec<Stmt>) -> Expr {
        let span = m.method.span();
        let name = m.method.to_string();
        // `t.sin_cos()`: the pair `(t.sin(), t.cos())`, the angle computed once.
        if name == "sin_cos" && m.args.is_empty() {
            let (recv, angle) = (&m.receiver, self.synthetic_ident("angle"));
            return self.lower_expr(
                &syn::parse_quote!({ let #angle = #recv; (#angle.sin(), #angle.cos()) }),
                out,
            );
        }
        // `x[a..b].to_vec()`: the copy a part passed on (`f(&x[a..b])`) is made into.
        if matches!(name.as_str(), "to_vec" | "to_owned") && m.args.is_empty() {
            if let Some(copy) = self.float_sub_slice(&m.receiver) {
                return self.lower_expr(&copy, out);
            }
        }
        if let Some(operator) = self.operator_in_method_form(m) {
            return self.lower_expr(&operator, out);
        }
        if let Some(len) = self.row_len(m) {
            return self.lower_expr(&len, out);
        }
        if let Some(search) = self.any_or_all(m) {
            return self.lower_expr(&search, out);
        }
        if let Some(search) = self.count_or_position(m) {
            return self.lower_expr(&search, out);
        }
        if let Some(search) = self.index_search(m) {
            return search;
        }
        if let Some(test) = range_contains(m) {
            return self.lower_test(&test, out);
        }
        if let Some(matrix) = self.matrix_from_shape_vec(m, out) {
            return matrix;
        }
        if let Some(chosen) = super::array::mean_axis_or(m) {
            return self.lower_expr(&chosen, out);
        }
        if name == "map_axis" {
            let names =
                ["lanes_len", "lanes", "lane_index", "lane"].map(|b| self.synthetic_ident(b));
            let float = self.float.clone();
            if let Some(lanes) = super::array::map_axis_as_loop(m, names, &float) {
                return self.lower_expr(&lanes, out);
            }
        }
        if let Some(chain) = super::ndarray_zip::zip_as_chain(m) {
            if self.zips_matrices(m) {
                return self.unsupported(
                    span,
                    "`Zip` over an array of two or more dimensions",
                    "zip one-dimensional arrays, or write the loops over `a[[i, j]]`",
                );
            }
            return self.lower_expr(&chain, out);
        }
        // `a.fold(init, |acc, x| …)` of an `ndarray` array folds its elements in order, as
        // `a.iter().fold(…)` does.
        if name == "fold" && m.args.len() == 2 && self.names_array(&m.receiver) {
            let (recv, args) = (&m.receiver, &m.args);
            return self.lower_expr(&syn::parse_quote!(#recv.iter().fold(#args)), out);
        }
        // `(&y * &y).sum()` of call results whose type the body never states: arithmetic
        // whose value has a method only an `ndarray` array has, so its operands are arrays.
        if matches!(
            name.as_str(),
            "sum" | "mean" | "dot" | "t" | "mapv" | "sum_axis" | "mean_axis"
        ) && m.args.len() <= 1
        {
            self.settle_guessed_operands(&m.receiver);
        }
        // An iterator chain ending in a consumer is rewritten before its receiver, which
        // is no value on its own, would be lowered.
        if matches!(
            name.as_str(),
            "sum" | "product" | "fold" | "collect" | "unwrap" | "expect" | "for_each"
        ) {
            if let Some(receiver) = self.rows_as_sub_slices(&m.receiver) {
                let mut m = m.clone();
                *m.receiver = receiver;
                return self.lower_method(&m, out);
            }
        }
        if matches!(
            name.as_str(),
            "sum" | "product" | "fold" | "collect" | "unwrap" | "expect"
        ) {
            if let Some(block) = self.desugar_consumer(m) {
                return self.lower_expr(&block, out);
            }
        }
        if let Some(rewritten) = self.sequence_end(m) {
            return self.lower_expr(&rewritten, out);
        }
        let recv = self.lower_expr(&m.receiver, out);
        // A float method's receiver, read once where it is a method of a constant
        // (`t.tick().sin()`), before the arguments (`t.tick().max(x * t.tick())`).
        let recv = if rules::lookup(&name).is_some() {
            self.opaque_operand_once(recv, out)
        } else {
            recv
        };
        // A call's result whose method is none of a float's, a sequence's or an array's
        // (`b.sub(a).scale(k)`): a struct value.
        if let ExprKind::Var(t) = recv.kind {
            let just_called = matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if *o == t);
            if just_called && self.vars[t].kind == Kind::Float && super::uses::struct_method(&name)
            {
                self.vars[t].kind = Kind::Struct;
            }
            // `(v * 2.0).normalize().sum()`: a struct's method, used as a struct may be (see
            // `Lowerer::makes_a_struct`).
            let of_a_struct = match out.last() {
                Some(Stmt {
                    kind:
                        StmtKind::Call {
                            method,
                            callee,
                            args,
                            ..
                        },
                    ..
                }) => self.call_makes_a_struct(*method, callee, args),
                _ => false,
            };
            if just_called
                && of_a_struct
                && self.vars[t].kind == Kind::Float
                && matches!(name.as_str(), "dot" | "sum" | "mean")
            {
                self.vars[t].kind = Kind::Struct;
                self.guessed.retain(|&g| g != t);
            }
            // `g(x).sum()`, `g(x).dot(&w)`: methods only an `ndarray` array has (a float and
            // a `Vec` have none of them), so the result is one.
            if just_called
                && self.vars[t].kind == Kind::Float
                && matches!(
                    name.as_str(),
                    "sum"
                        | "mean"
                        | "dot"
                        | "t"
                        | "sum_axis"
                        | "mean_axis"
                        | "mapv"
                        | "nrows"
                        | "ncols"
                )
                && m.args.len() <= 1
            {
                self.vars[t].kind = Kind::Array;
                self.guessed.retain(|&g| g != t);
            }
        }
        let recv_kind = self.kind_of(&recv);
        // `p.rows[l].dot(x)` of a field of one array per element, whose rank the body does
        // not state: the value's own `dot`, called as a method is on a struct, so that
        // rustc's types pick the product (a float of two vectors, a vector of a matrix and
        // one).
        let recv_kind = match name == "dot" && self.element_of_arrays(&recv) {
            true => Kind::Struct,
            false => recv_kind,
        };
        if self.refuse_closure_map(recv_kind, m) {
            return Expr::new(ExprKind::Bool(false), span);
        }
        // A closure mapped over an array is read as syntax (`elementwise`).
        let mapped =
            recv_kind == Kind::Array && matches!(name.as_str(), "mapv" | "mapv_into" | "map");
        // `g(x).expect("…")`, `T::from(x).unwrap()`, `a.mean().unwrap()`: the value itself
        // (the message is the primal's).
        // `a.mean_axis(Axis(0)).unwrap()`: the means, which `array_method` computed whole.
        let mean_axis =
            matches!(&*m.receiver, syn::Expr::MethodCall(inner) if inner.method == "mean_axis");
        if matches!(name.as_str(), "unwrap" | "expect")
            && (matches!(recv.kind, ExprKind::Cast(..))
                || recv_kind == Kind::Float && matches!(recv.kind, ExprKind::Var(_))
                || mean_axis && recv_kind == Kind::Array)
        {
            // (The call giving it, called as written where it carries no derivative,
            // unwraps it there.)
            if let (
                ExprKind::Var(v),
                Some(Stmt {
                    kind:
                        StmtKind::Call {
                            out: called,
                            unwrapped,
                            ..
                        },
                    ..
                }),
            ) = (&recv.kind, out.last_mut())
            {
                if called == v {
                    *unwrapped = Some((m.method.clone(), m.args.iter().cloned().collect()));
                }
            }
            return recv;
        }
        // (Before its arguments, whose `s![…]` means nothing elsewhere.)
        if recv_kind == Kind::Array
            && matches!(
                name.as_str(),
                "slice_mut" | "assign" | "row_mut" | "column_mut" | "index_axis_mut" | "fill"
            )
        {
            return self.unsupported(span, &format!("writing part of an array (`{name}`) this way"), "a part of a local array is written whole by `a.slice_mut(s![…]).assign(&b);`, `a.row_mut(i).assign(&r);` or `a.column_mut(j).assign(&c);` (the slice's bounds integers); otherwise write its elements in a loop (`m[[j, i]] = x[j]`) into a local `Array2::zeros((rows, cols))` or `Array1::zeros(n)`, which the derivatives follow");
        }
        let mark = out.len();
        // `mask.mapv(|m| m as f64)` of a value without derivatives: a closure reading nothing
        // but its parameters is a constant function, passed as written.
        let closed = |lw: &Self, a: &syn::Expr| match a {
            syn::Expr::Closure(c) if !recv_kind.is_float() => {
                let params: Vec<syn::Pat> = c.inputs.iter().cloned().collect();
                crate::ir::hygiene::free_names(&params, &c.body)
                    .iter()
                    .all(|f| lw.lookup(&f.name).is_none() && lw.closure_named(&f.name).is_none())
            }
            _ => false,
        };
        // `a.slice(s![1..])`, `s![i..i + w]`: the slice (`array_method` takes it).
        let slice_arg = |lw: &Self, a: &syn::Expr| {
            (name == "slice" && recv_kind == Kind::Array)
                .then(|| slice_macro(lw, a))
                .flatten()
        };
        let mut args: Vec<Expr> = if m.args.iter().any(|a| slice_arg(self, a).is_some()) {
            m.args
                .iter()
                .map(|a| match slice_arg(self, a) {
                    Some(slice) => Expr::new(ExprKind::Closed(slice), span),
                    None => self.lower_expr(a, out),
                })
                .collect()
        } else if !mapped && m.args.iter().any(|a| closed(self, a)) {
            m.args
                .iter()
                .map(|a| match a {
                    syn::Expr::Closure(_) if closed(self, a) => {
                        Expr::new(ExprKind::Closed(a.clone()), span)
                    }
                    _ => self.lower_expr(a, out),
                })
                .collect()
        } else if mapped {
            m.args
                .iter()
                .map(|a| match a {
                    syn::Expr::Closure(_) => Expr::new(ExprKind::Bool(false), span),
                    _ => self.lower_expr(a, out),
                })
                .collect()
        } else if rules::lookup(&name).is_some() {
            self.lower_float_operands(&m.args, out)
        } else {
            self.lower_in_order(&m.args, out)
        };
        // The receiver is evaluated before the arguments (`t.powf({ t = y; t })`).
        let mut receiver = [recv];
        self.keep_before(&mut receiver, out, mark);
        let [recv] = receiver;
        let mk = |kind| Expr::new(kind, span);
        if matches!(name.as_str(), "unwrap" | "expect") && matches!(recv.kind, ExprKind::Opaque(_))
        {
            // `T::from(2.0).unwrap()`: a constant, computed as written.
            let turbofish = m.turbofish.clone();
            return mk(ExprKind::Opaque(OpaqueCall::Method(
                Box::new(recv),
                m.method.clone(),
                turbofish,
                args,
            )));
        }
        // `a.view()`: the array itself, which the derived items read in place (a view
        // parameter is taken as a reference to an array, `parse::view_as_array_ref`).
        if recv_kind == Kind::Array && name == "view" && args.is_empty() {
            return self.by_ref(recv);
        }
        if recv_kind == Kind::Array
            && !super::array::SHAPE_METHODS.contains(&name.as_str())
            && !matches!(name.as_str(), "clone" | "to_owned" | "into_owned")
        {
            let fn_arg = m.args.first();
            if let Some(e) = self.array_method(recv.clone(), &name, args.clone(), fn_arg, span, out)
            {
                return e;
            }
            return self.unsupported(span, &format!("the array method `{name}`"), "use `dot`, `t`, `sum`, `mean`, `mapv(f64::exp | f64::ln | f64::tanh)`, operators, or a rule of `autodiff::ops`");
        }
        // A receiver or an argument refused already (its placeholder, `false`): its message
        // said it all.
        let refused = |e: &Expr| matches!(e.kind, ExprKind::Bool(false));
        if (refused(&recv) || args.iter().any(refused)) && !self.errors.is_empty() {
            return mk(ExprKind::Bool(false));
        }
        match name.as_str() {
            // (A struct value's copy is a call of its entry point, `ops::methods::CopyRules`,
            // whose result a chain can go on from: `v.into_owned().abs()`.)
            "to_vec" | "clone" | "to_owned" | "into_owned"
                if args.is_empty() && recv_kind != Kind::Struct =>
            {
                return mk(ExprKind::Copy(Box::new(recv)))
            }
            // (On a value of a type the macro does not know, `w.sum()` of the `w` a match on
            // an `Option<&Array1<f64>>` binds, the method is called as written: activity
            // analysis reports it if the value carries a derivative.)
            "sum" | "product" | "fold" | "collect" | "for_each"
                if recv_kind != Kind::Array
                    && recv_kind != Kind::Struct
                    && !(recv_kind == Kind::Other && matches!(recv.kind, ExprKind::Var(_))) =>
            {
                return self.unsupported(
                    span,
                    "this iterator chain",
                    "use `x.iter()` or a range `(a..b)` (with `copied`, `cloned`, `zip`, `enumerate`, `rev`, `skip`, `take`, `step_by`, then `map` and `filter`) ending in `sum`, `product`, `fold`, `collect` or `for_each`, or a `for` loop",
                );
            }
            // (Over integers, `idx.iter().position(|&v| v == 7)`: no derivative anywhere, a
            // call as written.)
            "iter" | "iter_mut" | "into_iter" | "map" | "filter" | "zip" | "enumerate" | "rev"
            | "skip" | "take" | "step_by"
                if !matches!(recv_kind, Kind::IntSeq | Kind::Int | Kind::Bool) =>
            {
                return self.refuse_chain(span);
            }
            _ => {}
        }
        // A struct's own method may be named like a float method (`self.min()`): it is the
        // struct's, never the rule.
        let of_a_struct = matches!(recv_kind, Kind::Struct | Kind::StructSeq);
        // Where only an integer can stand (a loop's bound, `0..s.count()`), a struct's
        // method is a count: called as written, on the struct without its derivative.
        // So in a condition (`if s.active()`, `while s.energy() > tol`), whose value is a
        // `bool`. (Shape queries, `rows[0].len()`, read no value and stay as they are.)
        // So is a struct's length there (`0..v.len()` of a `DVector`); elsewhere a struct's
        // `len` may be its own float method (a segment's length), differentiated.
        let shape = crate::ir::SHAPE_METHODS.contains(&name.as_str());
        let count = (self.integer_context || self.in_test) && (!shape || of_a_struct);
        let mut recv = match (of_a_struct, count) {
            (true, true) => mk(ExprKind::StopGradient(Box::new(recv))),
            _ => recv,
        };
        let of_a_struct = of_a_struct && !count;
        if (rules::lookup(&name).is_none() || of_a_struct) && self.differentiable_receiver(&recv) {
            // The arguments lowered above, in order after the receiver (lowering them again
            // would compute them twice), unless a closure among them was read as a constant.
            if !m.args.iter().any(|a| matches!(a, syn::Expr::Closure(_))) {
                return self.method_call_of(recv, args, m, out);
            }
            return self.method_call(recv, m, out);
        }
        if (recv_kind.is_float() && !of_a_struct) || recv_kind == Kind::Other {
            if let Some(rule) = rules::lookup(&name) {
                if recv_kind == Kind::FloatSeq {
                    return self.unsupported(
                        span,
                        &format!("the method `{name}` on a sequence"),
                        "apply it to each element in a loop",
                    );
                }
                if args.len() + 1 != rule.arity {
                    self.error(
                        span,
                        format!("`{name}` takes {} argument(s)", rule.arity - 1),
                    );
                }
                args.insert(0, recv);
                return mk(ExprKind::Elementary(rule, args));
            }
        }
        // Any other method is called as written: on a constant that is fine (a trait's method
        // on `3.0_f64`); on a value with a derivative, activity analysis reports it. In a
        // test (`if func.f(x1) < func.f(x2)`, a trait object's method) the value is only
        // compared: the call runs on primal values, and nothing flows back through it. So
        // is a float's comparison anywhere (`x.total_cmp(&y).is_lt()`, `a.partial_cmp(&b)`):
        // an `Ordering` or a `bool` carries no derivative.
        let comparison = recv_kind == Kind::Float
            && matches!(
                name.as_str(),
                "partial_cmp" | "total_cmp" | "eq" | "ne" | "lt" | "le" | "gt" | "ge"
            );
        if comparison {
            let span = recv.span;
            recv = Expr::new(ExprKind::StopGradient(Box::new(recv)), span);
        }
        if self.in_test || comparison {
            for a in args.iter_mut() {
                let span = a.span;
                // (`&y`: a reference to the primal, `&y.primal` on dual numbers.)
                *a = match &a.kind {
                    ExprKind::Ref(inner) => {
                        let inner = Expr::new(ExprKind::StopGradient(inner.clone()), span);
                        Expr::new(ExprKind::Ref(Box::new(inner)), span)
                    }
                    _ => Expr::new(ExprKind::StopGradient(Box::new(a.clone())), span),
                };
            }
        }
        let turbofish = m.turbofish.clone();
        let mapped_constant = matches!(name.as_str(), "mapv" | "map")
            && matches!(
                args.as_slice(),
                [Expr {
                    kind: ExprKind::Closed(_),
                    ..
                }]
            );
        let call = mk(ExprKind::Opaque(OpaqueCall::Method(
            Box::new(recv),
            m.method.clone(),
            turbofish,
            args,
        )));
        if !mapped_constant
            && !super::effects::READS_ONLY.contains(&name.as_str())
            && self.mutates_receiver(&m.receiver, recv_kind, &m.args)
        {
            return self.evaluated_once(call, span, out);
        }
        // `order.iter().count()` of a vector that calls change: the value read here.
        let call = match mapped_constant {
            true => call,
            false => self.read_once(&m.receiver, call, out),
        };
        if matches!(call.kind, ExprKind::Var(_)) {
            return call;
        }
        if mapped_constant {
            // An array of floats made from one without (`mask.mapv(|m| m as f64)`): a
            // constant array, held in a variable as arrays are.
            return self.bind_value("mapped", Kind::Array, call, span, out);
        }
        call
    }

    /// Whether `e` names a variable holding an `ndarray` array.
    fn names_array(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Path(p) = e else { return false };
        p.path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
            .is_some_and(|v| self.vars[v].kind == Kind::Array)
    }
}

/// `s![…]` whose identifiers name integer variables or nothing of the function (`s![1..]`,
/// `s![i..i + w, 0]`): the macro with each variable written by the name every generated
/// function gives it, which reads the value where the call is (the part is taken then; its
/// pullback keeps the slice). `None` for anything else.
pub(super) fn slice_macro(lw: &Lowerer, a: &syn::Expr) -> Option<syn::Expr> {
    use proc_macro2::{Group, TokenStream, TokenTree};
    let syn::Expr::Macro(m) = a else {
        return None;
    };
    if m.mac.path.segments.last().is_none_or(|s| s.ident != "s") {
        return None;
    }
    fn rename(lw: &Lowerer, ts: TokenStream) -> Option<TokenStream> {
        ts.into_iter()
            .map(|t| match t {
                TokenTree::Ident(i) => match lw.lookup(&i.to_string().replace("r#", "")) {
                    None => Some(TokenTree::Ident(i)),
                    Some(v) if lw.vars[v].kind == Kind::Int => {
                        Some(TokenTree::Ident(lw.vars[v].name.clone()))
                    }
                    Some(_) => None,
                },
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), rename(lw, g.stream())?);
                    inner.set_span(g.span());
                    Some(TokenTree::Group(inner))
                }
                other => Some(other),
            })
            .collect()
    }
    let mut renamed = m.clone();
    renamed.mac.tokens = rename(lw, m.mac.tokens.clone())?;
    Some(syn::Expr::Macro(renamed))
}
