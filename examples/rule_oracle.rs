//! The rules of `autodiff::ops` at given numbers: reads a request file of cases (a rule and its
//! arguments), and prints, for each case, what the rule's value, JVP and VJP functions return.
//! `docs/sympy/check_derivations.py` (its second part, `docs/sympy/rust_rules.py`) writes the
//! requests at random shapes and numbers, runs this program, and compares its output to SymPy's
//! derivatives of each rule's definition in `docs/derivations.md`, so a rule in
//! `autodiff-runtime/src/ops/` that drifts from its derivation fails the check (and CI).
//!
//! Run: `cargo run --example rule_oracle -- REQUEST` (`-` or no path: standard input).
//!
//! # The request
//!
//! Whitespace-separated tokens (line breaks are only for reading). A case is
//!
//! ```text
//! case LABEL RULE
//!   NAME f NDIM D1 … D_NDIM V1 … Vn     a float argument: NDIM 0 is a scalar (`f64`), 1 an
//!                                      `Array1`, 2 an `Array2`; the values row-major
//!   NAME ids N I1 … IN                 integer ids (`&[usize]`)
//!   NAME flag 0|1                      a `bool`
//! end
//! ```
//!
//! `LABEL` is one token, echoed back. For each differentiable argument `x` of the rule the
//! case also holds its tangent `dx` (same shape), and `g` is the cotangent of the output. The
//! rules and their arguments (differentiable first, then the others):
//!
//! | `RULE` | arguments |
//! |---|---|
//! | `matmul` | `a`, `b` (2-D) |
//! | `transpose` | `a` (2-D) |
//! | `embedding` | `w` (2-D); `ids` |
//! | `add`, `sub`, `mul`, `div` | `a`, `b` (each 0-, 1- or 2-D; broadcast as ndarray does) |
//! | `sum`, `mean`, `sum_rows`, `sum_cols` | `x` (2-D) |
//! | `exp`, `ln`, `tanh`, `sigmoid`, `relu`, `gelu` | `x` (2-D) |
//! | `softmax`, `log_softmax`, `logsumexp` | `x` (1- or 2-D; over the last axis) |
//! | `cross_entropy` | `z` (2-D); `targets` (ids) |
//! | `layer_norm` | `x` (2-D), `gamma`, `beta` (1-D); `eps` (0-D, no tangent) |
//! | `rms_norm` | `x` (2-D), `gamma` (1-D); `eps` (0-D, no tangent) |
//! | `attention` | `q`, `k`, `v` (2-D); `causal` (flag) |
//!
//! # The output
//!
//! For each case, `case LABEL`, then one line `NAME NDIM D1 … V1 …` per result, then `end`:
//! `y` is the value (`ops::foo`), `y.jvp` and `dy` what `ops::foo_jvp` returns, `y.vjp` and
//! `bar.x` (one per differentiable argument `x`) what `ops::foo_vjp` returns. Numbers are
//! printed with `{:e}`, the shortest text that reads back as the same `f64`.

// Several rules take more than seven arguments; that is their signature, not this program's.
#![allow(clippy::too_many_arguments)]

use autodiff::ndarray::{Array, Array1, Array2, ArrayD, Dimension, IxDyn, RemoveAxis};
use autodiff::ops::{self, BroadcastDim, Operand};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Read as _;

/// One argument of a case.
enum Arg {
    Float(ArrayD<f64>),
    Ids(Vec<usize>),
    Flag(bool),
}

/// A case: its label, its rule, and its named arguments.
struct Case {
    label: String,
    rule: String,
    args: HashMap<String, Arg>,
}

impl Case {
    fn float(&self, name: &str) -> Result<ArrayD<f64>, String> {
        match self.args.get(name) {
            Some(Arg::Float(a)) => Ok(a.clone()),
            Some(_) => Err(format!(
                "{}: argument {name} is not a float array",
                self.label
            )),
            None => Err(format!("{}: argument {name} is missing", self.label)),
        }
    }

    /// The float argument `name` as an array of dimension `D` (`Ix0`, `Ix1`, `Ix2`).
    fn array<D: Dimension>(&self, name: &str) -> Result<Array<f64, D>, String> {
        let a = self.float(name)?;
        let ndim = a.ndim();
        a.into_dimensionality::<D>().map_err(|_| {
            format!(
                "{}: argument {name} has {ndim} axes, {} expected",
                self.label,
                D::NDIM.map_or("another number".to_string(), |n| n.to_string())
            )
        })
    }

    fn m(&self, name: &str) -> Result<Array2<f64>, String> {
        self.array(name)
    }

    fn v(&self, name: &str) -> Result<Array1<f64>, String> {
        self.array(name)
    }

