//! Reductions at the edges of the float range: sums, means, cross-entropy, the softmax family
//! and the norms return finite values (and tangents and cotangents) whenever the exact result
//! fits in the float type, in `f32` and in `f64`, even where a partial sum, a row's loss or a
//! variance does not fit. References are worked out by hand in the test, in `f64` (for `f32`
//! inputs, where f64 holds every intermediate) or from scale invariance (LayerNorm of `s·x` is
//! LayerNorm of `x`). Ordinary inputs keep their plain left-to-right results bit for bit.

use autodiff_runtime::ndarray::{Array1, Array2};
use autodiff_runtime::num_traits::Float;
use autodiff_runtime::ops;
use std::fmt::Debug;

/// `v` in the float type under test.
fn t<T: Float>(v: f64) -> T {
    T::from(v).unwrap()
}

fn mat<T: Float>(rows: &[&[f64]]) -> Array2<T> {
    let n = rows.first().map_or(0, |r| r.len());
    let flat: Vec<T> = rows.iter().flat_map(|r| r.iter().map(|&v| t(v))).collect();
    Array2::from_shape_vec((rows.len(), n), flat).unwrap()
}

fn vec1<T: Float>(v: &[f64]) -> Array1<T> {
    v.iter().map(|&x| t(x)).collect()
}

/// `got` is finite and within `rel` (relative) of `want`.
#[track_caller]
fn close<T: Float + Debug>(what: &str, got: T, want: f64, rel: f64) {
    let g = got.to_f64().unwrap();
    assert!(
        got.is_finite(),
        "{what}: {got:?} is not finite (want {want:e})"
    );
    assert!(
        (g - want).abs() <= rel * want.abs().max(f64::MIN_POSITIVE),
        "{what}: {g:e}, want {want:e}"
    );
}

/// `got` is finite and within `tol · scale` of `want`: for entries that may be small beside
/// the others of their vector (`scale` its largest magnitude).
#[track_caller]
fn near<T: Float + Debug>(what: &str, got: T, want: f64, tol: f64, scale: f64) {
    let g = got.to_f64().unwrap();
    assert!(
        got.is_finite(),
        "{what}: {got:?} is not finite (want {want:e})"
    );
    assert!(
        (g - want).abs() <= tol * scale,
        "{what}: {g:e}, want {want:e}"
    );
}

/// The largest magnitude in `v`.
fn largest(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// A relative tolerance of a few rounding errors of `T`.
fn ulps<T: Float>(k: f64) -> f64 {
    k * T::epsilon().to_f64().unwrap()
}

/// The largest float of `T`, as `f64`.
fn max<T: Float>() -> f64 {
    T::max_value().to_f64().unwrap()
}

fn sums_and_means<T: Float + Debug + 'static>() {
    let m = max::<T>();
    // A partial sum overflows, the sum does not: MAX + MAX − MAX.
    let a: Array1<T> = vec1(&[m, m, -m]);
    assert_eq!(a.iter().fold(T::zero(), |s, &x| s + x), T::infinity());
    close("sum", ops::sum(&a), m, ulps::<T>(1.0));
    // The sum overflows, the mean does not.
    let b: Array1<T> = vec1(&[0.75 * m, 0.5 * m, 0.75 * m, 0.5 * m, 0.75 * m]);
    close("mean", ops::mean(&b), 0.65 * m, ulps::<T>(4.0));
    assert_eq!(ops::sum(&b), T::infinity(), "a sum that does not fit");
    // The tangents of sum and mean are sums and means too.
    let a5: Array1<T> = vec1(&[m, m, -m, 0.0, 0.0]);
    let (_, ds) = ops::sum_jvp(&b, &a5);
    close("sum_jvp", ds, m, ulps::<T>(1.0));
    let (_, dm) = ops::mean_jvp(&a5, &b);
    close("mean_jvp", dm, 0.65 * m, ulps::<T>(4.0));
    // Column and row sums, lane by lane.
    let x: Array2<T> = mat(&[&[m, 1.0], &[m, 2.0], &[-m, 3.0]]);
    let cols = ops::sum_rows(&x);
    close("sum_rows[0]", cols[0], m, ulps::<T>(1.0));
    assert_eq!(cols[1], t(6.0));
    let rows = ops::sum_cols(&x.t().to_owned());
    close("sum_cols[0]", rows[0], m, ulps::<T>(1.0));
    let (_, d_cols) = ops::sum_rows_jvp(&x, &x);
    close("sum_rows_jvp[0]", d_cols[0], m, ulps::<T>(1.0));
    // A broadcast row's cotangent is summed over the rows (unbroadcast).
    let (_, _, row_bar) = ops::add_vjp(&Array2::<T>::zeros((3, 2)), &vec1::<T>(&[0.0, 0.0]), x);
    close("unbroadcast[0]", row_bar[0], m, ulps::<T>(1.0));
    assert_eq!(row_bar[1], t(6.0));
}

