//! Parts of arrays (`a.slice(s![…])`: the cotangent written back where the part was taken),
//! and sums and means over one axis of an array of any number of dimensions
//! (`a.sum_axis(Axis(k))`, `a.mean_axis(Axis(k))` where the rank is not a matrix's, or is not
//! written): the sum's adjoint spreads each cotangent back along the summed axis, `ā =
//! broadcast(ḡ)` with the axis put back; the mean's divides it by the axis' length.

use super::check_shape;
use ndarray::{Array, Axis, Dimension, RemoveAxis, SliceArg};
use num_traits::Float;

#[track_caller]
fn check_axis(op: &str, shape: &[usize], axis: usize) {
    assert!(
        axis < shape.len(),
        "{op}: axis {axis} is out of range for an array of shape {shape:?}"
    );
}

/// `a` summed over axis `axis` (mean, when `mean`, divided by the axis' length).
fn reduce<T: Float + 'static, D: RemoveAxis>(
    op: &str,
    a: &Array<T, D>,
    axis: usize,
    mean: bool,
) -> Array<T, D::Smaller> {
    check_axis(op, a.shape(), axis);
    // Finite wherever the exact sum fits, as `sum_rows` is.
    let sum = super::rescale::sum_axis(a, Axis(axis));
    match mean {
        true => {
            let n = T::from(a.len_of(Axis(axis))).expect("a length is a float");
            sum.mapv(|v| v / n)
        }
        false => sum,
    }
}

/// The cotangent `g` of a reduction over `axis`, spread back over `a`'s shape.
fn spread<T: Float + 'static, D: RemoveAxis>(
    op: &str,
    a: &Array<T, D>,
    axis: usize,
    g: Array<T, D::Smaller>,
    mean: bool,
) -> Array<T, D> {
    let reduced = a.raw_dim().remove_axis(Axis(axis));
    check_shape(op, "the cotangent", reduced.slice(), g.shape());
    let scale = match mean {
        true => T::one() / T::from(a.len_of(Axis(axis))).expect("a length is a float"),
        false => T::one(),
    };
    let g = g.mapv(|v| v * scale).insert_axis(Axis(axis));
    g.broadcast(a.raw_dim())
        .expect("the reduced shape broadcasts back")
        .to_owned()
}

/// The sums of `a` over axis `axis`: an array of one dimension less.
///
/// ***Panics*** if the axis is out of range, naming the shape.
///
/// ```
/// use autodiff_runtime::{ndarray::Array3, ops};
/// let a = Array3::from_shape_fn((2, 3, 2), |(i, j, k)| (i * 6 + j * 2 + k) as f64);
/// assert_eq!(ops::sum_axis(&a, 1), a.sum_axis(autodiff_runtime::ndarray::Axis(1)));
/// ```
#[track_caller]
pub fn sum_axis<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
) -> Array<T, D::Smaller> {
    reduce("sum_axis", a, axis, false)
}

/// The sums and their tangent, the sums of `da`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::sum_axis_jvp(&array![[1.0, 2.0], [3.0, 4.0]], 0, &array![[1.0, 0.0], [1.0, 1.0]]);
/// assert_eq!((y, dy), (array![4.0, 6.0], array![2.0, 1.0]));
/// ```
#[track_caller]
pub fn sum_axis_jvp<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
    da: &Array<T, D>,
) -> (Array<T, D::Smaller>, Array<T, D::Smaller>) {
    check_shape("sum_axis_jvp", "the tangent", a.shape(), da.shape());
    (sum_axis(a, axis), reduce("sum_axis_jvp", da, axis, false))
}

/// The sums and their pullback `ḡ ↦ ḡ` spread along the axis; it keeps the shape.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// let (_, pullback) = ops::sum_axis_pullback(&a, 1);
/// assert_eq!(pullback(&a, array![1.0, 10.0]).0, array![[1.0, 1.0], [10.0, 10.0]]);
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn sum_axis_pullback<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
) -> (
    Array<T, D::Smaller>,
    impl FnOnce(&Array<T, D>, Array<T, D::Smaller>) -> (Array<T, D>,),
) {
    reduce_pullback("sum_axis pullback", a, axis, false)
}