    fn s(&self, name: &str) -> Result<f64, String> {
        Ok(self.array::<autodiff::ndarray::Ix0>(name)?.into_scalar())
    }

    fn ids(&self, name: &str) -> Result<Vec<usize>, String> {
        match self.args.get(name) {
            Some(Arg::Ids(ids)) => Ok(ids.clone()),
            _ => Err(format!("{}: argument {name} (ids) is missing", self.label)),
        }
    }

    fn flag(&self, name: &str) -> Result<bool, String> {
        match self.args.get(name) {
            Some(Arg::Flag(b)) => Ok(*b),
            _ => Err(format!("{}: argument {name} (flag) is missing", self.label)),
        }
    }
}

/// Reads every case of a request (see the module docs).
fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut tokens = text.split_whitespace();
    let mut next = |what: &str| {
        tokens
            .next()
            .ok_or(format!("the request ends before {what}"))
    };
    let mut cases = Vec::new();
    loop {
        match next("a case") {
            Err(_) => return Ok(cases),
            Ok("case") => {}
            Ok(t) => return Err(format!("expected `case`, found `{t}`")),
        }
        let label = next("a label")?.to_string();
        let rule = next("a rule")?.to_string();
        let mut args = HashMap::new();
        loop {
            let name = next("`end`")?;
            if name == "end" {
                break;
            }
            let number = |t: &str| -> Result<usize, String> {
                t.parse()
                    .map_err(|_| format!("{label}: `{t}` is not a count"))
            };
            let arg = match next("a kind")? {
                "f" => {
                    let ndim = number(next("a rank")?)?;
                    let mut shape = Vec::with_capacity(ndim);
                    for _ in 0..ndim {
                        shape.push(number(next("a length")?)?);
                    }
                    let mut values = Vec::with_capacity(shape.iter().product());
                    for _ in 0..shape.iter().product::<usize>() {
                        let t = next("a value")?;
                        values.push(
                            t.parse::<f64>()
                                .map_err(|_| format!("{label}: `{t}` is not a number"))?,
                        );
                    }
                    let a = ArrayD::from_shape_vec(IxDyn(&shape), values)
                        .expect("as many values as the shape holds");
                    Arg::Float(a)
                }
                "ids" => {
                    let n = number(next("a count")?)?;
                    let mut ids = Vec::with_capacity(n);
                    for _ in 0..n {
                        ids.push(number(next("an id")?)?);
                    }
                    Arg::Ids(ids)
                }
                "flag" => Arg::Flag(next("a flag")? == "1"),
                kind => return Err(format!("{label}: unknown kind `{kind}` of {name}")),
            };
            args.insert(name.to_string(), arg);
        }
        cases.push(Case { label, rule, args });
    }
}

/// A result of a rule that can be printed: a scalar or an array of any dimension.
trait Emit {
    fn emit(&self, name: &str, out: &mut String);
}

impl Emit for f64 {
    fn emit(&self, name: &str, out: &mut String) {
        writeln!(out, "{name} 0 {self:e}").expect("writing to a String");
    }
}

impl<D: Dimension> Emit for Array<f64, D> {
    fn emit(&self, name: &str, out: &mut String) {
        write!(out, "{name} {}", self.ndim()).expect("writing to a String");
        for n in self.shape() {
            write!(out, " {n}").expect("writing to a String");
        }
        for v in self.iter() {
            write!(out, " {v:e}").expect("writing to a String");
        }
        out.push('\n');
    }
}

/// Prints `name value` pairs of results.
macro_rules! emit {
    ($out:expr; $($name:literal => $value:expr),* $(,)?) => {
        $($value.emit($name, $out);)*
    };
}

/// `add`, `sub`, `mul` or `div` of two operands of any kind.
fn broadcast_case<A, B>(rule: &str, (a, b, da, db): (A, B, A, B), g: ArrayD<f64>, out: &mut String)
where
    A: Operand<Elem = f64>,
    B: Operand<Elem = f64>,
    A::Dim: autodiff::ndarray::DimMax<B::Dim>,
    A::Cotangent: Emit,
    B::Cotangent: Emit,
{
    let g = g
        .into_dimensionality::<BroadcastDim<A, B>>()
        .expect("the cotangent has the output's rank");
    macro_rules! run {
        ($f:ident, $jvp:ident, $vjp:ident) => {{
            let y = ops::$f(&a, &b);
            let (y_jvp, dy) = ops::$jvp(&a, &b, &da, &db);
            let (y_vjp, a_bar, b_bar) = ops::$vjp(&a, &b, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp,
                "bar.a" => a_bar, "bar.b" => b_bar);
        }};
    }
    match rule {
        "add" => run!(add, add_jvp, add_vjp),
        "sub" => run!(sub, sub_jvp, sub_vjp),
        "mul" => run!(mul, mul_jvp, mul_vjp),
        "div" => run!(div, div_jvp, div_vjp),
        _ => unreachable!("only the broadcasting rules come here"),
    }
}

