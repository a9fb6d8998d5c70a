//! The minimum-norm convention of `partial`'s module docs, row by row: every point of its
//! table through the rule itself, forward mode (`Dual`, and `DualVec` which shares its
//! operators), and the tape (`Value`), each asserted equal to the documented partials (exactly:
//! they are 0, ½, ⅓, 1, an integer or ±∞). `tests/numerics.rs` of the `autodiff` package checks
//! the same points through `#[differentiate]`.

use autodiff_runtime::num_traits::Float;
use autodiff_runtime::{gradient, gradient_vec, partial, value, Dual, DualVec, Value};

const INF: f64 = f64::INFINITY;

/// A function on the tape.
type OnTape = for<'t> fn(&[Value<'t, f64>]) -> Value<'t, f64>;

/// One point of the table: a function of up to three arguments at `at`, the partials `want`.
struct Row {
    name: &'static str,
    at: &'static [f64],
    want: &'static [f64],
    rule: fn(&[f64]) -> Vec<f64>,
    dual: fn(&[Dual<f64>]) -> Dual<f64>,
    dual_vec: fn(&[DualVec<f64, 3>]) -> DualVec<f64, 3>,
    /// `None` where `Value` has no such method.
    value: Option<OnTape>,
}

/// A row whose function `|x| body` is written once for all three number types.
macro_rules! row {
    ($name:literal at $at:expr => $want:expr, rule $rule:expr, |$x:ident| $body:expr) => {
        row!(@ $name, $at, $want, $rule, |$x| $body, {
            fn on_tape<'t>($x: &[Value<'t, f64>]) -> Value<'t, f64> {
                $body
            }
            Some(on_tape)
        })
    };
    ($name:literal at $at:expr => $want:expr, rule $rule:expr, |$x:ident| $body:expr, no tape) => {
        row!(@ $name, $at, $want, $rule, |$x| $body, None)
    };
    (@ $name:literal, $at:expr, $want:expr, $rule:expr, |$x:ident| $body:expr, $value:expr) => {{
        fn dual($x: &[Dual<f64>]) -> Dual<f64> {
            $body
        }
        fn dual_vec($x: &[DualVec<f64, 3>]) -> DualVec<f64, 3> {
            $body
        }
        Row {
            name: $name,
            at: &$at,
            want: &$want,
            rule: $rule,
            dual,
            dual_vec,
            value: $value,
        }
    }};
}