/// The sums (means) over `axis` and their pullback, whose shape check names `op` (the
/// matrix rules `sum_rows` and `sum_cols` are this over axis 0 and 1).
#[track_caller]
#[allow(clippy::type_complexity)]
pub(super) fn reduce_pullback<T: Float + 'static, D: RemoveAxis>(
    op: &'static str,
    a: &Array<T, D>,
    axis: usize,
    mean: bool,
) -> (
    Array<T, D::Smaller>,
    impl FnOnce(&Array<T, D>, Array<T, D::Smaller>) -> (Array<T, D>,),
) {
    let y = reduce(op, a, axis, mean);
    (y, move |a: &Array<T, D>, g| (spread(op, a, axis, g, mean),))
}

/// The means of `a` over axis `axis` (`mean_axis(…).unwrap()` of a non-empty axis).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::mean_axis(&array![[1.0, 2.0], [3.0, 4.0]], 0), array![2.0, 3.0]);
/// ```
#[track_caller]
pub fn mean_axis<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
) -> Array<T, D::Smaller> {
    reduce("mean_axis", a, axis, true)
}

/// The means and their tangent, the means of `da`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::mean_axis_jvp(&array![[1.0, 2.0], [3.0, 4.0]], 0, &array![[1.0, 0.0], [1.0, 1.0]]);
/// assert_eq!((y, dy), (array![2.0, 3.0], array![1.0, 0.5]));
/// ```
#[track_caller]
pub fn mean_axis_jvp<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
    da: &Array<T, D>,
) -> (Array<T, D::Smaller>, Array<T, D::Smaller>) {
    check_shape("mean_axis_jvp", "the tangent", a.shape(), da.shape());
    (mean_axis(a, axis), reduce("mean_axis_jvp", da, axis, true))
}

/// The means and their pullback `ḡ ↦ ḡ / n` spread along the axis of length `n`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// let (_, pullback) = ops::mean_axis_pullback(&a, 0);
/// assert_eq!(pullback(&a, array![1.0, 10.0]).0, array![[0.5, 5.0], [0.5, 5.0]]);
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn mean_axis_pullback<T: Float + 'static, D: RemoveAxis>(
    a: &Array<T, D>,
    axis: usize,
) -> (
    Array<T, D::Smaller>,
    impl FnOnce(&Array<T, D>, Array<T, D::Smaller>) -> (Array<T, D>,),
) {
    reduce_pullback("mean_axis pullback", a, axis, true)
}

for_callers!(sum_axis, sum_axis_jvp, sum_axis_pullback);
for_callers!(mean_axis, mean_axis_jvp, mean_axis_pullback);

/// The part of `a` that `info` selects (`a.slice(s![1..])`, `a.slice(s![.., 0])`), copied.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// assert_eq!(ops::slice(&array![1.0, 2.0, 3.0], s![1..]), array![2.0, 3.0]);
/// ```
#[track_caller]
pub fn slice<T: Float + 'static, D: Dimension, I: SliceArg<D> + Copy>(
    a: &Array<T, D>,
    info: I,
) -> Array<T, I::OutDim> {
    a.slice(info).to_owned()
}

/// The part and its tangent, the same part of `da`.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// let (y, dy) = ops::slice_jvp(&array![1.0, 2.0, 3.0], s![..2], &array![0.5, 0.0, 1.0]);
/// assert_eq!((y, dy), (array![1.0, 2.0], array![0.5, 0.0]));
/// ```
#[track_caller]
pub fn slice_jvp<T: Float + 'static, D: Dimension, I: SliceArg<D> + Copy>(
    a: &Array<T, D>,
    info: I,
    da: &Array<T, D>,
) -> (Array<T, I::OutDim>, Array<T, I::OutDim>) {
    check_shape("slice_jvp", "the tangent", a.shape(), da.shape());
    (slice(a, info), slice(da, info))
}

/// The part and its pullback: the cotangent written into zeros of `a`'s shape, where the
/// part was taken (`ā = 0` elsewhere).
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// let a = array![1.0, 2.0, 3.0];
/// let (_, pullback) = ops::slice_pullback(&a, s![1..]);
/// assert_eq!(pullback(&a, array![5.0, 7.0]).0, array![0.0, 5.0, 7.0]);
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn slice_pullback<T: Float + 'static, D: Dimension, I: SliceArg<D> + Copy>(
    a: &Array<T, D>,
    info: I,
) -> (
    Array<T, I::OutDim>,
    impl FnOnce(&Array<T, D>, Array<T, I::OutDim>) -> (Array<T, D>,),
) {
    let y = slice(a, info);
    (y, move |a: &Array<T, D>, g: Array<T, I::OutDim>| {
        let mut a_bar = Array::zeros(a.raw_dim());
        let mut part = a_bar.slice_mut(info);
        check_shape("slice pullback", "the cotangent", part.shape(), g.shape());
        part.assign(&g);
        (a_bar,)
    })
}

