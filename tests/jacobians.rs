//! `#[differentiate(jacobian)]` and `#[differentiate(hessian)]`: dense Jacobians and
//! Hessians, generated on request. Each is checked against closed forms worked out by hand,
//! against central differences, and against the other mode (rows of `f_vjp`, columns of
//! `f_jvp`), for every way of building it.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;
use autodiff::ndarray::{array, Array1};

/// A map ℝ³ → ℝ² with a scalar parameter: y₀ = x₀x₁ + k·x₂, y₁ = sin(x₀) + x₂²·k.
#[differentiate(jacobian)]
fn two_outputs(x: &[f64], k: f64) -> Vec<f64> {
    vec![x[0] * x[1] + k * x[2], x[0].sin() + x[2] * x[2] * k]
}

#[differentiate(jacobian = "forward")]
fn two_outputs_forward(x: &[f64], k: f64) -> Vec<f64> {
    vec![x[0] * x[1] + k * x[2], x[0].sin() + x[2] * x[2] * k]
}

#[differentiate(jacobian = "reverse")]
fn two_outputs_reverse(x: &[f64], k: f64) -> Vec<f64> {
    vec![x[0] * x[1] + k * x[2], x[0].sin() + x[2] * x[2] * k]
}

/// J = [[x₁, x₀, k, x₂], [cos x₀, 0, 2x₂k, x₂²]]: columns x₀, x₁, x₂, then k.
fn two_outputs_by_hand(x: &[f64], k: f64) -> Vec<Vec<f64>> {
    vec![
        vec![x[1], x[0], k, x[2]],
        vec![x[0].cos(), 0.0, 2.0 * x[2] * k, x[2] * x[2]],
    ]
}

fn close(a: &[Vec<f64>], b: &[Vec<f64>], tol: f64) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(r, s)| {
            r.len() == s.len()
                && r.iter()
                    .zip(s)
                    .all(|(u, v)| (u - v).abs() <= tol * (1.0 + v.abs()))
        })
}

/// Central differences of a map from the flat input coordinates, column by column.
fn central(f: impl Fn(&[f64]) -> Vec<f64>, x: &[f64]) -> Vec<Vec<f64>> {
    let h = 1e-6;
    let m = f(x).len();
    let mut jac = vec![vec![0.0; x.len()]; m];
    for j in 0..x.len() {
        let (mut up, mut down) = (x.to_vec(), x.to_vec());
        up[j] += h;
        down[j] -= h;
        let (fu, fd) = (f(&up), f(&down));
        for i in 0..m {
            jac[i][j] = (fu[i] - fd[i]) / (2.0 * h);
        }
    }
    jac
}

#[test]
fn a_jacobian_in_every_mode_matches_the_closed_form() {
    let (x, k) = ([0.7, -1.2, 0.4], 1.5);
    let want = two_outputs_by_hand(&x, k);
    for (value, jac) in [
        two_outputs_jacobian(&x, k),
        two_outputs_forward_jacobian(&x, k),
        two_outputs_reverse_jacobian(&x, k),
    ] {
        assert_eq!(value, two_outputs(&x, k));
        assert!(close(&jac, &want, 1e-14), "{jac:?}");
    }
    let numeric = central(|z| two_outputs(&z[..3], z[3]), &[x[0], x[1], x[2], k]);
    assert!(close(&two_outputs_jacobian(&x, k).1, &numeric, 1e-7));
}

/// Rows are `f_vjp` with unit seeds, columns `f_jvp` with unit tangents.
#[test]
fn rows_are_vjps_and_columns_are_jvps() {
    let (x, k) = ([0.3, 2.0, -0.5], -0.8);
    let (_, jac) = two_outputs_jacobian(&x, k);
    for i in 0..2 {
        let mut seed = vec![0.0; 2];
        seed[i] = 1.0;
        let (_, x_bar, k_bar) = two_outputs_vjp(&x, k, seed);
        assert_eq!(&jac[i][..3], &x_bar[..]);
        assert_eq!(jac[i][3], k_bar);
    }
    let (_, column) = two_outputs_jvp(&x, k, &[0.0, 0.0, 1.0], 0.0);
    assert_eq!(column, vec![jac[0][2], jac[1][2]]);
}