/// Dispatches a broadcasting case on the ranks of its operands (0: `f64`, 1: `Array1`,
/// 2: `Array2`), so that every combination goes through the typed [`Operand`] it would have in
/// user code.
fn broadcast(c: &Case, out: &mut String) -> Result<(), String> {
    let g = c.float("g")?;
    let ranks = (c.float("a")?.ndim(), c.float("b")?.ndim());
    macro_rules! with {
        ($get_a:ident, $get_b:ident) => {
            broadcast_case(
                &c.rule,
                (
                    c.$get_a("a")?,
                    c.$get_b("b")?,
                    c.$get_a("da")?,
                    c.$get_b("db")?,
                ),
                g,
                out,
            )
        };
    }
    match ranks {
        (0, 0) => with!(s, s),
        (0, 1) => with!(s, v),
        (0, 2) => with!(s, m),
        (1, 0) => with!(v, s),
        (1, 1) => with!(v, v),
        (1, 2) => with!(v, m),
        (2, 0) => with!(m, s),
        (2, 1) => with!(m, v),
        (2, 2) => with!(m, m),
        (ra, rb) => return Err(format!("{}: operands of ranks {ra} and {rb}", c.label)),
    }
    Ok(())
}

/// `softmax`, `log_softmax` or `logsumexp` of a 1-D or 2-D argument.
fn softmax_case<D: RemoveAxis>(c: &Case, out: &mut String) -> Result<(), String> {
    let (x, dx) = (c.array::<D>("x")?, c.array::<D>("dx")?);
    macro_rules! run {
        ($f:ident, $jvp:ident, $vjp:ident, $g:ty) => {{
            let g = c.array::<$g>("g")?;
            let y = ops::$f(&x);
            let (y_jvp, dy) = ops::$jvp(&x, &dx);
            let (y_vjp, x_bar) = ops::$vjp(&x, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp, "bar.x" => x_bar);
        }};
    }
    match c.rule.as_str() {
        "softmax" => run!(softmax, softmax_jvp, softmax_vjp, D),
        "log_softmax" => run!(log_softmax, log_softmax_jvp, log_softmax_vjp, D),
        "logsumexp" => run!(logsumexp, logsumexp_jvp, logsumexp_vjp, D::Smaller),
        _ => unreachable!("only the softmax family comes here"),
    }
    Ok(())
}

