//! Numerical edge cases of generated derivatives, with their documented behaviour, and f32
//! against f64 on the benchmark functions.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;

#[differentiate]
fn edges(x: f64) -> f64 {
    x.sqrt() + (1.0 + x).ln() + x.abs() + x.max(0.0) + x.min(0.0)
}

#[test]
// Infinite derivatives on purpose, which the `check-finite` feature reports (tests/check_finite.rs).
#[cfg_attr(feature = "check-finite", ignore)]
fn documented_subgradients_at_ties_and_domain_edges() {
    // At 0: √x has an infinite slope; |x|′ = 0; max and min split the derivative evenly on a
    // tie (with the constant 0), so each contributes ½ (the convention of `partial`).
    let (value, d) = edges_grad(0.0);
    assert_eq!(value, 0.0);
    assert!(d.is_infinite() && d > 0.0, "√x at 0: {d}");
    let (_, d) = edges_grad(1e-300);
    assert!(d.is_finite() && d > 1e100);
}

// One function per point of the table of `autodiff_runtime::partial`'s conventions, checked
// below against the documented partials, as `autodiff-runtime/tests/conventions.rs` checks
// `partial`, `Dual`, `DualVec` and `Value` at the same points.

#[differentiate]
fn k_abs(x: f64) -> f64 {
    x.abs()
}
#[differentiate]
fn k_max(a: f64, b: f64) -> f64 {
    a.max(b)
}
#[differentiate]
fn k_min(a: f64, b: f64) -> f64 {
    a.min(b)
}
#[differentiate]
fn k_max_neg(x: f64) -> f64 {
    x.max(-x)
}
#[differentiate]
fn k_relu(x: f64) -> f64 {
    x.max(0.0)
}
#[differentiate]
fn k_clamp(x: f64, lo: f64, hi: f64) -> f64 {
    x.clamp(lo, hi)
}
#[differentiate]
fn k_hypot(a: f64, b: f64) -> f64 {
    a.hypot(b)
}
#[differentiate]
fn k_atan2(a: f64, b: f64) -> f64 {
    a.atan2(b)
}
#[differentiate]
fn k_floor(x: f64) -> f64 {
    x.floor()
}
#[differentiate]
fn k_signum(x: f64) -> f64 {
    x.signum()
}
#[differentiate]
fn k_fract(x: f64) -> f64 {
    x.fract()
}
#[differentiate]
fn k_rem(a: f64, b: f64) -> f64 {
    a % b
}
#[differentiate]
fn k_sqrt(x: f64) -> f64 {
    x.sqrt()
}
#[differentiate]
fn k_cbrt(x: f64) -> f64 {
    x.cbrt()
}
#[differentiate]
fn k_asin(x: f64) -> f64 {
    x.asin()
}
#[differentiate]
fn k_acos(x: f64) -> f64 {
    x.acos()
}
#[differentiate]
fn k_acosh(x: f64) -> f64 {
    x.acosh()
}
#[differentiate]
fn k_atanh(x: f64) -> f64 {
    x.atanh()
}
#[differentiate]
fn k_ln(x: f64) -> f64 {
    x.ln()
}
#[differentiate]
fn k_log2(x: f64) -> f64 {
    x.log2()
}
#[differentiate]
fn k_log10(x: f64) -> f64 {
    x.log10()
}
#[differentiate]
fn k_ln_1p(x: f64) -> f64 {
    x.ln_1p()
}
#[differentiate]
fn k_recip(x: f64) -> f64 {
    x.recip()
}
#[differentiate]
fn k_powi_0(x: f64) -> f64 {
    x.powi(0)
}
#[differentiate]
fn k_powi_1(x: f64) -> f64 {
    x.powi(1)
}
#[differentiate]
fn k_powi_3(x: f64) -> f64 {
    x.powi(3)
}
#[differentiate]
fn k_powi_m2(x: f64) -> f64 {
    x.powi(-2)
}
#[differentiate]
fn k_powf(a: f64, b: f64) -> f64 {
    a.powf(b)
}

