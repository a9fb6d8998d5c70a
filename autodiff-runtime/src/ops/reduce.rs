//! Reductions: `sum` and `mean` of every element (to a scalar), `sum_rows` (over axis 0, one
//! value per column) and `sum_cols` (over axis 1, one value per row).
//!
//! A sum's cotangent is the upstream cotangent broadcast back over the summed axes:
//! `d(Σᵢ xᵢ) = Σᵢ dxᵢ = ⟨1, dx⟩`, so `x̄ = ḡ·1`; the mean divides by the count.
//!
//! Sums and means (of values and of tangents) are finite whenever the exact result fits in the
//! float type, even if a partial sum overflows (see `ops/rescale.rs`).

use super::check_shape;
use super::rescale::{finite_mean, finite_sum, sum_axis};
use ndarray::{Array, Array1, Array2, Axis, Dimension};
use num_traits::Float;

fn count<T: Float>(n: usize) -> T {
    T::from(n).expect("an element count is representable in every float type")
}

/// `d(Σ_axis x) = Σ_axis dx`, for `sum_rows_jvp` (axis 0) and `sum_cols_jvp` (axis 1).
#[track_caller]
fn sum_axis_jvp<T: Float + 'static>(
    op: &str,
    axis: Axis,
    a: &Array2<T>,
    da: &Array2<T>,
) -> (Array1<T>, Array1<T>) {
    check_shape(op, "the tangent", a.shape(), da.shape());
    (sum_axis(a, axis), sum_axis(da, axis))
}

/// Σ of the elements in the float type, in `ndarray`'s own order (its `sum`), so that a
/// derived item's value is the function's to the last bit (the first pass of [`sum`] and
/// [`mean`]).
fn plain_sum<T: Float + 'static, D: Dimension>(a: &Array<T, D>) -> T {
    a.sum()
}

/// The sum of all elements; finite whenever the exact sum fits, even where a partial sum
/// overflows.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::sum(&array![[1.0, 2.0], [3.0, 4.0]]), 10.0);
/// assert_eq!(ops::sum(&array![f32::MAX, f32::MAX, -f32::MAX]), f32::MAX);
/// ```
pub fn sum<T: Float + 'static, D: Dimension>(a: &Array<T, D>) -> T {
    finite_sum(plain_sum(a), a.len(), || a.iter().copied())
}

/// `d(Σ x) = Σ dx`.
///
/// ***Panics*** if the tangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::sum_jvp(&array![1.0, 2.0], &array![0.5, 0.25]), (3.0, 0.75));
/// ```
#[track_caller]
pub fn sum_jvp<T: Float + 'static, D: Dimension>(a: &Array<T, D>, da: &Array<T, D>) -> (T, T) {
    check_shape("sum_jvp", "the tangent", a.shape(), da.shape());
    (sum(a), sum(da))
}

vjp! {
    /// `ā = ḡ·1`.
    pub fn sum_vjp<T: Float + 'static, D: Dimension>(a: &Array<T, D>; dout: T)
        -> (a_bar: Array<T, D>) by sum_pullback(a);
    example: (&array![1.0, 2.0], 3.0)
        gives array![3.0, 3.0];
}

/// The sum and its pullback `(a, ḡ) ↦ (ḡ·1,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0], [2.0]];
/// let (y, pb) = ops::sum_pullback(&a);
/// assert_eq!((y, pb(&a, 0.5)), (3.0, (array![[0.5], [0.5]],)));
/// ```
pub fn sum_pullback<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
) -> (T, impl FnOnce(&Array<T, D>, T) -> (Array<T, D>,)) {
    let pullback = |a: &Array<T, D>, g: T| (Array::from_elem(a.raw_dim(), g),);
    (sum(a), pullback)
}

for_callers!(sum, sum_jvp, sum_pullback);

/// The mean of all elements (NaN for an empty array, as in PyTorch); finite whenever the
/// exact mean fits, even where the sum overflows.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::mean(&array![[1.0, 2.0], [3.0, 6.0]]), 3.0);
/// assert_eq!(ops::mean(&array![f32::MAX, f32::MAX]), f32::MAX);
/// ```
pub fn mean<T: Float + 'static, D: Dimension>(a: &Array<T, D>) -> T {
    let plain = plain_sum(a) / count(a.len());
    finite_mean(plain, a.len(), || a.iter().copied())
}

/// `d(mean x) = mean dx`.
///
/// ***Panics*** if the tangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::mean_jvp(&array![1.0, 3.0], &array![1.0, 0.0]), (2.0, 0.5));
/// ```
#[track_caller]
pub fn mean_jvp<T: Float + 'static, D: Dimension>(a: &Array<T, D>, da: &Array<T, D>) -> (T, T) {
    check_shape("mean_jvp", "the tangent", a.shape(), da.shape());
    (mean(a), mean(da))
}

