//! `#[differentiate]` over `ndarray` arrays: operators, `dot`, `t`, `mapv`, and the rules of
//! `autodiff::ops`, up to a transformer block; every parameter checked against central
//! differences, JVP against VJP, HVP against differences of the gradient; token embeddings
//! (`ops::embedding`) feeding a matmul and cross-entropy.

mod common;
use autodiff::ndarray::{
    array, Array, Array1, Array2, Array3, ArrayD, ArrayView1, ArrayView2, Dimension,
};
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

/// A bigram language model: each token's embedding row, projected to the vocabulary, scored
/// by cross-entropy against the next token. The ids and targets (`&[usize]`) are constants.
#[differentiate]
fn bigram(w: &Array2<f64>, out: &Array2<f64>, ids: &[usize], targets: &[usize]) -> f64 {
    let h = ops::embedding(w, ids);
    let logits = h.dot(out);
    ops::cross_entropy(&logits, targets)
}

/// `bigram`'s parameters from one flat vector: `vocab × dim` then `dim × vocab`.
fn bigram_params(p: &[f64], vocab: usize, dim: usize) -> (Array2<f64>, Array2<f64>) {
    let w = Array2::from_shape_vec((vocab, dim), p[..vocab * dim].to_vec()).unwrap();
    let out = Array2::from_shape_vec((dim, vocab), p[vocab * dim..].to_vec()).unwrap();
    (w, out)
}

#[test]
fn embedding_then_matmul_then_cross_entropy() {
    let (vocab, dim) = (6, 4);
    // Token 2 never occurs as an input; token 1 occurs three times.
    let ids = [0, 1, 5, 1, 3, 4, 1];
    let targets = [1, 5, 1, 3, 4, 1, 0];
    let (w, out) = (matrix(30, vocab, dim, 1.0), matrix(31, dim, vocab, 1.0));

    // The generated check: gradient against central differences, JVP against the gradient,
    // HVP against differences of the gradient.
    bigram_gradcheck(&w, &out, &ids, &targets).unwrap();

    let (loss, w_bar, out_bar) = bigram_grad(&w, &out, &ids, &targets);
    assert_eq!(loss, bigram(&w, &out, &ids, &targets));
    assert_eq!(w_bar.shape(), &[vocab, dim]);
    assert!(
        w_bar.row(2).iter().all(|&g| g == 0.0),
        "a row no id names gets no gradient"
    );

    // The same, by hand, on one flat vector of all parameters.
    let point: Vec<f64> = w.iter().chain(out.iter()).copied().collect();
    let loss_at = |p: &[f64]| {
        let (w, out) = bigram_params(p, vocab, dim);
        bigram(&w, &out, &ids, &targets)
    };
    let grad_at = |p: &[f64]| -> Vec<f64> {
        let (w, out) = bigram_params(p, vocab, dim);
        let (_, w_bar, out_bar) = bigram_grad(&w, &out, &ids, &targets);
        w_bar.iter().chain(out_bar.iter()).copied().collect()
    };
    let grad: Vec<f64> = w_bar.iter().chain(out_bar.iter()).copied().collect();
    assert_grad(loss_at, &point, &grad);
    assert_dot_product(
        |v| {
            let (dw, dout) = bigram_params(v, vocab, dim);
            bigram_jvp(&w, &out, &ids, &targets, &dw, &dout).1
        },
        &grad,
        32,
    );
    for seed in [33, 34] {
        let v = rng_vec(seed, point.len(), -1.0, 1.0);
        let (dw, dout) = bigram_params(&v, vocab, dim);
        let (l, gw, gout, hw, hout) = bigram_hvp(&w, &out, &ids, &targets, &dw, &dout);
        // The gradient `_hvp` returns is `_grad`'s up to summation order (dual GEMMs go
        // through ndarray's generic loop, f64 ones through matrixmultiply).
        assert!((l - loss).abs() <= 1e-14 * loss.abs());
        for (a, b) in gw.iter().chain(gout.iter()).zip(&grad) {
            assert!((a - b).abs() <= 1e-14, "{a} vs {b}");
        }
        let hv: Vec<f64> = hw.iter().chain(hout.iter()).copied().collect();
        assert_hvp(grad_at, &point, &v, &hv);
    }
}

// `a.dot(&b)` by the operands' written ranks: vector · vector is a float, matrix · vector
// a vector (`ops::dot`, `ops::matvec`).
#[differentiate]
fn quadratic_form(w: &Array2<f64>, x: &Array1<f64>) -> f64 {
    let h = w.dot(x);
    h.dot(&h) + x.dot(x)
}

#[test]
fn vector_dot_products_and_matrix_vector_products() {
    let w = Array2::from_shape_vec((3, 2), vec![1.0, 2.0, 3.0, 4.0, 0.5, -1.0]).unwrap();
    let x = Array1::from(vec![1.0, -2.0]);
    quadratic_form_gradcheck(&w, &x).unwrap();
    // f = xᵀ(WᵀW + I)x: ∇ₓ = 2(WᵀW + I)x, ∇_W = 2 W x xᵀ.
    let (_, w_bar, x_bar) = quadratic_form_grad(&w, &x);
    let h = w.dot(&x);
    let want_x = (w.t().dot(&h) + &x) * 2.0;
    for (g, e) in x_bar.iter().zip(want_x.iter()) {
        assert!((g - e).abs() < 1e-12);
    }
    for ((i, j), g) in w_bar.indexed_iter() {
        assert!((g - 2.0 * h[i] * x[j]).abs() < 1e-12);
    }
}

// Rows, columns and axis sums of a matrix (`ops::row`, `ops::column`, `ops::sum_rows`,
// `ops::sum_cols`), and a local array made by `Array2::zeros` and filled element by element.
#[differentiate]
fn lines_and_axes(a: &Array2<f64>, w: &Array1<f64>) -> f64 {
    let column_sums = a.sum_axis(autodiff::ndarray::Axis(0));
    column_sums.dot(w)
        + a.row(1).sum() * a.column(0).dot(w)
        + a.sum_axis(autodiff::ndarray::Axis(1)).sum()
}

#[differentiate]
fn symmetric_part(a: &Array2<f64>) -> f64 {
    let mut z = Array2::zeros((2, 2));
    for i in 0..2 {
        for j in 0..2 {
            z[[i, j]] = a[[i, j]] * a[[j, i]];
        }
    }
    z.sum()
}

