//! `#[differentiate]` over `ndarray` arrays: operators, `dot`, `t`, `mapv`, and the rules of
//! `autodiff::ops`, up to a transformer block; every parameter checked against central
//! differences, JVP against VJP, HVP against differences of the gradient.

mod common;
use autodiff::ndarray::{Array1, Array2};
use autodiff::{differentiate, ops};
use common::*;

fn matrix(seed: u64, rows: usize, cols: usize, scale: f64) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), rng_vec(seed, rows * cols, -scale, scale)).unwrap()
}

fn vector(seed: u64, n: usize, lo: f64, hi: f64) -> Array1<f64> {
    Array1::from(rng_vec(seed, n, lo, hi))
}

/// A dense layer: tanh(x W + b), summed.
#[differentiate]
fn dense(x: &Array2<f64>, w: &Array2<f64>, b: &Array1<f64>) -> f64 {
    let h = x.dot(w) + b;
    let y = h.mapv(f64::tanh);
    let z = &y * &y;
    z.sum() * 0.5 + y.mean().unwrap()
}

#[test]
fn dense_layer_with_broadcast_bias() {
    let (x, w, b) = (
        matrix(1, 4, 3, 1.0),
        matrix(2, 3, 5, 1.0),
        vector(3, 5, -0.5, 0.5),
    );
    dense_gradcheck(&x, &w, &b).unwrap();
    let (_, _, _, gb) = dense_grad(&x, &w, &b);
    assert_eq!(
        gb.len(),
        5,
        "the bias's cotangent is summed over the broadcast rows"
    );
}

/// LayerNorm → single-head causal attention → residual → RMSNorm → MLP with GELU →
/// residual → cross-entropy.
#[allow(clippy::too_many_arguments)]
#[differentiate(wrt(x, wq, wk, wv, w1, w2, g1, b1, g2))]
fn block(
    x: &Array2<f64>,
    wq: &Array2<f64>,
    wk: &Array2<f64>,
    wv: &Array2<f64>,
    w1: &Array2<f64>,
    w2: &Array2<f64>,
    g1: &Array1<f64>,
    b1: &Array1<f64>,
    g2: &Array1<f64>,
    targets: &[usize],
) -> f64 {
    let h = ops::layer_norm(x, g1, b1, 1e-5);
    let q = h.dot(wq);
    let k = h.dot(wk);
    let v = h.dot(wv);
    let a = ops::attention(&q, &k, &v, true);
    let r = x + &a;
    let n = ops::rms_norm(&r, g2, 1e-5);
    let m = ops::gelu(&n.dot(w1)).dot(w2);
    let out = &r + &m;
    ops::cross_entropy(&out, targets)
}

#[test]
fn transformer_block_passes_gradcheck_for_every_parameter() {
    let (t, d, f) = (5, 4, 8);
    let x = matrix(10, t, d, 1.0);
    let (wq, wk, wv) = (
        matrix(11, d, d, 0.5),
        matrix(12, d, d, 0.5),
        matrix(13, d, d, 0.5),
    );
    let (w1, w2) = (matrix(14, d, f, 0.5), matrix(15, f, d, 0.5));
    let (g1, b1, g2) = (
        vector(16, d, 0.5, 1.5),
        vector(17, d, -0.2, 0.2),
        vector(18, d, 0.5, 1.5),
    );
    let targets = [0, 3, 1, 2, 3];
    block_gradcheck(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets).unwrap();
    let (loss, ..) = block_grad(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets);
    assert_eq!(
        loss,
        block(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets)
    );
}

/// The README's form of the block: nested calls and operators in arguments.
#[allow(clippy::too_many_arguments)]
#[differentiate(wrt(x, wq, wk, wv, w1, w2, g1, b1, g2))]
fn block_compact(
    x: &Array2<f64>,
    wq: &Array2<f64>,
    wk: &Array2<f64>,
    wv: &Array2<f64>,
    w1: &Array2<f64>,
    w2: &Array2<f64>,
    g1: &Array1<f64>,
    b1: &Array1<f64>,
    g2: &Array1<f64>,
    targets: &[usize],
) -> f64 {
    let h = ops::layer_norm(x, g1, b1, 1e-5);
    let a = ops::attention(&h.dot(wq), &h.dot(wk), &h.dot(wv), true);
    let r = x + &a;
    let n = ops::rms_norm(&r, g2, 1e-5);
    let m = ops::gelu(&n.dot(w1)).dot(w2);
    ops::cross_entropy(&(&r + &m), targets)
}

#[test]
fn nested_array_expressions_give_the_same_gradient() {
    let (t, d, f) = (4, 3, 5);
    let x = matrix(20, t, d, 1.0);
    let (wq, wk, wv) = (
        matrix(21, d, d, 0.5),
        matrix(22, d, d, 0.5),
        matrix(23, d, d, 0.5),
    );
    let (w1, w2) = (matrix(24, d, f, 0.5), matrix(25, f, d, 0.5));
    let (g1, b1, g2) = (
        vector(26, d, 0.5, 1.5),
        vector(27, d, -0.2, 0.2),
        vector(28, d, 0.5, 1.5),
    );
    let targets = [0, 2, 1, 2];
    assert_eq!(
        block_compact_grad(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets),
        block_grad(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets)
    );
}
