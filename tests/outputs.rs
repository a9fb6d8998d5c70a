//! Output buffers: `&mut [f64]` and `&mut Vec<f64>` parameters the function writes. Their
//! final contents are results: `_jvp` writes their tangents into buffers the caller passes,
//! `_vjp` takes their cotangents as seeds. Checked against central differences (through the
//! seed: ⟨ȳ, f(x)⟩ is a scalar whose gradient is the VJP) and by the dot-product test.

#![allow(clippy::needless_range_loop)] // index loops are what the macro is tested on
#![allow(clippy::ptr_arg)] // `&mut Vec<f64>` buffers are tested on purpose

mod common;

use autodiff::differentiate;
use common::{assert_grad, rng_vec};

/// A stable softmax written into a caller's buffer: no return value.
#[differentiate]
fn softmax_into(x: &[f64], out: &mut [f64]) {
    let mut m = x[0];
    for i in 1..x.len() {
        m = m.max(x[i]);
    }
    let mut s = 0.0;
    for i in 0..x.len() {
        out[i] = (x[i] - m).exp();
        s += out[i];
    }
    for i in 0..x.len() {
        out[i] /= s;
    }
}

/// A value and a buffer: returns Σ xᵢ² and writes the running products into `out`, a `Vec`;
/// the offsets are constants (left out by `wrt`).
#[differentiate(wrt(x, scale))]
fn prefix_products(x: &[f64], scale: f64, offsets: &[f64], out: &mut Vec<f64>) -> f64 {
    let mut p = scale;
    let mut total = 0.0;
    for i in 0..x.len() {
        p = p * x[i] + offsets[i];
        out[i] = p;
        total += x[i] * x[i];
    }
    total
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

#[test]
fn softmax_into_a_buffer() {
    let x = [0.5, -1.0, 2.0, 0.25];
    let mut out = [0.0; 4];
    let seed = rng_vec(3, 4, -1.0, 1.0);
    let (x_bar,) = softmax_into_vjp(&x, &mut out, &seed);
    let mut expected = [0.0; 4];
    softmax_into(&x, &mut expected);
    assert_eq!(out, expected, "the buffer holds the value");
    let scalar = |x: &[f64]| {
        let mut out = [0.0; 4];
        softmax_into(x, &mut out);
        dot(&out, &seed)
    };
    assert_grad(scalar, &x, &x_bar);
    // Forward mode: ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.
    let v = rng_vec(4, 4, -1.0, 1.0);
    let (mut out, mut out_dot) = ([0.0; 4], [0.0; 4]);
    softmax_into_jvp(&x, &mut out, &v, &mut out_dot);
    assert_eq!(out, expected);
    assert!((dot(&seed, &out_dot) - dot(&x_bar, &v)).abs() < 1e-12);
}

#[test]
fn a_value_and_a_vec_buffer() {
    let x = [0.5, -1.0, 2.0];
    let initial = vec![0.1, 0.2, -0.3];
    let seed = rng_vec(5, 3, -1.0, 1.0);
    let dout = 0.7;
    let mut out = initial.clone();
    let (value, x_bar, scale_bar) = prefix_products_vjp(&x, 1.5, &initial, &mut out, dout, &seed);
    let mut expected = initial.clone();
    assert_eq!(value, prefix_products(&x, 1.5, &initial, &mut expected));
    assert_eq!(out, expected);
    let scalar = |v: &[f64]| {
        let mut out = initial.clone();
        let total = prefix_products(&v[..3], v[3], &initial, &mut out);
        dout * total + dot(&out, &seed)
    };
    let mut grad = x_bar.clone();
    grad.push(scale_bar);
    assert_grad(scalar, &[0.5, -1.0, 2.0, 1.5], &grad);
    let (v, v_scale) = (rng_vec(6, 3, -1.0, 1.0), 0.3);
    let (mut out, mut out_dot) = (initial.clone(), vec![0.0; 3]);
    let (_, value_dot) =
        prefix_products_jvp(&x, 1.5, &initial, &mut out, &v, v_scale, &mut out_dot);
    let lhs = dout * value_dot + dot(&seed, &out_dot);
    let rhs = dot(&x_bar, &v) + scale_bar * v_scale;
    assert!(
        (lhs - rhs).abs() < 1e-12 * (1.0 + rhs.abs()),
        "{lhs} vs {rhs}"
    );
}