#[test]
fn rows_columns_axis_sums_and_filled_arrays() {
    let a = Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    let w = Array1::from(vec![0.5, -1.0]);
    lines_and_axes_gradcheck(&a, &w).unwrap();
    // [4, 6]·w + 7·(a₀₀w₀ + a₁₀w₁) + 10.
    let (v, _, w_bar) = lines_and_axes_grad(&a, &w);
    assert_eq!(v, -4.0 + 7.0 * -2.5 + 10.0);
    assert_eq!(w_bar.to_vec(), vec![4.0 + 7.0 * 1.0, 6.0 + 7.0 * 3.0]);
    symmetric_part_gradcheck(&a).unwrap();
    // Σᵢⱼ aᵢⱼaⱼᵢ: ∂/∂aᵢⱼ = 2aⱼᵢ.
    let (v, a_bar) = symmetric_part_grad(&a);
    assert_eq!(v, 1.0 + 2.0 * 6.0 + 16.0);
    assert_eq!(a_bar, a.t().mapv(|x| 2.0 * x));
}

// Closures mapped over arrays (`mapv`, `mapv_into`, `map` with `&x`): the body is
// differentiated as scalar code of its own (`ops::mapv_with`).
#[differentiate]
fn mapped_closures(a: &Array2<f64>) -> f64 {
    a.mapv(|x| x * x).sum() + a.map(|v| (*v).max(0.0)).sum()
}

#[differentiate]
fn leaky_relu(array: Array1<f64>) -> Array1<f64> {
    array.mapv_into(|x| if x > 0.0 { x } else { 0.01 * x })
}

#[test]
fn closures_mapped_over_arrays() {
    let a = Array2::from_shape_vec((2, 2), vec![1.0, -2.0, 3.0, 4.0]).unwrap();
    mapped_closures_gradcheck(&a).unwrap();
    // Σ x² + Σ max(x, 0): ∂ = 2x + [x > 0].
    let (v, a_bar) = mapped_closures_grad(&a);
    assert_eq!(v, 30.0 + 8.0);
    assert_eq!(a_bar, a.mapv(|x| 2.0 * x + if x > 0.0 { 1.0 } else { 0.0 }));
    let x = Array1::from(vec![0.5, -1.5, 2.0]);
    let (y, x_bar) = leaky_relu_vjp(x.clone(), Array1::from(vec![1.0, 2.0, 3.0]));
    assert_eq!(y, Array1::from(vec![0.5, -0.015, 2.0]));
    assert_eq!(x_bar, Array1::from(vec![1.0, 0.02, 3.0]));
    let f = |p: &[f64]| leaky_relu(Array1::from(p.to_vec())).to_vec();
    let vjp = |g: &[f64]| {
        leaky_relu_vjp(x.clone(), Array1::from(g.to_vec()))
            .1
            .to_vec()
    };
    autodiff::gradcheck::check_vjp(
        f,
        &x.to_vec(),
        vjp,
        3,
        autodiff::gradcheck::Tolerance::default(),
    )
    .unwrap();
}

// Float functions mapped by name, as a held-out `layer_norm` wrote `mapv(f32::sqrt)`: the
// closure calling the method (`|v| v.sqrt()`), in `f32` and `f64`.
#[differentiate]
fn summed_roots(v: &Array1<f32>) -> f32 {
    v.mapv(f32::sqrt).sum()
}

#[differentiate]
fn summed_sines(v: &Array1<f64>) -> f64 {
    v.mapv(f64::sin).sum() + v.mapv(f64::abs).sum()
}

#[test]
fn float_functions_mapped_by_name() {
    let v = Array1::from(vec![0.25_f32, 4.0, 9.0]);
    let (value, g) = summed_roots_grad(&v);
    // Σ √v and its gradient 1 / (2 √v), worked by hand.
    assert_eq!(value, 0.5 + 2.0 + 3.0);
    assert_eq!(g, Array1::from(vec![1.0, 0.25, 1.0 / 6.0]));
    let x = vector(7, 4, -1.5, 1.5);
    summed_sines_gradcheck(&x).unwrap();
    let (_, g) = summed_sines_grad(&x);
    for i in 0..4 {
        assert!((g[i] - (x[i].cos() + x[i].signum())).abs() < 1e-14);
    }
}

// `fold` of an array, as `ndarray` code writes an L1 norm.
#[differentiate]
fn l1_norm(arr: Array1<f64>) -> f64 {
    arr.fold(0.0, |acc, x| acc + x.abs())
}

#[test]
fn folding_an_array() {
    let x = array![1., -2., 3., -4., 5.];
    // ∂/∂xᵢ |xᵢ| = sign(xᵢ).
    let (v, g) = l1_norm_grad(x.clone());
    assert_eq!(v, 15.0);
    assert_eq!(g, array![1., -1., 1., -1., 1.]);
    l1_norm_gradcheck(x).unwrap();
}

// Closures mapped over an array that read float locals and parameters.
#[differentiate]
fn standardised_energy(x: &Array1<f64>, shift: f64) -> f64 {
    let mean = x.mean().unwrap() + shift;
    let spread = 0.5 + shift * shift;
    x.mapv(|v| ((v - mean) / spread).powi(2)).sum()
}

#[differentiate]
fn scaled_tanh(x: &Array1<f64>, k: f64) -> Array1<f64> {
    x.mapv(|v| (k * v).tanh())
}

#[test]
fn mapped_closures_reading_locals() {
    let x = array![1.0, 2.0, 4.0];
    standardised_energy_gradcheck(&x, 0.3).unwrap();
    // Σ ((xᵢ − m)/s)² with m = x̄ + c and s = ½ + c²: ∂/∂c = Σ 2 (xᵢ − m)/s · (−s − 2c (xᵢ − m))/s².
    let (c, m, s) = (0.3, 7.0 / 3.0 + 0.3, 0.5 + 0.09);
    let expected: f64 = x
        .iter()
        .map(|&v| 2.0 * (v - m) / s * (-s - 2.0 * c * (v - m)) / (s * s))
        .sum();
    let (_, _, gc) = standardised_energy_grad(&x, c);
    assert!((gc - expected).abs() < 1e-12);
    // The other mode: ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ for a vector result.
    let (dx, dk) = (array![0.2, -0.4, 0.1], 0.7);
    let (_, jv) = scaled_tanh_jvp(&x, 0.8, &dx, dk);
    let ybar = array![1.0, -2.0, 0.5];
    let (_, x_bar, k_bar) = scaled_tanh_vjp(&x, 0.8, ybar.clone());
    assert!((ybar.dot(&jv) - (x_bar.dot(&dx) + k_bar * dk)).abs() < 1e-12);
}

