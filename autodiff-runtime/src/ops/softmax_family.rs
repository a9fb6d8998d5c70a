//! `softmax`, `log_softmax` and `logsumexp` over the last axis (row-wise for a matrix),
//! numerically stable: each row is shifted by its maximum before `exp`, so logits of any size
//! (±1e4) give finite results.
//!
//! With `p = softmax(x)` per row: `dp = p ⊙ (dx − ⟨p, dx⟩)`, so `x̄ = p ⊙ (ḡ − ⟨ḡ, p⟩)`;
//! `d lse = ⟨p, dx⟩`, so `x̄ = p ḡ`; `log_softmax = x − lse`, so `x̄ = ḡ − p Σḡ`.
//!
//! A row's log-sum-exp is kept in two parts, the shift `m` and `ln s = ln Σⱼ exp(xⱼ − m)` (in
//! `[0, ln n]`), and `xⱼ − lse` is taken as `(xⱼ − m) − ln s`: both terms are `≤ 0`, so nothing
//! cancels, where `xⱼ − (m + ln s)` loses the low bits of `ln s` once `|m|` is large (an ulp of
//! 1e4 is 1e-3 in `f32`). The denominators `s` lie in `[1, n]`, and `⟨p, ·⟩` is a convex
//! combination, so no reduction here overflows while its result fits.

use super::check_shape;
use super::rescale::finite_sum;
use ndarray::{Array, ArrayView1, ArrayViewMut1, Axis, Dimension, RemoveAxis, Zip};
use num_traits::Float;

/// The last axis of `x`, along which these operations work.
#[track_caller]
fn last_axis<T, D: Dimension>(op: &str, x: &Array<T, D>) -> Axis {
    assert!(x.ndim() >= 1, "{op}: needs an array with at least one axis");
    Axis(x.ndim() - 1)
}

/// The stabilising shift of a row: its maximum, or 0 when that is not finite (an empty or
/// all −∞ row), so that `x − shift` never turns a finite row into NaN.
fn shift<T: Float>(row: &ArrayView1<'_, T>) -> T {
    let m = row.fold(T::neg_infinity(), |m, &v| m.max(v));
    if m.is_finite() {
        m
    } else {
        T::zero()
    }
}

/// `log Σ exp(row)` in two parts `(m, ln s)`: the row's shift and `ln Σ exp(row − m)`.
pub(crate) fn lse_parts<T: Float>(row: ArrayView1<'_, T>) -> (T, T) {
    let m = shift(&row);
    (m, row.fold(T::zero(), |s, &v| s + (v - m).exp()).ln())
}

/// `log Σ exp(row)`, shifted by the row's maximum.
pub(crate) fn logsumexp_lane<T: Float>(row: ArrayView1<'_, T>) -> T {
    let (m, ln_s) = lse_parts(row);
    m + ln_s
}

/// `x − lse` for the parts `(m, ln s)` of a row's log-sum-exp: `log softmax` of entry `x`.
#[inline]
pub(crate) fn log_prob<T: Float>(x: T, (m, ln_s): (T, T)) -> T {
    (x - m) - ln_s
}

/// Replaces a row by its softmax.
pub(crate) fn softmax_lane_in_place<T: Float>(mut row: ArrayViewMut1<'_, T>) {
    let m = shift(&row.view());
    let mut s = T::zero();
    row.map_inplace(|v| {
        *v = (*v - m).exp();
        s = s + *v;
    });
    let inv = s.recip();
    row.map_inplace(|v| *v = *v * inv);
}

/// `⟨a, b⟩` of two rows.
pub(crate) fn dot_lane<T: Float>(a: &ArrayView1<'_, T>, b: &ArrayView1<'_, T>) -> T {
    Zip::from(a).and(b).fold(T::zero(), |s, &x, &y| s + x * y)
}

