//! `layer_norm` and `rms_norm` over the features of each row (PyTorch's `LayerNorm` and
//! `RMSNorm` with an elementwise affine), with `eps: T` a non-differentiable parameter.
//!
//! For a row `x ∈ ℝⁿ`:
//! - LayerNorm: `μ = mean(x)`, `σ² = mean((x − μ)²)` (biased), `r = 1/√(σ² + ε)`,
//!   `x̂ = (x − μ) r`, `y = x̂ ⊙ γ + β`. With `ĝ = ḡ ⊙ γ`:
//!   `x̄ = r (ĝ − mean(ĝ) − x̂ mean(ĝ ⊙ x̂))`, `γ̄ = Σ_rows ḡ ⊙ x̂`, `β̄ = Σ_rows ḡ`.
//! - RMSNorm: `r = 1/√(mean(x²) + ε)`, `x̂ = x r`, `y = x̂ ⊙ γ`:
//!   `x̄ = r (ĝ − x̂ mean(ĝ ⊙ x̂))`, `γ̄ = Σ_rows ḡ ⊙ x̂`.
//!
//! Both pullbacks keep only the per-row reciprocal standard deviation `r` (and LayerNorm's
//! mean `μ`), and rebuild `x̂` from `x`, which is passed to them again. A constant row (σ² = 0)
//! or a zero row (RMS 0) gives `r = 1/√ε`: finite.
//!
//! The statistics are finite whenever they fit, which `σ²` and `mean(x²)` often do not: in
//! `f32` they overflow for entries of 2e19 (in `f64`, 1e154), and `r` became 0. Where a row's
//! plain statistics are not finite, they are taken again from the row scaled by a power of two
//! `c` that brings its largest magnitude near 1, as `μ = μ_c / c` and `r = c / √(σ_c² + c²ε)`
//! (the `c`-scaled statistics, `√(σ_c² + c²ε)` by `hypot`). The backward sweeps' reductions
//! over `x − μ` (or `x`) fall back to the normalised `x̂` the same way. So rows whose spread
//! `max − min` fits give finite outputs and cotangents; ordinary rows take neither fallback.

use super::check_shape;
use super::rescale::{finite_mean, unit_scale};
use ndarray::{Array1, Array2, ArrayView1, ArrayViewMut1, Zip};
use num_traits::Float;
use std::borrow::Cow;

fn count<T: Float>(n: usize) -> T {
    T::from(n).expect("a feature count is representable in every float type")
}

#[track_caller]
fn check_params<T>(op: &str, x: &Array2<T>, name: &str, p: &Array1<T>) {
    assert!(
        p.len() == x.ncols(),
        "{op}: {name} of shape {:?} does not match the features of x of shape {:?}",
        p.shape(),
        x.shape()
    );
}