for_callers!(slice, slice_jvp, slice_pullback);

/// `a` with the part `info` selects replaced by `b`: `a.slice_mut(s![.., k..]).assign(&b)`
/// (also `a.row_mut(i).assign(&r)`, `a.column_mut(j).assign(&c)`) written as a value. `b` is
/// broadcast to the part's shape as `assign` broadcasts it (a row into every row of a block,
/// a one-entry array into every entry). With `P` the selection and `E` the broadcast,
/// `Y = (I − PᵀP) A + Pᵀ E(B)`.
///
/// ***Panics*** if `b` cannot be broadcast to the part's shape, naming both shapes.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// let y = ops::slice_assigned(&array![1.0, 2.0, 3.0], s![1..], &array![5.0, 7.0]);
/// assert_eq!(y, array![1.0, 5.0, 7.0]);
/// let m = ops::slice_assigned(&array![[1.0, 2.0], [3.0, 4.0]], s![.., ..], &array![0.5, 0.25]);
/// assert_eq!(m, array![[0.5, 0.25], [0.5, 0.25]]);
/// ```
#[track_caller]
pub fn slice_assigned<T: Float + 'static, D: Dimension, I: SliceArg<D> + Copy, E: Dimension>(
    a: &Array<T, D>,
    info: I,
    b: &Array<T, E>,
) -> Array<T, D> {
    let mut y = a.clone();
    let mut part = y.slice_mut(info);
    let shape = part.raw_dim();
    match b.broadcast(shape) {
        Some(values) => part.assign(&values),
        None => panic!(
            "slice_assigned: values of shape {:?} cannot be broadcast to the part's shape {:?}",
            b.shape(),
            part.shape()
        ),
    }
    y
}

/// The value and its tangent: `Ẏ = (I − PᵀP) Ȧ + Pᵀ E(Ḃ)`, the tangent of `a` with the part
/// replaced by the tangent of `b`.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// let (a, b) = (array![1.0, 2.0, 3.0], array![5.0]);
/// let (_, dy) = ops::slice_assigned_jvp(&a, s![..1], &b, &array![0.5, 1.0, 1.5], &array![2.0]);
/// assert_eq!(dy, array![2.0, 1.0, 1.5]);
/// ```
#[track_caller]
pub fn slice_assigned_jvp<T: Float + 'static, D: Dimension, I: SliceArg<D> + Copy, E: Dimension>(
    a: &Array<T, D>,
    info: I,
    b: &Array<T, E>,
    da: &Array<T, D>,
    db: &Array<T, E>,
) -> (Array<T, D>, Array<T, D>) {
    check_shape("slice_assigned_jvp", "the tangent", a.shape(), da.shape());
    check_shape("slice_assigned_jvp", "the tangent", b.shape(), db.shape());
    (slice_assigned(a, info, b), slice_assigned(da, info, db))
}

/// The value and its pullback: `Ā = (I − PᵀP) G`, the cotangent with the part zeroed (those
/// entries of `a` were overwritten), and `B̄ = Eᵀ P G`, the part of the cotangent summed over
/// the axes `b` was broadcast along.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, s}, ops};
/// let (a, b) = (array![1.0, 2.0, 3.0], array![5.0, 7.0]);
/// let (_, pullback) = ops::slice_assigned_pullback(&a, s![1..], &b);
/// let (a_bar, b_bar) = pullback(&a, &b, array![0.5, 1.0, 1.5]);
/// assert_eq!((a_bar, b_bar), (array![0.5, 0.0, 0.0], array![1.0, 1.5]));
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn slice_assigned_pullback<
    T: Float + 'static,
    D: Dimension,
    I: SliceArg<D> + Copy,
    E: Dimension,
>(
    a: &Array<T, D>,
    info: I,
    b: &Array<T, E>,
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, &Array<T, E>, Array<T, D>) -> (Array<T, D>, Array<T, E>),
) {
    let y = slice_assigned(a, info, b);
    let shape = a.shape().to_vec();
    let b_dim = b.raw_dim();
    (
        y,
        move |_: &Array<T, D>, _: &Array<T, E>, mut g: Array<T, D>| {
            check_shape(
                "slice_assigned pullback",
                "the cotangent",
                &shape,
                g.shape(),
            );
            let part = g.slice(info).to_owned();
            g.slice_mut(info).fill(T::zero());
            (g, super::unbroadcast(part, &b_dim))
        },
    )
}

for_callers!(slice_assigned, slice_assigned_jvp, slice_assigned_pullback);