#[test]
// Infinite derivatives on purpose, which the `check-finite` feature reports (tests/check_finite.rs).
#[cfg_attr(feature = "check-finite", ignore)]
fn generated_code_gives_the_documented_partials_at_every_point_of_the_table() {
    const INF: f64 = f64::INFINITY;
    let third = 1.0 / 3.0;
    type Grad1 = fn(f64) -> (f64, f64);
    type Jvp1 = fn(f64, f64) -> (f64, f64);
    let unary: &[(&str, f64, f64, Grad1, Jvp1)] = &[
        ("abs at 0", 0.0, 0.0, k_abs_grad, k_abs_jvp),
        ("max(x, −x) at 0", 0.0, 0.0, k_max_neg_grad, k_max_neg_jvp),
        ("max(x, 0) at 0", 0.0, 0.5, k_relu_grad, k_relu_jvp),
        ("floor at 2", 2.0, 0.0, k_floor_grad, k_floor_jvp),
        ("signum at 0", 0.0, 0.0, k_signum_grad, k_signum_jvp),
        ("fract at 2", 2.0, 1.0, k_fract_grad, k_fract_jvp),
        ("sqrt at 0", 0.0, INF, k_sqrt_grad, k_sqrt_jvp),
        ("cbrt at 0", 0.0, INF, k_cbrt_grad, k_cbrt_jvp),
        ("asin at 1", 1.0, INF, k_asin_grad, k_asin_jvp),
        ("asin at −1", -1.0, INF, k_asin_grad, k_asin_jvp),
        ("acos at 1", 1.0, -INF, k_acos_grad, k_acos_jvp),
        ("acosh at 1", 1.0, INF, k_acosh_grad, k_acosh_jvp),
        ("atanh at 1", 1.0, INF, k_atanh_grad, k_atanh_jvp),
        ("atanh at −1", -1.0, INF, k_atanh_grad, k_atanh_jvp),
        ("ln at 0", 0.0, INF, k_ln_grad, k_ln_jvp),
        ("log2 at 0", 0.0, INF, k_log2_grad, k_log2_jvp),
        ("log10 at 0", 0.0, INF, k_log10_grad, k_log10_jvp),
        ("ln_1p at −1", -1.0, INF, k_ln_1p_grad, k_ln_1p_jvp),
        ("recip at 0", 0.0, -INF, k_recip_grad, k_recip_jvp),
        ("powi(0, 0)", 0.0, 0.0, k_powi_0_grad, k_powi_0_jvp),
        ("powi(0, 1)", 0.0, 1.0, k_powi_1_grad, k_powi_1_jvp),
        ("powi(0, 3)", 0.0, 0.0, k_powi_3_grad, k_powi_3_jvp),
        ("powi(0, −2)", 0.0, -INF, k_powi_m2_grad, k_powi_m2_jvp),
    ];
    for &(name, x, want, grad, jvp) in unary {
        assert_eq!(grad(x).1, want, "{name}: f_grad");
        assert_eq!(jvp(x, 1.0).1, want, "{name}: f_jvp");
    }
    type Grad2 = fn(f64, f64) -> (f64, f64, f64);
    type Jvp2 = fn(f64, f64, f64, f64) -> (f64, f64);
    let max: (Grad2, Jvp2) = (k_max_grad, k_max_jvp);
    let min: (Grad2, Jvp2) = (k_min_grad, k_min_jvp);
    let hypot: (Grad2, Jvp2) = (k_hypot_grad, k_hypot_jvp);
    let atan2: (Grad2, Jvp2) = (k_atan2_grad, k_atan2_jvp);
    let rem: (Grad2, Jvp2) = (k_rem_grad, k_rem_jvp);
    let powf: (Grad2, Jvp2) = (k_powf_grad, k_powf_jvp);
    let binary = [
        ("max tie", [2.0, 2.0], [0.5, 0.5], max),
        ("min tie", [2.0, 2.0], [0.5, 0.5], min),
        ("hypot at (0, 0)", [0.0, 0.0], [0.0, 0.0], hypot),
        ("atan2 at (0, 0)", [0.0, 0.0], [0.0, 0.0], atan2),
        ("atan2 at (0, −0)", [0.0, -0.0], [0.0, 0.0], atan2),
        ("6 % 2", [6.0, 2.0], [1.0, -3.0], rem),
        ("powf(0, 2)", [0.0, 2.0], [0.0, 0.0], powf),
        ("powf(0, 1)", [0.0, 1.0], [1.0, 0.0], powf),
        ("powf(0, ½)", [0.0, 0.5], [INF, 0.0], powf),
        ("powf(0, 0)", [0.0, 0.0], [0.0, 0.0], powf),
    ];
    for (name, [a, b], [da, db], (grad, jvp)) in binary {
        let (_, ga, gb) = grad(a, b);
        assert_eq!((ga, gb), (da, db), "{name}: f_grad");
        // Seeded along one argument, the other's tangent is 0; 0 · ∞ is NaN in generated
        // code (only `Dual` keeps a zero tangent zero), as `partial`'s docs say.
        let along = |t: f64, other: f64| if other.is_infinite() { f64::NAN } else { t };
        let (ta, tb) = (jvp(a, b, 1.0, 0.0).1, jvp(a, b, 0.0, 1.0).1);
        for (got, want) in [(ta, along(da, db)), (tb, along(db, da))] {
            assert!(
                got == want || got.is_nan() && want.is_nan(),
                "{name}: f_jvp {got} vs {want}"
            );
        }
    }
    for (name, at, want) in [
        ("clamp inside", [0.5, 0.0, 1.0], [1.0, 0.0, 0.0]),
        ("clamp at lo", [0.0, 0.0, 1.0], [0.5, 0.5, 0.0]),
        ("clamp at hi", [1.0, 0.0, 1.0], [0.5, 0.0, 0.5]),
        ("clamp at lo = hi", [1.0, 1.0, 1.0], [third, third, third]),
    ] {
        let (_, dx, dlo, dhi) = k_clamp_grad(at[0], at[1], at[2]);
        assert_eq!([dx, dlo, dhi], want, "{name}: f_grad");
        let e = |i: usize, k: usize| if i == k { 1.0 } else { 0.0 };
        let seed = |i| k_clamp_jvp(at[0], at[1], at[2], e(i, 0), e(i, 1), e(i, 2)).1;
        assert_eq!([seed(0), seed(1), seed(2)], want, "{name}: f_jvp");
    }
}

