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
    "index_axis",
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
    "slice_assigned",
    "embedding",
    "array1_of",
    "array2_of",
];

/// Methods whose result, called on a struct value with this many arguments, is a struct
/// value too (a vector's, a matrix's or a rotation's: nalgebra's, a user's `Vec3`'s). Not `cross`, a
/// float in 2-D code, nor a `scale()` without argument (a transform's scale factor).
const STRUCT_VALUED_METHODS: &[(&str, usize)] = &[
    ("transpose", 0),
    ("normalize", 0),
    ("neg", 0),
    ("clone", 0),
    ("clone_owned", 0),
    ("into_owned", 0),
    ("to_owned", 0),
    ("component_mul", 1),
    ("component_div", 1),
    ("scale", 1),
    ("unscale", 1),
    ("add_scalar", 1),
    ("add", 1),
    ("sub", 1),
    ("inverse", 0),
    ("conjugate", 0),
    ("transform_vector", 1),
    ("transform_point", 1),
    ("inverse_transform_vector", 1),
    ("inverse_transform_point", 1),
    ("to_homogeneous", 0),
    ("to_rotation_matrix", 0),
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
        } else if !call.method && super::kinds::array_constructor(&call.callee) {
            // `Array::from_elem(n, m)` of a value with a derivative (`FromElemRule`).
            Kind::Array
        } else if is_ops && last == "rows_of" {
            // Rows (`Vec<Vec<F>>`): a differentiable value handled whole.
            Kind::Struct
        } else if !call.method && super::kinds::struct_constructor(&call.callee, &self.float) {
            Kind::Struct
        } else if call.method
            && STRUCT_VALUED_METHODS.contains(&(last.as_str(), call.args.len() - 1))
            && call
                .args
                .first()
                .is_some_and(|r| self.kind_of(r) == Kind::Struct)
        {
            // `m.transpose() * v`, `v.normalize() * k`: a vector's or a matrix's.
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
            // (`operators` refuses the integer operators on arrays before they come here.)
            ArithOp::Rem
            | ArithOp::Shl
            | ArithOp::Shr
            | ArithOp::BitAnd
            | ArithOp::BitOr
            | ArithOp::BitXor => {
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

    /// `Array1::from(v)` of a float sequence: the rule `ops::array1_of`, whose result's rank
    /// is known (so that `a.dot(&b)` of it is a float).
    pub(super) fn array1_of(&mut self, seq: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let array = self.ops_call("array1_of", vec![seq], span, out);
        if let ExprKind::Var(t) = array.kind {
            let float = &self.float;
            self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>));
        }
        array
    }

    /// `Array2::from_shape_vec((rows, cols), v).unwrap()` (or `.expect(…)`, or `Array::`) of a
    /// float sequence: the rule `ops::array2_of`, which carries its derivatives into the
    /// matrix (and panics as `unwrap` would where the shape does not fit).
    pub(super) fn matrix_from_shape_vec(
        &mut self,
        m: &syn::ExprMethodCall,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        if !matches!(m.method.to_string().as_str(), "unwrap" | "expect") {
            return None;
        }
        let syn::Expr::Call(c) = crate::tokens::peel_trivial(&m.receiver) else {
            return None;
        };
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        let n = p.path.segments.len();
        let named = n >= 2
            && p.path.segments[n - 1].ident == "from_shape_vec"
            && matches!(
                p.path.segments[n - 2].ident.to_string().as_str(),
                "Array2" | "Array"
            );
        if !named || c.args.len() != 2 {
            return None;
        }
        let dims: Vec<&syn::Expr> = match &c.args[0] {
            syn::Expr::Tuple(t) => t.elems.iter().collect(),
            syn::Expr::Array(a) => a.elems.iter().collect(),
            _ => return None,
        };
        let [rows, cols] = dims[..] else { return None };
        let span = super::expr_span(&m.receiver);
        // Of a `Vec` of floats only (`vec![0usize, 1]` is a constant, lowered as before).
        let (mut pre, errors) = (vec![], self.errors.len());
        let seq = self.lower_expr(&c.args[1], &mut pre);
        if self.kind_of(&seq) != Kind::FloatSeq {
            self.errors.truncate(errors);
            return None;
        }
        out.extend(pre);
        let (rows, cols) = (self.lower_expr(rows, out), self.lower_expr(cols, out));
        let seq = Expr::new(ExprKind::Ref(Box::new(seq)), span);
        let matrix = self.ops_call("array2_of", vec![seq, rows, cols], span, out);
        if let ExprKind::Var(t) = matrix.kind {
            let float = &self.float;
            self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array2<#float>));
            self.vars[t].kind = Kind::Array;
        }
        Some(matrix)
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
            // A line along an axis known at run time (`ops::index_axis`): the axis is a
            // constant argument, as the index is.
            ("index_axis", 2) if self.rank(&recv) != Some(1) => {
                let line = self.ops_call("index_axis", [vec![recv], args].concat(), span, out);
                if let ExprKind::Var(t) = line.kind {
                    let float = &self.float;
                    self.vars[t].ty = Some(syn::parse_quote!(::autodiff::ndarray::Array1<#float>));
                }
                line
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
                let axis = Expr::new(
                    ExprKind::Int(syn::LitInt::new(&axis.to_string(), span)),
                    span,
                );
                self.ops_call(name, vec![recv, axis], span, out)
            }
            ("sum_axis", 1) if self.rank(&recv) != Some(1) => {
                let rule = match fn_arg.and_then(axis_number) {
                    Some(0) => "sum_rows",
                    Some(1) => "sum_cols",
                    _ => {
                        return Some(self.unsupported(
                            span,
                            "`sum_axis` here",
                            "sum a matrix over `Axis(0)` or `Axis(1)`, written as a literal",
                        ))
                    }
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
                let (rule, count) =
                    match fn_arg.and_then(axis_number) {
                        Some(0) => ("sum_rows", "nrows"),
                        Some(1) => ("sum_cols", "ncols"),
                        _ => return Some(self.unsupported(
                            span,
                            "`mean_axis` here",
                            "average a matrix over `Axis(0)` or `Axis(1)`, written as a literal",
                        )),
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
            ("mapv", 1) if fn_arg.and_then(|a| mapv_function(a, &self.float)).is_some() => {
                let f = fn_arg
                    .and_then(|a| mapv_function(a, &self.float))
                    .expect("checked");
                self.ops_call(f, vec![recv], span, out)
            }
            ("mapv" | "mapv_into" | "map", 1) => match fn_arg {
                Some(syn::Expr::Closure(c)) => self.elementwise(recv, c, name == "map", span, out),
                // `a.mapv(f32::sqrt)`: a float function of one argument is the closure
                // calling it as a method (`|v| v.sqrt()`).
                Some(syn::Expr::Path(p)) if unary_float_function(p, &self.float).is_some() => {
                    let method = unary_float_function(p, &self.float).expect("checked");
                    let deref = (name == "map").then(|| quote::quote!(*));
                    let c: syn::ExprClosure =
                        syn::parse_quote_spanned!(span=> |v| (#deref v).#method());
                    self.elementwise(recv, &c, name == "map", span, out)
                }
                _ => {
                    let float = &self.float;
                    let float = quote::quote!(#float).to_string();
                    self.unsupported(span, &format!("`{name}` with this function"), &format!("pass a closure (`|x| x * x`) or a float function of one argument (`{float}::sqrt`), or call `ops::sigmoid`, `ops::relu`, `ops::gelu`"))
                }
            },
            // `a.tanh()`, `a.powi(2)`: `ndarray`'s elementwise float methods, as the map of
            // the float's method over the entries (`a.mapv(|v| v.tanh())`).
            (m, 0) if ELEMENTWISE_METHODS.contains(&m) => {
                let method = Ident::new(m, span);
                let entry = self.synthetic_ident("entry");
                let c: syn::ExprClosure =
                    syn::parse_quote_spanned!(span=> |#entry| #entry.#method());
                self.elementwise(recv, &c, false, span, out)
            }
            // (The entry named apart from the argument's names: `a.powf(v)` of a `v`.)
            ("powi" | "powf" | "log" | "hypot", 1) => {
                let (method, arg) = (Ident::new(name, span), fn_arg.expect("one argument"));
                let entry = self.synthetic_ident("entry");
                let c: syn::ExprClosure =
                    syn::parse_quote_spanned!(span=> |#entry| #entry.#method(#arg));
                self.elementwise(recv, &c, false, span, out)
            }
            _ => return None,
        })
    }

    pub(super) fn ops_call(
        &mut self,
        name: &str,
        args: Vec<Expr>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
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
    /// The number of axes of an array variable's written type (`Array1<F>`, `&ArrayView2<F>`,
    /// `Array<F, Ix1>`), if it says.
    pub(super) fn rank(&self, e: &Expr) -> Option<usize> {
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
            // `&r` of a reference (a view parameter, which the derived items take as
            // `&Array1<F>`): the reference itself, as the operator would auto-deref it (a
            // borrow of the local reference would tie the pullback to it).
            ExprKind::Ref(inner) if matches!(inner.kind, ExprKind::Var(v) if is_reference(v)) => {
                *inner
            }
            ExprKind::Ref(_) => e,
            ExprKind::Var(v) if is_reference(v) => e,
            _ => {
                let span = e.span;
                Expr::new(ExprKind::Ref(Box::new(e)), span)
            }
        }
    }
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
fn mapv_function(e: &syn::Expr, float: &Type) -> Option<&'static str> {
    let syn::Expr::Path(p) = e else { return None };
    if p.path.segments.len() != 2 || !float_type_segment(p, float) {
        return None;
    }
    let last = p.path.segments.last()?.ident.to_string();
    MAPV.iter().copied().find(|f| *f == last)
}

/// `a.map_axis(axis, f)` of a matrix: each lane along `axis` (for `Axis(0)` the columns, as
/// `ops::index_axis` of the other axis reads them) passed to `f`, a closure or a function
/// (`std1d`), as a view, the results written into a new vector:
/// `{ let n = a.shape()[1 - axis.index()]; let mut lanes = Array1::zeros(n); for i in 0..n {
/// let lane = a.index_axis(Axis(1 - axis.index()), i); lanes[i] = f(lane.view()); } lanes }`,
/// lowered as written.
/// `None` where the receiver is not a name or a field (it would be computed once per lane).
pub(super) fn map_axis_as_loop(
    m: &syn::ExprMethodCall,
    names: [Ident; 4],
    float: &syn::Type,
) -> Option<syn::Expr> {
    if m.method != "map_axis" || m.args.len() != 2 {
        return None;
    }
    let recv = &m.receiver;
    if !matches!(&**recv, syn::Expr::Path(_) | syn::Expr::Field(_)) {
        return None;
    }
    let (axis, f) = (&m.args[0], &m.args[1]);
    let [n, lanes, i, lane] = names;
    let value: syn::Expr = match f {
        // The closure's parameter bound to a reference to the lane, typed so that its rank
        // is known (`x.dot(&x)` of a lane is a dot product); its written type, a view, is
        // dropped: the lane is read through the reference as through the view.
        syn::Expr::Closure(c) if c.inputs.len() == 1 => {
            let param = match &c.inputs[0] {
                syn::Pat::Type(t) => (*t.pat).clone(),
                p => p.clone(),
            };
            let body = &c.body;
            syn::parse_quote!({
                let #param: &::autodiff::ndarray::Array1<#float> = &#lane;
                #body
            })
        }
        syn::Expr::Path(f) => syn::parse_quote!(#f(#lane.view())),
        _ => return None,
    };
    let span = m.method.span();
    // A lane along `axis` runs across the other axis: there are as many as that axis is
    // long, and lane `i` is line `i` of the other axis (`Axis(0)`: the columns).
    Some(syn::parse_quote_spanned! {span=> {
        let #n = #recv.shape()[1 - (#axis).index()];
        let mut #lanes = ::autodiff::ndarray::Array1::zeros(#n);
        for #i in 0..#n {
            let #lane = #recv.index_axis(::autodiff::ndarray::Axis(1 - (#axis).index()), #i);
            #lanes[#i] = #value;
        }
        #lanes
    }})
}

/// Whether a two-segment path starts with a float type (`f32::sqrt`, `T::exp` of the
/// function's float type `T`, `Float::exp`), not a module of the user's (`soft::abs`).
fn float_type_segment(p: &syn::ExprPath, float: &Type) -> bool {
    let first = p.path.segments.first().map(|s| s.ident.to_string());
    let float = quote::quote!(#float).to_string();
    matches!(first.as_deref(), Some("f32" | "f64" | "Float")) || first.as_deref() == Some(&*float)
}

/// The method of a float function of one argument named by a path (`f32::sqrt`,
/// `f64::abs`, `T::exp`): a rule of arity 1.
fn unary_float_function(p: &syn::ExprPath, float: &Type) -> Option<Ident> {
    if p.path.segments.len() != 2 || p.qself.is_some() || !float_type_segment(p, float) {
        return None;
    }
    let last = &p.path.segments.last()?.ident;
    let rule = crate::rules::lookup(&last.to_string())?;
    (rule.arity == 1).then(|| last.clone())
}

/// `ndarray`'s elementwise methods of float arrays that take no argument (its
/// `impl_float_maths`), each the float method of the same name over the entries.
const ELEMENTWISE_METHODS: &[&str] = &[
    "floor",
    "ceil",
    "round",
    "trunc",
    "fract",
    "abs",
    "signum",
    "recip",
    "sqrt",
    "exp",
    "exp2",
    "exp_m1",
    "ln",
    "log2",
    "log10",
    "ln_1p",
    "cbrt",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "to_degrees",
    "to_radians",
];