// Shape queries on an active matrix (`nrows`, `ncols`, `dim`, `shape`) are integers: loop
// bounds and counts, with no derivative.
#[differentiate]
fn corner_products(m: &Array2<f64>) -> f64 {
    let mut s = 0.0;
    for r in 0..m.nrows() {
        s += m[[r, 0]] * m[[r, m.ncols() - 1]];
    }
    let (n, k) = m.dim();
    s + m[[n - 1, k - 1]] / (m.shape()[0] as f64)
}

// Column and row means (`mean_axis`, whose `Option` is unwrapped), and a matrix centred by
// its column means element by element, as statistics code writes it.
#[differentiate]
fn centred_energy(m: &Array2<f64>, w: &Array1<f64>) -> f64 {
    let means = m.mean_axis(autodiff::ndarray::Axis(0)).unwrap();
    let mut c = m.clone();
    for r in 0..m.nrows() {
        for k in 0..m.ncols() {
            c[[r, k]] -= means[k];
        }
    }
    let row_means = m.mean_axis(autodiff::ndarray::Axis(1)).expect("rows");
    (&c * &c).sum() + row_means.dot(w)
}

#[test]
fn shape_queries_and_axis_means() {
    let m = matrix(71, 3, 4, 1.0);
    corner_products_gradcheck(&m).unwrap();
    // ∂/∂m: the first and last columns' products, plus 1/3 at the last entry.
    let (_, m_bar) = corner_products_grad(&m);
    let mut want = Array2::zeros((3, 4));
    for r in 0..3 {
        want[[r, 0]] += m[[r, 3]];
        want[[r, 3]] += m[[r, 0]];
    }
    want[[2, 3]] += 1.0 / 3.0;
    assert_eq!(m_bar, want);
    let w = vector(72, 3, -1.0, 1.0);
    centred_energy_gradcheck(&m, &w).unwrap();
    // Σ (m − mean)² has gradient 2 (m − mean); the row means' term adds wᵣ/4 to row r.
    let (_, m_bar, w_bar) = centred_energy_grad(&m, &w);
    let means = m.mean_axis(autodiff::ndarray::Axis(0)).unwrap();
    for r in 0..3 {
        for k in 0..4 {
            let want = 2.0 * (m[[r, k]] - means[k]) + w[r] / 4.0;
            assert!((m_bar[[r, k]] - want).abs() < 1e-12);
        }
    }
    assert_close(
        w_bar.as_slice().unwrap(),
        m.mean_axis(autodiff::ndarray::Axis(1))
            .unwrap()
            .as_slice()
            .unwrap(),
    );
}

// Views as parameters (`ArrayView1`, `ArrayView2<'a, _>`), and `.view()` passed to them: the
// derived items take the arrays viewed (`&Array1<f64>`), the primal gets `a.view()`.
#[differentiate]
fn root_mean_square_error(y_true: ArrayView1<f64>, y_pred: ArrayView1<f64>) -> f64 {
    let n = y_true.len() as f64;
    let mut s = 0.0;
    for i in 0..y_true.len() {
        let d = y_true[i] - y_pred[i];
        s += d * d;
    }
    (s / n).sqrt()
}

#[differentiate]
fn viewed_quadratic<'a>(m: ArrayView2<'a, f64>, x: &Array1<f64>) -> f64 {
    x.dot(&m.dot(x))
}

#[differentiate]
fn through_views(a: &Array1<f64>, m: &Array2<f64>) -> f64 {
    root_mean_square_error(a.view(), a.mapv(f64::tanh).view()) + viewed_quadratic(m.view(), a)
}

#[test]
fn views_as_parameters() {
    let (a, b) = (vector(81, 4, -1.0, 1.0), vector(82, 4, -1.0, 1.0));
    root_mean_square_error_gradcheck(&a, &b).unwrap();
    // ∂/∂ŷᵢ = −(yᵢ − ŷᵢ) / (n · rmse).
    let (rmse, _, pred_bar) = root_mean_square_error_grad(&a, &b);
    let want: Vec<f64> = (0..4).map(|i| -(a[i] - b[i]) / (4.0 * rmse)).collect();
    assert_close(pred_bar.as_slice().unwrap(), &want);
    let m = matrix(83, 4, 4, 1.0);
    viewed_quadratic_gradcheck(&m, &a).unwrap();
    // ∂(xᵀMx)/∂x = (M + Mᵀ) x.
    let (_, _, x_bar) = viewed_quadratic_grad(&m, &a);
    let want = m.dot(&a) + m.t().dot(&a);
    assert_close(x_bar.as_slice().unwrap(), want.as_slice().unwrap());
    through_views_gradcheck(&a, &m).unwrap();
}

// A view parameter borrowed in array arithmetic (`&r * factor`), as an online gradient step
// scales its direction: f = r / ⟨x, r⟩.
#[differentiate]
fn direction_over_projection(x: ArrayView1<f64>, r: ArrayView1<f64>) -> Array1<f64> {
    let xr = x.dot(&r);
    let factor = 1f64 / xr;
    &r * factor
}

#[test]
fn a_view_borrowed_in_arithmetic() {
    let (x, r) = (array![0.5, 0.5], array![1.0, 3.0]);
    // With s = ⟨x, r⟩ and seed g: x̄ = −⟨g, r⟩ r / s², r̄ = g / s − ⟨g, r⟩ x / s².
    let g = array![1.0, -0.5];
    let (y, x_bar, r_bar) = direction_over_projection_vjp(&x, &r, g.clone());
    let s = x.dot(&r);
    assert_close(y.as_slice().unwrap(), (&r / s).as_slice().unwrap());
    let gr = g.dot(&r);
    assert_close(
        x_bar.as_slice().unwrap(),
        (&r * (-gr / (s * s))).as_slice().unwrap(),
    );
    let want_r = &g / s - &x * (gr / (s * s));
    assert_close(r_bar.as_slice().unwrap(), want_r.as_slice().unwrap());
}