#[test]
fn sums_and_means_fit_where_partial_sums_overflow() {
    sums_and_means::<f32>();
    sums_and_means::<f64>();
}

#[test]
fn ordinary_sums_are_ndarrays_own_sums() {
    // Bit for bit: a derived item's value is the function's own (`(a * b).sum()`).
    let mut rng = autodiff_runtime::gradcheck::Rng::new(7);
    let a = Array1::from(rng.vector(1000, -1e3, 1e3));
    assert_eq!(ops::sum(&a), a.sum());
    assert_eq!(ops::mean(&a), a.mean().unwrap());
    let m = Array2::from_shape_vec((3, 3), rng.vector(9, -1.0, 1.0)).unwrap();
    let f: Array2<f32> = m.mapv(|x| x as f32);
    assert_eq!(ops::sum(&f), f.sum());
    assert_eq!(ops::sum(&f.t().to_owned()), f.t().sum());
}

fn cross_entropy_at<T: Float + Debug + 'static>(big: f64) {
    let big_t: T = t(big);
    let z0 = big_t.to_f64().unwrap();
    // Row 0's loss is 2·big (it does not fit), row 1's ln 2; their mean does.
    let z: Array2<T> = mat(&[&[big, -big], &[0.0, 0.0]]);
    let targets = [1, 0];
    let want = z0 + 2f64.ln() / 2.0; // (2·big + ln 2)/2, which f64 cannot form either

    close(
        "cross_entropy",
        ops::cross_entropy(&z, &targets),
        want,
        ulps::<T>(2.0),
    );
    // z̄ = (softmax(z) − onehot(t)) / N, softmax(row 0) = (1, 0).
    let (loss, z_bar) = ops::cross_entropy_vjp(&z, &targets, T::one());
    close("cross_entropy_vjp value", loss, want, ulps::<T>(2.0));
    for (got, want) in z_bar.iter().zip([0.5, -0.5, -0.25, 0.25]) {
        close("cross_entropy_vjp", *got, want, ulps::<T>(2.0));
    }
    // dL = (1/N) Σᵢ ⟨pᵢ − e_tᵢ, dzᵢ⟩: row 0 gives 1.8·MAX, row 1 gives 2 − 1.
    let d = 0.9 * max::<T>();
    let dz: Array2<T> = mat(&[&[d, -d], &[1.0, 3.0]]);
    let (_, dl) = ops::cross_entropy_jvp(&z, &targets, &dz);
    let d0 = t::<T>(d).to_f64().unwrap();
    close("cross_entropy_jvp", dl, d0 + 0.5, ulps::<T>(2.0));
    // Every row's loss fits, their sum does not: eight rows of loss `big`.
    let z: Array2<T> =
        Array2::from_shape_fn((8, 2), |(_, j)| if j == 0 { big_t } else { T::zero() });
    close(
        "cross_entropy of 8 rows",
        ops::cross_entropy(&z, &[1; 8]),
        z0,
        ulps::<T>(2.0),
    );
}

#[test]
fn cross_entropy_fits_where_a_row_or_the_sum_overflows() {
    // The observed bug: f32 logits near ±3e38 gave inf.
    cross_entropy_at::<f32>(3e38);
    cross_entropy_at::<f64>(1.7e308);
}

#[test]
fn cross_entropy_of_large_logits_keeps_the_digits_of_the_log_sum() {
    // ℓ = ln(1 + e⁻¹ + e⁻²) whatever the common offset; an ulp of 1e4 in f32 is 1e-3, so
    // rounding lse = 1e4 + 0.41 before subtracting z_t = 1e4 kept only three digits.
    let want = (1.0 + (-1f64).exp() + (-2f64).exp()).ln();
    for offset in [0.0, 1e4, -1e4] {
        let z: Array2<f32> = mat(&[&[offset, offset - 1.0, offset - 2.0]]);
        close(
            "f32 loss",
            ops::cross_entropy(&z, &[0]),
            want,
            ulps::<f32>(4.0),
        );
        let ls = ops::log_softmax(&z);
        close("f32 log_softmax", ls[[0, 0]], -want, ulps::<f32>(4.0));
    }
}