fn rows() -> Vec<Row> {
    use partial as p;
    vec![
        // Kinks: the least element of the convex hull of the pieces' gradients.
        row!("abs at 0" at [0.0] => [0.0], rule |x| vec![p::abs(x[0], 0.0)], |x| x[0].abs()),
        row!("max tie" at [2.0, 2.0] => [0.5, 0.5],
            rule |x| { let d = p::max(x[0], x[1], 2.0); vec![d.0, d.1] }, |x| x[0].max(x[1])),
        row!("min tie" at [2.0, 2.0] => [0.5, 0.5],
            rule |x| { let d = p::min(x[0], x[1], 2.0); vec![d.0, d.1] }, |x| x[0].min(x[1])),
        row!("max(x, −x) at 0 is |x|" at [0.0] => [0.0],
            rule |x| { let d = p::max(x[0], -x[0], 0.0); vec![d.0 - d.1] }, |x| x[0].max(-x[0])),
        row!("clamp inside" at [0.5, 0.0, 1.0] => [1.0, 0.0, 0.0], rule clamp_rule,
            |x| x[0].clamp(x[1], x[2])),
        row!("clamp at lo" at [0.0, 0.0, 1.0] => [0.5, 0.5, 0.0], rule clamp_rule,
            |x| x[0].clamp(x[1], x[2])),
        row!("clamp at hi" at [1.0, 0.0, 1.0] => [0.5, 0.0, 0.5], rule clamp_rule,
            |x| x[0].clamp(x[1], x[2])),
        row!("clamp at lo = hi" at [1.0, 1.0, 1.0] => [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0],
            rule clamp_rule, |x| x[0].clamp(x[1], x[2])),
        row!("hypot at the origin" at [0.0, 0.0] => [0.0, 0.0],
            rule |x| { let d = p::hypot(x[0], x[1], 0.0); vec![d.0, d.1] }, |x| x[0].hypot(x[1])),
        row!("copysign at 0" at [0.0, -1.0] => [0.0, 0.0],
            rule |x| { let d = p::copysign(x[0], x[1], -0.0); vec![d.0, d.1] },
            |x| x[0].copysign(x[1])),
        // Jumps: the pieces' derivative.
        row!("atan2 at the origin" at [0.0, 0.0] => [0.0, 0.0],
            rule |x| { let d = p::atan2(x[0], x[1], 0.0); vec![d.0, d.1] }, |x| x[0].atan2(x[1])),
        row!("atan2 at the origin from the left" at [0.0, -0.0] => [0.0, 0.0],
            rule |x| { let d = p::atan2(x[0], x[1], 0.0); vec![d.0, d.1] }, |x| x[0].atan2(x[1])),
        row!("floor at 2" at [2.0] => [0.0], rule |x| vec![p::piecewise_constant(x[0], 2.0)],
            |x| x[0].floor()),
        row!("signum at 0" at [0.0] => [0.0], rule |x| vec![p::piecewise_constant(x[0], 1.0)],
            |x| x[0].signum()),
        row!("round at ½" at [0.5] => [0.0], rule |x| vec![p::piecewise_constant(x[0], 1.0)],
            |x| x[0].round()),
        row!("fract at 2" at [2.0] => [1.0], rule |x| vec![p::fract(x[0], 0.0)], |x| x[0].fract()),
        row!("6 % 2" at [6.0, 2.0] => [1.0, -3.0],
            rule |x| { let d = p::rem(x[0], x[1], 0.0); vec![d.0, d.1] }, |x| x[0] % x[1]),
        row!("-6 rem_euclid 2" at [-6.0, 2.0] => [1.0, 3.0],
            rule |x| { let d = p::rem_euclid(x[0], x[1], 0.0); vec![d.0, d.1] },
            |x| x[0].rem_euclid(x[1])),
        // Infinite slopes and poles: the limit of the derivative.
        row!("sqrt at 0" at [0.0] => [INF], rule |x| vec![p::sqrt(x[0], 0.0)], |x| x[0].sqrt()),
        row!("cbrt at 0" at [0.0] => [INF], rule |x| vec![p::cbrt(x[0], 0.0)], |x| x[0].cbrt()),
        row!("asin at 1" at [1.0] => [INF], rule |x| vec![p::asin(x[0], 0.0)], |x| x[0].asin()),
        row!("asin at −1" at [-1.0] => [INF], rule |x| vec![p::asin(x[0], 0.0)], |x| x[0].asin()),
        row!("acos at 1" at [1.0] => [-INF], rule |x| vec![p::acos(x[0], 0.0)], |x| x[0].acos()),
        row!("acosh at 1" at [1.0] => [INF], rule |x| vec![p::acosh(x[0], 0.0)], |x| x[0].acosh()),
        row!("atanh at 1" at [1.0] => [INF], rule |x| vec![p::atanh(x[0], 0.0)], |x| x[0].atanh()),
        row!("atanh at −1" at [-1.0] => [INF], rule |x| vec![p::atanh(x[0], 0.0)],
            |x| x[0].atanh()),
        row!("ln at 0" at [0.0] => [INF], rule |x| vec![p::ln(x[0], 0.0)], |x| x[0].ln()),
        row!("log2 at 0" at [0.0] => [INF], rule |x| vec![p::log2(x[0], 0.0)], |x| x[0].log2()),
        row!("log10 at 0" at [0.0] => [INF], rule |x| vec![p::log10(x[0], 0.0)],
            |x| x[0].log10()),
        row!("ln_1p at −1" at [-1.0] => [INF], rule |x| vec![p::ln_1p(x[0], 0.0)],
            |x| x[0].ln_1p()),
        row!("recip at 0" at [0.0] => [-INF], rule |x| vec![p::recip(x[0], INF)],
            |x| x[0].recip()),
        row!("powi(0, 0)" at [0.0] => [0.0], rule |x| vec![p::powi(x[0], 0, 1.0)],
            |x| x[0].powi(0)),
        row!("powi(0, 1)" at [0.0] => [1.0], rule |x| vec![p::powi(x[0], 1, 0.0)],
            |x| x[0].powi(1)),
        row!("powi(0, 3)" at [0.0] => [0.0], rule |x| vec![p::powi(x[0], 3, 0.0)],
            |x| x[0].powi(3)),
        row!("powi(0, −2)" at [0.0] => [-INF], rule |x| vec![p::powi(x[0], -2, INF)],
            |x| x[0].powi(-2)),
        row!("powf(0, 2)" at [0.0, 2.0] => [0.0, 0.0], rule powf_rule, |x| x[0].powf(x[1])),
        row!("powf(0, 1)" at [0.0, 1.0] => [1.0, 0.0], rule powf_rule, |x| x[0].powf(x[1])),
        row!("powf(0, ½)" at [0.0, 0.5] => [INF, 0.0], rule powf_rule, |x| x[0].powf(x[1])),
        row!("powf(0, 0)" at [0.0, 0.0] => [0.0, 0.0], rule powf_rule, |x| x[0].powf(x[1])),
    ]
}

