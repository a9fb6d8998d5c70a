//! Buffers lent by a differentiated caller to a differentiated callee: `fill_sq(x, &mut
//! buf);`, the idiom of integrators (`deriv(&y, &mut k)`) and losses filling scratch
//! buffers. The caller's derivatives run through the callee's lent form (`crate::lent` in the
//! macro). Each caller's `_grad` is checked against a closed form worked out by hand or
//! against central differences of the primal written here, its `_jvp` against ⟨∇f, v⟩, and
//! its `_gradcheck`.

// The functions are written as their authors write them.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

use autodiff::differentiate;

/// Central differences of `f` at `x`, step `h`.
fn central(f: impl Fn(&[f64]) -> f64, x: &[f64], h: f64) -> Vec<f64> {
    (0..x.len())
        .map(|i| {
            let (mut up, mut down) = (x.to_vec(), x.to_vec());
            up[i] += h;
            down[i] -= h;
            (f(&up) - f(&down)) / (2.0 * h)
        })
        .collect()
}

#[track_caller]
fn assert_near(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "element {k}: got {g}, want {w}"
        );
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// Writes xᵢ² into `out`.
#[differentiate]
fn fill_sq(x: &[f64], out: &mut [f64]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i];
    }
}

/// Σ xᵢ², through a scratch buffer lent to `fill_sq`.
#[differentiate]
fn total_sq(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    fill_sq(x, &mut buf);
    buf.iter().sum()
}

#[test]
fn an_output_buffer_lent_to_a_callee() {
    let x = [0.5, -1.25, 2.0, 0.75];
    let (value, grad) = total_sq_grad(&x);
    assert!((value - dot(&x, &x)).abs() < 1e-12);
    // ∂/∂xᵢ Σ xⱼ² = 2 xᵢ
    let want: Vec<f64> = x.iter().map(|v| 2.0 * v).collect();
    assert_near(&grad, &want, 1e-12);
    let v = [0.3, -0.7, 1.1, 0.2];
    let (_, tangent) = total_sq_jvp(&x, &v);
    assert!((tangent - dot(&grad, &v)).abs() < 1e-12);
    total_sq_gradcheck(&x).unwrap();
}