/// Runs one case and appends its results to `out`.
fn run(c: &Case, out: &mut String) -> Result<(), String> {
    writeln!(out, "case {}", c.label).expect("writing to a String");
    // A rule of one 2-D argument `x` with the usual four functions.
    macro_rules! unary {
        ($f:ident, $jvp:ident, $vjp:ident, g: $g:ident) => {{
            let (x, dx, g) = (c.m("x")?, c.m("dx")?, c.$g("g")?);
            let y = ops::$f(&x);
            let (y_jvp, dy) = ops::$jvp(&x, &dx);
            let (y_vjp, x_bar) = ops::$vjp(&x, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp, "bar.x" => x_bar);
        }};
    }
    match c.rule.as_str() {
        "matmul" => {
            let (a, b, da, db, g) = (c.m("a")?, c.m("b")?, c.m("da")?, c.m("db")?, c.m("g")?);
            let y = ops::matmul(&a, &b);
            let (y_jvp, dy) = ops::matmul_jvp(&a, &b, &da, &db);
            let (y_vjp, a_bar, b_bar) = ops::matmul_vjp(&a, &b, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp,
                "bar.a" => a_bar, "bar.b" => b_bar);
        }
        "transpose" => {
            let (a, da, g) = (c.m("a")?, c.m("da")?, c.m("g")?);
            let y = ops::transpose(&a);
            let (y_jvp, dy) = ops::transpose_jvp(&a, &da);
            let (y_vjp, a_bar) = ops::transpose_vjp(&a, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp, "bar.a" => a_bar);
        }
        "embedding" => {
            let (w, dw, g, ids) = (c.m("w")?, c.m("dw")?, c.m("g")?, c.ids("ids")?);
            let y = ops::embedding(&w, &ids);
            let (y_jvp, dy) = ops::embedding_jvp(&w, &ids, &dw);
            let (y_vjp, w_bar) = ops::embedding_vjp(&w, &ids, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp, "bar.w" => w_bar);
        }
        "add" | "sub" | "mul" | "div" => broadcast(c, out)?,
        "sum" => unary!(sum, sum_jvp, sum_vjp, g: s),
        "mean" => unary!(mean, mean_jvp, mean_vjp, g: s),
        "sum_rows" => unary!(sum_rows, sum_rows_jvp, sum_rows_vjp, g: v),
        "sum_cols" => unary!(sum_cols, sum_cols_jvp, sum_cols_vjp, g: v),
        "exp" => unary!(exp, exp_jvp, exp_vjp, g: m),
        "ln" => unary!(ln, ln_jvp, ln_vjp, g: m),
        "tanh" => unary!(tanh, tanh_jvp, tanh_vjp, g: m),
        "sigmoid" => unary!(sigmoid, sigmoid_jvp, sigmoid_vjp, g: m),
        "relu" => unary!(relu, relu_jvp, relu_vjp, g: m),
        "gelu" => unary!(gelu, gelu_jvp, gelu_vjp, g: m),
        "softmax" | "log_softmax" | "logsumexp" => match c.float("x")?.ndim() {
            1 => softmax_case::<autodiff::ndarray::Ix1>(c, out)?,
            2 => softmax_case::<autodiff::ndarray::Ix2>(c, out)?,
            n => return Err(format!("{}: x has {n} axes, 1 or 2 expected", c.label)),
        },
        "cross_entropy" => {
            let (z, dz, g, t) = (c.m("z")?, c.m("dz")?, c.s("g")?, c.ids("targets")?);
            let y = ops::cross_entropy(&z, &t);
            let (y_jvp, dy) = ops::cross_entropy_jvp(&z, &t, &dz);
            let (y_vjp, z_bar) = ops::cross_entropy_vjp(&z, &t, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp, "bar.z" => z_bar);
        }
        "layer_norm" => {
            let (x, gamma, beta, eps) = (c.m("x")?, c.v("gamma")?, c.v("beta")?, c.s("eps")?);
            let (dx, dgamma, dbeta, g) = (c.m("dx")?, c.v("dgamma")?, c.v("dbeta")?, c.m("g")?);
            let y = ops::layer_norm(&x, &gamma, &beta, eps);
            let (y_jvp, dy) = ops::layer_norm_jvp(&x, &gamma, &beta, eps, &dx, &dgamma, &dbeta);
            let (y_vjp, x_bar, gamma_bar, beta_bar) =
                ops::layer_norm_vjp(&x, &gamma, &beta, eps, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp,
                "bar.x" => x_bar, "bar.gamma" => gamma_bar, "bar.beta" => beta_bar);
        }
        "rms_norm" => {
            let (x, gamma, eps) = (c.m("x")?, c.v("gamma")?, c.s("eps")?);
            let (dx, dgamma, g) = (c.m("dx")?, c.v("dgamma")?, c.m("g")?);
            let y = ops::rms_norm(&x, &gamma, eps);
            let (y_jvp, dy) = ops::rms_norm_jvp(&x, &gamma, eps, &dx, &dgamma);
            let (y_vjp, x_bar, gamma_bar) = ops::rms_norm_vjp(&x, &gamma, eps, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp,
                "bar.x" => x_bar, "bar.gamma" => gamma_bar);
        }
        "attention" => {
            let (q, k, v, causal) = (c.m("q")?, c.m("k")?, c.m("v")?, c.flag("causal")?);
            let (dq, dk, dv, g) = (c.m("dq")?, c.m("dk")?, c.m("dv")?, c.m("g")?);
            let y = ops::attention(&q, &k, &v, causal);
            let (y_jvp, dy) = ops::attention_jvp(&q, &k, &v, causal, &dq, &dk, &dv);
            let (y_vjp, q_bar, k_bar, v_bar) = ops::attention_vjp(&q, &k, &v, causal, g);
            emit!(out; "y" => y, "y.jvp" => y_jvp, "dy" => dy, "y.vjp" => y_vjp,
                "bar.q" => q_bar, "bar.k" => k_bar, "bar.v" => v_bar);
        }
        rule => return Err(format!("{}: unknown rule `{rule}`", c.label)),
    }
    out.push_str("end\n");
    Ok(())
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".to_string());
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .expect("reading the request from standard input");
        s
    } else {
        std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("rule_oracle: cannot read {path}: {e}");
            std::process::exit(2)
        })
    };
    let result = parse(&text).and_then(|cases| {
        let mut out = String::new();
        for c in &cases {
            run(c, &mut out)?;
        }
        Ok(out)
    });
    match result {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("rule_oracle: {e}");
            std::process::exit(2)
        }
    }
}
