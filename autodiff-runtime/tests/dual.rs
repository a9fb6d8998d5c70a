//! Forward mode checked against hand-written closed forms and central differences.

use autodiff_runtime::{derivative, gradient, gradient_vec, jacobian, Dual, DualVec};
use num_traits::{Float, FromPrimitive, Num, NumCast, One, Signed, ToPrimitive, Zero};
use std::f64::consts::{FRAC_PI_2, LN_10, LN_2, PI};

type D = Dual<f64>;
type D2 = Dual<Dual<f64>>;

/// Central difference with h = ∛ε·max(1, |x|), shrunk to 1e-3 of the distance to the nearest
/// singularity so that x ± h stays in the domain and the truncation error stays small there.
fn central(f: impl Fn(f64) -> f64, x: f64, singular: &[f64]) -> f64 {
    let dist = singular
        .iter()
        .map(|s| (x - s).abs())
        .fold(f64::INFINITY, f64::min);
    let h = (f64::EPSILON.cbrt() * x.abs().max(1.0)).min(1e-3 * dist);
    (f(x + h) - f(x - h)) / (2.0 * h)
}

fn assert_close(what: &str, got: f64, want: f64, rel: f64) {
    assert!(
        (got - want).abs() <= rel * want.abs().max(1.0),
        "{what}: got {got}, want {want}"
    );
}

/// (name, on duals, on f64, closed-form derivative, points, singular points)
type Unary = (
    &'static str,
    fn(D) -> D,
    fn(f64) -> f64,
    fn(f64) -> f64,
    &'static [f64],
    &'static [f64],
);

