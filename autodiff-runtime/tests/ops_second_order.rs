//! Second order through the rules: pullbacks instantiated with `Dual<f64>` and seeded with a
//! direction give Hessian-vector products (forward-over-reverse), checked against central
//! differences of the gradient. Done for `matmul → softmax → layer_norm`, and for a whole
//! transformer block composed from the rules by hand, the way generated code composes them
//! (LayerNorm → causal attention → residual → RMSNorm → GELU MLP → residual → cross-entropy),
//! whose gradient is also checked against central differences for every parameter.

mod ops_common;

use autodiff_runtime::gradcheck::{gradcheck, hvp_check, Rng, Tolerance};
use autodiff_runtime::ndarray::Array2;
use autodiff_runtime::ops;
use autodiff_runtime::Dual;
use ops_common::{assert_close, Pack, Scalar, Unpack};

fn eps<T: Scalar>() -> T {
    T::from(1e-5).unwrap()
}

/// H·v of `grad` at `x` by forward-over-reverse: `grad` on `x + ε v`, read the tangents.
fn hvp(grad: impl Fn(&[Dual<f64>]) -> Vec<Dual<f64>>, x: &[f64], v: &[f64]) -> Vec<f64> {
    let xd: Vec<Dual<f64>> = x.iter().zip(v).map(|(&a, &b)| Dual::new(a, b)).collect();
    grad(&xd).iter().map(|d| d.tangent).collect()
}

/// `L(X, W, γ, β) = ⟨C, layer_norm(softmax(X W), γ, β)⟩` and its gradient, through pullbacks.
fn small<T: Scalar>(p: &[T]) -> (T, Vec<T>) {
    let (n, d, h) = (3, 4, 5);
    let mut u = Unpack::new(p);
    let (x, w, gamma, beta) = (u.mat(n, d), u.mat(d, h), u.vec(h), u.vec(h));
    let c = Array2::from_shape_fn((n, h), |(i, j)| {
        T::from(((i * 7 + j * 3) % 5) as f64 - 2.0).unwrap()
    });

    let (s, pb_s) = ops::matmul_pullback(&x, &w);
    let (p_, pb_p) = ops::softmax_pullback(&s);
    let (y, pb_y) = ops::layer_norm_pullback(&p_, &gamma, &beta, eps());
    let (loss, pb_l) = ops::mul_pullback(&y, &c);
    let loss_value = ops::sum(&loss);

    let (loss_bar,) = ops::sum_pullback(&loss).1(&loss, T::one());
    let (y_bar, _) = pb_l(&y, &c, loss_bar);
    let (p_bar, gamma_bar, beta_bar) = pb_y(&p_, &gamma, &beta, y_bar);
    let (s_bar,) = pb_p(&s, p_bar);
    let (x_bar, w_bar) = pb_s(&x, &w, s_bar);
    let grad = Pack::new()
        .nd(&x_bar)
        .nd(&w_bar)
        .nd(&gamma_bar)
        .nd(&beta_bar)
        .done();
    (loss_value, grad)
}

#[test]
fn hvp_of_matmul_softmax_layer_norm() {
    let mut rng = Rng::new(3);
    let n_params = 3 * 4 + 4 * 5 + 5 + 5;
    let x = rng.vector(n_params, -1.5, 1.5);
    let (_, g) = small::<f64>(&x);
    gradcheck(|x| small::<f64>(x).0, &x, &g, Tolerance::default()).unwrap();
    for _ in 0..3 {
        let v = rng.vector(n_params, -1.0, 1.0);
        let hv = hvp(|x| small(x).1, &x, &v);
        hvp_check(|x| small::<f64>(x).1, &x, &v, &hv, Tolerance::default()).unwrap();
    }
}

/// Shapes of the block: `n` tokens of width `d`, MLP width `f`, `vocab` classes.
const N: usize = 4;
const D: usize = 4;
const F: usize = 6;
const VOCAB: usize = 5;
const TARGETS: [usize; N] = [1, 4, 0, 2];

fn n_params() -> usize {
    N * D + 2 * D + 4 * D * D + D + D * F + F + F * D + D + D * VOCAB
}