#[differentiate]
fn ratio(a: f64, b: f64) -> f64 {
    a / b
}

#[test]
// Infinite derivatives on purpose, which the `check-finite` feature reports (tests/check_finite.rs).
#[cfg_attr(feature = "check-finite", ignore)]
fn division_by_an_underflowing_value_is_infinite_not_nan() {
    let (value, da, db) = ratio_grad(1.0, 1e-300);
    let big = 1.0 / 1e-300;
    // ∂(a/b)/∂a = 1/b; ∂(a/b)/∂b = −a/b² overflows to −∞, it does not become NaN.
    assert_eq!((value, da), (big, big));
    assert!(db.is_infinite() && db < 0.0);
    let (_, da, _) = ratio_grad(1.0, 0.0);
    assert!(da.is_infinite());
}

#[differentiate]
fn power(x: f64, p: f64) -> f64 {
    x.powf(p) + x.powi(3)
}

#[test]
fn powers_at_zero_stay_finite() {
    // ∂/∂x (x^p + x³) at 0 with p = 2 is 0; ∂/∂p x^p at x = 0 is 0 (its limit for p > 0).
    assert_eq!(power_grad(0.0, 2.0), (0.0, 0.0, 0.0));
}

#[differentiate]
fn k_powf_both(x: f64, y: f64) -> f64 {
    x.powf(y)
}