// Views by reference (`x: &ArrayView1<f64>`, a distance over two views), and a caller
// lending them (`&a.view()`): taken as views by value are.
#[differentiate]
fn bray_curtis_like(x: &ArrayView1<f64>, y: &ArrayView1<f64>) -> f64 {
    let mut num = 0.0;
    let mut den = 0.0;
    for i in 0..x.len() {
        num += (x[i] - y[i]).abs();
        den += (x[i] + y[i]).abs();
    }
    num / den
}

#[differentiate]
fn bray_curtis_twice(a: &Array1<f64>, b: &Array1<f64>) -> f64 {
    2.0 * bray_curtis_like(&a.view(), &b.view())
}

#[test]
fn views_by_reference_as_parameters() {
    let (a, b) = (array![1.0, 2.0, 3.0], array![0.5, 2.5, 1.0]);
    // num = Σ|aᵢ − bᵢ| = 3, den = Σ|aᵢ + bᵢ| = 10: ∂/∂aᵢ = sign(aᵢ − bᵢ)/den − num/den².
    let (value, a_bar, b_bar) = bray_curtis_like_grad(&a, &b);
    assert_close(&[value], &[0.3]);
    assert_close(a_bar.as_slice().unwrap(), &[0.07, -0.13, 0.07]);
    assert_close(b_bar.as_slice().unwrap(), &[-0.13, 0.07, -0.13]);
    bray_curtis_like_gradcheck(&a, &b).unwrap();
    let (twice, a_bar2, _) = bray_curtis_twice_grad(&a, &b);
    assert_close(&[twice], &[0.6]);
    assert_close(a_bar2.as_slice().unwrap(), &[0.14, -0.26, 0.14]);
    bray_curtis_twice_gradcheck(&a, &b).unwrap();
}

// `from_shape_fn` with a closure of the entry's index: a kernel matrix and a weight vector.
#[differentiate]
fn kernel_quadratic_form(x: &Array1<f64>) -> f64 {
    let n = x.len();
    let k: Array2<f64> = Array2::from_shape_fn((n, n), |(i, j)| (-(x[i] - x[j]).powi(2)).exp());
    let w = Array1::from_shape_fn(n, |i| 1.0 + i as f64);
    w.dot(&k.dot(&w))
}

#[test]
fn arrays_made_by_from_shape_fn() {
    let x = array![0.1, 0.5, -0.3];
    // f = Σᵢⱼ wᵢwⱼ e^{−(xᵢ−xⱼ)²} with w = (1, 2, 3):
    // ∂f/∂xₖ = Σⱼ −4 wₖwⱼ (xₖ − xⱼ) e^{−(xₖ−xⱼ)²}.
    let w = [1.0, 2.0, 3.0];
    let (value, grad) = kernel_quadratic_form_grad(&x);
    let e = |i: usize, j: usize| (-(x[i] - x[j]).powi(2)).exp();
    let want_value: f64 = (0..3)
        .flat_map(|i| (0..3).map(move |j| (i, j)))
        .map(|(i, j)| w[i] * w[j] * e(i, j))
        .sum();
    assert_close(&[value], &[want_value]);
    let want: Vec<f64> = (0..3)
        .map(|k| {
            (0..3)
                .map(|j| -4.0 * w[k] * w[j] * (x[k] - x[j]) * e(k, j))
                .sum()
        })
        .collect();
    assert_close(grad.as_slice().unwrap(), &want);
    kernel_quadratic_form_gradcheck(&x).unwrap();
}

// Views bound by a `let` (`let r = a.row(1);`, `index_axis`) and passed on by value to a
// function taking a view, as the primal passes them.
#[differentiate]
fn squared_norm_of_view(v: ArrayView1<f64>) -> f64 {
    v.dot(&v)
}

#[differentiate]
fn row_times_column(a: &Array2<f64>) -> f64 {
    let r = a.row(1);
    let c = a.index_axis(autodiff::ndarray::Axis(1), 0);
    squared_norm_of_view(r) * squared_norm_of_view(c)
}

#[test]
fn views_bound_by_let_passed_on() {
    let a = matrix(84, 3, 3, 1.0);
    row_times_column_gradcheck(&a).unwrap();
    // f = R C with R = Σⱼ a₁ⱼ², C = Σᵢ aᵢ₀²: ∂f/∂a₁ⱼ = 2a₁ⱼ C, ∂f/∂aᵢ₀ = 2aᵢ₀ R (both at a₁₀).
    let r: f64 = a.row(1).iter().map(|v| v * v).sum();
    let c: f64 = a.column(0).iter().map(|v| v * v).sum();
    let (value, a_bar) = row_times_column_grad(&a);
    assert_close(&[value], &[r * c]);
    let mut want = Array2::<f64>::zeros((3, 3));
    for j in 0..3 {
        want[[1, j]] += 2.0 * a[[1, j]] * c;
    }
    for i in 0..3 {
        want[[i, 0]] += 2.0 * a[[i, 0]] * r;
    }
    assert_close(a_bar.as_slice().unwrap(), want.as_slice().unwrap());
}

// `mean_axis(…).unwrap_or_else(|| …)` (the default where the axis is empty), and a caller
// indexing the array it returns (`means[col]`, an `Array1` read by index).
#[differentiate]
fn column_means_or_zeros(matrix: &Array2<f64>) -> Array1<f64> {
    matrix
        .mean_axis(autodiff::ndarray::Axis(0))
        .unwrap_or_else(|| Array1::zeros(matrix.ncols()))
}

#[differentiate]
fn centred_columns(matrix: &Array2<f64>) -> Array2<f64> {
    let means = column_means_or_zeros(matrix);
    let mut centered = matrix.clone();
    for row in 0..matrix.nrows() {
        for col in 0..matrix.ncols() {
            centered[[row, col]] -= means[col];
        }
    }
    centered
}

// `Zip::from(&a).and(&b).fold(…)` and `Zip::from(&mut c).and(&a).for_each(…)`: the arrays'
// elements in step, as the zipped iterators they are.
#[differentiate]
fn zipped_squared_error(y_true: ArrayView1<f64>, y_pred: ArrayView1<f64>) -> f64 {
    let total = autodiff::ndarray::Zip::from(&y_true)
        .and(&y_pred)
        .fold(0., |acc, y_true, y_pred| acc + (y_true - y_pred).powf(2.));
    (total / y_true.len() as f64).sqrt()
}

