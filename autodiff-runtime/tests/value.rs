//! Tests of the scalar reverse-mode tape: every method's gradient against a hand-written closed
//! form and a central difference, shared subexpressions, Rosenbrock, a 10⁷-node chain, f32.

use autodiff_runtime::value::grad;
use autodiff_runtime::{Gradients, Tape, Value};

/// Central difference with the step that balances truncation (h²) and rounding (ε/h) error.
fn central(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    let h = f64::EPSILON.cbrt() * x.abs().max(1.0);
    (f(x + h) - f(x - h)) / (2.0 * h)
}

/// `|a − b| ≤ rel · max(1, |b|)`, with a message naming the case.
fn assert_close(a: f64, b: f64, rel: f64, what: &str) {
    let tol = rel * b.abs().max(1.0);
    assert!(
        (a - b).abs() <= tol,
        "{what}: got {a}, expected {b} (tol {tol})"
    );
}

/// Closed forms are evaluated in another order than the rules: a few ulps apart.
const CLOSED_TOL: f64 = 1e-12;
/// Central differences lose ~h²·f‴/6 to truncation: up to ~5e-6 relative at the points near
/// a singularity (asin at ±0.999). The closed forms are the tight check; this one catches
/// a wrong formula, which is off by O(1).
const CENTRAL_TOL: f64 = 2e-5;

type UnaryCase = (
    &'static str,
    for<'t> fn(Value<'t>) -> Value<'t>,
    fn(f64) -> f64,
    fn(f64) -> f64,
    &'static [f64],
);

