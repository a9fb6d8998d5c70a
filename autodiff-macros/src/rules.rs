//! The float methods `#[differentiate]` knows, as data: one row per method.
//!
//! The derivative math itself lives in the runtime (`autodiff::__private::partial`), written
//! once and shared with `Dual` and `Value`; a row here only says how to call it.

/// How the local partial derivatives of a method are obtained.
#[derive(Debug, PartialEq, Eq)]
pub enum Partial {
    /// `partial::NAME(x, y) -> ∂y/∂x` for a one-argument method.
    Unary,
    /// `partial::NAME(args…, y) -> (∂y/∂a, ∂y/∂b, …)` for several float arguments.
    Multi,
    /// `partial::powi(x, n, y) -> ∂y/∂x`: the second argument is an integer.
    IntExponent,
    /// Piecewise constant: the derivative is zero and the result is inactive.
    Zero,
}

#[derive(Debug)]
pub struct Rule {
    pub name: &'static str,
    /// Number of arguments, the receiver included.
    pub arity: usize,
    pub partial: Partial,
}

const fn rule(name: &'static str, arity: usize, partial: Partial) -> Rule {
    Rule {
        name,
        arity,
        partial,
    }
}

pub static RULES: &[Rule] = &[
    rule("sin", 1, Partial::Unary),
    rule("cos", 1, Partial::Unary),
    rule("tan", 1, Partial::Unary),
    rule("asin", 1, Partial::Unary),
    rule("acos", 1, Partial::Unary),
    rule("atan", 1, Partial::Unary),
    rule("sinh", 1, Partial::Unary),
    rule("cosh", 1, Partial::Unary),
    rule("tanh", 1, Partial::Unary),
    rule("asinh", 1, Partial::Unary),
    rule("acosh", 1, Partial::Unary),
    rule("atanh", 1, Partial::Unary),
    rule("exp", 1, Partial::Unary),
    rule("exp2", 1, Partial::Unary),
    rule("exp_m1", 1, Partial::Unary),
    rule("ln", 1, Partial::Unary),
    rule("ln_1p", 1, Partial::Unary),
    rule("log2", 1, Partial::Unary),
    rule("log10", 1, Partial::Unary),
    rule("sqrt", 1, Partial::Unary),
    rule("cbrt", 1, Partial::Unary),
    rule("recip", 1, Partial::Unary),
    rule("to_radians", 1, Partial::Unary),
    rule("to_degrees", 1, Partial::Unary),
    rule("abs", 1, Partial::Unary),
    rule("fract", 1, Partial::Unary),
    rule("floor", 1, Partial::Zero),
    rule("ceil", 1, Partial::Zero),
    rule("round", 1, Partial::Zero),
    rule("trunc", 1, Partial::Zero),
    rule("signum", 1, Partial::Zero),
    rule("powi", 2, Partial::IntExponent),
    rule("powf", 2, Partial::Multi),
    rule("log", 2, Partial::Multi),
    rule("atan2", 2, Partial::Multi),
    rule("hypot", 2, Partial::Multi),
    rule("max", 2, Partial::Multi),
    rule("min", 2, Partial::Multi),
    rule("mul_add", 3, Partial::Multi),
    rule("clamp", 3, Partial::Multi),
    rule("copysign", 2, Partial::Multi),
    rule("rem_euclid", 2, Partial::Multi),
];

/// Methods whose partial is written with their result: `∂ eˣ = eˣ`, `∂ tanh x = 1 − tanh² x`,
/// `∂ √x = 1 / (2√x)`, `∂ (1/x) = −(1/x)²`, `∂ aᵇ = (b aᵇ / a, aᵇ ln a)`,
/// `∂ hypot(a, b) = (a, b) / hypot(a, b)`.
static SAVED_RESULTS: &[&str] = &[
    "tan", "tanh", "exp", "exp2", "exp_m1", "sqrt", "cbrt", "recip", "powf", "hypot",
];

/// The rule for a float method, by name.
pub fn lookup(name: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.name == name)
}

impl Rule {
    /// Whether argument `i` is a float (and so may carry a derivative).
    pub fn float_arg(&self, i: usize) -> bool {
        !(self.partial == Partial::IntExponent && i == 1)
    }

    /// Whether the partial reads the result and the function is costly (a library call, a
    /// square root or a division): the forward sweep keeps the result for the reverse sweep
    /// rather than have it computed twice (see `analysis::residuals`).
    pub fn result_saved(&self) -> bool {
        SAVED_RESULTS.contains(&self.name)
    }
}

/// Float parameters of the runtime's array rules that are constants (the `eps` of the
/// norms): they get no tangent and no cotangent. Every other float argument of a
/// differentiated call has both, as in the functions `#[differentiate]` generates.
static CONSTANT_ARGS: &[(&str, usize)] = &[
    ("layer_norm", 3),
    ("rms_norm", 2),
    ("slice", 1),
    ("slice_assigned", 1),
];

/// Whether argument `index` of a call of `callee` is a constant by the callee's signature.
pub fn constant_arg(callee: &syn::Path, index: usize) -> bool {
    let is_ops = callee.segments.iter().any(|s| s.ident == "ops");
    let name = callee
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    is_ops && CONSTANT_ARGS.iter().any(|&(n, i)| n == name && i == index)
}