#[test]
fn every_unary_method_matches_closed_form_and_central_difference() {
    let unit: &[f64] = &[-1.0, 1.0];
    #[rustfmt::skip]
    let cases: &[Unary] = &[
        ("sin", |x| x.sin(), f64::sin, f64::cos, &[-2.0, 0.0, 0.3, 5.0], &[]),
        ("cos", |x| x.cos(), f64::cos, |x| -x.sin(), &[-2.0, 0.0, 0.3, 5.0], &[]),
        ("tan", |x| x.tan(), f64::tan, |x| 1.0 / (x.cos() * x.cos()), &[-1.5, 0.0, 1.5], &[-FRAC_PI_2, FRAC_PI_2]),
        ("asin", |x| x.asin(), f64::asin, |x| 1.0 / (1.0 - x * x).sqrt(), &[-0.99, 0.0, 0.5, 0.99], unit),
        ("acos", |x| x.acos(), f64::acos, |x| -1.0 / (1.0 - x * x).sqrt(), &[-0.99, 0.0, 0.5, 0.99], unit),
        ("atan", |x| x.atan(), f64::atan, |x| 1.0 / (1.0 + x * x), &[-30.0, 0.0, 0.5, 3.0], &[]),
        ("sinh", |x| x.sinh(), f64::sinh, f64::cosh, &[-3.0, 0.0, 0.5], &[]),
        ("cosh", |x| x.cosh(), f64::cosh, f64::sinh, &[-3.0, 0.0, 0.5], &[]),
        ("tanh", |x| x.tanh(), f64::tanh, |x| 1.0 / (x.cosh() * x.cosh()), &[-3.0, 0.0, 0.5, 8.0], &[]),
        ("asinh", |x| x.asinh(), f64::asinh, |x| 1.0 / (x * x + 1.0).sqrt(), &[-3.0, 0.0, 0.5], &[]),
        ("acosh", |x| x.acosh(), f64::acosh, |x| 1.0 / (x * x - 1.0).sqrt(), &[1.01, 2.0, 30.0], &[1.0]),
        ("atanh", |x| x.atanh(), f64::atanh, |x| 1.0 / (1.0 - x * x), &[-0.99, 0.0, 0.5, 0.99], unit),
        ("exp", |x| x.exp(), f64::exp, f64::exp, &[-20.0, 0.0, 0.5, 10.0], &[]),
        ("exp2", |x| x.exp2(), f64::exp2, |x| x.exp2() * LN_2, &[-3.0, 0.0, 4.5], &[]),
        ("exp_m1", |x| x.exp_m1(), f64::exp_m1, f64::exp, &[-3.0, 1e-9, 2.0], &[]),
        ("ln", |x| x.ln(), f64::ln, |x| 1.0 / x, &[1e-3, 0.5, 1.0, 1e4], &[0.0]),
        ("ln_1p", |x| x.ln_1p(), f64::ln_1p, |x| 1.0 / (1.0 + x), &[-0.9, 0.0, 3.0], &[-1.0]),
        ("log2", |x| x.log2(), f64::log2, |x| 1.0 / (x * LN_2), &[1e-3, 1.0, 100.0], &[0.0]),
        ("log10", |x| x.log10(), f64::log10, |x| 1.0 / (x * LN_10), &[1e-3, 1.0, 100.0], &[0.0]),
        ("sqrt", |x| x.sqrt(), f64::sqrt, |x| 0.5 / x.sqrt(), &[1e-6, 1e-2, 1.0, 1e6], &[0.0]),
        ("cbrt", |x| x.cbrt(), f64::cbrt, |x| 1.0 / (3.0 * x.cbrt() * x.cbrt()), &[-8.0, 1e-3, 27.0], &[0.0]),
        ("recip", |x| x.recip(), f64::recip, |x| -1.0 / (x * x), &[-2.0, 1e-2, 7.0], &[0.0]),
        ("abs", |x| x.abs(), f64::abs, |x| if x == 0.0 { 0.0 } else { x.signum() }, &[-2.0, 0.0, 3.0], &[]),
        ("signum", |x| x.signum(), f64::signum, |_| 0.0, &[-2.3, 0.4], &[0.0]),
        ("floor", |x| x.floor(), f64::floor, |_| 0.0, &[-2.3, 0.4, 7.7], &[]),
        ("ceil", |x| x.ceil(), f64::ceil, |_| 0.0, &[-2.3, 0.4, 7.7], &[]),
        ("round", |x| x.round(), f64::round, |_| 0.0, &[-2.3, 0.4, 7.7], &[]),
        ("trunc", |x| x.trunc(), f64::trunc, |_| 0.0, &[-2.3, 0.4, 7.7], &[]),
        ("fract", |x| x.fract(), f64::fract, |_| 1.0, &[-2.3, 0.4, 7.7], &[]),
        ("to_degrees", |x| x.to_degrees(), f64::to_degrees, |_| 180.0 / PI, &[-1.0, 2.0], &[]),
        ("to_radians", |x| x.to_radians(), f64::to_radians, |_| PI / 180.0, &[-90.0, 30.0], &[]),
        ("sin_cos.0", |x| x.sin_cos().0, f64::sin, f64::cos, &[-2.0, 0.3], &[]),
        ("sin_cos.1", |x| x.sin_cos().1, f64::cos, |x| -x.sin(), &[-2.0, 0.3], &[]),
        ("powi 3", |x| x.powi(3), |x| x.powi(3), |x| 3.0 * x * x, &[-1.5, 0.0, 2.0], &[]),
        ("powi -2", |x| x.powi(-2), |x| x.powi(-2), |x| -2.0 / x.powi(3), &[-1.5, 0.1, 2.0], &[0.0]),
        ("powf x^2.5", |x| x.powf(D::constant(2.5)), |x| x.powf(2.5), |x| 2.5 * x.powf(1.5), &[1e-3, 0.7, 4.0], &[0.0]),
        // A constant exponent must not make ∂/∂b = y·ln(a) = NaN leak in for a < 0.
        ("powf x^2, x<0", |x| x.powf(D::constant(2.0)), |x| x.powf(2.0), |x| 2.0 * x, &[-1.5, 3.0], &[]),
        ("log base 3", |x| x.log(D::constant(3.0)), |x| x.log(3.0), |x| 1.0 / (x * 3f64.ln()), &[1e-3, 2.0], &[0.0]),
        ("hypot(x, 2)", |x| x.hypot(D::constant(2.0)), |x| x.hypot(2.0), |x| x / x.hypot(2.0), &[-3.0, 0.0, 1.0], &[]),
        ("atan2(x, 2)", |x| x.atan2(D::constant(2.0)), |x| x.atan2(2.0), |x| 2.0 / (x * x + 4.0), &[-3.0, 0.0, 1.0], &[]),
        ("max(x, 1)", |x| x.max(D::one()), |x| x.max(1.0), |x| if x >= 1.0 { 1.0 } else { 0.0 }, &[0.5, 2.0], &[1.0]),
        ("min(x, 1)", |x| x.min(D::one()), |x| x.min(1.0), |x| if x <= 1.0 { 1.0 } else { 0.0 }, &[0.5, 2.0], &[1.0]),
        ("clamp(x,-1,1)", |x| x.clamp(-D::one(), D::one()), |x| x.clamp(-1.0, 1.0), |x| if x.abs() <= 1.0 { 1.0 } else { 0.0 }, &[-2.0, 0.5, 3.0], unit),
        ("mul_add(x,3,1)", |x| x.mul_add(D::constant(3.0), D::one()), |x| x.mul_add(3.0, 1.0), |_| 3.0, &[-2.0, 0.5], &[]),
        ("abs_sub(x, 1)", |x| Float::abs_sub(x, D::one()), |x| (x - 1.0).max(0.0), |x| if x > 1.0 { 1.0 } else { 0.0 }, &[0.5, 2.0], &[1.0]),
        ("copysign(x,-1)", |x| x.copysign(-D::one()), |x| x.copysign(-1.0), |x| -x.signum(), &[-2.0, 3.0], &[0.0]),
        ("x % 0.7", |x| x % 0.7, |x| x % 0.7, |_| 1.0, &[-1.3, 2.0], &[-1.4, -0.7, 0.0, 0.7, 1.4, 2.1]),
        ("neg", |x| -x, |x| -x, |_| -1.0, &[-1.3, 2.0], &[]),
    ];
    for &(name, fd, f, df, points, singular) in cases {
        for &x in points {
            let y = fd(D::variable(x));
            assert_eq!(y.primal.to_bits(), f(x).to_bits(), "{name}({x}) value");
            assert_close(
                &format!("{name}'({x}) vs closed form"),
                y.tangent,
                df(x),
                1e-12,
            );
            let fd_num = central(f, x, singular);
            assert_close(
                &format!("{name}'({x}) vs central difference"),
                y.tangent,
                fd_num,
                1e-6,
            );
        }
    }
}