fn unary_cases() -> Vec<UnaryCase> {
    use std::f64::consts::{LN_2, LOG10_E, LOG2_E};
    vec![
        (
            "sin",
            |x| x.sin(),
            f64::sin,
            f64::cos,
            &[-2.0, 0.0, 0.3, 5.0],
        ),
        (
            "cos",
            |x| x.cos(),
            f64::cos,
            |x| -x.sin(),
            &[-2.0, 0.0, 0.3, 5.0],
        ),
        (
            "tan",
            |x| x.tan(),
            f64::tan,
            |x| 1.0 / (x.cos() * x.cos()),
            &[-1.5, 0.0, 0.3, 1.5],
        ),
        (
            "asin",
            |x| x.asin(),
            f64::asin,
            |x| 1.0 / ((1.0 - x) * (1.0 + x)).sqrt(),
            &[-0.999, 0.0, 0.5, 0.999],
        ),
        (
            "acos",
            |x| x.acos(),
            f64::acos,
            |x| -1.0 / ((1.0 - x) * (1.0 + x)).sqrt(),
            &[-0.999, 0.0, 0.5, 0.999],
        ),
        (
            "atan",
            |x| x.atan(),
            f64::atan,
            |x| 1.0 / (1.0 + x * x),
            &[-30.0, 0.0, 0.5, 3.0],
        ),
        (
            "sinh",
            |x| x.sinh(),
            f64::sinh,
            f64::cosh,
            &[-3.0, 0.0, 0.5, 20.0],
        ),
        (
            "cosh",
            |x| x.cosh(),
            f64::cosh,
            f64::sinh,
            &[-3.0, 0.0, 0.5, 20.0],
        ),
        (
            "tanh",
            |x| x.tanh(),
            f64::tanh,
            |x| 1.0 / (x.cosh() * x.cosh()),
            &[-3.0, 0.0, 0.5, 8.0],
        ),
        (
            "asinh",
            |x| x.asinh(),
            f64::asinh,
            |x| 1.0 / x.hypot(1.0),
            &[-3.0, 0.0, 0.5, 1e3],
        ),
        (
            "acosh",
            |x| x.acosh(),
            f64::acosh,
            |x| 1.0 / ((x - 1.0) * (x + 1.0)).sqrt(),
            &[1.001, 2.0, 30.0],
        ),
        (
            "atanh",
            |x| x.atanh(),
            f64::atanh,
            |x| 1.0 / ((1.0 - x) * (1.0 + x)),
            &[-0.999, 0.0, 0.5, 0.999],
        ),
        (
            "exp",
            |x| x.exp(),
            f64::exp,
            f64::exp,
            &[-20.0, 0.0, 0.5, 10.0],
        ),
        (
            "exp2",
            |x| x.exp2(),
            f64::exp2,
            |x| x.exp2() * LN_2,
            &[-3.0, 0.0, 4.5],
        ),
        (
            "exp_m1",
            |x| x.exp_m1(),
            f64::exp_m1,
            f64::exp,
            &[-3.0, 1e-9, 2.0],
        ),
        (
            "ln",
            |x| x.ln(),
            f64::ln,
            |x| 1.0 / x,
            &[1e-3, 0.5, 1.0, 1e4],
        ),
        (
            "ln_1p",
            |x| x.ln_1p(),
            f64::ln_1p,
            |x| 1.0 / (1.0 + x),
            &[-0.999, 0.0, 3.0],
        ),
        (
            "log2",
            |x| x.log2(),
            f64::log2,
            |x| LOG2_E / x,
            &[1e-3, 1.0, 100.0],
        ),
        (
            "log10",
            |x| x.log10(),
            f64::log10,
            |x| LOG10_E / x,
            &[1e-3, 1.0, 100.0],
        ),
        (
            "sqrt",
            |x| x.sqrt(),
            f64::sqrt,
            |x| 0.5 / x.sqrt(),
            &[1e-2, 1.0, 1e6],
        ),
        (
            "cbrt",
            |x| x.cbrt(),
            f64::cbrt,
            |x| x.cbrt() / (3.0 * x),
            &[-8.0, 1e-3, 27.0],
        ),
        (
            "recip",
            |x| x.recip(),
            f64::recip,
            |x| -1.0 / (x * x),
            &[-2.0, 1e-2, 7.0],
        ),
        (
            "abs",
            |x| x.abs(),
            f64::abs,
            |x| if x > 0.0 { 1.0 } else { -1.0 },
            &[-2.0, -1e-3, 3.0],
        ),
        ("signum", |x| x.signum(), f64::signum, |_| 0.0, &[-2.0, 3.0]),
        ("floor", |x| x.floor(), f64::floor, |_| 0.0, &[-2.3, 0.5]),
        ("ceil", |x| x.ceil(), f64::ceil, |_| 0.0, &[-2.3, 0.5]),
        ("round", |x| x.round(), f64::round, |_| 0.0, &[-2.3, 0.2]),
        ("trunc", |x| x.trunc(), f64::trunc, |_| 0.0, &[-2.3, 0.5]),
        (
            "fract",
            |x| x.fract(),
            f64::fract,
            |_| 1.0,
            &[-2.3, 0.5, 7.25],
        ),
        ("neg", |x| -x, |x| -x, |_| -1.0, &[-2.0, 0.0, 3.0]),
        ("x*x", |x| x * x, |x| x * x, |x| 2.0 * x, &[-2.0, 0.0, 3.0]),
        (
            "x/x²",
            |x| x / (x * x),
            |x| x / (x * x),
            |x| -1.0 / (x * x),
            &[-2.0, 0.5, 3.0],
        ),
    ]
}

/// Value and derivative of a one-variable function through the tape.
fn tape_derivative(f: for<'t> fn(Value<'t>) -> Value<'t>, x0: f64) -> (f64, f64) {
    let tape = Tape::new();
    let x = tape.var(x0);
    let y = f(x);
    (y.value(), y.backward()[x])
}

#[test]
fn unary_methods_match_closed_forms_and_central_differences() {
    for (name, f, primal, closed, points) in unary_cases() {
        for &x in points {
            let (y, d) = tape_derivative(f, x);
            assert_eq!(y.to_bits(), primal(x).to_bits(), "{name}({x}): primal");
            assert_close(
                d,
                closed(x),
                CLOSED_TOL,
                &format!("{name}'({x}) vs closed form"),
            );
            assert_close(
                d,
                central(primal, x),
                CENTRAL_TOL,
                &format!("{name}'({x}) vs central"),
            );
        }
    }
}