/// Replaces `g` by `p ⊙ (g − ⟨g, p⟩)`: the softmax VJP of one row.
///
/// `g − ⟨g, p⟩` overflows for cotangents of both signs beyond `MAX/2`, where `p ⊙ (g − d)` may
/// fit (it is 0 wherever `p` is): there, and only there, it is taken as `p g − p d`.
pub(crate) fn softmax_vjp_lane<T: Float>(mut g: ArrayViewMut1<'_, T>, p: ArrayView1<'_, T>) {
    let d = dot_lane(&g.view(), &p);
    Zip::from(&mut g).and(&p).for_each(|g, &p| {
        let centred = *g - d;
        *g = if centred.is_finite() {
            p * centred
        } else {
            p * *g - p * d
        };
    });
}

/// The softmax of each row (of each lane along the last axis): `exp(x − lse(x))`.
///
/// ***Panics*** for a 0-dimensional array.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let p = ops::softmax(&array![[0.0, 0.0], [1e4, -1e4]]);
/// assert_eq!(p, array![[0.5, 0.5], [1.0, 0.0]]);
/// ```
#[track_caller]
pub fn softmax<T: Float + 'static, D: RemoveAxis>(x: &Array<T, D>) -> Array<T, D> {
    let ax = last_axis("softmax", x);
    let mut y = x.to_owned();
    y.lanes_mut(ax).into_iter().for_each(softmax_lane_in_place);
    y
}

/// `dp = p ⊙ (dx − ⟨p, dx⟩)` per row.
///
/// ***Panics*** if the tangent's shape differs from `x`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, dp) = ops::softmax_jvp(&array![0.0, 0.0], &array![1.0, 1.0]);
/// assert_eq!(dp, array![0.0, 0.0]); // adding a constant to a row changes nothing
/// ```
#[track_caller]
pub fn softmax_jvp<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
    dx: &Array<T, D>,
) -> (Array<T, D>, Array<T, D>) {
    check_shape("softmax_jvp", "the tangent", x.shape(), dx.shape());
    let y = softmax(x);
    let ax = last_axis("softmax_jvp", x);
    let mut dy = dx.to_owned();
    Zip::from(dy.lanes_mut(ax))
        .and(y.lanes(ax))
        .for_each(|dy, p| {
            // ⟨p, dx⟩ is symmetric in its arguments: the same kernel as the VJP.
            softmax_vjp_lane(dy, p)
        });
    (y, dy)
}

vjp! {
    /// `x̄ = p ⊙ (ḡ − ⟨ḡ, p⟩)` per row.
    ///
    /// ***Panics*** if `dout`'s shape differs from `x`'s.
    #[track_caller]
    pub fn softmax_vjp<T: Float + 'static, D: RemoveAxis>(x: &Array<T, D>; dout: Array<T, D>)
        -> (x_bar: Array<T, D>) by softmax_pullback(x);
    example: (&array![[0.0, 0.0]], array![[1.0, 0.0]])
        gives array![[0.25, -0.25]];
}

/// The softmax and its pullback `(x, ḡ) ↦ (p ⊙ (ḡ − ⟨ḡ, p⟩),)`, which keeps `p`.
///
/// ***Panics*** (the pullback) if `ḡ`'s shape differs from `x`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let x = array![0.0, 0.0];
/// let (_, pb) = ops::softmax_pullback(&x);
/// assert_eq!(pb(&x, array![0.0, 2.0]), (array![-0.5, 0.5],));
/// ```
#[track_caller]
pub fn softmax_pullback<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,),
) {
    let y = softmax(x);
    let p = y.clone();
    let pullback = move |x: &Array<T, D>, mut g: Array<T, D>| {
        check_shape("softmax pullback", "the cotangent", x.shape(), g.shape());
        let ax = Axis(x.ndim() - 1);
        Zip::from(g.lanes_mut(ax))
            .and(p.lanes(ax))
            .for_each(softmax_vjp_lane);
        (g,)
    };
    (y, pullback)
}

for_callers!(softmax, softmax_jvp, softmax_pullback);