/// `Σⱼ f(xⱼ)` with four interleaved accumulators: independent addition chains, so a row
/// reduction is not bound by the latency of one chain.
#[inline(always)]
fn sum_by<T: Float>(x: &[T], f: impl Fn(T) -> T) -> T {
    let mut acc = [T::zero(); 4];
    let chunks = x.chunks_exact(4);
    let rest = chunks.remainder();
    for c in chunks {
        for (a, &v) in acc.iter_mut().zip(c) {
            *a = *a + f(v);
        }
    }
    let tail = rest.iter().fold(T::zero(), |s, &v| s + f(v));
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

/// The scale `c` for a row whose plain statistics overflowed, if its entries are finite (a
/// row holding ±∞ or NaN keeps its non-finite statistics).
fn row_scale<T: Float>(row: &[T]) -> Option<T> {
    let mut max_abs = T::zero();
    for &v in row {
        if !v.is_finite() {
            return None;
        }
        max_abs = max_abs.max(v.abs());
    }
    Some(unit_scale(max_abs))
}

/// `r = c / √(s + c²ε)` from the statistic `s` of the row scaled by `c`, as `c / hypot(√s, c√ε)`:
/// `c²` itself may underflow.
fn scaled_rstd<T: Float>(s: T, c: T, eps: T) -> T {
    c / s.sqrt().hypot(c * eps.sqrt())
}

/// Per-row statistics of LayerNorm: `(μ, r)`, two passes (mean, then centred squares).
fn ln_stats<T: Float>(row: &[T], eps: T) -> (T, T) {
    let n = count::<T>(row.len());
    let mu = sum_by(row, |v| v) / n;
    let var = sum_by(row, |v| (v - mu) * (v - mu)) / n;
    if mu.is_finite() && var.is_finite() {
        return (mu, (var + eps).sqrt().recip());
    }
    match row_scale(row) {
        Some(c) => {
            let mu_c = sum_by(row, |v| v * c) / n;
            let var_c = sum_by(row, |v| (v * c - mu_c) * (v * c - mu_c)) / n;
            (mu_c / c, scaled_rstd(var_c, c, eps))
        }
        None => (mu, (var + eps).sqrt().recip()),
    }
}

/// `r = 1/√(mean(x²) + ε)` of a row.
fn rms_rstd<T: Float>(row: &[T], eps: T) -> T {
    let n = count::<T>(row.len());
    let ms = sum_by(row, |v| v * v) / n;
    if ms.is_finite() {
        return (ms + eps).sqrt().recip();
    }
    match row_scale(row) {
        Some(c) => scaled_rstd(sum_by(row, |v| (v * c) * (v * c)) / n, c, eps),
        None => (ms + eps).sqrt().recip(),
    }
}

/// `Σⱼ f(aⱼ, bⱼ, cⱼ)` with eight interleaved accumulators, summed pairwise as `(0 + 4) + (2 + 6)`
/// and `(1 + 5) + (3 + 7)`: that order lets LLVM keep accumulators `2k` and `2k + 1` in one
/// vector register, so the loop compiles to packed loads and arithmetic without shuffles.
///
/// Each reduction of a backward sweep is a loop of its own: in one loop computing two sums,
/// LLVM pairs the two sums' accumulators into a vector instead, and the products feeding
/// them stay scalar (measured slower than two loops over a row that is already in L1).
#[inline(always)]
fn sum_zip<T: Float>(a: &[T], b: &[T], c: &[T], f: impl Fn(T, T, T) -> T) -> T {
    let mut acc = [T::zero(); 8];
    let chunks = a
        .chunks_exact(8)
        .zip(b.chunks_exact(8))
        .zip(c.chunks_exact(8));
    for ((a, b), c) in chunks {
        for k in 0..8 {
            acc[k] = acc[k] + f(a[k], b[k], c[k]);
        }
    }
    let full = a.len() - a.len() % 8;
    let rest = a[full..].iter().zip(&b[full..]).zip(&c[full..]);
    let tail = rest.fold(T::zero(), |s, ((&a, &b), &c)| s + f(a, b, c));
    let even = (acc[0] + acc[4]) + (acc[2] + acc[6]);
    let odd = (acc[1] + acc[5]) + (acc[3] + acc[7]);
    (even + odd) + tail
}

/// One row of the LayerNorm reverse sweep, in place on `g`. With `ĝ = g ⊙ γ`, two row
/// reductions `Σ ĝ` and `Σ ĝ ⊙ (x − μ)`, then one elementwise pass that accumulates
/// `γ̄ += g ⊙ x̂` and `β̄ += g` and writes `x̄ = r (ĝ − mean ĝ − x̂ mean(ĝ ⊙ x̂))` over `g`,
/// as `r ĝ − x̂ k₂ − k₁` with the row constants `k₁ = r mean ĝ`, `k₂ = r mean(ĝ ⊙ x̂)`.
#[allow(clippy::too_many_arguments)]
fn ln_backward_row<T: Float>(
    g: &mut [T],
    x: &[T],
    w: &[T],
    gamma_bar: &mut [T],
    beta_bar: &mut [T],
    mu: T,
    r: T,
) {
    let nn = count::<T>(g.len());
    let s1 = sum_zip(g, w, x, |g, w, _| g * w);
    let s2 = sum_zip(g, w, x, |g, w, x| g * w * (x - mu));
    let k2 = if s2.is_finite() {
        s2 * r * r / nn
    } else {
        // Σ ĝ ⊙ (x − μ) overflowed: sum ĝ ⊙ x̂ instead, bounded by √n·Σ|ĝ|.
        sum_zip(g, w, x, |g, w, x| g * w * ((x - mu) * r)) * r / nn
    };
    let k1 = s1 * r / nn;
    let bars = gamma_bar.iter_mut().zip(beta_bar.iter_mut());
    for (((g, &x), &w), (gb, bb)) in g.iter_mut().zip(x).zip(w).zip(bars) {
        let (gi, xh) = (*g, (x - mu) * r);
        *gb = *gb + gi * xh;
        *bb = *bb + gi;
        *g = gi * w * r - xh * k2 - k1;
    }
}

/// One row of the RMSNorm reverse sweep, in place on `g`: one pass for `Σ ĝ ⊙ x̂`, one that
/// accumulates `γ̄ += g ⊙ x̂` and writes `x̄ = r (ĝ − x̂ mean(ĝ ⊙ x̂))` over `g`.
fn rms_backward_row<T: Float>(g: &mut [T], x: &[T], w: &[T], gamma_bar: &mut [T], r: T) {
    let s = sum_zip(g, w, x, |g, w, x| g * w * x);
    let s = if s.is_finite() {
        s * r
    } else {
        // Σ ĝ ⊙ x overflowed: sum ĝ ⊙ x̂ instead.
        sum_zip(g, w, x, |g, w, x| g * w * (x * r))
    };
    let m = s / count::<T>(g.len());
    for (((g, &x), &w), gb) in g.iter_mut().zip(x).zip(w).zip(gamma_bar) {
        let (gi, xh) = (*g, x * r);
        *gb = *gb + gi * xh;
        *g = r * (gi * w - xh * m);
    }
}

/// The elements of a vector, as a slice (copied only if they are not contiguous).
fn slice<T: Clone>(v: ArrayView1<'_, T>) -> Cow<'_, [T]> {
    match v.to_slice() {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(v.to_vec()),
    }
}

/// `a` in standard (row-major) layout, copied only if it is not already.
fn standard<T: Clone>(a: Array2<T>) -> Array2<T> {
    if a.is_standard_layout() {
        a
    } else {
        a.as_standard_layout().into_owned()
    }
}

/// The `m` rows of length `n` of a row-major buffer.
fn rows<T>(data: &[T], m: usize, n: usize) -> impl Iterator<Item = &[T]> {
    (0..m).map(move |i| &data[i * n..(i + 1) * n])
}

/// Panics, naming the shapes, unless the tangents of `x` and `γ` have their shapes.
#[track_caller]
fn check_tangents<T>(
    op: &str,
    (x, dx): (&Array2<T>, &Array2<T>),
    (g, dg): (&Array1<T>, &Array1<T>),
) {
    check_shape(op, "the tangent of x", x.shape(), dx.shape());
    check_shape(op, "the tangent of gamma", g.shape(), dg.shape());
}

/// The tangent `ẏ` of a row-wise norm, written row by row by `row(ẏᵢ, xᵢ, ẋᵢ)`.
fn tangent_rows<T: Float>(
    x: &Array2<T>,
    dx: &Array2<T>,
    row: impl FnMut(ArrayViewMut1<'_, T>, ArrayView1<'_, T>, ArrayView1<'_, T>),
) -> Array2<T> {
    let mut dy = Array2::zeros(x.raw_dim());
    Zip::from(dy.rows_mut())
        .and(x.rows())
        .and(dx.rows())
        .for_each(row);
    dy
}

/// The forward sweep of a row-wise norm: `row(xᵢ, y)` appends row `i` of the output to `y`
/// and returns the row's statistics, which are collected for the pullback.
fn forward_rows<T: Float, S>(
    x: &Array2<T>,
    mut row: impl FnMut(&[T], &mut Vec<T>) -> S,
) -> (Array2<T>, Vec<S>) {
    let (m, n) = x.dim();
    let x_std = x.as_standard_layout();
    let mut y = Vec::with_capacity(m * n);
    let stats = rows(x_std.as_slice().expect("standard layout"), m, n)
        .map(|x| row(x, &mut y))
        .collect();
    let y = Array2::from_shape_vec((m, n), y).expect("m·n values");
    (y, stats)
}

/// The reverse sweep of a row-wise norm over an `m×n` input: checks `x`, `ḡ` and `γ`, then
/// calls `row(i, ḡᵢ, xᵢ, γ)` on each row of `ḡ` (row-major), which overwrites `ḡᵢ` with `x̄ᵢ`.
#[track_caller]
fn backward_rows<T: Float>(
    op: &str,
    (m, n): (usize, usize),
    (x, gamma, g): (&Array2<T>, &Array1<T>, Array2<T>),
    mut row: impl FnMut(usize, &mut [T], &[T], &[T]),
) -> Array2<T> {
    check_shape(op, "x", &[m, n], x.shape());
    check_shape(op, "the cotangent", x.shape(), g.shape());
    check_params(op, x, "gamma", gamma);
    let (x, w) = (x.as_standard_layout(), slice(gamma.view()));
    let mut x_bar = standard(g);
    let rows_bar = x_bar.as_slice_mut().expect("standard layout");
    let x_rows = rows(x.as_slice().expect("standard layout"), m, n);
    for (i, (g, x)) in rows_bar.chunks_exact_mut(n.max(1)).zip(x_rows).enumerate() {
        row(i, g, x, &w);
    }
    x_bar
}

/// LayerNorm of each row: `(x − μ)/√(σ² + ε) ⊙ γ + β`, biased variance.
///
/// ***Panics*** if `gamma` or `beta` does not have one entry per column (naming the shapes).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let y = ops::layer_norm(&array![[1.0, 3.0], [5.0, 5.0]], &array![1.0, 1.0], &array![0.0, 1.0], 0.0);
/// assert_eq!(y.row(0), array![-1.0, 2.0]);
/// assert!(ops::layer_norm(&array![[5.0, 5.0]], &array![1.0, 1.0], &array![0.0, 0.0], 1e-5)
///     .iter().all(|v: &f64| v.is_finite())); // a constant row
/// ```
#[track_caller]
pub fn layer_norm<T: Float + 'static>(
    x: &Array2<T>,
    gamma: &Array1<T>,
    beta: &Array1<T>,
    eps: T,
) -> Array2<T> {
    layer_norm_pullback(x, gamma, beta, eps).0
}

/// `ẏ = r (ẋ − mean(ẋ) − x̂ mean(x̂ ⊙ ẋ)) ⊙ γ + x̂ ⊙ γ̇ + β̇`; `eps` gets no tangent.
///
/// ***Panics*** on mismatched shapes, naming them.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, g, b) = (array![[1.0, 3.0]], array![1.0, 1.0], array![0.0, 0.0]);
/// let (_, dy) = ops::layer_norm_jvp(&x, &g, &b, 0.0, &array![[1.0, 1.0]], &array![0.0, 0.0], &array![1.0, 2.0]);
/// assert_eq!(dy, array![[1.0, 2.0]]); // shifting a row changes nothing; β̇ passes through
/// ```
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn layer_norm_jvp<T: Float + 'static>(
    x: &Array2<T>,
    gamma: &Array1<T>,
    beta: &Array1<T>,
    eps: T,
    dx: &Array2<T>,
    dgamma: &Array1<T>,
    dbeta: &Array1<T>,
) -> (Array2<T>, Array2<T>) {
    check_tangents("layer_norm_jvp", (x, dx), (gamma, dgamma));
    check_shape(
        "layer_norm_jvp",
        "the tangent of beta",
        beta.shape(),
        dbeta.shape(),
    );
    let y = layer_norm(x, gamma, beta, eps);
    let n = count::<T>(x.ncols());
    let dy = tangent_rows(x, dx, |mut dy, x, dx| {
        let (mu, r) = ln_stats(&slice(x), eps);
        let mean_dx = finite_mean(dx.sum() / n, dx.len(), || dx.iter().copied());
        let mean_xh_dx = Zip::from(&x)
            .and(&dx)
            .fold(T::zero(), |s, &x, &dx| s + (x - mu) * r * dx)
            / n;
        Zip::from(&mut dy)
            .and(&x)
            .and(&dx)
            .and(gamma)
            .and(dgamma)
            .and(dbeta)
            .for_each(|dy, &x, &dx, &g, &dg, &db| {
                let xh = (x - mu) * r;
                *dy = r * (dx - mean_dx - xh * mean_xh_dx) * g + xh * dg + db;
            });
    });
    (y, dy)
}

vjp! {
    /// `(y, x̄, γ̄, β̄)`, see the module docs; `eps` gets no cotangent.
    ///
    /// ***Panics*** on mismatched shapes, naming them.
    #[track_caller]
    pub fn layer_norm_vjp<T: Float + 'static>(
        x: &Array2<T>,
        gamma: &Array1<T>,
        beta: &Array1<T>,
        eps: T;
        dout: Array2<T>,
    ) -> (x_bar: Array2<T>, gamma_bar: Array1<T>, beta_bar: Array1<T>)
        by layer_norm_pullback(x, gamma, beta);
    example: (&array![[1.0, 3.0]], &array![2.0, 2.0], &array![0.0, 0.0], 0.0, array![[1.0, 1.0]])
        gives (array![[0.0, 0.0]], array![-1.0, 1.0], array![1.0, 1.0]);
}