#[test]
fn powi_matches_closed_form_and_central_differences() {
    for n in [-3, -1, 0, 1, 2, 5] {
        for x in [-1.5_f64, 0.7, 2.0] {
            let tape = Tape::new();
            let v = tape.var(x);
            let d = v.powi(n).backward()[v];
            let closed = if n == 0 {
                0.0
            } else {
                f64::from(n) * x.powi(n - 1)
            };
            assert_close(d, closed, CLOSED_TOL, &format!("powi({x}, {n})"));
            assert_close(
                d,
                central(|t| t.powi(n), x),
                CENTRAL_TOL,
                &format!("powi({x}, {n}) vs central"),
            );
        }
    }
}

type BinaryCase = (
    &'static str,
    for<'t> fn(Value<'t>, Value<'t>) -> Value<'t>,
    fn(f64, f64) -> f64,
    fn(f64, f64) -> (f64, f64),
    &'static [(f64, f64)],
);

/// Points for any sign, and for operations defined only for a positive first (or both) operand.
const ANY: &[(f64, f64)] = &[
    (0.7, 2.5),
    (3.0, -0.4),
    (-1.5, -2.0),
    (2.0, 1.3),
    (1e-3, 3.0),
];
const POSITIVE_A: &[(f64, f64)] = &[(0.7, 2.5), (3.0, -0.4), (2.0, 1.3), (1e-3, 3.0)];
const POSITIVE: &[(f64, f64)] = &[(0.7, 2.5), (3.0, 0.4), (2.0, 1.3), (1e-3, 3.0)];

fn binary_cases() -> Vec<BinaryCase> {
    vec![
        ("add", |a, b| a + b, |a, b| a + b, |_, _| (1.0, 1.0), ANY),
        ("sub", |a, b| a - b, |a, b| a - b, |_, _| (1.0, -1.0), ANY),
        ("mul", |a, b| a * b, |a, b| a * b, |a, b| (b, a), ANY),
        (
            "div",
            |a, b| a / b,
            |a, b| a / b,
            |a, b| (1.0 / b, -a / (b * b)),
            ANY,
        ),
        (
            "rem",
            |a, b| a % b,
            |a, b| a % b,
            |a, b| (1.0, -(a / b).trunc()),
            ANY,
        ),
        (
            "atan2",
            |a, b| a.atan2(b),
            f64::atan2,
            |a, b| (b / (a * a + b * b), -a / (a * a + b * b)),
            ANY,
        ),
        (
            "log",
            |a, b| a.log(b),
            f64::log,
            |a, b| (1.0 / (a * b.ln()), -a.ln() / (b * b.ln() * b.ln())),
            POSITIVE,
        ),
        (
            "powf",
            |a, b| a.powf(b),
            f64::powf,
            |a, b| (b * a.powf(b - 1.0), a.powf(b) * a.ln()),
            POSITIVE_A,
        ),
        (
            "hypot",
            |a, b| a.hypot(b),
            f64::hypot,
            |a, b| (a / a.hypot(b), b / a.hypot(b)),
            ANY,
        ),
        (
            "max",
            |a, b| a.max(b),
            f64::max,
            |a, b| if a >= b { (1.0, 0.0) } else { (0.0, 1.0) },
            ANY,
        ),
        (
            "min",
            |a, b| a.min(b),
            f64::min,
            |a, b| if a <= b { (1.0, 0.0) } else { (0.0, 1.0) },
            ANY,
        ),
    ]
}