fn softmax_family<T: Float + Debug + 'static>() {
    let m = max::<T>();
    let x: Array2<T> = mat(&[&[m, m], &[m, -m], &[-m, -m]]);
    assert_eq!(
        ops::softmax(&x),
        mat(&[&[0.5, 0.5], &[1.0, 0.0], &[0.5, 0.5]])
    );
    // lse = m + ln 2 (the ln 2 is below an ulp of MAX).
    for (l, want) in ops::logsumexp(&x).iter().zip([m, m, -m]) {
        close("logsumexp", *l, want, ulps::<T>(1.0));
    }
    // log_softmax(MAX, MAX) = −ln 2 exactly in two parts; MAX − (MAX + ln 2) gave 0.
    let ls = ops::log_softmax(&x);
    close("log_softmax", ls[[0, 0]], -2f64.ln(), ulps::<T>(1.0));
    assert_eq!(ls[[1, 0]], T::zero());
    // x̄ = ḡ − p Σḡ with Σḡ = 0.6 MAX but 0.6 MAX + 0.6 MAX overflowing: p = 1/3 each.
    let g: Array2<T> = mat(&[&[0.6 * m, 0.6 * m, -0.6 * m]]);
    let (_, x_bar) = ops::log_softmax_vjp(&Array2::<T>::zeros((1, 3)), g.clone());
    let g0 = g[[0, 0]].to_f64().unwrap();
    for (j, want) in [g0 - g0 / 3.0, g0 - g0 / 3.0, -g0 - g0 / 3.0]
        .into_iter()
        .enumerate()
    {
        close("log_softmax_vjp", x_bar[[0, j]], want, ulps::<T>(4.0));
    }
    // x̄ = p ⊙ (ḡ − ⟨ḡ, p⟩) with ḡ = x: 0 in every row (p = 0 where ḡ − ⟨ḡ, p⟩ = −2 MAX).
    let (_, x_bar) = ops::softmax_vjp(&x, x.clone());
    assert!(x_bar.iter().all(|v| *v == T::zero()), "{x_bar:?}");
}

#[test]
fn softmax_family_is_finite_at_the_largest_logits() {
    softmax_family::<f32>();
    softmax_family::<f64>();
}

/// LayerNorm's `x̂` and its `x̄` for one row by the closed forms, in f64: `x̂ = (x − μ)/σ`,
/// `x̄ = (ĝ − mean ĝ − x̂ mean(ĝ ⊙ x̂))/σ` with `ĝ = ḡ ⊙ γ` and `σ = √(var + ε)`.
fn layer_norm_by_hand(x: &[f64], gamma: &[f64], g: &[f64], eps: f64) -> (Vec<f64>, Vec<f64>) {
    let n = x.len() as f64;
    let mu = x.iter().sum::<f64>() / n;
    let sigma = (x.iter().map(|v| (v - mu) * (v - mu)).sum::<f64>() / n + eps).sqrt();
    let xh: Vec<f64> = x.iter().map(|v| (v - mu) / sigma).collect();
    let gh: Vec<f64> = g.iter().zip(gamma).map(|(g, w)| g * w).collect();
    let mean_gh = gh.iter().sum::<f64>() / n;
    let mean_gx = gh.iter().zip(&xh).map(|(a, b)| a * b).sum::<f64>() / n;
    let x_bar = (gh.iter().zip(&xh)).map(|(g, xh)| (g - mean_gh - xh * mean_gx) / sigma);
    let x_bar = x_bar.collect();
    (xh, x_bar)
}

/// RMSNorm's `x̂ = x/ρ` and `x̄ = (ĝ − x̂ mean(ĝ ⊙ x̂))/ρ`, `ρ = √(mean(x²) + ε)`, by hand in
/// f64.
fn rms_norm_by_hand(x: &[f64], gamma: &[f64], g: &[f64], eps: f64) -> (Vec<f64>, Vec<f64>) {
    let n = x.len() as f64;
    let rho = (x.iter().map(|v| v * v).sum::<f64>() / n + eps).sqrt();
    let xh: Vec<f64> = x.iter().map(|v| v / rho).collect();
    let gh: Vec<f64> = g.iter().zip(gamma).map(|(g, w)| g * w).collect();
    let mean_gx = gh.iter().zip(&xh).map(|(a, b)| a * b).sum::<f64>() / n;
    (
        xh.clone(),
        gh.iter()
            .zip(&xh)
            .map(|(g, xh)| (g - xh * mean_gx) / rho)
            .collect(),
    )
}