/// (name, on duals, on f64, closed-form partials, points)
type Binary = (
    &'static str,
    fn(D, D) -> D,
    fn(f64, f64) -> f64,
    fn(f64, f64) -> (f64, f64),
    &'static [(f64, f64)],
);

#[test]
fn binary_partials_match_closed_form_and_central_difference() {
    let pts: &[(f64, f64)] = &[(0.7, 2.5), (3.0, 0.4), (2.0, 1.3), (1.5, 5.0)];
    #[rustfmt::skip]
    let cases: &[Binary] = &[
        ("+", |a, b| a + b, |a, b| a + b, |_, _| (1.0, 1.0), pts),
        ("-", |a, b| a - b, |a, b| a - b, |_, _| (1.0, -1.0), pts),
        ("*", |a, b| a * b, |a, b| a * b, |a, b| (b, a), pts),
        ("/", |a, b| a / b, |a, b| a / b, |a, b| (1.0 / b, -a / (b * b)), pts),
        ("%", |a, b| a % b, |a, b| a % b, |a, b| (1.0, -(a / b).trunc()), pts),
        ("powf", |a, b| a.powf(b), f64::powf, |a, b| (b * a.powf(b - 1.0), a.powf(b) * a.ln()), pts),
        ("log", |a, b| a.log(b), f64::log, |a, b| (1.0 / (a * b.ln()), -a.ln() / (b * b.ln().powi(2))), pts),
        ("atan2", |a, b| a.atan2(b), f64::atan2, |a, b| (b / (a * a + b * b), -a / (a * a + b * b)), pts),
        ("hypot", |a, b| a.hypot(b), f64::hypot, |a, b| (a / a.hypot(b), b / a.hypot(b)), pts),
        ("max", |a, b| a.max(b), f64::max, |a, b| if a >= b { (1.0, 0.0) } else { (0.0, 1.0) }, pts),
        ("min", |a, b| a.min(b), f64::min, |a, b| if a <= b { (1.0, 0.0) } else { (0.0, 1.0) }, pts),
    ];
    for &(name, fd, f, df, points) in cases {
        for &(a, b) in points {
            let (v, g) = gradient(|x: &[D]| fd(x[0], x[1]), &[a, b]);
            assert_eq!(v, f(a, b), "{name}({a}, {b})");
            let (da, db) = df(a, b);
            assert_close(&format!("{name} ∂a at ({a}, {b})"), g[0], da, 1e-12);
            assert_close(&format!("{name} ∂b at ({a}, {b})"), g[1], db, 1e-12);
            let (na, nb) = (central(|t| f(t, b), a, &[]), central(|t| f(a, t), b, &[]));
            assert_close(&format!("{name} ∂a at ({a}, {b}) vs FD"), g[0], na, 1e-6);
            assert_close(&format!("{name} ∂b at ({a}, {b}) vs FD"), g[1], nb, 1e-6);
        }
    }
}

