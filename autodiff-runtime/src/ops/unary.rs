//! Elementwise functions of arrays of any dimension: `exp`, `ln`, `tanh`, `sigmoid`, `relu`,
//! `gelu` (the tanh approximation GPT-2 uses).
//!
//! For `y = f(x)` elementwise, `dy = f′(x) ⊙ dx` and `x̄ = f′(x) ⊙ ḡ` (the Jacobian is diagonal).
//! `exp`, `tanh` and `sigmoid` write `f′` through their output (`y`, `1 − y²`, `y(1 − y)`),
//! so their pullbacks keep `y`; the others recompute `f′(x)` from `x`, passed to the pullback
//! again, and keep nothing.

use super::check_shape;
use ndarray::{Array, Dimension, Zip};
use num_traits::Float;

fn constant<T: Float>(c: f64) -> T {
    T::from(c).expect("a constant representable in every float type")
}

/// The logistic function `1 / (1 + e⁻ˣ)`, evaluated without overflow for either sign of `x`.
fn sigmoid_scalar<T: Float>(x: T) -> T {
    if x >= T::zero() {
        (T::one() + (-x).exp()).recip()
    } else {
        let e = x.exp();
        e / (T::one() + e)
    }
}

/// `max(x, 0)`; NaN stays NaN.
fn relu_scalar<T: Float>(x: T) -> T {
    if x < T::zero() {
        T::zero()
    } else {
        x
    }
}

/// 1 for `x > 0`, else 0: at 0 the least subgradient in `[0, 1]`, as in PyTorch (the
/// convention of `partial`).
fn relu_derivative<T: Float>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else {
        T::zero()
    }
}

/// `0.044715`, the cubic coefficient of the tanh approximation of GELU.
const GELU_CUBIC: f64 = 0.044715;
/// `√(2/π)`.
const SQRT_2_OVER_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI * std::f64::consts::FRAC_1_SQRT_2;

fn gelu_scalar<T: Float>(x: T) -> T {
    let u = constant::<T>(SQRT_2_OVER_PI) * (x + constant::<T>(GELU_CUBIC) * x * x * x);
    constant::<T>(0.5) * x * (T::one() + u.tanh())
}

/// `½(1 + t) + ½ x (1 − t²) √(2/π) (1 + 3·0.044715 x²)` with `t = tanh(√(2/π)(x + 0.044715 x³))`.
fn gelu_derivative<T: Float>(x: T) -> T {
    let (c, k, half) = (
        constant::<T>(SQRT_2_OVER_PI),
        constant::<T>(GELU_CUBIC),
        constant::<T>(0.5),
    );
    let t = (c * (x + k * x * x * x)).tanh();
    let du = c * (T::one() + constant::<T>(3.0) * k * x * x);
    half * (T::one() + t) + half * x * (T::one() - t * t) * du
}

/// `(ḡ ⊙ d(s),)` elementwise, written over `ḡ`, after checking `ḡ`'s shape against `x`'s: the
/// cotangent of an elementwise function whose derivative `d` is written through `s` (its
/// output `y` or its input `x`).
#[track_caller]
fn scale_cotangent<T: Float, D: Dimension>(
    op: &str,
    x: &Array<T, D>,
    mut g: Array<T, D>,
    s: &Array<T, D>,
    d: impl Fn(T) -> T,
) -> (Array<T, D>,) {
    check_shape(op, "the cotangent", x.shape(), g.shape());
    Zip::from(&mut g).and(s).for_each(|g, &s| *g = *g * d(s));
    (g,)
}

/// The value `y` and a pullback that keeps `y` and scales `ḡ` by `d(y)`.
fn pullback_keeping_output<T: Float + 'static, D: Dimension>(
    op: &'static str,
    y: Array<T, D>,
    d: impl Fn(T) -> T,
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,),
) {
    let saved = y.clone();
    let pullback = move |x: &Array<T, D>, g: Array<T, D>| scale_cotangent(op, x, g, &saved, d);
    (y, pullback)
}

