//! Constructs the real-code corpus showed (`tests/corpus/`), in the project's own words:
//! each test is written for this project, in the idiom the corpus found, and checked
//! against central differences or a closed form.

mod common;

use autodiff::differentiate;
use autodiff::gradcheck::{check_derivatives, check_vjp, Tolerance};

/// A present value: amounts of 10⁵ beside a rate of 0.1, with assertions on primal
/// values. The check's direction is scaled per coordinate, so differencing the gradient
/// along it does not move the rate by the step of the amounts.
#[differentiate]
fn present_value(investment: f64, rate: f64, years: u16, payment: f64) -> f64 {
    assert!(years > 0);
    let mut total = 0.0f64;
    for t in 1..=years {
        total += payment / (1.0 + rate).powi(t as i32);
        assert!(total.is_finite());
    }
    total - investment
}

#[test]
fn amounts_and_a_rate_of_different_sizes() {
    let (investment, rate, years, payment) = (100_000.0, 0.1, 10, 20_000.0);
    present_value_gradcheck(investment, rate, years, payment).unwrap();
    // ∂/∂r Σ c (1+r)^-t = −Σ t c (1+r)^(-t-1); ∂²/∂r² = Σ t (t+1) c (1+r)^(-t-2).
    let d1: f64 = (1..=10)
        .map(|t| -(t as f64) * payment * (1.0 + rate).powi(-t - 1))
        .sum();
    let d2: f64 = (1..=10)
        .map(|t| (t * (t + 1)) as f64 * payment * (1.0 + rate).powi(-t - 2))
        .sum();
    let (_, _, rate_bar, _, _, hv_rate, _) =
        present_value_hvp(investment, rate, years, payment, 0.0, 1.0, 0.0);
    assert!((rate_bar - d1).abs() < 1e-9 * d1.abs());
    assert!((hv_rate - d2).abs() < 1e-9 * d2.abs());
}

#[test]
fn a_wrong_hessian_is_still_caught_at_mixed_scales() {
    // f = a·r² with a = 10⁵ and r = 0.1: H = [[0, 2r], [2r, 2a]].
    let f = |p: &[f64]| p[0] * p[1] * p[1];
    let grad = |p: &[f64]| vec![p[1] * p[1], 2.0 * p[0] * p[1]];
    let jvp = |p: &[f64], v: &[f64]| p[1] * p[1] * v[0] + 2.0 * p[0] * p[1] * v[1];
    let hvp = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[1], 2.0 * p[1] * v[0] + 2.0 * p[0] * v[1]];
    let wrong = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[1], 2.0 * p[0] * v[1]];
    let params = [("a", 0..1), ("r", 1..2)];
    let point = [1e5, 0.1];
    assert!(check_derivatives(f, grad, jvp, hvp, &point, &params, Tolerance::default()).is_ok());
    assert!(check_derivatives(f, grad, jvp, wrong, &point, &params, Tolerance::default()).is_err());
}

/// A softened pair force returned as `Vec::from([fx, fy])`.
#[differentiate]
fn pair_force(a: &[f64], b: &[f64], soft: f64) -> Vec<f64> {
    let dx = b[0] - a[0];
    let dy = b[1] - a[1];
    let r = (dx * dx + dy * dy + soft * soft).sqrt();
    let magnitude = 1.0 / (r * r);
    let fx = magnitude * dx / r;
    let fy = magnitude * dy / r;
    Vec::from([fx, fy])
}

#[test]
fn a_vec_built_from_an_array_literal() {
    let (a, b) = ([0.1, -0.2], [0.7, 0.4]);
    let ab = [a, b].concat();
    let f = |x: &[f64]| pair_force(&x[..2], &x[2..], 0.05);
    let vjp = |y: &[f64]| {
        let (_, a_bar, b_bar, _) = pair_force_vjp(&a, &b, 0.05, y.to_vec());
        [a_bar, b_bar].concat()
    };
    check_vjp(f, &ab, vjp, 3, Tolerance::default()).unwrap();
}