fn clamp_rule(x: &[f64]) -> Vec<f64> {
    let y = x[0].clamp(x[1], x[2]);
    let d = partial::clamp(x[0], x[1], x[2], y);
    vec![d.0, d.1, d.2]
}

fn powf_rule(x: &[f64]) -> Vec<f64> {
    let d = partial::powf(x[0], x[1], x[0].powf(x[1]));
    vec![d.0, d.1]
}

/// Equal as documented: the same number, or both NaN.
fn same(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x == y || x.is_nan() && y.is_nan())
}

#[test]
#[cfg_attr(
    feature = "check-finite",
    ignore = "derives ∞ from finite inputs on purpose"
)]
fn every_mode_gives_the_documented_partials_at_every_point_of_the_table() {
    for row in rows() {
        let (name, want) = (row.name, row.want);
        let rule = (row.rule)(row.at);
        assert!(
            same(&rule, want),
            "{name}: partial:: gives {rule:?}, documented {want:?}"
        );
        let (_, dual) = gradient(row.dual, row.at);
        assert!(
            same(&dual, want),
            "{name}: Dual gives {dual:?}, documented {want:?}"
        );
        let mut at3 = [0.0; 3];
        at3[..row.at.len()].copy_from_slice(row.at);
        let (_, vec3) = gradient_vec(row.dual_vec, &at3);
        let dual_vec = &vec3[..row.at.len()];
        assert!(
            same(dual_vec, want),
            "{name}: DualVec gives {dual_vec:?}, documented {want:?}"
        );
        if let Some(f) = row.value {
            let (_, tape) = value::grad(f, row.at);
            assert!(
                same(&tape, want),
                "{name}: Value gives {tape:?}, documented {want:?}"
            );
        }
    }
}

#[test]
fn outside_the_domain_the_partials_are_nan_as_the_value_is() {
    assert!(partial::sqrt(-1.0, f64::NAN).is_nan());
    // (−2)ᵇ is real only at integers b: no derivative in b.
    let (da, db) = partial::powf(-2.0, 2.0, 4.0);
    assert_eq!(da, -4.0);
    assert!(db.is_nan());
}