/// The value `y` and a pullback that keeps nothing and scales `ḡ` by `d(x)`.
fn pullback_keeping_nothing<T: Float + 'static, D: Dimension>(
    op: &'static str,
    y: Array<T, D>,
    d: impl Fn(T) -> T,
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,),
) {
    let pullback = move |x: &Array<T, D>, g: Array<T, D>| scale_cotangent(op, x, g, x, d);
    (y, pullback)
}

/// Generates `$name`, `_jvp`, `_vjp`, `_pullback` and the names generated callers use (see
/// the module docs) of an elementwise function whose derivative is written through its
/// output (`saves output |y|`) or its input (`saves input |x|`).
macro_rules! unary_op {
    (@items $name:ident, $jvp:ident, $vjp:ident, $pullback:ident,
        $doc:literal, $rule:literal, |$x:ident| $f:expr, $ex:literal,
        |$dx:tt, $dy:tt| $d:expr, $fprime:literal, $keeps:literal, $keeping:ident,
        |$s:ident| $ds:expr) => {
        #[doc = $doc]
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = $ex]
        /// ```
        pub fn $name<T: Float + 'static, D: Dimension>(x: &Array<T, D>) -> Array<T, D> {
            x.mapv(|$x| $f)
        }

        #[doc = concat!("Value and tangent: ", $rule, ".")]
        ///
        /// ***Panics*** if the tangent's shape differs from `x`'s.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = concat!("let x = array![0.5, 2.0];\nlet (y, dy) = ops::", stringify!($jvp), "(&x, &array![1.0, 1.0]);")]
        #[doc = concat!("let (_, x_bar) = ops::", stringify!($vjp), "(&x, array![1.0, 1.0]);")]
        #[doc = concat!("assert_eq!((y, dy), (ops::", stringify!($name), "(&x), x_bar)); // diagonal Jacobian: J·1 = Jᵀ·1")]
        /// ```
        #[track_caller]
        pub fn $jvp<T: Float + 'static, D: Dimension>(
            x: &Array<T, D>,
            dx: &Array<T, D>,
        ) -> (Array<T, D>, Array<T, D>) {
            check_shape(stringify!($jvp), "the tangent", x.shape(), dx.shape());
            let y = $name(x);
            let dy = Zip::from(x)
                .and(&y)
                .and(dx)
                .map_collect(|&x, &y, &dx| {
                    let derivative = |$dx: T, $dy: T| -> T { $d };
                    derivative(x, y) * dx
                });
            (y, dy)
        }

        #[doc = concat!("Value and cotangent: ", $rule, ", with `x̄ = f′(x) ⊙ ḡ`.")]
        ///
        /// ***Panics*** if `dout`'s shape differs from `x`'s.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = concat!("let (y, x_bar) = ops::", stringify!($vjp), "(&array![[0.25]], array![[0.0]]);")]
        #[doc = concat!("assert_eq!((y, x_bar), (ops::", stringify!($name), "(&array![[0.25]]), array![[0.0]]));")]
        /// ```
        #[track_caller]
        pub fn $vjp<T: Float + 'static, D: Dimension>(
            x: &Array<T, D>,
            dout: Array<T, D>,
        ) -> (Array<T, D>, Array<T, D>) {
            let (y, pullback) = $pullback(x);
            let (x_bar,) = pullback(x, dout);
            (y, x_bar)
        }

        #[doc = concat!("The value and its pullback `(x, ḡ) ↦ (", $fprime, " ⊙ ḡ,)`, which keeps ", $keeps, " (", $rule, ").")]
        ///
        /// ***Panics*** (the pullback) if `ḡ`'s shape differs from `x`'s.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        /// let x = array![0.5];
        #[doc = concat!("let (y, pb) = ops::", stringify!($pullback), "(&x);")]
        #[doc = concat!("assert_eq!(pb(&x, array![2.0]).0, ops::", stringify!($vjp), "(&x, array![2.0]).1);")]
        /// ```
        pub fn $pullback<T: Float + 'static, D: Dimension>(
            x: &Array<T, D>,
        ) -> (Array<T, D>, impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,)) {
            $keeping(stringify!($pullback), $name(x), |$s: T| $ds)
        }

        for_callers!($name, $jvp, $pullback);
    };
    ($name:ident, $jvp:ident, $vjp:ident, $pullback:ident,
        doc: $doc:literal, rule: $rule:literal, value: |$x:ident| $f:expr,
        saves output |$y:ident| $d:expr, example: $ex:literal $(,)?) => {
        unary_op!(@items $name, $jvp, $vjp, $pullback, $doc, $rule, |$x| $f, $ex,
            |_, $y| $d, "f′", "the output `y`", pullback_keeping_output, |$y| $d);
    };
    ($name:ident, $jvp:ident, $vjp:ident, $pullback:ident,
        doc: $doc:literal, rule: $rule:literal, value: |$x:ident| $f:expr,
        saves input |$xd:ident| $d:expr, example: $ex:literal $(,)?) => {
        unary_op!(@items $name, $jvp, $vjp, $pullback, $doc, $rule, |$x| $f, $ex,
            |$xd, _| $d, "f′(x)", "nothing", pullback_keeping_nothing, |$xd| $d);
    };
}