/// A fixed-size array result and an `ndarray` parameter, and `wrt` leaving a parameter out:
/// y = A·x scaled, J = s·A (the columns are x's coordinates only).
#[differentiate(wrt(x), jacobian)]
fn scaled_product(a: &Array1<f64>, x: &Array1<f64>, s: f64) -> [f64; 2] {
    [s * (a[0] * x[0] + a[1] * x[1]), s * a[2] * x[0] * x[0]]
}

#[test]
fn arrays_and_wrt() {
    let (a, x) = (array![1.0, 2.0, 3.0], array![0.5, -1.0]);
    let (value, jac) = scaled_product_jacobian(&a, &x, 2.0);
    assert_eq!(value, scaled_product(&a, &x, 2.0));
    // ∂y₀/∂x = s(a₀, a₁), ∂y₁/∂x = (2s·a₂x₀, 0)
    assert_eq!(jac, vec![vec![2.0, 4.0], vec![6.0, 0.0]]);
}

/// A generic function ℝⁿ → ℝⁿ (more outputs than inputs is not needed for the choice: n = m
/// takes forward mode), in f32.
#[differentiate(jacobian)]
fn softplus_all<T: autodiff::num_traits::Float>(x: &[T]) -> Vec<T> {
    x.iter().map(|&v| (T::one() + v.exp()).ln()).collect()
}

#[test]
fn a_generic_jacobian_in_f32_is_diagonal() {
    let x = [0.5_f32, -2.0, 1.0];
    let (_, jac) = softplus_all_jacobian(&x);
    for i in 0..3 {
        for j in 0..3 {
            let want = if i == j {
                1.0 / (1.0 + (-x[i]).exp())
            } else {
                0.0
            };
            assert!((jac[i][j] - want).abs() < 1e-6, "{i} {j}");
        }
    }
}

/// f = x₀²x₁ + k·sin(x₁) + k²x₀: H over (x₀, x₁, k) =
/// [[2x₁, 2x₀, 2k], [2x₀, −k sin x₁, cos x₁], [2k, cos x₁, 2x₀]].
#[differentiate(hessian, jacobian)]
fn cubic_mix(x: &[f64], k: f64) -> f64 {
    x[0] * x[0] * x[1] + k * x[1].sin() + k * k * x[0]
}

#[test]
fn a_hessian_matches_the_closed_form_and_its_gradient_the_jacobian() {
    let (x, k) = ([0.6, -0.9], 1.3);
    let (value, grad, hess) = cubic_mix_hessian(&x, k);
    assert_eq!(value, cubic_mix(&x, k));
    let want = vec![
        vec![2.0 * x[1], 2.0 * x[0], 2.0 * k],
        vec![2.0 * x[0], -k * x[1].sin(), x[1].cos()],
        vec![2.0 * k, x[1].cos(), 2.0 * x[0]],
    ];
    assert!(close(&hess, &want, 1e-14), "{hess:?}");
    let (_, jac) = cubic_mix_jacobian(&x, k);
    assert_eq!(jac, vec![grad.clone()]);
    let (_, gx, gk) = cubic_mix_grad(&x, k);
    assert_eq!(grad, vec![gx[0], gx[1], gk]);
}

/// A Hessian of a function holding a local tuple of floats (which has its dual-number form):
/// f = (a + b)·ab = a²b + ab², H = [[2b, 2a + 2b], [2a + 2b, 2a]].
#[differentiate(hessian)]
fn sum_times_product(x: &[f64]) -> f64 {
    let (s, p) = (x[0] + x[1], x[0] * x[1]);
    s * p
}

#[test]
fn a_hessian_through_a_local_tuple() {
    let (a, b) = (0.7, -1.3);
    let (_, _, h) = sum_times_product_hessian(&[a, b]);
    let want = vec![
        vec![2.0 * b, 2.0 * a + 2.0 * b],
        vec![2.0 * a + 2.0 * b, 2.0 * a],
    ];
    assert!(close(&h, &want, 1e-14), "{h:?}");
}