#[test]
fn the_two_argument_rules_treat_their_arguments_alike() {
    // max(a, b) and max(b, a) have the same partials, swapped, at ties as elsewhere.
    for (a, b) in [(1.0, 2.0), (2.0, 1.0), (3.0, 3.0), (0.0, -0.0)] {
        let (da, db) = partial::max(a, b, a.max(b));
        assert_eq!(partial::max(b, a, b.max(a)), (db, da), "max({a}, {b})");
        let (da, db) = partial::min(a, b, a.min(b));
        assert_eq!(partial::min(b, a, b.min(a)), (db, da), "min({a}, {b})");
    }
    // The derivative follows the value when one argument is NaN.
    assert_eq!(partial::max(f64::NAN, 1.0, 1.0), (0.0, 1.0));
    assert_eq!(partial::min(1.0, f64::NAN, 1.0), (1.0, 0.0));
}

#[test]
#[cfg_attr(
    feature = "check-finite",
    ignore = "derives ∞ from finite inputs on purpose"
)]
fn a_zero_tangent_stays_zero_in_forward_mode_but_a_zero_adjoint_meets_the_partial() {
    // powf(0, ½) along b only: Dual keeps ȧ = 0 zero against ∂/∂a = ∞ ...
    let y = Dual::new(0.0, 0.0).powf(Dual::new(0.5, 1.0));
    assert_eq!(y.tangent, 0.0);
    // ... while on the tape the adjoint 0 of √x (multiplied by 0) times ∞ is NaN, as documented.
    let tape = autodiff_runtime::Tape::new();
    let x = tape.var(0.0);
    let g = (x.sqrt() * 0.0).backward();
    assert!(g[x].is_nan());
}

/// The near-edge forms of the inverse functions' rules against closed forms evaluated in a way
/// that does not cancel or overflow.
#[test]
fn inverse_function_rules_are_accurate_at_their_edges() {
    // acosh′(x) = 1/√(x² − 1) ≈ 1/x for huge x: x² overflows f64 from 1.4e154.
    for x in [1e160, 1e300] {
        let d: f64 = partial::acosh(x, x.acosh());
        assert!((d * x - 1.0).abs() < 1e-15, "acosh′({x}) = {d}");
        let d: f64 = partial::asinh(x, x.asinh());
        assert!((d * x - 1.0).abs() < 1e-15, "asinh′({x}) = {d}");
    }
    // Near 1, with x = 1 − δ: 1 − x² = δ(2 − δ) exactly in terms of δ.
    for delta in [1e-9_f64, 1e-13] {
        let x = 1.0 - delta;
        let d = 1.0 - x; // δ as rounded into x, exactly
        let one_minus_x2 = d * (2.0 - d);
        let want = 1.0 / one_minus_x2.sqrt();
        let rel = |got: f64, want: f64| ((got - want) / want).abs();
        assert!(
            rel(partial::asin(x, x.asin()), want) < 1e-15,
            "asin′ at 1 − {delta}"
        );
        assert!(
            rel(-partial::acos(x, x.acos()), want) < 1e-15,
            "acos′ at 1 − {delta}"
        );
        assert!(rel(partial::atanh(x, x.atanh()), 1.0 / one_minus_x2) < 1e-15);
        let x = 1.0 + delta;
        let d = x - 1.0;
        let want = 1.0 / (d * (2.0 + d)).sqrt();
        assert!(
            rel(partial::acosh(x, x.acosh()), want) < 1e-15,
            "acosh′ at 1 + {delta}"
        );
    }
}

#[test]
fn atan2_partials_fit_where_a_squared_plus_b_squared_does_not() {
    // ∂/∂a atan2(a, b) = b/(a² + b²) = 1/(2a) at a = b: a² underflows at 1e-200, overflows at 1e200.
    for a in [1e-200, 1e200] {
        let (da, db) = partial::atan2(a, a, a.atan2(a));
        let want = 0.5 / a;
        assert!(((da - want) / want).abs() < 1e-15, "∂a at {a}: {da}");
        assert!(((db + want) / want).abs() < 1e-15, "∂b at {a}: {db}");
    }
    let f32_d = partial::atan2(1e-30_f32, 1e-30, 0.785).0;
    assert!((f32_d / 5e29 - 1.0).abs() < 1e-6, "f32: {f32_d}");
}