#[test]
fn powf_keeps_its_mixed_second_derivative_at_exponent_zero() {
    // ∂²xʸ/∂x∂y = xʸ⁻¹ (1 + y ln x), which is 1/x at y = 0: the Hessian at (0.7, 0) is
    // [[0, 1/0.7], [1/0.7, ln² 0.7]] (worked by hand), symmetric in both directions.
    let (x, y) = (0.7_f64, 0.0);
    let (mixed, pure_y) = (1.0 / x, x.ln() * x.ln());
    let (_, _, _, hx, hy) = k_powf_both_hvp(x, y, 0.0, 1.0);
    assert!(
        (hx - mixed).abs() < 1e-12 && (hy - pure_y).abs() < 1e-12,
        "{hx} {hy}"
    );
    let (_, _, _, hx, hy) = k_powf_both_hvp(x, y, 1.0, 0.0);
    assert!(hx.abs() < 1e-12 && (hy - mixed).abs() < 1e-12, "{hx} {hy}");
    k_powf_both_gradcheck(x, y).unwrap();
    // The one special point stays finite: 0⁰'s partials are (0, 0).
    assert_eq!(k_powf_both_grad(0.0, 0.0), (1.0, 0.0, 0.0));
}

#[differentiate]
fn passes_nan(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i];
    }
    s
}

#[test]
fn nan_inputs_propagate_as_nan() {
    let (value, g) = passes_nan_grad(&[1.0, f64::NAN]);
    assert!(value.is_nan());
    assert_eq!(g[0], 2.0);
    assert!(g[1].is_nan());
    let (_, t) = passes_nan_jvp(&[1.0, f64::NAN], &[1.0, 0.0]);
    assert!(t.is_nan(), "0 · NaN is NaN in the tangent too");
}

