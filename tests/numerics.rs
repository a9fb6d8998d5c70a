//! Numerical edge cases of generated derivatives, with their documented behaviour, and f32
//! against f64 on the benchmark functions.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;

#[differentiate]
fn edges(x: f64) -> f64 {
    x.sqrt() + (1.0 + x).ln() + x.abs() + x.max(0.0) + x.min(0.0)
}

#[test]
fn documented_subgradients_at_ties_and_domain_edges() {
    // At 0: √x has an infinite slope; |x|′ = 0; max and min send the derivative to their
    // first argument on a tie (x), so each contributes 1.
    let (value, d) = edges_grad(0.0);
    assert_eq!(value, 0.0);
    assert!(d.is_infinite() && d > 0.0, "√x at 0: {d}");
    let (_, d) = edges_grad(1e-300);
    assert!(d.is_finite() && d > 1e100);
}

#[differentiate]
fn ratio(a: f64, b: f64) -> f64 {
    a / b
}

#[test]
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