/// LayerNorm and its pullback `(x, γ, β, ḡ) ↦ (x̄, γ̄, β̄)`, which keeps each row's mean `μ` and
/// reciprocal standard deviation `r`.
///
/// ***Panics*** on mismatched shapes, naming them (the pullback too).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, g, b) = (array![[1.0, 3.0]], array![1.0, 1.0], array![0.5, 0.5]);
/// let (y, pb) = ops::layer_norm_pullback(&x, &g, &b, 0.0);
/// assert_eq!(y, array![[-0.5, 1.5]]);
/// let (_, g_bar, b_bar) = pb(&x, &g, &b, array![[1.0, 0.0]]);
/// assert_eq!((g_bar, b_bar), (array![-1.0, 0.0], array![1.0, 0.0]));
/// ```
#[track_caller]
pub fn layer_norm_pullback<T: Float + 'static>(
    x: &Array2<T>,
    gamma: &Array1<T>,
    beta: &Array1<T>,
    eps: T,
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, &Array1<T>, &Array1<T>, Array2<T>) -> (Array2<T>, Array1<T>, Array1<T>),
) {
    check_params("layer_norm", x, "gamma", gamma);
    check_params("layer_norm", x, "beta", beta);
    let (m, n) = x.dim();
    let (w, b) = (slice(gamma.view()), slice(beta.view()));
    let (y, stats) = forward_rows(x, |row, y| {
        let (mu, r) = ln_stats(row, eps);
        let affine = row.iter().zip(w.iter()).zip(b.iter());
        y.extend(affine.map(|((&x, &w), &b)| (x - mu) * r * w + b));
        (mu, r)
    });
    let pullback = move |x: &Array2<T>, gamma: &Array1<T>, _beta: &Array1<T>, g: Array2<T>| {
        let mut gamma_bar = vec![T::zero(); n];
        let mut beta_bar = vec![T::zero(); n];
        let x_bar = backward_rows(
            "layer_norm pullback",
            (m, n),
            (x, gamma, g),
            |i, g, x, w| {
                let (mu, r) = stats[i];
                ln_backward_row(g, x, w, &mut gamma_bar, &mut beta_bar, mu, r);
            },
        );
        (x_bar, Array1::from(gamma_bar), Array1::from(beta_bar))
    };
    (y, pullback)
}