#[differentiate]
fn rosenbrock64(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

#[differentiate]
fn rosenbrock32(x: &[f32]) -> f32 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

#[test]
fn f32_agrees_with_f64_to_f32_precision() {
    let x64: Vec<f64> = (0..50)
        .map(|i| 0.8 + 0.3 * (i as f64 * 0.7).sin())
        .collect();
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    let (_, g64) = rosenbrock64_grad(&x64);
    let (_, g32) = rosenbrock32_grad(&x32);
    let scale = g64.iter().fold(1.0f64, |m, g| m.max(g.abs()));
    for (a, b) in g64.iter().zip(&g32) {
        assert!((a - *b as f64).abs() <= 1e-4 * scale, "{a} vs {b}");
    }
}

/// Conversions through the other float type keep their rounding in every generated
/// function (values equal to the primal's exactly), and rounding has derivative one.
#[differentiate]
fn rounding(x: f64, n: usize) -> f64 {
    let c: f32 = 0.1;
    x * ((n as f32) as f64) + ((x as f32) as f64) * 2.0 + (c as f64) * x
}

#[test]
fn rounding_through_f32_keeps_its_value() {
    // 0.1 is not an f32: dropping any of the casts would change the value.
    let (x, c) = (0.1f64, 0.1f32 as f64);
    assert_ne!(c, 0.1);
    let d = 3.0 + 2.0 + c;
    let (v, g) = rounding_grad(x, 3);
    assert_eq!((v, g), (rounding(x, 3), d));
    let (v, t) = rounding_jvp(x, 3, 1.0);
    assert_eq!((v, t), (rounding(x, 3), d));
    let (v, g, h) = rounding_hvp(x, 3, 1.0);
    assert_eq!((v, g, h), (rounding(x, 3), d, 0.0));
}

/// A quotient whose denominator squared overflows `f32` (|d| > 1.8e19), as in held-out round
/// 12's A-weighting curve: the partial −n/d² was computed as `n / (d * d)`, a silent zero in
/// both modes. `ln(f⁴ / ((f² + 1)(f² + 10⁸) 10⁸))` has the derivative
/// `4/f − 2f/(f² + 1) − 2f/(f² + 10⁸)`.
#[differentiate]
fn rational_f32(f: f32) -> f32 {
    let n = f * f * f * f;
    let d = (f * f + 1.0) * (f * f + 1.0e8) * 1.0e8;
    (n / d).ln()
}

#[test]
fn a_quotient_whose_denominator_squared_overflows_f32() {
    let f = 1000.0_f32;
    let want = 4.0 / f - 2.0 * f / (f * f + 1.0) - 2.0 * f / (f * f + 1.0e8);
    let (_, f_bar) = rational_f32_grad(f);
    let (_, f_dot) = rational_f32_jvp(f, 1.0);
    assert!(
        ((f_bar - want) / want).abs() < 1e-4,
        "{f_bar} against {want}"
    );
    assert!(
        ((f_dot - want) / want).abs() < 1e-4,
        "{f_dot} against {want}"
    );
}

/// A ternary search's lower bound after 30 steps: piecewise linear in the bounds, with a
/// jump wherever a comparison flips, and pieces narrower than `_gradcheck`'s first step.
/// The check takes a second look at smaller steps, which stay on the point's piece.
#[autodiff::differentiate]
fn ternary_lower_bound(lo: f64, hi: f64, c: f64) -> f64 {
    let mut lo = lo;
    let mut hi = hi;
    for _ in 0..30 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if (m1 - c) * (m1 - c) < (m2 - c) * (m2 - c) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    lo
}

#[test]
fn gradcheck_looks_again_at_smaller_steps_on_piecewise_functions() {
    let (lo0, hi0, c) = (-2.0, 5.0, 1.3);
    ternary_lower_bound_gradcheck(lo0, hi0, c).unwrap();
    // The same branches replayed by hand: (lo, hi) ↦ (lo, lo/3 + 2hi/3) or
    // (2lo/3 + hi/3, hi), carrying ∂(lo, hi)/∂(lo0, hi0).
    let (mut lo, mut hi) = (lo0, hi0);
    let (mut dlo, mut dhi) = ([1.0, 0.0], [0.0, 1.0]);
    for _ in 0..30 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if (m1 - c) * (m1 - c) < (m2 - c) * (m2 - c) {
            hi = m2;
            dhi = [
                dlo[0] / 3.0 + 2.0 * dhi[0] / 3.0,
                dlo[1] / 3.0 + 2.0 * dhi[1] / 3.0,
            ];
        } else {
            lo = m1;
            dlo = [
                2.0 * dlo[0] / 3.0 + dhi[0] / 3.0,
                2.0 * dlo[1] / 3.0 + dhi[1] / 3.0,
            ];
        }
    }
    let (v, g_lo, g_hi, g_c) = ternary_lower_bound_grad(lo0, hi0, c);
    assert_eq!(v, lo);
    assert!((g_lo - dlo[0]).abs() < 1e-14 && (g_hi - dlo[1]).abs() < 1e-14);
    assert_eq!(g_c, 0.0);
    // A wrong derivative still fails at any step: the check's own runtime function, fed
    // the piece's derivative off by 1 %.
    let f = |p: &[f64]| ternary_lower_bound(p[0], p[1], c);
    let wrong = [g_lo * 1.01, g_hi];
    let tol = autodiff::gradcheck::Tolerance::default();
    assert!(autodiff::gradcheck::gradcheck(f, &[lo0, hi0], &wrong, tol).is_err());
}

/// The second look at smaller steps never takes a difference too coarse to judge: in `f32`
/// a step 100 times smaller loses most digits of `1000 + x`, whose differences then scatter
/// around 1 by tens of percent.
#[test]
fn gradcheck_second_look_never_takes_a_coarse_difference() {
    use autodiff::gradcheck::{gradcheck, Tolerance};
    let f = |x: &[f64]| (1000f32 + x[0] as f32) as f64;
    let tol = Tolerance::for_f32();
    assert!(gradcheck(f, &[0.3], &[1.0], tol).is_ok());
    for wrong in [1.05, 1.25, 0.8] {
        assert!(
            gradcheck(f, &[0.3], &[wrong], tol).is_err(),
            "{wrong} passed"
        );
    }
    let g = |x: &[f64]| 500.0 + x[0] * x[0];
    assert!(gradcheck(g, &[0.3], &[0.627], Tolerance::default()).is_err());
}

