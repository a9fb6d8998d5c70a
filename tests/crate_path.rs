//! `crate = "path"`: a crate that reaches `autodiff` through a re-export (or under another
//! name) tells the attribute and the derive where it is; every path of the generated code
//! then starts there. (The expansion's paths are checked in the macro's unit tests; here
//! the rewritten code compiles and its derivatives are right.)

mod numerics {
    /// A library re-exporting autodiff under its own path.
    pub use autodiff as ad;
}

use numerics::ad::{differentiate, Differentiable};

#[differentiate(crate = "crate::numerics::ad", wrt(x))]
fn damped(x: f64, k: f64) -> f64 {
    (k * x).sin() * (-x).exp()
}

#[derive(Differentiable, Clone, Debug)]
#[differentiable(crate = "crate::numerics::ad")]
struct Spring {
    k: f64,
    rest: f64,
}

#[differentiate(crate = "crate::numerics::ad")]
fn energy(s: &Spring, x: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 1..x.len() {
        let d = x[i] - x[i - 1] - s.rest;
        e += 0.5 * s.k * d * d;
    }
    e
}

/// f = sin(kx)·e^(−x): f′ = (k cos(kx) − sin(kx))·e^(−x).
#[test]
fn derivatives_through_a_reexported_crate() {
    let (x, k) = (0.7, 2.0);
    let (_, d) = damped_grad(x, k);
    let want = (k * (k * x).cos() - (k * x).sin()) * (-x).exp();
    assert!((d - want).abs() < 1e-12, "{d} {want}");
    let (_, _, hv) = damped_hvp(x, k, 1.0);
    // f″ = (−k² sin − 2k cos + sin)·e^(−x)
    let s = (k * x).sin();
    let c = (k * x).cos();
    assert!((hv - (-k * k * s - 2.0 * k * c + s) * (-x).exp()).abs() < 1e-12);
}

/// e = ½k Σ dᵢ², dᵢ = xᵢ − xᵢ₋₁ − r: ∂e/∂k = ½ Σ dᵢ², ∂e/∂r = −k Σ dᵢ.
#[test]
fn a_derived_struct_through_a_reexported_crate() {
    let s = Spring { k: 3.0, rest: 0.5 };
    let x = [0.0, 0.8, 1.1];
    let (_, s_bar, x_bar) = energy_grad(&s, &x);
    let d = [0.3, -0.2];
    assert!((s_bar.k - 0.5 * (0.09 + 0.04)).abs() < 1e-12);
    assert!((s_bar.rest + 3.0 * 0.1).abs() < 1e-12);
    assert!((x_bar[0] + 3.0 * d[0]).abs() < 1e-12);
    energy_gradcheck(&s, &x).unwrap();
}