#[test]
#[cfg_attr(
    feature = "check-finite",
    ignore = "derives ∞ from finite inputs on purpose"
)]
fn ternary_partials_and_subgradient_conventions() {
    // mul_add(a, b, c) = ab + c: ∇ = (b, a, 1).
    let (v, g) = gradient(|x: &[D]| x[0].mul_add(x[1], x[2]), &[2.0, 3.0, 5.0]);
    assert_eq!((v, g), (11.0, vec![3.0, 2.0, 1.0]));
    // clamp: the derivative goes to x inside (lo, hi), else to the bound hit; a bound hit
    // exactly shares it with x (tests/conventions.rs has every tie).
    let clamp = |x: &[D]| x[0].clamp(x[1], x[2]);
    assert_eq!(gradient(clamp, &[0.5, 0.0, 1.0]).1, vec![1.0, 0.0, 0.0]);
    assert_eq!(gradient(clamp, &[1.0, 0.0, 1.0]).1, vec![0.5, 0.0, 0.5]);
    assert_eq!(gradient(clamp, &[-3.0, 0.0, 1.0]).1, vec![0.0, 1.0, 0.0]);
    assert_eq!(gradient(clamp, &[4.0, 0.0, 1.0]).1, vec![0.0, 0.0, 1.0]);
    // Ties in max/min split the derivative evenly; |x|'(0) = 0.
    assert_eq!(
        gradient(|x: &[D]| x[0].max(x[1]), &[2.0, 2.0]).1,
        vec![0.5, 0.5]
    );
    assert_eq!(
        gradient(|x: &[D]| x[0].min(x[1]), &[2.0, 2.0]).1,
        vec![0.5, 0.5]
    );
    assert_eq!(derivative(|x: D| x.abs(), 0.0), (0.0, 0.0));
    // A constant stays constant where the partial is infinite: sqrt(0) with zero tangent.
    assert_eq!(
        gradient(|x: &[D]| x[0] + x[1].sqrt(), &[1.0, 0.0]).1[0],
        1.0
    );
    // … but a seeded tangent still sees the infinite slope.
    assert_eq!(derivative(|x: D| x.sqrt(), 0.0).1, f64::INFINITY);
}