/// `log Σⱼ exp(xⱼ)` of each row (each lane along the last axis), shifted by the row maximum.
///
/// ***Panics*** for a 0-dimensional array.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let lse = ops::logsumexp(&array![[0.0, 0.0], [1e4, 1e4]]);
/// assert_eq!(lse, array![2.0_f64.ln(), 1e4 + 2.0_f64.ln()]);
/// ```
#[track_caller]
pub fn logsumexp<T: Float + 'static, D: RemoveAxis>(x: &Array<T, D>) -> Array<T, D::Smaller> {
    let ax = last_axis("logsumexp", x);
    Zip::from(x.lanes(ax)).map_collect(logsumexp_lane)
}

/// `d lse = ⟨softmax(x), dx⟩` per row.
///
/// ***Panics*** if the tangent's shape differs from `x`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, d) = ops::logsumexp_jvp(&array![[0.0, 0.0]], &array![[1.0, 3.0]]);
/// assert_eq!(d, array![2.0]);
/// ```
#[track_caller]
pub fn logsumexp_jvp<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
    dx: &Array<T, D>,
) -> (Array<T, D::Smaller>, Array<T, D::Smaller>) {
    check_shape("logsumexp_jvp", "the tangent", x.shape(), dx.shape());
    let ax = last_axis("logsumexp_jvp", x);
    let parts = Zip::from(x.lanes(ax)).map_collect(lse_parts);
    let d = Zip::from(x.lanes(ax))
        .and(dx.lanes(ax))
        .and(&parts)
        .map_collect(|x, dx, &l| {
            Zip::from(&x)
                .and(&dx)
                .fold(T::zero(), |s, &x, &dx| s + log_prob(x, l).exp() * dx)
        });
    (parts.mapv(|(m, ln_s)| m + ln_s), d)
}

vjp! {
    /// `x̄ = softmax(x) ḡ` (each row scaled by its own cotangent).
    ///
    /// ***Panics*** if `dout` does not have one entry per row.
    #[track_caller]
    pub fn logsumexp_vjp<T: Float + 'static, D: RemoveAxis>(
        x: &Array<T, D>;
        dout: Array<T, D::Smaller>,
    ) -> (x_bar: Array<T, D>) by logsumexp_pullback(x);
    example: (&array![[0.0, 0.0]], array![4.0])
        gives array![[2.0, 2.0]];
}

/// The row log-sum-exps and their pullback `(x, ḡ) ↦ (exp(x − lse) ḡ,)`, which keeps `lse`
/// (in its two parts, one pair per row) and recomputes the softmax from `x`.
///
/// ***Panics*** (the pullback) if `ḡ` does not have one entry per row.
///
/// ```
/// use autodiff_runtime::{ndarray::{arr0, array}, ops};
/// let x = array![0.0, 0.0]; // one row: the log-sum-exp is a 0-dimensional array
/// let (_, pb) = ops::logsumexp_pullback(&x);
/// assert_eq!(pb(&x, arr0(2.0)), (array![1.0, 1.0],));
/// ```
#[track_caller]
pub fn logsumexp_pullback<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
) -> (
    Array<T, D::Smaller>,
    impl FnOnce(&Array<T, D>, Array<T, D::Smaller>) -> (Array<T, D>,),
) {
    let ax = last_axis("logsumexp", x);
    let parts = Zip::from(x.lanes(ax)).map_collect(lse_parts);
    let lse = parts.mapv(|(m, ln_s)| m + ln_s);
    let pullback = move |x: &Array<T, D>, g: Array<T, D::Smaller>| {
        check_shape(
            "logsumexp pullback",
            "the cotangent",
            parts.shape(),
            g.shape(),
        );
        let ax = Axis(x.ndim() - 1);
        let mut x_bar = x.to_owned();
        Zip::from(x_bar.lanes_mut(ax))
            .and(&parts)
            .and(&g)
            .for_each(|mut row, &l, &g| row.map_inplace(|v| *v = log_prob(*v, l).exp() * g));
        (x_bar,)
    };
    (lse, pullback)
}

for_callers!(logsumexp, logsumexp_jvp, logsumexp_pullback);