unary_op! {
    exp, exp_jvp, exp_vjp, exp_pullback,
    doc: "`eˣ` elementwise.",
    rule: "`dy = eˣ ⊙ dx`",
    value: |x| x.exp(),
    saves output |y| y,
    example: "assert_eq!(ops::exp(&array![0.0, 1.0]), array![1.0, 1.0_f64.exp()]);",
}

unary_op! {
    ln, ln_jvp, ln_vjp, ln_pullback,
    doc: "The natural logarithm elementwise.",
    rule: "`dy = dx ⊘ x`",
    value: |x| x.ln(),
    saves input |x| x.recip(),
    example: "assert_eq!(ops::ln(&array![1.0, 1.0_f64.exp()]), array![0.0, 1.0]);",
}

unary_op! {
    tanh, tanh_jvp, tanh_vjp, tanh_pullback,
    doc: "`tanh` elementwise.",
    rule: "`dy = (1 − y²) ⊙ dx`",
    value: |x| x.tanh(),
    saves output |y| T::one() - y * y,
    example: "assert_eq!(ops::tanh(&array![[0.0]]), array![[0.0]]);",
}

unary_op! {
    sigmoid, sigmoid_jvp, sigmoid_vjp, sigmoid_pullback,
    doc: "The logistic function `σ(x) = 1 / (1 + e⁻ˣ)` elementwise, finite for any `x`.",
    rule: "`dy = y(1 − y) ⊙ dx`",
    value: |x| sigmoid_scalar(x),
    saves output |y| y * (T::one() - y),
    example: "assert_eq!(ops::sigmoid(&array![0.0, -1e4, 1e4]), array![0.5, 0.0, 1.0]);",
}

unary_op! {
    relu, relu_jvp, relu_vjp, relu_pullback,
    doc: "`max(x, 0)` elementwise; its derivative at 0 is taken as 0, as in PyTorch.",
    rule: "`dy = 1[x > 0] ⊙ dx`",
    value: |x| relu_scalar(x),
    saves input |x| relu_derivative(x),
    example: "assert_eq!(ops::relu(&array![-1.0, 0.0, 2.0]), array![0.0, 0.0, 2.0]);",
}

unary_op! {
    gelu, gelu_jvp, gelu_vjp, gelu_pullback,
    doc: "GELU in the tanh approximation GPT-2 uses (PyTorch's `gelu(x, approximate='tanh')`): \
          `½ x (1 + tanh(√(2/π)(x + 0.044715 x³)))`.",
    rule: "`dy = (½(1 + t) + ½ x (1 − t²) √(2/π)(1 + 0.134145 x²)) ⊙ dx`, `t` the tanh",
    value: |x| gelu_scalar(x),
    saves input |x| gelu_derivative(x),
    example: "let y = ops::gelu(&array![0.0_f64, 1.0]);\nassert_eq!(y[0], 0.0);\nassert!((y[1] - 0.841192).abs() < 1e-6);",
}