/// f, f′, f″ at x from a nested dual `(x + ε₁) + ε₂`.
fn second(f: impl Fn(D2) -> D2, x: f64) -> (f64, f64, f64) {
    let y = f(Dual::new(Dual::variable(x), Dual::constant(1.0)));
    // Both ε₁ and ε₂ components are f′: the nesting is symmetric.
    assert_eq!(
        y.primal.tangent, y.tangent.primal,
        "f′ via ε₁ and via ε₂ at {x}"
    );
    (y.primal.primal, y.primal.tangent, y.tangent.tangent)
}

type Second = (
    &'static str,
    fn(D2) -> D2,
    fn(f64) -> f64,
    fn(f64) -> f64,
    &'static [f64],
);

#[test]
fn nested_duals_give_exact_second_derivatives() {
    #[rustfmt::skip]
    let cases: &[Second] = &[
        ("sin·exp", |x| x.sin() * x.exp(), |x| (x.sin() + x.cos()) * x.exp(), |x| 2.0 * x.cos() * x.exp(), &[-1.0, 0.5, 2.0]),
        ("x³", |x| x * x * x, |x| 3.0 * x * x, |x| 6.0 * x, &[-2.0, 0.0, 1.5]),
        ("powi 3", |x| x.powi(3), |x| 3.0 * x * x, |x| 6.0 * x, &[-2.0, 0.0, 1.5]),
        ("ln", |x| x.ln(), |x| 1.0 / x, |x| -1.0 / (x * x), &[1e-3, 0.5, 4.0]),
        ("sqrt", |x| x.sqrt(), |x| 0.5 / x.sqrt(), |x| -0.25 / x.powf(1.5), &[1e-4, 2.0]),
        ("tan", |x| x.tan(), |x| 1.0 + x.tan().powi(2), |x| 2.0 * x.tan() * (1.0 + x.tan().powi(2)), &[-1.0, 0.3]),
        ("atan", |x| x.atan(), |x| 1.0 / (1.0 + x * x), |x| -2.0 * x / (1.0 + x * x).powi(2), &[-2.0, 0.5]),
        ("asin", |x| x.asin(), |x| 1.0 / (1.0 - x * x).sqrt(), |x| x / (1.0 - x * x).powf(1.5), &[-0.99, 0.5]),
        ("tanh", |x| x.tanh(), |x| 1.0 - x.tanh().powi(2), |x| -2.0 * x.tanh() * (1.0 - x.tanh().powi(2)), &[-1.0, 0.5]),
        ("recip", |x| x.recip(), |x| -1.0 / (x * x), |x| 2.0 / x.powi(3), &[-2.0, 0.1]),
        ("1/x by /", |x| D2::one() / x, |x| -1.0 / (x * x), |x| 2.0 / x.powi(3), &[-2.0, 0.1]),
        ("x^2.5", |x| x.powf(D2::from_f64(2.5).unwrap()), |x| 2.5 * x.powf(1.5), |x| 3.75 * x.sqrt(), &[0.5, 3.0]),
        ("hypot(x,2)", |x| x.hypot(D2::from_f64(2.0).unwrap()), |x| x / (x * x + 4.0).sqrt(), |x| 4.0 / (x * x + 4.0).powf(1.5), &[-1.0, 0.0, 3.0]),
        ("exp2", |x| x.exp2(), |x| x.exp2() * LN_2, |x| x.exp2() * LN_2 * LN_2, &[-1.0, 3.0]),
    ];
    for &(name, f, d1, d2, points) in cases {
        for &x in points {
            let (_, g1, g2) = second(f, x);
            assert_close(&format!("{name}′({x})"), g1, d1(x), 1e-13);
            assert_close(&format!("{name}″({x})"), g2, d2(x), 1e-12);
        }
    }
    // Triple nesting: (x³)‴ = 6.
    type D3 = Dual<D2>;
    let x = D3::new(
        D2::new(D::variable(2.0), D::one()),
        D2::new(D::one(), D::zero()),
    );
    let y = x * x * x;
    assert_eq!(y.tangent.tangent.tangent, 6.0);
    assert_eq!(y.tangent.tangent.primal, 12.0);
}