#[differentiate]
fn zipped_update(a: &Array1<f64>, b: &Array1<f64>, k: f64) -> f64 {
    let mut c = a.clone();
    autodiff::ndarray::Zip::from(&mut c)
        .and(b)
        .for_each(|c, &b| *c = *c * k + b * b);
    c.sum()
}

#[test]
fn axis_means_with_defaults_zips_and_indexed_array_results() {
    let m = matrix(91, 4, 3, 1.0);
    // The columns centred: ∂⟨S, m − mean⟩/∂m = S − (column means of S).
    let seed = matrix(92, 4, 3, 1.0);
    let (value, m_bar) = centred_columns_vjp(&m, seed.clone());
    let means = m.mean_axis(autodiff::ndarray::Axis(0)).unwrap();
    assert_eq!(value, &m - &means);
    let seed_means = seed.mean_axis(autodiff::ndarray::Axis(0)).unwrap();
    let want = &seed - &seed_means;
    assert_close(m_bar.as_slice().unwrap(), want.as_slice().unwrap());
    let empty = Array2::<f64>::zeros((0, 3));
    assert_eq!(
        column_means_or_zeros_vjp(&empty, Array1::zeros(3)).0,
        Array1::zeros(3)
    );
    // Forward mode on both paths: the default's tangent is zeros of its shape, and the
    // means' tangent meets the cotangent above (⟨S, J v⟩ = ⟨Jᵀ S, v⟩).
    let (zeros, zeros_dot) = column_means_or_zeros_jvp(&empty, &empty);
    assert_eq!((zeros, zeros_dot), (Array1::zeros(3), Array1::zeros(3)));
    let v = matrix(97, 4, 3, 1.0);
    let (_, centred_dot) = centred_columns_jvp(&m, &v);
    let lhs = (&seed * &centred_dot).sum();
    let rhs = (&m_bar * &v).sum();
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} vs {rhs}");
    let (y, p) = (vector(93, 5, -1.0, 1.0), vector(94, 5, -1.0, 1.0));
    zipped_squared_error_gradcheck(&y, &p).unwrap();
    let (a, b) = (vector(95, 4, -1.0, 1.0), vector(96, 4, -1.0, 1.0));
    zipped_update_gradcheck(&a, &b, 0.7).unwrap();
    // Σ (k aᵢ + bᵢ²): ∂/∂a = k, ∂/∂b = 2b, ∂/∂k = Σ a.
    let (_, a_bar, b_bar, k_bar) = zipped_update_grad(&a, &b, 0.7);
    assert_close(a_bar.as_slice().unwrap(), &[0.7; 4]);
    assert_close(b_bar.as_slice().unwrap(), (&b * 2.0).as_slice().unwrap());
    assert!((k_bar - a.sum()).abs() < 1e-12);
}

// `let (r, c) = a.dim();`: lengths, integers, usable as a shape.
#[differentiate]
fn transposed_squares(a: &Array2<f64>) -> f64 {
    let (r, c) = a.dim();
    let mut t = Array2::zeros((c, r));
    for i in 0..r {
        for j in 0..c {
            t[[j, i]] = a[[i, j]] * a[[i, j]];
        }
    }
    t.sum()
}

#[test]
fn dims_as_a_shape() {
    let a = matrix(101, 2, 3, 1.0);
    transposed_squares_gradcheck(&a).unwrap();
    let (_, g) = transposed_squares_grad(&a);
    assert_eq!(g, a.mapv(|v| 2.0 * v));
}

// A caller of a function that maps a closure over an array (which has no dual-number form):
// its first derivatives work; its `_hvp` says why it cannot run.
#[differentiate]
fn sigmoid_mapped(t: &Array1<f64>) -> Array1<f64> {
    t.map(|&x| 1.0 / (1.0 + (-x).exp()))
}

#[differentiate]
fn through_a_mapped_callee(t: &Array1<f64>) -> f64 {
    let s = sigmoid_mapped(t);
    s.sum() + sigmoid_mapped(t).sum()
}

#[test]
fn a_caller_of_a_mapped_closure() {
    let t = vector(111, 4, -1.0, 1.0);
    let (_, g) = through_a_mapped_callee_grad(&t);
    let want = t.mapv(|x| {
        let s = 1.0 / (1.0 + (-x).exp());
        2.0 * s * (1.0 - s)
    });
    assert_close(g.as_slice().unwrap(), want.as_slice().unwrap());
}

#[test]
#[should_panic(expected = "has no derivatives on dual numbers")]
fn the_hvp_of_a_caller_of_a_mapped_closure_says_why_it_cannot_run() {
    let t = vector(112, 3, -1.0, 1.0);
    let _ = through_a_mapped_callee_hvp(&t, &t);
}

/// A `Vec` computed entry by entry, then made an `Array1` (`Array1::from(result)`, as
/// rusfun's `parabola` returns its values; it was a rustc error about generated code):
/// yᵢ = a·xᵢ² + b, then f = Σ yᵢ·wᵢ, so ∂f/∂a = Σ xᵢ²wᵢ, ∂f/∂b = Σ wᵢ.
#[differentiate(wrt(a, b))]
fn parabola_weighted(a: f64, b: f64, x: &[f64], w: &Array1<f64>) -> f64 {
    let mut result = Vec::with_capacity(x.len());
    for &xi in x {
        result.push(a * xi * xi + b);
    }
    let y = Array1::from(result);
    y.dot(w)
}

#[test]
fn an_array_made_from_a_vec() {
    let (x, w) = ([0.5, -1.0, 2.0], array![1.0, 2.0, -0.5]);
    let (_, da, db) = parabola_weighted_grad(1.5, 0.25, &x, &w);
    assert!((da - (0.25 * 1.0 + 1.0 * 2.0 + 4.0 * -0.5)).abs() < 1e-12);
    assert!((db - 2.5).abs() < 1e-12);
    parabola_weighted_gradcheck(1.5, 0.25, &x, &w).unwrap();
}