#[test]
fn binary_operations_match_closed_forms_and_central_differences() {
    for (name, f, primal, closed, points) in binary_cases() {
        for &(a0, b0) in points {
            let tape = Tape::new();
            let (a, b) = (tape.var(a0), tape.var(b0));
            let y = f(a, b);
            let g = y.backward();
            let what = format!("{name}({a0}, {b0})");
            assert_eq!(
                y.value().to_bits(),
                primal(a0, b0).to_bits(),
                "{what}: primal"
            );
            let (ca, cb) = closed(a0, b0);
            assert_close(g[a], ca, CLOSED_TOL, &format!("{what} ∂a"));
            assert_close(g[b], cb, CLOSED_TOL, &format!("{what} ∂b"));
            assert_close(
                g[a],
                central(|t| primal(t, b0), a0),
                CENTRAL_TOL,
                &format!("{what} ∂a central"),
            );
            assert_close(
                g[b],
                central(|t| primal(a0, t), b0),
                CENTRAL_TOL,
                &format!("{what} ∂b central"),
            );
        }
    }
}

#[test]
fn a_constant_operand_gives_the_other_operand_the_same_partial() {
    for (name, f, _, closed, _) in binary_cases() {
        let (a0, b0) = (2.0, 1.3);
        let (ca, cb) = closed(a0, b0);
        let tape = Tape::new();
        let a = tape.var(a0);
        let b = tape.var(b0);
        assert_close(f(a, tape.constant(b0)).backward()[a], ca, CLOSED_TOL, name);
        assert_close(f(tape.constant(a0), b).backward()[b], cb, CLOSED_TOL, name);
    }
}

#[test]
fn scalar_operands_on_either_side() {
    let tape: Tape = Tape::new();
    let x = tape.var(2.0);
    // f = 3 − x + 2/x + x·5 + x/4 − 1 + (1 + x)·(x − 7): f' = −1 − 2/x² + 5 + ¼ + (x − 7) + (1 + x)
    let f = 3.0 - x + 2.0 / x + x * 5.0 + x / 4.0 - 1.0 + (1.0 + x) * (x - 7.0);
    assert_eq!(f.value(), 3.0 - 2.0 + 1.0 + 10.0 + 0.5 - 1.0 + 3.0 * -5.0);
    assert_close(
        f.backward()[x],
        -1.0 - 0.5 + 5.0 + 0.25 - 5.0 + 3.0,
        CLOSED_TOL,
        "mixed",
    );
}

#[test]
fn remainder_with_plain_numbers_on_either_side() {
    let tape: Tape = Tape::new();
    let x = tape.var(2.5);
    // x % 1.5 = x − 1.5 (slope 1); 7 % x = 7 − 2x (slope −2); acc %= 2 on 3x = 7.5 → 7.5 − 6
    let (p, q) = (x % 1.5, 7.0 % x);
    let mut acc = x * 3.0;
    acc %= 2.0;
    assert_eq!((p.value(), q.value(), acc.value()), (1.0, 2.0, 1.5));
    assert_eq!(p.backward()[x], 1.0);
    assert_eq!(q.backward()[x], -2.0);
    assert_eq!(acc.backward()[x], 3.0);
    assert_close(
        q.backward()[x],
        central(|t| 7.0 % t, 2.5),
        CENTRAL_TOL,
        "7 % x",
    );
    // The sign follows the dividend, as for f64: −7.5 % 2 = −1.5, ∂/∂b = −trunc(−3.75) = 3.
    let (a, b) = (tape.var(-7.5), tape.var(2.0));
    let g = (a % b).backward();
    assert_eq!(((a % b).value(), g[a], g[b]), (-1.5, 1.0, 3.0));
}

#[test]
fn assign_operators() {
    let tape = Tape::new();
    let (x, y) = (tape.var(3.0), tape.var(0.5));
    let mut acc = x; // acc = ((x + 1)·x − y) / 2 − y·y… built in place
    acc += 1.0;
    acc *= x;
    acc -= y;
    acc /= 2.0;
    acc += y * y;
    acc -= 0.25;
    acc *= 4.0;
    acc /= y;
    // acc = 4((x² + x − y)/2 + y² − ¼)/y = (2x² + 2x − 2y + 4y² − 1)/y
    let expected = (2.0 * 9.0 + 6.0 - 1.0 + 1.0 - 1.0) / 0.5;
    assert_close(acc.value(), expected, CLOSED_TOL, "value");
    let g = acc.backward();
    assert_close(g[x], (4.0 * 3.0 + 2.0) / 0.5, CLOSED_TOL, "∂x");
    // ∂/∂y of (2x² + 2x − 1)/y − 2 + 4y = −(2x² + 2x − 1)/y² + 4
    assert_close(g[y], -(18.0 + 6.0 - 1.0) / 0.25 + 4.0, CLOSED_TOL, "∂y");
}