/// A function using many methods, so that `DualVec` and `Dual` can be compared on it.
fn busy<T: Float>(x: &[T]) -> T {
    let (a, b, c) = (x[0], x[1], x[2]);
    let half = T::from(0.5).unwrap();
    (a * b).sin() + a.powf(b) / c.exp() - a.hypot(c).ln() * b.atan2(c)
        + (a - half).max(c).sqrt()
        + a.mul_add(b, c).tanh()
        + c.clamp(T::zero(), b).cosh()
        + (T::one() + b * b).recip()
        + a.powi(3) % b
}

#[test]
fn dual_vec_gradient_equals_n_dual_passes_bit_for_bit() {
    for x in [[1.3, 0.7, 0.4], [2.0, 1.1, 0.9], [0.6, 2.5, 3.0]] {
        let (v1, g1) = gradient(busy::<D>, &x);
        let (v2, g2) = gradient_vec(busy::<DualVec<f64, 3>>, &x);
        assert_eq!(v1, busy(&x));
        assert_eq!(v1, v2);
        assert_eq!(g1, g2.to_vec());
        for i in 0..3 {
            let fd = central(
                |t| {
                    busy(&{
                        let mut y = x;
                        y[i] = t;
                        y
                    })
                },
                x[i],
                &[],
            );
            assert_close(&format!("∂busy/∂x{i} at {x:?}"), g2[i], fd, 1e-6);
        }
    }
}

#[test]
fn jacobian_of_r2_to_r3_map() {
    // f(x, y) = (x·y, sin x + y², eˣ / y)
    let f = |v: &[D]| vec![v[0] * v[1], v[0].sin() + v[1] * v[1], v[0].exp() / v[1]];
    let (x, y) = (0.8_f64, 1.7_f64);
    let (vals, jac) = jacobian(f, &[x, y]);
    assert_eq!(vals, vec![x * y, x.sin() + y * y, x.exp() / y]);
    let want = [
        [y, x],
        [x.cos(), 2.0 * y],
        [x.exp() / y, -x.exp() / (y * y)],
    ];
    assert_eq!(jac.len(), 3);
    for (j, row) in jac.iter().enumerate() {
        assert_eq!(row.len(), 2);
        for i in 0..2 {
            assert_close(&format!("J[{j}][{i}]"), row[i], want[j][i], 1e-14);
        }
    }
    // No inputs: still the values, and empty rows.
    let (vals, jac) = jacobian(|_: &[D]| vec![D::constant(4.0)], &[]);
    assert_eq!((vals, jac), (vec![4.0], vec![Vec::<f64>::new()]));
}