// `from_shape_fn` whose closure reads an earlier variable of the binding's own name (a
// symmetrised matrix, a reversed vector), and `_` for an unused index.
#[differentiate]
fn symmetrised_and_reversed(a: &Array2<f64>, x: &Array1<f64>) -> f64 {
    let n = a.nrows();
    let a = Array2::from_shape_fn((n, n), |(i, j)| a[[i, j]] + a[[j, i]]);
    let x = Array1::from_shape_fn(n, |i| x[n - 1 - i] * (i as f64 + 1.0));
    let w = Array1::from_shape_fn(n, |_| 1.0);
    w.dot(&a.dot(&w)) + a[[0, 1]] * x[0] + x[1]
}

#[test]
fn from_shape_fn_reading_an_earlier_binding_of_its_name() {
    let (a, x) = (array![[1.0, 2.0], [3.0, 4.0]], array![0.5, -1.5]);
    // s = Σ(a + aᵀ) + (a₀₁ + a₁₀) x₁ + 2 x₀ = 20 + 5·(−1.5) + 1.
    let (value, a_bar, x_bar) = symmetrised_and_reversed_grad(&a, &x);
    assert_close(&[value], &[20.0 - 7.5 + 1.0]);
    // ∂/∂a = 2 everywhere, plus x₁ at (0, 1) and (1, 0); ∂/∂x = (2, a₀₁ + a₁₀).
    assert_close(a_bar.as_slice().unwrap(), &[2.0, 0.5, 0.5, 2.0]);
    assert_close(x_bar.as_slice().unwrap(), &[2.0, 5.0]);
    symmetrised_and_reversed_gradcheck(&a, &x).unwrap();
}

/// A matrix filled from a `Vec` by `from_shape_vec` (`ops::array2_of`): yₓᵧ = 2 aᵧₓ aₓᵧ,
/// so Σ y = 2 (a₀₀² + 2 a₀₁ a₁₀ + a₁₁²).
#[differentiate]
fn from_pairs(a: &Array2<f64>) -> Array2<f64> {
    let mut v = vec![];
    for y in 0..2 {
        for x in 0..2 {
            v.push(2.0 * a[[y, x]] * a[[x, y]]);
        }
    }
    autodiff::ndarray::Array::from_shape_vec((2, 2), v).unwrap()
}

/// Σᵢⱼ rᵢ·rⱼ = |r₀ + r₁|² of the two rows of a matrix read from a slice: ∂/∂r = 2 (r₀ + r₁).
#[differentiate]
fn gram_total(x: &[f64]) -> f64 {
    let m = Array2::from_shape_vec((2, 3), x.to_vec()).expect("six entries");
    let g = m.dot(&m.t());
    g.sum()
}

#[test]
fn a_matrix_from_shape_vec_carries_the_vec_s_derivatives() {
    let a = array![[1.0, 2.0], [3.0, 4.0]];
    let (y, pullback) = from_pairs_pullback(&a);
    assert_eq!(y, array![[2.0, 12.0], [12.0, 32.0]]);
    let (a_bar,) = pullback(&a, Array2::ones((2, 2)));
    assert_eq!(a_bar, array![[4.0, 12.0], [8.0, 16.0]]);

    let x = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
    let (_, g) = gram_total_grad(&x);
    let want = [1.0, 1.4, 1.8, 1.0, 1.4, 1.8];
    assert!(
        g.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12),
        "{g:?}"
    );
    gram_total_gradcheck(&x).unwrap();
}

/// `std::ops` in method form, as image code writes a weighted window:
/// Σ (a[i..i+2, j..j+2] ⊙ k) for every window, then `neg` and `add` of a matrix. With
/// k = [[1, 2], [3, 4]] over a 3×3 input, ∂/∂aᵢⱼ is the sum of the kernel entries that
/// cover (i, j), negated: a closed form, and central differences.
#[differentiate]
fn windowed(a: &Array2<f64>) -> f64 {
    use std::ops::{Add, Mul, Neg};
    let k = autodiff::ndarray::arr2(&[[1.0, 2.0], [3.0, 4.0]]);
    let mut total = 0.0;
    for i in 0..2 {
        for j in 0..2 {
            total += a
                .slice(autodiff::ndarray::s![i..i + 2, j..j + 2])
                .mul(&k)
                .sum();
        }
    }
    let shifted = a.neg().add(a.mul(2.0));
    total.neg() + shifted.sum() - a.sum()
}

#[test]
fn operators_in_method_form_on_arrays() {
    let a = matrix(21, 3, 3, 1.0);
    let (_, g) = windowed_grad(&a);
    let want = array![[-1.0, -3.0, -2.0], [-4.0, -10.0, -6.0], [-3.0, -7.0, -4.0]];
    assert!((&g - &want).iter().all(|d| d.abs() < 1e-12), "{g:?}");
    windowed_gradcheck(&a).unwrap();
}

/// An array mapped in place (`h.mapv_inplace(|v| v.max(0.0))`, a ReLU as hand-written
/// networks apply it): differentiated as `h = h.mapv(…)`.
#[differentiate]
fn relu_in_place(x: &Array1<f64>, w: f64) -> f64 {
    let mut h = x * w;
    h.mapv_inplace(|v| v.max(0.0));
    h.mapv_inplace(f64::tanh);
    h.sum()
}

#[test]
fn an_array_mapped_in_place() {
    let x = array![-1.0, 0.5, 2.0];
    relu_in_place_gradcheck(&x, 0.7).unwrap();
    // ∂/∂x_i = w (1 − tanh²(w x_i)) where w x_i > 0, 0 elsewhere.
    let (_, x_bar, _) = relu_in_place_grad(&x, 0.7);
    let d = |z: f64| 0.7 * (1.0 - (0.7 * z).tanh().powi(2));
    assert_eq!(x_bar[0], 0.0);
    assert!((x_bar[1] - d(0.5)).abs() < 1e-12 && (x_bar[2] - d(2.0)).abs() < 1e-12);
}

/// A field holding one matrix per layer (`Vec<Array2<f64>>`), a layer read by index and
/// multiplied (`self.weights[i].dot(&h)`), as hand-written networks keep their weights.
#[derive(autodiff::Differentiable)]
struct Layers {
    weights: Vec<Array2<f64>>,
}

impl Layers {
    #[differentiate]
    fn output(&self, x: &Array1<f64>) -> f64 {
        let h = self.weights[0].dot(x);
        let y = self.weights[1].dot(&h);
        y.sum()
    }
}