/// The norms of `s·x` with ε equal those of `x` with ε/s², and their cotangents are those of
/// `x` divided by `s`.
fn norms_at_scale<T: Float + Debug + 'static>(s: f64) {
    let (x0, gamma, beta, g) = (
        [1.0, -1.0, 3.0, 0.0],
        [1.0, 2.0, 0.5, -1.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.5, -1.0, 2.0, 1.0],
    );
    let x: Array2<T> = mat(&[&x0.map(|v| v * s)]);
    let (w, b): (Array1<T>, Array1<T>) = (vec1(&gamma), vec1(&beta));
    let eps = t::<T>(1e-5);
    let eps_at_1 = 1e-5 / (s * s);
    let tol = ulps::<T>(64.0);

    let (xh, x_bar) = layer_norm_by_hand(&x0, &gamma, &g, eps_at_1);
    let (y, xb, gb, bb) = ops::layer_norm_vjp(&x, &w, &b, eps, mat(&[&g]));
    let (x_scale, y_scale) = (largest(&x_bar) / s, largest(&xh) * largest(&gamma) + 1.0);
    for j in 0..4 {
        let at = format!("at {s:e} [{j}]");
        near(
            &format!("layer_norm {at}"),
            y[[0, j]],
            xh[j] * gamma[j] + beta[j],
            tol,
            y_scale,
        );
        near(
            &format!("layer_norm x̄ {at}"),
            xb[[0, j]],
            x_bar[j] / s,
            tol,
            x_scale,
        );
        near(
            &format!("layer_norm γ̄ {at}"),
            gb[j],
            g[j] * xh[j],
            tol,
            y_scale,
        );
        assert_eq!(bb[j], t(g[j]));
    }
    // ẏ₀ along ẋ = s·ẋ₀ is ⟨∂y₀/∂x, s·ẋ₀⟩ = ⟨x̄ of ḡ = e₀ at x₀, ẋ₀⟩ (degree −1 times degree 1).
    let dx0 = [0.5, 1.0, -0.25, 0.0];
    let dx: Array2<T> = mat(&[&dx0.map(|v| v * s)]);
    let zeros = Array1::<T>::zeros(4);
    let (_, dy) = ops::layer_norm_jvp(&x, &w, &b, eps, &dx, &zeros, &zeros);
    let e0 = [1.0, 0.0, 0.0, 0.0];
    let (_, x_bar_e0) = layer_norm_by_hand(&x0, &gamma, &e0, eps_at_1);
    let want: f64 = x_bar_e0.iter().zip(&dx0).map(|(a, b)| a * b).sum();
    near(
        &format!("layer_norm ẏ₀ at {s:e}"),
        dy[[0, 0]],
        want,
        tol,
        y_scale,
    );

    // 3·s must fit in `T`.
    let x0 = [3.0, -2.0, 0.0, 1.0];
    let x: Array2<T> = mat(&[&x0.map(|v| v * s)]);
    let (xh, x_bar) = rms_norm_by_hand(&x0, &gamma, &g, eps_at_1);
    let (y, xb, gb) = ops::rms_norm_vjp(&x, &w, eps, mat(&[&g]));
    let (x_scale, y_scale) = (largest(&x_bar) / s, largest(&xh) * largest(&gamma));
    for j in 0..4 {
        let at = format!("at {s:e} [{j}]");
        near(
            &format!("rms_norm {at}"),
            y[[0, j]],
            xh[j] * gamma[j],
            tol,
            y_scale,
        );
        near(
            &format!("rms_norm x̄ {at}"),
            xb[[0, j]],
            x_bar[j] / s,
            tol,
            x_scale,
        );
        near(
            &format!("rms_norm γ̄ {at}"),
            gb[j],
            g[j] * xh[j],
            tol,
            y_scale,
        );
    }
}

#[test]
fn norms_of_rows_whose_variance_overflows() {
    // σ² overflows f32 from entries of 2e19 on; the largest row here reaches 3e38.
    for s in [1.0, 1e20, 1e30, 1e38] {
        norms_at_scale::<f32>(s);
    }
    for s in [1.0, 1e160, 1e300] {
        norms_at_scale::<f64>(s);
    }
}