/// A value rounded through `f32` and back, whose derivative is taken as 1: the function
/// computes at `f32`'s precision, and its check works at it (`f32`'s steps and tolerance),
/// where `f64`'s steps would measure the rounding.
#[differentiate]
fn rounded_through_f32(x: f64) -> f64 {
    ((x as f32) as f64) * x
}

#[test]
fn gradcheck_of_a_value_rounded_through_f32_works_at_f32s_precision() {
    use autodiff::gradcheck::{gradcheck, Tolerance};
    for x in [0.3, 1.7, -2.2, 10.0, 0.001] {
        rounded_through_f32_gradcheck(x).unwrap();
    }
    // The same tolerance still catches a derivative off by 5 %.
    let f = |x: &[f64]| ((x[0] as f32) as f64) * x[0];
    let right = (10f32 as f64) + 10.0;
    assert!(gradcheck(f, &[10.0], &[right], Tolerance::for_f32()).is_ok());
    assert!(gradcheck(f, &[10.0], &[right * 1.05], Tolerance::for_f32()).is_err());
}

/// A quotient by a tiny denominator in `f32`: the gradient, −10¹⁶ at 1, fits in `f32`,
/// but the cotangent of the denominator, −10⁴⁸, does not, so a reverse sweep overflows
/// where forward mode does not (as TemporalInteractive/appearance's black-body emission
/// does in `f32`). The generated check reports the overflow as a failure of the gradient;
/// in `f64` the same body is right.
#[differentiate]
fn tiny_divisor(x: f32) -> f32 {
    let d = x * 1e-32;
    1e-16 / d
}

#[differentiate]
fn tiny_divisor_f64(x: f64) -> f64 {
    let d = x * 1e-32;
    1e-16 / d
}

// An infinite cotangent on purpose, which the `check-finite` feature reports (with the
// intermediate's name, `d`) before the check can.
#[cfg_attr(feature = "check-finite", ignore)]
#[test]
fn an_f32_cotangent_beyond_range_is_reported_by_the_check() {
    let (_, g) = tiny_divisor_grad(1.0);
    assert_eq!(g, f32::NEG_INFINITY);
    let (_, forward) = tiny_divisor_jvp(1.0, 1.0);
    assert!((forward / -1e16 - 1.0).abs() < 1e-6);
    let report = tiny_divisor_gradcheck(1.0).unwrap_err();
    assert_eq!(report.label(), Some("x"), "{report}");
    assert!(report.worst().analytic.is_infinite(), "{report}");
    tiny_divisor_f64_gradcheck(1.0).unwrap();
    let (_, g64) = tiny_divisor_f64_grad(1.0);
    assert!((g64 / -1e16 - 1.0).abs() < 1e-12);
}

/// A value that reaches no result, only compared (`if q < 1.0`) or never read, whose
/// partial is not finite at the point (the `ln` of a negative number): its cotangent is
/// zero, and the reverse sweep does not multiply that zero by the NaN partial, which would
/// make every gradient NaN (a Peng–Robinson density's unused branch did).
#[differentiate]
fn compared_only(x: f64) -> f64 {
    let q = x * (x - 3.0).ln();
    if q < 1.0 {
        x * x
    } else {
        x
    }
}

#[differentiate]
fn never_read(x: f64, k: f64) -> f64 {
    let _q = x * (x - 3.0).ln() * k;
    x * k
}

/// Values computed ahead of a branch and read only in one arm (or only by such values):
/// where the arm is not taken their cotangent is zero, and their partials need not be
/// finite there (`sqrt` of a negative number, `x / r` at r = 0). The reverse sweep runs
/// their adjoints only for a cotangent that is not zero.
#[differentiate]
fn root_or_reflection(x: f64) -> f64 {
    let s = x.sqrt();
    if x >= 0.0 {
        s
    } else {
        -x
    }
}

#[differentiate]
fn normalised_or_plain(x: f64, y: f64) -> f64 {
    let r = (x * x + y * y).sqrt();
    let u = x / r;
    let mut total = x + y;
    if r > 0.0 {
        total += u * y;
    }
    total
}

