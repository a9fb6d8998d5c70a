//! Shared checks for the integration tests: every derivative is compared with central
//! differences of the primal function, with the other mode, or with a closed form.
#![allow(dead_code)]

use autodiff::gradcheck::{self, Rng, Tolerance};

/// Checks a gradient against central differences of `f`.
#[track_caller]
pub fn assert_grad(f: impl Fn(&[f64]) -> f64, x: &[f64], grad: &[f64]) {
    if let Err(report) = gradcheck::gradcheck(&f, x, grad, Tolerance::default()) {
        panic!("{report}");
    }
}

/// Checks a Hessian-vector product against central differences of the gradient.
#[track_caller]
pub fn assert_hvp(grad: impl Fn(&[f64]) -> Vec<f64>, x: &[f64], v: &[f64], hv: &[f64]) {
    if let Err(report) = gradcheck::hvp_check(grad, x, v, hv, Tolerance::new(1e-5, 1e-4)) {
        panic!("{report}");
    }
}

/// ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ for a scalar function: `jvp(v)` is J v, `grad` is Jᵀ·1.
#[track_caller]
pub fn assert_dot_product(jvp: impl Fn(&[f64]) -> f64, grad: &[f64], seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..3 {
        let v = rng.vector(grad.len(), -1.0, 1.0);
        let lhs = jvp(&v);
        let rhs: f64 = grad.iter().zip(&v).map(|(g, v)| g * v).sum();
        assert!(
            (lhs - rhs).abs() <= 1e-10 * (1.0 + lhs.abs()),
            "dot-product test: ⟨ȳ, Jv⟩ = {lhs}, ⟨Jᵀȳ, v⟩ = {rhs}"
        );
    }
}

/// Two computations of one gradient that add the same terms, perhaps in another order
/// (`f_grad` adds a fused loop's terms in the primal's order, `f_hvp` in reverse), so they
/// agree to rounding.
#[track_caller]
pub fn assert_same_sums(a: &[f64], b: &[f64]) {
    assert_eq!(a.len(), b.len(), "lengths differ");
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        assert!(
            (x - y).abs() <= 1e-12 * (1.0 + x.abs().max(y.abs())),
            "element {k}: {x} against {y}"
        );
    }
}

pub fn rng_vec(seed: u64, n: usize, lo: f64, hi: f64) -> Vec<f64> {
    Rng::new(seed).vector(n, lo, hi)
}

/// Each derivative against its closed form, to 1e-12 relative.
#[track_caller]
pub fn assert_close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "lengths differ");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-12 * (1.0 + w.abs()),
            "∂{k}: {g} against {w}"
        );
    }
}