for_callers!(layer_norm, layer_norm_jvp, layer_norm_pullback);

/// RMSNorm of each row: `x / √(mean(x²) + ε) ⊙ γ`.
///
/// ***Panics*** if `gamma` does not have one entry per column (naming the shapes).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let y = ops::rms_norm(&array![[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]], &array![1.0, 1.0, 2.0], 1e-6);
/// assert!((y[[0, 0]] - 3.0 / (25.0_f64 / 3.0).sqrt()).abs() < 1e-6);
/// assert_eq!(y.row(1), array![0.0, 0.0, 0.0]); // a zero row stays finite
/// ```
#[track_caller]
pub fn rms_norm<T: Float + 'static>(x: &Array2<T>, gamma: &Array1<T>, eps: T) -> Array2<T> {
    rms_norm_pullback(x, gamma, eps).0
}

/// `ẏ = r (ẋ − x̂ mean(x̂ ⊙ ẋ)) ⊙ γ + x̂ ⊙ γ̇`; `eps` gets no tangent.
///
/// ***Panics*** on mismatched shapes, naming them.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, g) = (array![[1.0, 1.0]], array![1.0, 1.0]);
/// let (_, dy) = ops::rms_norm_jvp(&x, &g, 0.0, &array![[1.0, 1.0]], &array![0.0, 0.0]);
/// assert_eq!(dy, array![[0.0, 0.0]]); // scaling a row changes nothing
/// ```
#[track_caller]
pub fn rms_norm_jvp<T: Float + 'static>(
    x: &Array2<T>,
    gamma: &Array1<T>,
    eps: T,
    dx: &Array2<T>,
    dgamma: &Array1<T>,
) -> (Array2<T>, Array2<T>) {
    check_tangents("rms_norm_jvp", (x, dx), (gamma, dgamma));
    let y = rms_norm(x, gamma, eps);
    let n = count::<T>(x.ncols());
    let dy = tangent_rows(x, dx, |mut dy, x, dx| {
        let r = rms_rstd(&slice(x), eps);
        let m = Zip::from(&x)
            .and(&dx)
            .fold(T::zero(), |s, &x, &dx| s + x * r * dx)
            / n;
        Zip::from(&mut dy)
            .and(&x)
            .and(&dx)
            .and(gamma)
            .and(dgamma)
            .for_each(|dy, &x, &dx, &g, &dg| {
                let xh = x * r;
                *dy = r * (dx - xh * m) * g + xh * dg;
            });
    });
    (y, dy)
}

