#![deny(warnings)]

use autodiff::differentiate;

/// Σᵢ (xᵢ² + w·xᵢ) through a local `Vec`, a `while` loop and an array.
#[differentiate]
fn f(x: &[f64], w: f64) -> f64 {
    let mut sq = Vec::with_capacity(x.len());
    for i in 0..x.len() {
        sq.push(x[i] * x[i]);
    }
    let mut lin = vec![0.0; x.len()];
    let mut i = 0;
    while i < x.len() {
        lin[i] = w * x[i];
        i += 1;
    }
    let mut acc = [0.0; 2];
    for i in (0..x.len()).rev() {
        acc[0] += sq[i];
        acc[1] += lin[i];
    }
    acc[0] + acc[1]
}

fn main() {
    let x = [0.5, -1.0, 2.0];
    let w = 0.3;
    let (value, gx, gw) = f_grad(&x, w);
    assert_eq!(value, f(&x, w));
    for i in 0..3 {
        assert!((gx[i] - (2.0 * x[i] + w)).abs() < 1e-12);
    }
    assert!((gw - (0.5 - 1.0 + 2.0)).abs() < 1e-12);
    let v = [1.0, 0.0, -1.0];
    let (_, t) = f_jvp(&x, w, &v, 0.5);
    let expected: f64 = (0..3).map(|i| gx[i] * v[i]).sum::<f64>() + gw * 0.5;
    assert!((t - expected).abs() < 1e-12);
    // The Hessian in x is 2·I, and ∂²f/∂x∂w = 1.
    let (_, _, _, hx, hw) = f_hvp(&x, w, &v, 0.0);
    for i in 0..3 {
        assert!((hx[i] - 2.0 * v[i]).abs() < 1e-12);
    }
    assert!((hw - (1.0 + 0.0 - 1.0)).abs() < 1e-12);
}