#[test]
fn mul_add_with_three_variables_uses_a_join_node() {
    let tape = Tape::new();
    let (x, a, b) = (tape.var(1.5), tape.var(-2.0), tape.var(0.25));
    let y = x.mul_add(a, b);
    assert_eq!(tape.len(), 5, "three vars, join, mul_add");
    let g = y.backward();
    assert_eq!((y.value(), g[x], g[a], g[b]), (-2.75, -2.0, 1.5, 1.0));
    // With a constant operand no join is needed.
    let z = x.mul_add(2.0, b);
    assert_eq!(tape.len(), 6);
    let g = z.backward();
    assert_eq!((g[x], g[b]), (2.0, 1.0));
}

#[test]
fn clamp_sends_the_derivative_to_the_active_operand() {
    for (x0, expected) in [
        (-1.0, (0.0, 1.0, 0.0)),
        (0.5, (1.0, 0.0, 0.0)),
        (3.0, (0.0, 0.0, 1.0)),
    ] {
        let tape = Tape::new();
        let (x, lo, hi) = (tape.var(x0), tape.var(0.0), tape.var(2.0));
        let g = (x.clamp(lo, hi) * 3.0).backward();
        let (ex, elo, ehi) = expected;
        assert_eq!(
            (g[x], g[lo], g[hi]),
            (3.0 * ex, 3.0 * elo, 3.0 * ehi),
            "clamp at {x0}"
        );
        assert_close(
            g[x],
            3.0 * central(|t| t.clamp(0.0, 2.0), x0),
            CENTRAL_TOL,
            "central",
        );
    }
}

#[test]
fn non_differentiable_points_follow_the_documented_conventions() {
    let tape = Tape::new();
    let x = tape.var(0.0);
    assert_eq!(x.abs().backward()[x], 0.0);
    // A tie splits the derivative evenly (tests/conventions.rs has the whole table).
    let (a, b) = (tape.var(1.0), tape.var(1.0));
    let g = a.max(b).backward();
    assert_eq!((g[a], g[b]), (0.5, 0.5));
    let g = a.min(b).backward();
    assert_eq!((g[a], g[b]), (0.5, 0.5));
    // 0.powf(2): ∂/∂b is taken as its limit 0 instead of 0 · ln 0 = NaN.
    let b = tape.var(2.0);
    let g = x.powf(b).backward();
    assert_eq!((g[x], g[b]), (0.0, 0.0));
}

#[test]
fn shared_subexpressions_accumulate() {
    let tape = Tape::new();
    let x = tape.var(3.0);
    assert_eq!((x * x).backward()[x], 6.0);
    let (a, b) = (tape.var(3.0), tape.var(4.0));
    let y = a * b;
    let z = y + y * a; // ab + a²b
    let g = z.backward();
    assert_eq!((g[a], g[b]), (4.0 + 2.0 * 12.0, 3.0 + 9.0));
    // A diamond: both paths from x to w go through s = sin x.
    let s = x.sin();
    let w = s.exp() * s.cos(); // dw/dx = cos x · e^{sin x} (cos s − sin s)
    let expected =
        3.0_f64.cos() * 3.0_f64.sin().exp() * (3.0_f64.sin().cos() - 3.0_f64.sin().sin());
    assert_close(w.backward()[x], expected, CLOSED_TOL, "diamond");
}

/// n-dimensional Rosenbrock function on tape values.
fn rosenbrock<'t>(x: &[Value<'t>]) -> Value<'t> {
    let mut sum = x[0].tape().constant(0.0);
    for w in x.windows(2) {
        let (a, b) = (w[1] - w[0] * w[0], 1.0 - w[0]);
        sum += 100.0 * a * a + b * b;
    }
    sum
}