#[differentiate]
fn summed_if_any(x: f64, n: usize) -> f64 {
    let inv = 1.0 / x;
    let mut acc = x;
    for i in 0..n {
        acc += inv * i as f64;
    }
    acc
}

/// The same value built up by assignments: their adjoints are skipped too, while the old
/// values they overwrote are still put back.
#[differentiate]
fn accumulated_then_compared(x: f64, k: f64) -> f64 {
    let mut q = 0.0;
    let mut y = x * k;
    for i in 0..3 {
        q += x * (x - 3.0).ln() * k;
        q *= k;
        y = y * x + i as f64;
    }
    if q < 1.0 {
        y
    } else {
        y * k
    }
}

// Its points compute a root of −1 and 0/0 on purpose, in the branch not taken, which the
// `check-finite` feature reports (the tangent of `sqrt` NaN from finite inputs) before the
// test can look at the result.
#[cfg_attr(feature = "check-finite", ignore)]
#[test]
fn a_value_read_only_where_a_branch_ran_does_not_poison_the_gradient() {
    // At −1 the root is NaN and not taken: f = −x, f' = −1 (forward mode agrees).
    assert_eq!(root_or_reflection_grad(-1.0), (1.0, -1.0));
    assert_eq!(root_or_reflection_jvp(-1.0, 1.0), (1.0, -1.0));
    assert_eq!(root_or_reflection_hvp(-1.0, 1.0), (1.0, -1.0, 0.0));
    // Where the arm is taken, the root's derivative 1/(2√x) flows as before.
    assert_eq!(root_or_reflection_grad(4.0), (2.0, 0.25));
    root_or_reflection_gradcheck(2.5).unwrap();
    // At the origin r = 0 and u = 0/0: f = x + y, ∇f = (1, 1).
    assert_eq!(normalised_or_plain_grad(0.0, 0.0), (0.0, 1.0, 1.0));
    assert_eq!(normalised_or_plain_jvp(0.0, 0.0, 1.0, 0.0).1, 1.0);
    normalised_or_plain_gradcheck(0.3, -0.7).unwrap();
    normalised_or_plain_gradcheck(-2.0, 1.5).unwrap();
    // A loop that runs no turn reads 1/x nowhere: at x = 0, f = x, f' = 1.
    assert_eq!(summed_if_any_grad(0.0, 0), (0.0, 1.0));
    // With turns, f = x + (n(n−1)/2)/x: f'(2) = 1 − 3/4 at n = 3.
    assert_eq!(summed_if_any_grad(2.0, 3), (3.5, 0.25));
}

#[test]
fn a_value_reaching_no_result_does_not_poison_the_gradient() {
    // At 2, q is NaN, and NaN < 1 is false: f = x, f' = 1.
    let (value, g) = compared_only_grad(2.0);
    assert_eq!((value, g), (2.0, 1.0));
    assert_eq!(compared_only_jvp(2.0, 1.0).1, 1.0);
    let (_, _, h) = compared_only_hvp(2.0, 1.0);
    assert_eq!(h, 0.0);
    let (value, gx, gk) = never_read_grad(2.0, 3.0);
    assert_eq!((value, gx, gk), (6.0, 3.0, 2.0));
    never_read_gradcheck(2.0, 3.0).unwrap();
    // At x = 2, q is NaN (the ln of −1) and NaN < 1 is false, so f = ky with
    // y = kx⁴ + x + 2: ∂f/∂x = k(4kx³ + 1), ∂f/∂k = y + kx⁴.
    let (value, gx, gk) = accumulated_then_compared_grad(2.0, 3.0);
    assert_eq!(value, 3.0 * 52.0);
    assert_eq!((gx, gk), (3.0 * 97.0, 52.0 + 48.0));
    // ∂²f/∂x² = 12k²x² = 432, ∂²f/∂x∂k = 8kx³ + 1 = 193.
    let (_, _, _, hx, hk) = accumulated_then_compared_hvp(2.0, 3.0, 1.0, 0.0);
    assert_eq!((hx, hk), (432.0, 193.0));
    accumulated_then_compared_gradcheck(5.0, 0.5).unwrap();
}