/// `x − logsumexp(x)` per row, never through the log of a softmax.
///
/// ***Panics*** for a 0-dimensional array.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let y = ops::log_softmax(&array![[1e4, -1e4]]);
/// assert_eq!(y, array![[0.0, -2e4]]);
/// ```
#[track_caller]
pub fn log_softmax<T: Float + 'static, D: RemoveAxis>(x: &Array<T, D>) -> Array<T, D> {
    let ax = last_axis("log_softmax", x);
    let mut y = x.to_owned();
    y.lanes_mut(ax).into_iter().for_each(|mut row| {
        let l = lse_parts(row.view());
        row.map_inplace(|v| *v = log_prob(*v, l));
    });
    y
}

/// `dy = dx − ⟨softmax(x), dx⟩` per row.
///
/// ***Panics*** if the tangent's shape differs from `x`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, dy) = ops::log_softmax_jvp(&array![0.0, 0.0], &array![1.0, 3.0]);
/// assert_eq!(dy, array![-1.0, 1.0]);
/// ```
#[track_caller]
pub fn log_softmax_jvp<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
    dx: &Array<T, D>,
) -> (Array<T, D>, Array<T, D>) {
    check_shape("log_softmax_jvp", "the tangent", x.shape(), dx.shape());
    let y = log_softmax(x);
    let ax = last_axis("log_softmax_jvp", x);
    let mut dy = dx.to_owned();
    Zip::from(dy.lanes_mut(ax))
        .and(y.lanes(ax))
        .for_each(|mut dy, y| {
            let d = Zip::from(&dy)
                .and(&y)
                .fold(T::zero(), |s, &dx, &y| s + y.exp() * dx);
            dy.map_inplace(|v| *v = *v - d);
        });
    (y, dy)
}

vjp! {
    /// `x̄ = ḡ − softmax(x) Σḡ` per row.
    ///
    /// ***Panics*** if `dout`'s shape differs from `x`'s.
    #[track_caller]
    pub fn log_softmax_vjp<T: Float + 'static, D: RemoveAxis>(x: &Array<T, D>; dout: Array<T, D>)
        -> (x_bar: Array<T, D>) by log_softmax_pullback(x);
    example: (&array![0.0, 0.0], array![1.0, 0.0])
        gives array![0.5, -0.5];
}

/// The log-softmax and its pullback `(x, ḡ) ↦ (ḡ − exp(x − lse) Σḡ,)`, which keeps `lse` (in
/// its two parts).
///
/// ***Panics*** (the pullback) if `ḡ`'s shape differs from `x`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let x = array![[0.0, 0.0]];
/// let (_, pb) = ops::log_softmax_pullback(&x);
/// assert_eq!(pb(&x, array![[0.0, 2.0]]), (array![[-1.0, 1.0]],));
/// ```
#[track_caller]
pub fn log_softmax_pullback<T: Float + 'static, D: RemoveAxis>(
    x: &Array<T, D>,
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,),
) {
    let ax = last_axis("log_softmax", x);
    let parts = Zip::from(x.lanes(ax)).map_collect(lse_parts);
    let mut y = x.to_owned();
    Zip::from(y.lanes_mut(ax))
        .and(&parts)
        .for_each(|mut row, &l| row.map_inplace(|v| *v = log_prob(*v, l)));
    let pullback = move |x: &Array<T, D>, mut g: Array<T, D>| {
        check_shape(
            "log_softmax pullback",
            "the cotangent",
            x.shape(),
            g.shape(),
        );
        Zip::from(g.lanes_mut(ax))
            .and(x.lanes(ax))
            .and(&parts)
            .for_each(|mut g, x, &l| {
                let total = finite_sum(g.sum(), g.len(), || g.iter().copied());
                Zip::from(&mut g)
                    .and(&x)
                    .for_each(|g, &x| *g = *g - log_prob(x, l).exp() * total);
            });
        (g,)
    };
    (y, pullback)
}

for_callers!(log_softmax, log_softmax_jvp, log_softmax_pullback);