/// A transformer block and its loss, with the gradient of every input and parameter.
fn block<T: Scalar>(params: &[T]) -> (T, Vec<T>) {
    let mut u = Unpack::new(params);
    let x = u.mat(N, D);
    let (g1, b1) = (u.vec(D), u.vec(D));
    let (wq, wk, wv, wo) = (u.mat(D, D), u.mat(D, D), u.mat(D, D), u.mat(D, D));
    let g2 = u.vec(D);
    let (w1, c1, w2, c2) = (u.mat(D, F), u.vec(F), u.mat(F, D), u.vec(D));
    let wout = u.mat(D, VOCAB);

    // Forward sweep: each rule's value and pullback.
    let (h1, pb_ln) = ops::layer_norm_pullback(&x, &g1, &b1, eps());
    let (q, pb_q) = ops::matmul_pullback(&h1, &wq);
    let (k, pb_k) = ops::matmul_pullback(&h1, &wk);
    let (v, pb_v) = ops::matmul_pullback(&h1, &wv);
    let (a, pb_att) = ops::attention_pullback(&q, &k, &v, true);
    let (o, pb_o) = ops::matmul_pullback(&a, &wo);
    let (r1, pb_r1) = ops::add_pullback(&x, &o);
    let (h2, pb_rms) = ops::rms_norm_pullback(&r1, &g2, eps());
    let (z, pb_z) = ops::matmul_pullback(&h2, &w1);
    let (zb, pb_zb) = ops::add_pullback(&z, &c1);
    let (act, pb_act) = ops::gelu_pullback(&zb);
    let (m, pb_m) = ops::matmul_pullback(&act, &w2);
    let (mb, pb_mb) = ops::add_pullback(&m, &c2);
    let (r2, pb_r2) = ops::add_pullback(&r1, &mb);
    let (logits, pb_out) = ops::matmul_pullback(&r2, &wout);
    let (loss, pb_ce) = ops::cross_entropy_pullback(&logits, &TARGETS);

    // Reverse sweep: reference arguments are passed to each pullback again.
    let (logits_bar,) = pb_ce(&logits, &TARGETS, T::one());
    let (r2_bar, wout_bar) = pb_out(&r2, &wout, logits_bar);
    let (r1_bar_skip, mb_bar) = pb_r2(&r1, &mb, r2_bar);
    let (m_bar, c2_bar) = pb_mb(&m, &c2, mb_bar);
    let (act_bar, w2_bar) = pb_m(&act, &w2, m_bar);
    let (zb_bar,) = pb_act(&zb, act_bar);
    let (z_bar, c1_bar) = pb_zb(&z, &c1, zb_bar);
    let (h2_bar, w1_bar) = pb_z(&h2, &w1, z_bar);
    let (r1_bar_rms, g2_bar) = pb_rms(&r1, &g2, h2_bar);
    let (x_bar_skip, o_bar) = pb_r1(&x, &o, r1_bar_skip + r1_bar_rms);
    let (a_bar, wo_bar) = pb_o(&a, &wo, o_bar);
    let (q_bar, k_bar, v_bar) = pb_att(&q, &k, &v, a_bar);
    let (h1_bar_v, wv_bar) = pb_v(&h1, &wv, v_bar);
    let (h1_bar_k, wk_bar) = pb_k(&h1, &wk, k_bar);
    let (h1_bar_q, wq_bar) = pb_q(&h1, &wq, q_bar);
    let (x_bar_ln, g1_bar, b1_bar) = pb_ln(&x, &g1, &b1, h1_bar_q + h1_bar_k + h1_bar_v);

    let grad = Pack::new()
        .nd(&(x_bar_skip + x_bar_ln))
        .nd(&g1_bar)
        .nd(&b1_bar)
        .nd(&wq_bar)
        .nd(&wk_bar)
        .nd(&wv_bar)
        .nd(&wo_bar)
        .nd(&g2_bar)
        .nd(&w1_bar)
        .nd(&c1_bar)
        .nd(&w2_bar)
        .nd(&c2_bar)
        .nd(&wout_bar)
        .done();
    (loss, grad)
}

fn block_point(rng: &mut Rng) -> Vec<f64> {
    let mut p = rng.vector(n_params(), -1.0, 1.0);
    // γ's near 1 as in a trained model (any values work).
    for g in &mut p[N * D..N * D + D] {
        *g += 1.0;
    }
    p
}

#[test]
fn transformer_block_gradient_matches_central_differences() {
    let mut rng = Rng::new(17);
    let x = block_point(&mut rng);
    let (loss, grad) = block::<f64>(&x);
    assert!(loss.is_finite() && loss > 0.0);
    gradcheck(|p| block::<f64>(p).0, &x, &grad, Tolerance::default()).unwrap();
    // f32 follows f64 to f32 precision.
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let (loss32, grad32) = block::<f32>(&x32);
    let x64: Vec<f64> = x32.iter().map(|&v| v as f64).collect();
    let (loss64, grad64) = block::<f64>(&x64);
    assert!((loss32 as f64 - loss64).abs() < 1e-5 * loss64.abs().max(1.0));
    let scale = grad64.iter().fold(0.0_f64, |m, g| m.max(g.abs()));
    for (a, b) in grad32.iter().zip(&grad64) {
        assert!((*a as f64 - b).abs() < 1e-4 * scale, "{a} vs {b}");
    }
}

#[test]
fn transformer_block_hvp_matches_differences_of_the_gradient() {
    let mut rng = Rng::new(23);
    let x = block_point(&mut rng);
    for _ in 0..2 {
        let v = rng.vector(n_params(), -1.0, 1.0);
        let hv = hvp(|p| block(p).1, &x, &v);
        hvp_check(|p| block::<f64>(p).1, &x, &v, &hv, Tolerance::default()).unwrap();
    }
    // The dual run's primal part is the plain gradient (up to summation order: f64 GEMMs go
    // through matrixmultiply, dual ones through ndarray's generic loop), and a zero direction
    // gives a zero H·v.
    let v = vec![0.0; n_params()];
    let xd: Vec<Dual<f64>> = x.iter().map(|&a| Dual::new(a, 0.0)).collect();
    let primal: Vec<f64> = block(&xd).1.iter().map(|d| d.primal).collect();
    assert_close(
        "primal of the dual gradient",
        &primal,
        &block::<f64>(&x).1,
        1e-14,
        1e-12,
    );
    assert!(hvp(|p| block(p).1, &x, &v).iter().all(|&h| h == 0.0));
}