vjp! {
    /// `(y, x̄, γ̄)`, see the module docs; `eps` gets no cotangent.
    ///
    /// ***Panics*** on mismatched shapes, naming them.
    #[track_caller]
    pub fn rms_norm_vjp<T: Float + 'static>(
        x: &Array2<T>,
        gamma: &Array1<T>,
        eps: T;
        dout: Array2<T>,
    ) -> (x_bar: Array2<T>, gamma_bar: Array1<T>) by rms_norm_pullback(x, gamma);
    example: (&array![[1.0, 1.0]], &array![1.0, 3.0], 0.0, array![[1.0, 0.0]])
        gives (array![[0.5, -0.5]], array![1.0, 0.0]);
}

/// RMSNorm and its pullback `(x, γ, ḡ) ↦ (x̄, γ̄)`, which keeps each row's reciprocal RMS `r`.
///
/// ***Panics*** on mismatched shapes, naming them (the pullback too).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, g) = (array![[2.0, 2.0]], array![1.0, 1.0]);
/// let (y, pb) = ops::rms_norm_pullback(&x, &g, 0.0);
/// assert_eq!(y, array![[1.0, 1.0]]);
/// assert_eq!(pb(&x, &g, array![[1.0, 1.0]]), (array![[0.0, 0.0]], array![1.0, 1.0]));
/// ```
#[track_caller]
pub fn rms_norm_pullback<T: Float + 'static>(
    x: &Array2<T>,
    gamma: &Array1<T>,
    eps: T,
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, &Array1<T>, Array2<T>) -> (Array2<T>, Array1<T>),
) {
    check_params("rms_norm", x, "gamma", gamma);
    let (m, n) = x.dim();
    let w = slice(gamma.view());
    let (y, rstd) = forward_rows(x, |row, y| {
        let r = rms_rstd(row, eps);
        y.extend(row.iter().zip(w.iter()).map(|(&x, &w)| x * r * w));
        r
    });
    let pullback = move |x: &Array2<T>, gamma: &Array1<T>, g: Array2<T>| {
        let mut gamma_bar = vec![T::zero(); n];
        let x_bar = backward_rows("rms_norm pullback", (m, n), (x, gamma, g), |i, g, x, w| {
            rms_backward_row(g, x, w, &mut gamma_bar, rstd[i]);
        });
        (x_bar, Array1::from(gamma_bar))
    };
    (y, pullback)
}

for_callers!(rms_norm, rms_norm_jvp, rms_norm_pullback);