/// ∂f/∂xᵢ = −400 xᵢ (xᵢ₊₁ − xᵢ²) − 2(1 − xᵢ) + 200 (xᵢ − xᵢ₋₁²), each term where it exists.
fn rosenbrock_grad_hand(x: &[f64]) -> Vec<f64> {
    let n = x.len();
    (0..n)
        .map(|i| {
            let mut g = 0.0;
            if i + 1 < n {
                g += -400.0 * x[i] * (x[i + 1] - x[i] * x[i]) - 2.0 * (1.0 - x[i]);
            }
            if i > 0 {
                g += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
            }
            g
        })
        .collect()
}

#[test]
fn rosenbrock_gradient_matches_the_hand_written_one() {
    let points: [[f64; 5]; 3] = [
        [-1.2, 1.0, 0.5, -0.3, 2.0],
        [0.1, 0.2, 0.3, 0.4, 0.5],
        [3.0, -2.0, 1.5, 0.0, -1.0],
    ];
    for x in points {
        let (f, g) = grad(rosenbrock, &x);
        let f_hand: f64 = x
            .windows(2)
            .map(|w| 100.0 * (w[1] - w[0] * w[0]).powi(2) + (1.0 - w[0]).powi(2))
            .sum();
        assert_close(f, f_hand, CLOSED_TOL, "f");
        for (i, (ad, hand)) in g.iter().zip(rosenbrock_grad_hand(&x)).enumerate() {
            assert_close(*ad, hand, CLOSED_TOL, &format!("∂f/∂x{i} at {x:?}"));
        }
    }
    // The minimum: gradient exactly zero.
    assert_eq!(grad(rosenbrock, &[1.0; 5]), (0.0, vec![0.0; 5]));
}

/// y ← c·y + b, `steps` times from y = a: 2 nodes a step. With cᵏ summed in closed form:
/// ∂y/∂a = cˢ, ∂y/∂b = (cˢ − 1)/(c − 1).
fn long_chain(steps: usize) {
    let c = 1.0 + 2f64.powi(-20);
    let tape = Tape::with_capacity(2 * steps + 2);
    let (a, b) = (tape.var(1.0), tape.var(1.0));
    let mut y = a;
    for _ in 0..steps {
        y = y * c + b;
    }
    assert_eq!(tape.len(), 2 * steps + 2);
    let g = y.backward();
    let cs = c.powi(steps as i32);
    assert_close(g[a], cs, 1e-8, "∂y/∂a");
    assert_close(g[b], (cs - 1.0) / (c - 1.0), 1e-8, "∂y/∂b");
}

/// 10⁷ nodes in one sweep: ~2.5 s and ~0.5 GB in a debug build.
#[test]
fn a_chain_of_ten_million_nodes() {
    long_chain(5_000_000);
}

#[test]
fn f32_works() {
    let tape = Tape::<f32>::new();
    let x = tape.var(0.5_f32);
    let y = 2.0_f32 * x.sin() * x.exp() - 1.0_f32 / x + x.powi(2) * 3.0;
    // y' = 2e^x (cos x + sin x) + 1/x² + 6x
    let expected = 2.0 * 0.5_f32.exp() * (0.5_f32.cos() + 0.5_f32.sin()) + 4.0 + 3.0;
    let d = y.backward()[x];
    assert!(
        (d - expected).abs() < 1e-5 * expected.abs(),
        "{d} vs {expected}"
    );
}