#[test]
fn operators_with_scalars_on_either_side() {
    let x = D::variable(1.5);
    let t = |d: D| (d.primal, d.tangent);
    assert_eq!(t(x + 2.0), (3.5, 1.0));
    assert_eq!(t(2.0 + x), (3.5, 1.0));
    assert_eq!(t(x - 2.0), (-0.5, 1.0));
    assert_eq!(t(2.0 - x), (0.5, -1.0));
    assert_eq!(t(x * 2.0), (3.0, 2.0));
    assert_eq!(t(2.0 * x), (3.0, 2.0));
    assert_eq!(t(x / 2.0), (0.75, 0.5));
    assert_eq!(t(3.0 / x), (2.0, -3.0 / 2.25));
    assert_eq!(t(x % 1.0), (0.5, 1.0));
    assert_eq!(t(2.0 % x), (0.5, -1.0)); // ∂(2 mod x)/∂x = −trunc(2/x) = −1
    assert_eq!(t(-x), (-1.5, -1.0));
    let mut y = x;
    y += 1.0; // x + 1
    y *= x; // x² + x
    y -= x; // x²
    y /= 2.0; // x²/2
    assert_eq!(t(y), (1.125, 1.5));
    y %= D::constant(1.0); // fract(x²/2): slope unchanged
    assert_eq!(t(y), (0.125, 1.5));
    y += x;
    y -= 0.5;
    y *= 2.0;
    y /= x;
    y %= 10.0; // no-op: the value (2·fract(x²/2) + 2x − 1)/x = 1.5 is below 10
    assert_eq!(y.primal, (2.0 * 0.125 + 3.0 - 1.0) / 1.5);
    assert_close(
        "compound slope",
        y.tangent,
        ((2.0 * 1.5 + 2.0) * 1.5 - (0.25 + 2.0)) / 2.25,
        1e-15,
    );

    let v = DualVec::<f64, 2>::variable(1.5, 1);
    assert_eq!((2.0 - v).tangent, [0.0, -1.0]);
    assert_eq!((3.0 / v).tangent, [0.0, -3.0 / 2.25]);
    assert_eq!((v * 4.0 + 1.0).tangent, [0.0, 4.0]);
    let mut w = v;
    w *= v;
    w += 2.0;
    assert_eq!((w.primal, w.tangent), (4.25, [0.0, 3.0]));

    let s = Dual::variable(2.0_f32);
    assert_eq!((1.0 - s * 3.0_f32).tangent, -3.0);
    assert_eq!((8.0_f32 / s).tangent, -2.0);
}

#[test]
fn sums_products_conversions_and_comparisons() {
    let x = D::variable(3.0);
    let xs = [x, x, D::constant(1.0)];
    assert_eq!(xs.iter().sum::<D>().tangent, 2.0);
    assert_eq!(xs.into_iter().sum::<D>().primal, 7.0);
    let p: D = xs.iter().product();
    assert_eq!((p.primal, p.tangent), (9.0, 6.0)); // (x²)' = 2x
    assert_eq!(xs.into_iter().product::<D>().tangent, 6.0);
    let vs = [
        DualVec::<f64, 2>::variable(2.0, 0),
        DualVec::variable(5.0, 1),
    ];
    assert_eq!(vs.iter().product::<DualVec<f64, 2>>().tangent, [5.0, 2.0]);
    assert_eq!(vs.iter().sum::<DualVec<f64, 2>>().tangent, [1.0, 1.0]);

    // Comparisons look at the value only.
    assert_eq!(D::new(1.0, 2.0), D::new(1.0, -7.0));
    assert!(D::new(1.0, 9.0) < D::new(2.0, 0.0));
    assert_ne!(D::nan(), D::constant(f64::NAN));
    assert!(D::new(0.0, 1.0) == D::zero() && !D::new(0.0, 1.0).is_zero());
    assert!(D::zero().is_zero() && D::one().is_one() && !D::variable(1.0).is_one());

    let c: D = 2.5.into();
    assert_eq!((c.primal, c.tangent), (2.5, 0.0));
    assert_eq!(
        <D as NumCast>::from(7_u8).map(|d| (d.primal, d.tangent)),
        Some((7.0, 0.0))
    );
    assert_eq!(D::from_f64(0.25).unwrap().primal, 0.25);
    assert_eq!(D::from_i64(-3).unwrap().primal, -3.0);
    assert_eq!(D::new(2.75, 1.0).to_f64(), Some(2.75));
    assert_eq!(D::new(-2.75, 1.0).to_i64(), Some(-2));
    assert_eq!(D::from_str_radix("1.5", 10).unwrap().primal, 1.5);
    assert!(D::from_str_radix("x", 10).is_err());
    assert!(D::new(-0.0, 1.0).is_negative() && D::new(2.0, -1.0).is_positive());
    assert_eq!(Signed::abs(&D::new(-2.0, 1.0)).tangent, -1.0);
    assert_eq!(Signed::abs_sub(&D::variable(3.0), &D::one()).tangent, 1.0);
    assert_eq!(Signed::signum(&D::new(-2.0, 1.0)).primal, -1.0);
    assert_eq!(D::infinity().primal, f64::INFINITY);
    assert_eq!(D::epsilon().primal, f64::EPSILON);
    assert_eq!(D::max_value().primal, f64::MAX);
    assert_eq!(D::min_positive_value().primal, f64::MIN_POSITIVE);
    assert!(D::neg_zero().is_sign_negative() && D::neg_infinity().is_infinite());
    assert_eq!(D::new(1.5, 3.0).integer_decode(), 1.5_f64.integer_decode());
    assert_eq!(
        D::new(1e-310, 0.0).classify(),
        std::num::FpCategory::Subnormal
    );
    assert!(!D::nan().is_finite() && D::new(1.0, f64::NAN).is_normal());
    assert_eq!(DualVec::<f64, 2>::default().tangent, [0.0, 0.0]);
}