#[test]
fn a_field_of_one_matrix_per_layer() {
    let net = Layers {
        weights: vec![array![[1.0, 2.0], [3.0, 4.0]], array![[0.5, -1.0]]],
    };
    let x = array![1.0, -1.0];
    net.output_gradcheck(&x).unwrap();
    // y = w₂ w₁ x: w̄₂ = (w₁ x)ᵀ, w̄₁ = w₂ᵀ xᵀ, x̄ = w₁ᵀ w₂ᵀ.
    let (y, net_bar, x_bar) = net.output_grad(&x);
    assert_eq!(y, 0.5);
    assert_eq!(net_bar.weights[1], array![[-1.0, -1.0]]);
    assert_eq!(net_bar.weights[0], array![[0.5, -0.5], [-1.0, 1.0]]);
    assert_eq!(x_bar, array![-2.5, -3.0]);
}

/// A map in place whose closure reads a parameter and a local.
#[differentiate]
fn scaled_in_place(x: &Array1<f64>, s: f64) -> f64 {
    let mut h = x.clone();
    let k = 2.0 * s;
    h.mapv_inplace(|v| (v * s).tanh() + k);
    h.sum()
}

#[test]
fn a_map_in_place_reading_its_surroundings() {
    let x = array![0.3, -0.2];
    scaled_in_place_gradcheck(&x, 0.7).unwrap();
    // ∂/∂s = Σ x_i (1 − tanh²(s x_i)) + 2 n.
    let (_, _, s_bar) = scaled_in_place_grad(&x, 0.7);
    let want: f64 = x
        .iter()
        .map(|&v| v * (1.0 - (0.7 * v).tanh().powi(2)))
        .sum::<f64>()
        + 4.0;
    assert!((s_bar - want).abs() < 1e-12);
}

/// A matrix walked entry by entry, as statistics code over an `Array2` writes it.
#[differentiate]
fn weighted_total(a: &Array2<f64>) -> f64 {
    let mut sum = 0.0;
    for (k, &val) in a.iter().enumerate() {
        sum += (k as f64 + 1.0) * val * val;
    }
    sum
}

#[test]
fn a_matrix_walked_by_iter() {
    let a = matrix(3, 3, 4, 1.0);
    let (v, a_bar) = weighted_total_grad(&a);
    assert_eq!(v, weighted_total(&a));
    // ∂/∂a[i][j] = 2 (k + 1) a[i][j], with k = 4 i + j its place in row-major order.
    for ((i, j), g) in a_bar.indexed_iter() {
        assert_eq!(*g, 2.0 * ((4 * i + j) as f64 + 1.0) * a[[i, j]]);
    }
    weighted_total_gradcheck(&a).unwrap();
}

/// An array filled with a value that has a derivative (`Array::from_elem(n, mean)`), as
/// statistics code returns a reduction as an array.
#[differentiate]
fn mean_as_array(x: &Array1<f64>) -> Array1<f64> {
    let s = x.sum();
    autodiff::ndarray::Array::from_elem(2, s / x.len() as f64)
}

#[differentiate]
fn filled_then_scaled(x: &Array1<f64>, k: f64) -> f64 {
    let m = Array2::from_elem((2, 3), k * k);
    (&m * x[0]).sum()
}

#[test]
fn an_array_filled_with_a_value_with_a_derivative() {
    let x = array![1.0, 2.0, 6.0];
    // Each of the two entries is the mean: its cotangent reaches every x as 1/3.
    let (y, x_bar) = mean_as_array_vjp(&x, array![1.0, 0.5]);
    assert_eq!(y, array![3.0, 3.0]);
    assert_eq!(x_bar, array![0.5, 0.5, 0.5]);
    let (y, y_dot) = mean_as_array_jvp(&x, &array![3.0, 0.0, 0.0]);
    assert_eq!((y, y_dot), (array![3.0, 3.0], array![1.0, 1.0]));
    // 6 k² x0: ∂/∂x0 = 6 k², ∂/∂k = 12 k x0.
    let (v, x_bar, k_bar) = filled_then_scaled_grad(&x, 0.5);
    assert_eq!((v, k_bar), (1.5, 6.0));
    assert_eq!(x_bar, array![1.5, 0.0, 0.0]);
    filled_then_scaled_gradcheck(&x, 0.5).unwrap();
}

/// A matrix changed entry by entry through `iter_mut()`.
#[differentiate]
fn sines_in_place(m: &Array2<f64>) -> f64 {
    let mut o: Array2<f64> = m.to_owned();
    for v in o.iter_mut() {
        *v = v.sin();
    }
    o[[0, 1]] * o[[1, 0]]
}

#[test]
fn a_matrix_changed_by_iter_mut() {
    let m = array![[0.1, 0.2], [0.3, 0.4]];
    let (v, m_bar) = sines_in_place_grad(&m);
    assert_eq!(v, 0.2f64.sin() * 0.3f64.sin());
    assert_eq!(
        m_bar,
        array![
            [0.0, 0.2f64.cos() * 0.3f64.sin()],
            [0.2f64.sin() * 0.3f64.cos(), 0.0]
        ]
    );
    sines_in_place_gradcheck(&m).unwrap();
}

/// Arrays of three axes, and of a number of axes known only at run time, walked entry by
/// entry as image and tensor code writes it.
#[differentiate]
fn weighted_volume(a: &Array3<f64>) -> f64 {
    let mut sum = 0.0;
    for (k, &val) in a.iter().enumerate() {
        sum += (k as f64 + 1.0) * val * val;
    }
    sum
}

#[differentiate]
fn depth_weighted(a: &Array3<f64>) -> f64 {
    let mut sum = 0.0;
    for ((i, j, k), v) in a.indexed_iter() {
        sum += (i + 2 * j + 3 * k) as f64 * v.sin();
    }
    sum
}

#[differentiate]
fn dynamic_squares(a: &ArrayD<f64>) -> f64 {
    a.iter().map(|v| v * v).sum::<f64>()
}

#[differentiate]
fn any_rank_cubes<D: Dimension>(a: &Array<f64, D>) -> f64 {
    let mut total = 0.0;
    for v in a.iter() {
        total += v * v * v;
    }
    total
}

#[differentiate]
fn volume_sines_in_place(m: &Array3<f64>) -> f64 {
    let mut o: Array3<f64> = m.to_owned();
    for v in o.iter_mut() {
        *v = v.sin();
    }
    o[[0, 1, 1]] * o[[1, 0, 0]]
}