#[test]
fn cleared_tape_keeps_its_memory_and_gives_fresh_gradients() {
    let mut tape = Tape::new();
    let mut grads = Gradients::new();
    let mut capacity = None;
    for x0 in [0.5, 1.0, 2.0, 4.0] {
        tape.clear();
        let xs = tape.vars(&[x0, 2.0 * x0]);
        let y = (xs[0] * xs[1]).ln(); // ln(2x²): ∂/∂x0 = 1/x0
        y.backward_into(&mut grads);
        assert_eq!(tape.len(), 4);
        assert_close(grads[xs[0]], 1.0 / x0, CLOSED_TOL, "∂x0");
        assert_close(grads[xs[1]], 0.5 / x0, CLOSED_TOL, "∂x1");
        let cap = *capacity.get_or_insert(tape.capacity());
        assert_eq!(tape.capacity(), cap, "clear reallocated");
    }
}

#[test]
fn adjoints_of_unrelated_values_are_zero() {
    let tape = Tape::new();
    let (x, unused) = (tape.var(2.0), tape.var(7.0));
    let y = x * x;
    let later = x + 1.0;
    let c = tape.constant(3.0);
    let g = y.backward();
    assert_eq!(
        (g[x], g[unused], g[later], g[c], g[y]),
        (4.0, 0.0, 0.0, 0.0, 1.0)
    );
    assert_eq!(g.as_slice(), &[4.0, 0.0, 1.0]);
    let g = c.backward();
    assert_eq!((g[x], g[c]), (0.0, 0.0));
}

#[test]
#[cfg_attr(
    feature = "check-finite",
    ignore = "derives ∞ from finite inputs on purpose"
)]
fn an_infinite_adjoint_stays_infinite() {
    // Leaves send their unused edges to the sink: with a self-loop instead, ∞ · 0 would turn
    // x̄ = ∞ into NaN.
    let tape = Tape::new();
    let x = tape.var(0.0);
    assert_eq!(x.sqrt().backward()[x], f64::INFINITY);
}

#[test]
#[should_panic(expected = "different tapes")]
fn mixing_tapes_panics() {
    let (t1, t2) = (Tape::new(), Tape::new());
    let _ = t1.var(1.0) + t2.var(2.0);
}

#[test]
fn comparisons_use_the_primal_values() {
    let tape = Tape::new();
    let (a, b) = (tape.var(1.0), tape.var(2.0));
    assert!(a < b && b > 1.5 && a == 1.0 && a != b);
    assert!(a + 1.0 == b);
}

#[test]
fn describe_lists_the_tape_in_topological_order() {
    let tape = Tape::traced();
    let (a, b) = (tape.var(2.0), tape.var(3.0));
    let _ = (a * b).sin() + 1.0;
    let _ = -a;
    let expected = "v0 = var = 2.000\n\
                    v1 = var = 3.000\n\
                    v2 = mul(v0, v1) = 6.000  ∂ = (3.000, 2.000)\n\
                    v3 = sin(v2) = -0.279  ∂ = (0.960)\n\
                    v4 = add(v3, const) = 0.721  ∂ = (1.000, 1.000)\n\
                    v5 = neg(v0) = -2.000  ∂ = (-1.000)\n";
    assert_eq!(format!("{tape:.3}"), expected);
    assert!(tape
        .describe()
        .starts_with("v0 = var = 2\nv1 = var = 3\nv2 = mul(v0, v1) = 6  ∂ = (3, 2)\n"));
    // The same graph on an untraced tape gives the right gradient and only its size.
    let plain = Tape::new();
    let (a, b) = (plain.var(2.0), plain.var(3.0));
    let g = ((a * b).sin() + 1.0).backward();
    assert_eq!((g[a], g[b]), (3.0 * 6.0_f64.cos(), 2.0 * 6.0_f64.cos()));
    assert_eq!(
        plain.describe(),
        "untraced tape of 5 nodes (Tape::traced() lists them)\n"
    );
}

#[test]
fn a_cleared_traced_tape_lists_only_the_new_recording() {
    let mut tape = Tape::traced();
    let x = tape.var(1.0);
    let _ = x.exp();
    tape.clear();
    let x = tape.var(4.0);
    let y = x.sqrt();
    assert_eq!(y.backward()[x], 0.25);
    assert_eq!(
        tape.describe(),
        "v0 = var = 4\nv1 = sqrt(v0) = 2  ∂ = (0.25)\n"
    );
}