/// Written for plain floats, knowing nothing of duals.
fn poly_trig<T: Float>(x: T) -> T {
    let two = T::from(2.0).unwrap();
    x.powi(3) - two * x.sin() + x.exp() / (T::one() + x * x)
}

#[test]
fn generic_float_code_runs_unchanged_on_duals() {
    let df = |x: f64| {
        let q = 1.0 + x * x;
        3.0 * x * x - 2.0 * x.cos() + x.exp() / q - 2.0 * x * x.exp() / (q * q)
    };
    for x in [-1.2, 0.0, 0.9, 2.5] {
        let (v, d) = derivative(poly_trig::<D>, x);
        assert_eq!(v, poly_trig(x));
        assert_close(&format!("poly_trig'({x})"), d, df(x), 1e-14);
        assert_close(
            &format!("poly_trig'({x}) FD"),
            d,
            central(poly_trig, x, &[]),
            1e-6,
        );
        assert_eq!(
            gradient_vec(|v: &[DualVec<f64, 1>]| poly_trig(v[0]), &[x]).1,
            [d]
        );
        let (_, d1, _) = second(poly_trig, x);
        assert_close(&format!("poly_trig'({x}) nested"), d1, d, 1e-15);
    }
}

#[test]
fn f32_works_too() {
    let (v, d) = derivative(|x: Dual<f32>| x * x.sin(), 0.5_f32);
    assert_eq!(v, 0.5 * 0.5_f32.sin());
    assert!((d - (0.5_f32.sin() + 0.5 * 0.5_f32.cos())).abs() < 1e-6);
    let (v, g) = gradient_vec(
        |x: &[DualVec<f32, 2>]| 2.0 * x[0] * x[1] + x[1].ln(),
        &[3.0_f32, 2.0],
    );
    assert!((v - (12.0 + 2.0_f32.ln())).abs() < 1e-5);
    assert_eq!(g, [4.0, 6.5]);
    let (_, j) = jacobian(
        |x: &[Dual<f32>]| vec![x[0].powi(2), x[0] / x[1]],
        &[3.0_f32, 2.0],
    );
    assert_eq!(j, vec![vec![6.0, 0.0], vec![0.5, -0.75]]);
}

#[test]
fn gradient_with_no_inputs_still_evaluates() {
    assert_eq!(gradient(|_: &[D]| D::constant(3.0), &[]), (3.0, vec![]));
}

/// A dual number is a leaf of its own type: tuples of them accumulate (the adjoints of local
/// tuples of floats in a function's `_hvp`).
#[test]
fn dual_numbers_are_differentiable_leaves() {
    use autodiff_runtime::{Differentiable, Dual};
    let mut g = (Dual::new(1.0, 0.5), Dual::new(2.0, 0.0));
    g.accumulate(&(Dual::new(0.5, 1.0), Dual::new(1.0, 1.0)));
    assert_eq!(g, (Dual::new(1.5, 1.5), Dual::new(3.0, 1.0)));
    assert_eq!(g.zero_like(), (Dual::new(0.0, 0.0), Dual::new(0.0, 0.0)));
    g.scale_leaves(Dual::new(2.0, 0.0));
    assert_eq!(g.0, Dual::new(3.0, 3.0));
}