vjp! {
    /// `ā = (ḡ / N)·1` for `N` elements.
    pub fn mean_vjp<T: Float + 'static, D: Dimension>(a: &Array<T, D>; dout: T)
        -> (a_bar: Array<T, D>) by mean_pullback(a);
    example: (&array![1.0, 3.0], 1.0)
        gives array![0.5, 0.5];
}

/// The mean and its pullback `(a, ḡ) ↦ ((ḡ / N)·1,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![2.0, 4.0];
/// let (y, pb) = ops::mean_pullback(&a);
/// assert_eq!((y, pb(&a, 4.0)), (3.0, (array![2.0, 2.0],)));
/// ```
pub fn mean_pullback<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
) -> (T, impl FnOnce(&Array<T, D>, T) -> (Array<T, D>,)) {
    let pullback = |a: &Array<T, D>, g: T| (Array::from_elem(a.raw_dim(), g / count(a.len())),);
    (mean(a), pullback)
}

for_callers!(mean, mean_jvp, mean_pullback);

/// The sum over axis 0 (down each column): an `m×n` matrix gives `n` values, each finite
/// whenever the exact column sum fits.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::sum_rows(&array![[1.0, 2.0], [3.0, 4.0]]), array![4.0, 6.0]);
/// ```
pub fn sum_rows<T: Float + 'static>(a: &Array2<T>) -> Array1<T> {
    sum_axis(a, Axis(0))
}

/// `d(sum_rows x) = sum_rows dx`.
///
/// ***Panics*** if the tangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, dy) = ops::sum_rows_jvp(&array![[1.0], [2.0]], &array![[1.0], [1.0]]);
/// assert_eq!(dy, array![2.0]);
/// ```
#[track_caller]
pub fn sum_rows_jvp<T: Float + 'static>(a: &Array2<T>, da: &Array2<T>) -> (Array1<T>, Array1<T>) {
    sum_axis_jvp("sum_rows_jvp", Axis(0), a, da)
}

vjp! {
    /// `ā[i, j] = ḡ[j]`: the cotangent copied to every row.
    #[track_caller]
    pub fn sum_rows_vjp<T: Float + 'static>(a: &Array2<T>; dout: Array1<T>)
        -> (a_bar: Array2<T>) by sum_rows_pullback(a);
    example: (&array![[1.0, 2.0], [3.0, 4.0]], array![1.0, -1.0])
        gives array![[1.0, -1.0], [1.0, -1.0]];
}

/// The column sums and their pullback `(a, ḡ) ↦ (1 ḡᵀ,)`.
///
/// ***Panics*** (the pullback) if `ḡ` does not have one entry per column.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0]];
/// let (_, pb) = ops::sum_rows_pullback(&a);
/// assert_eq!(pb(&a, array![3.0, 4.0]), (array![[3.0, 4.0]],));
/// ```
pub fn sum_rows_pullback<T: Float + 'static>(
    a: &Array2<T>,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    super::axis::reduce_pullback("sum_rows pullback", a, 0, false)
}

for_callers!(sum_rows, sum_rows_jvp, sum_rows_pullback);

/// The sum over axis 1 (along each row): an `m×n` matrix gives `m` values, each finite
/// whenever the exact row sum fits.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::sum_cols(&array![[1.0, 2.0], [3.0, 4.0]]), array![3.0, 7.0]);
/// ```
pub fn sum_cols<T: Float + 'static>(a: &Array2<T>) -> Array1<T> {
    sum_axis(a, Axis(1))
}

/// `d(sum_cols x) = sum_cols dx`.
///
/// ***Panics*** if the tangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, dy) = ops::sum_cols_jvp(&array![[1.0, 2.0]], &array![[1.0, 1.0]]);
/// assert_eq!(dy, array![2.0]);
/// ```
#[track_caller]
pub fn sum_cols_jvp<T: Float + 'static>(a: &Array2<T>, da: &Array2<T>) -> (Array1<T>, Array1<T>) {
    sum_axis_jvp("sum_cols_jvp", Axis(1), a, da)
}

vjp! {
    /// `ā[i, j] = ḡ[i]`: each row's cotangent copied along the row.
    #[track_caller]
    pub fn sum_cols_vjp<T: Float + 'static>(a: &Array2<T>; dout: Array1<T>)
        -> (a_bar: Array2<T>) by sum_cols_pullback(a);
    example: (&array![[1.0, 2.0], [3.0, 4.0]], array![1.0, -1.0])
        gives array![[1.0, 1.0], [-1.0, -1.0]];
}

/// The row sums and their pullback `(a, ḡ) ↦ (ḡ 1ᵀ,)`.
///
/// ***Panics*** (the pullback) if `ḡ` does not have one entry per row.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0]];
/// let (_, pb) = ops::sum_cols_pullback(&a);
/// assert_eq!(pb(&a, array![3.0]), (array![[3.0, 3.0]],));
/// ```
pub fn sum_cols_pullback<T: Float + 'static>(
    a: &Array2<T>,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    super::axis::reduce_pullback("sum_cols pullback", a, 1, false)
}

for_callers!(sum_cols, sum_cols_jvp, sum_cols_pullback);