#[test]
fn arrays_of_many_axes_walked_by_iter() {
    let a = Array3::from_shape_fn((2, 3, 2), |(i, j, k)| {
        0.3 * i as f64 - 0.2 * j as f64 + 0.1 * k as f64 + 0.05
    });
    // ∂/∂a[i][j][k] = 2 (n + 1) a[i][j][k], n = 6 i + 2 j + k its place in row-major order.
    let (v, a_bar) = weighted_volume_grad(&a);
    assert_eq!(v, weighted_volume(&a));
    for ((i, j, k), g) in a_bar.indexed_iter() {
        assert_eq!(*g, 2.0 * ((6 * i + 2 * j + k) as f64 + 1.0) * a[[i, j, k]]);
    }
    weighted_volume_gradcheck(&a).unwrap();
    // ∂/∂a[i][j][k] = (i + 2 j + 3 k) cos a[i][j][k].
    let (_, a_bar) = depth_weighted_grad(&a);
    for ((i, j, k), g) in a_bar.indexed_iter() {
        assert_eq!(*g, (i + 2 * j + 3 * k) as f64 * a[[i, j, k]].cos());
    }
    depth_weighted_gradcheck(&a).unwrap();
    let d = a.clone().into_dyn();
    let (_, d_bar) = dynamic_squares_grad(&d);
    assert_eq!(d_bar, d.mapv(|v| 2.0 * v));
    dynamic_squares_gradcheck(&d).unwrap();
    // 3 a² at every rank.
    let (_, a_bar) = any_rank_cubes_grad(&a);
    assert!(a_bar
        .iter()
        .zip(&a)
        .all(|(g, v)| (g - 3.0 * v * v).abs() < 1e-15));
    let m = array![[0.5, -1.0], [2.0, 0.25]];
    let (_, m_bar) = any_rank_cubes_grad(&m);
    assert_eq!(m_bar, m.mapv(|v| 3.0 * v * v));
    any_rank_cubes_gradcheck(&a).unwrap();
    // sin a[0][1][1] sin a[1][0][0]: only those two entries have a derivative.
    let (_, a_bar) = volume_sines_in_place_grad(&a);
    let (p, q) = (a[[0, 1, 1]], a[[1, 0, 0]]);
    assert_eq!(a_bar[[0, 1, 1]], p.cos() * q.sin());
    assert_eq!(a_bar[[1, 0, 0]], p.sin() * q.cos());
    assert_eq!(a_bar.iter().filter(|g| **g != 0.0).count(), 2);
}

/// `ndarray`'s elementwise float methods (`a.tanh()`, `a.powi(2)`, `a.powf(p)`), each the
/// map of the float's method.
#[differentiate]
fn elementwise_methods(x: &Array1<f64>, p: f64) -> f64 {
    (x.tanh() + x.powi(2) + x.powf(p)).sum() + x.exp().ln_1p().sum() + x.abs().sqrt().sum()
}

/// An argument named as the map's entry might be (`a.powf(v)`).
#[differentiate]
fn powers_of(a: &Array1<f64>, v: f64) -> f64 {
    a.powf(v).sum() + a.hypot(v).sum()
}

#[differentiate]
fn tanh_layer(w: &Array2<f64>, x: &Array1<f64>) -> Array1<f64> {
    w.dot(x).tanh()
}

#[test]
fn elementwise_methods_of_arrays() {
    let x = array![0.5, 1.2];
    elementwise_methods_gradcheck(&x, 1.7).unwrap();
    // ∂/∂p = Σ xᵢᵖ ln xᵢ.
    let (_, _, p_bar) = elementwise_methods_grad(&x, 1.7);
    let want: f64 = x.iter().map(|v| v.powf(1.7) * v.ln()).sum();
    assert!((p_bar - want).abs() < 1e-12);
    // Σ aᵢᵛ + Σ hypot(aᵢ, v): ∂/∂v = Σ aᵢᵛ ln aᵢ + Σ v / hypot(aᵢ, v).
    let a = array![1.3, 2.1, 0.7];
    let (value, _, v_bar) = powers_of_grad(&a, 1.7);
    assert!((value - powers_of(&a, 1.7)).abs() < 1e-15);
    let want: f64 = a
        .iter()
        .map(|x| x.powf(1.7) * x.ln() + 1.7 / x.hypot(1.7))
        .sum();
    assert!((v_bar - want).abs() < 1e-12);
    powers_of_gradcheck(&a, 1.7).unwrap();
    // y = tanh(W x): W̄ = (ȳ ⊙ (1 − y²)) xᵀ, x̄ = Wᵀ (ȳ ⊙ (1 − y²)).
    let w = array![[0.5, 1.2], [0.1, -0.3]];
    let ybar = array![1.0, 0.5];
    let (y, w_bar, x_bar) = tanh_layer_vjp(&w, &x, ybar.clone());
    let d = &ybar * &y.mapv(|t| 1.0 - t * t);
    assert!((&x_bar - &w.t().dot(&d)).iter().all(|e| e.abs() < 1e-14));
    for i in 0..2 {
        for j in 0..2 {
            assert!((w_bar[[i, j]] - d[i] * x[j]).abs() < 1e-14);
        }
    }
}

/// A filter's response summed, as image code writes a convolution's tap (round 57's
/// `convolve2d`).
#[differentiate]
fn weighted_window(a: &Array2<f32>, f: &Array2<f32>) -> f32 {
    (a * f).sum()
}

#[test]
fn derived_values_are_the_functions_own_to_the_bit() {
    // `ndarray`'s `sum` adds in its own order; the derived items' value is the same sum.
    let mut rng = autodiff::gradcheck::Rng::new(57);
    for _ in 0..50 {
        let entries = |rng: &mut autodiff::gradcheck::Rng| {
            Array2::from_shape_vec((3, 3), rng.vector(9, -1.0, 1.0))
                .unwrap()
                .mapv(|x| x as f32)
        };
        let (a, f) = (entries(&mut rng), entries(&mut rng));
        let (value, a_bar, f_bar) = weighted_window_grad(&a, &f);
        assert_eq!(value.to_bits(), weighted_window(&a, &f).to_bits());
        // ∂/∂a = f, ∂/∂f = a.
        assert_eq!((a_bar, f_bar), (f.clone(), a.clone()));
    }
}
