//! `row(a, i)`, `column(a, j)` and `index_axis(a, axis, k)`: one line of a matrix, as
//! `a.row(i)`, `a.column(j)` and `a.index_axis(axis, k)` read it (copied out of the matrix,
//! since a rule returns an owned array).
//!
//! Selecting row `i` is `y = eᵢᵀ A`, linear in `A`: the tangent is row `i` of the tangent,
//! and `dL = ⟨ḡ, eᵢᵀ dA⟩` gives `Ā = eᵢ ḡᵀ`, the cotangent written into row `i` of a zero
//! matrix (a column likewise). The index is an integer: no tangent, no cotangent.

use super::check_shape;
use ndarray::{Array1, Array2, Axis};
use num_traits::Float;

#[track_caller]
fn check_line(op: &str, a: &Array2<impl Sized>, axis: Axis, k: usize) {
    let what = if axis == Axis(0) { "row" } else { "column" };
    assert!(
        k < a.len_of(axis),
        "{op}: {what} {k} is out of range for shape {:?}",
        a.shape()
    );
}

fn line<T: Float + 'static>(op: &str, a: &Array2<T>, axis: Axis, k: usize) -> Array1<T> {
    check_line(op, a, axis, k);
    a.index_axis(axis, k).to_owned()
}

fn line_pullback<T: Float + 'static>(
    op: &'static str,
    a: &Array2<T>,
    axis: Axis,
    k: usize,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    let y = line(op, a, axis, k);
    let shape = a.dim();
    let pullback = move |a: &Array2<T>, g: Array1<T>| {
        check_shape(op, "the matrix", &[shape.0, shape.1], a.shape());
        check_shape(
            op,
            "the cotangent",
            &[a.len_of(Axis(1 - axis.index()))],
            g.shape(),
        );
        let mut a_bar = Array2::zeros(shape);
        a_bar.index_axis_mut(axis, k).assign(&g);
        (a_bar,)
    };
    (y, pullback)
}

/// Row `i` of a matrix, as a new vector.
///
/// ***Panics*** if `i` is out of range, naming the shape.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::row(&array![[1.0, 2.0], [3.0, 4.0]], 1), array![3.0, 4.0]);
/// ```
#[track_caller]
pub fn row<T: Float + 'static>(a: &Array2<T>, i: usize) -> Array1<T> {
    line("row", a, Axis(0), i)
}

/// `d(row i of A) = row i of dA`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::row_jvp(&array![[1.0, 2.0]], 0, &array![[0.5, 0.0]]);
/// assert_eq!((y, dy), (array![1.0, 2.0], array![0.5, 0.0]));
/// ```
#[track_caller]
pub fn row_jvp<T: Float + 'static>(
    a: &Array2<T>,
    i: usize,
    da: &Array2<T>,
) -> (Array1<T>, Array1<T>) {
    check_shape("row_jvp", "the tangent", a.shape(), da.shape());
    (row(a, i), line("row_jvp", da, Axis(0), i))
}

vjp! {
    /// `Ā = eᵢ ḡᵀ`.
    pub fn row_vjp<T: Float + 'static>(a: &Array2<T>, i: usize; dout: Array1<T>)
        -> (a_bar: Array2<T>) by row_pullback(a);
    example: (&array![[1.0, 2.0], [3.0, 4.0]], 1, array![5.0, 6.0])
        gives array![[0.0, 0.0], [5.0, 6.0]];
}

/// The row and its pullback `(A, ḡ) ↦ (eᵢ ḡᵀ,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// let (y, pb) = ops::row_pullback(&a, 0);
/// assert_eq!((y, pb(&a, array![1.0, 1.0])), (array![1.0, 2.0], (array![[1.0, 1.0], [0.0, 0.0]],)));
/// ```
#[track_caller]
pub fn row_pullback<T: Float + 'static>(
    a: &Array2<T>,
    i: usize,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    line_pullback("row", a, Axis(0), i)
}

for_callers!(row, row_jvp, row_pullback);

/// Column `j` of a matrix, as a new vector.
///
/// ***Panics*** if `j` is out of range, naming the shape.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::column(&array![[1.0, 2.0], [3.0, 4.0]], 1), array![2.0, 4.0]);
/// ```
#[track_caller]
pub fn column<T: Float + 'static>(a: &Array2<T>, j: usize) -> Array1<T> {
    line("column", a, Axis(1), j)
}

/// `d(column j of A) = column j of dA`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::column_jvp(&array![[1.0], [2.0]], 0, &array![[0.5], [0.0]]);
/// assert_eq!((y, dy), (array![1.0, 2.0], array![0.5, 0.0]));
/// ```
#[track_caller]
pub fn column_jvp<T: Float + 'static>(
    a: &Array2<T>,
    j: usize,
    da: &Array2<T>,
) -> (Array1<T>, Array1<T>) {
    check_shape("column_jvp", "the tangent", a.shape(), da.shape());
    (column(a, j), line("column_jvp", da, Axis(1), j))
}

vjp! {
    /// `Ā = ḡ eⱼᵀ`.
    pub fn column_vjp<T: Float + 'static>(a: &Array2<T>, j: usize; dout: Array1<T>)
        -> (a_bar: Array2<T>) by column_pullback(a);
    example: (&array![[1.0, 2.0], [3.0, 4.0]], 0, array![5.0, 6.0])
        gives array![[5.0, 0.0], [6.0, 0.0]];
}

/// The column and its pullback `(A, ḡ) ↦ (ḡ eⱼᵀ,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// let (y, pb) = ops::column_pullback(&a, 1);
/// assert_eq!((y, pb(&a, array![1.0, 1.0]).0), (array![2.0, 4.0], array![[0.0, 1.0], [0.0, 1.0]]));
/// ```
#[track_caller]
pub fn column_pullback<T: Float + 'static>(
    a: &Array2<T>,
    j: usize,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    line_pullback("column", a, Axis(1), j)
}

for_callers!(column, column_jvp, column_pullback);

/// Line `k` along `axis` of a matrix (`Axis(0)`: row `k`; `Axis(1)`: column `k`), as a new
/// vector: `a.index_axis(axis, k)`, with the axis known only at run time (a parameter), and
/// the lanes `a.map_axis(axis, f)` maps.
///
/// ***Panics*** if `k` is out of range, naming the shape.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, Axis}, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!(ops::index_axis(&a, Axis(0), 1), array![3.0, 4.0]);
/// assert_eq!(ops::index_axis(&a, Axis(1), 1), array![2.0, 4.0]);
/// ```
#[track_caller]
pub fn index_axis<T: Float + 'static>(a: &Array2<T>, axis: Axis, k: usize) -> Array1<T> {
    check_axis("index_axis", axis);
    line("index_axis", a, axis, k)
}

#[track_caller]
fn check_axis(op: &str, axis: Axis) {
    assert!(
        axis.index() < 2,
        "{op}: axis {} of a matrix, which has two (0 and 1)",
        axis.index()
    );
}

/// `d(line k along axis of A) = line k along axis of dA`.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, Axis}, ops};
/// let (y, dy) = ops::index_axis_jvp(&array![[1.0], [2.0]], Axis(1), 0, &array![[0.5], [0.0]]);
/// assert_eq!((y, dy), (array![1.0, 2.0], array![0.5, 0.0]));
/// ```
#[track_caller]
pub fn index_axis_jvp<T: Float + 'static>(
    a: &Array2<T>,
    axis: Axis,
    k: usize,
    da: &Array2<T>,
) -> (Array1<T>, Array1<T>) {
    check_shape("index_axis_jvp", "the tangent", a.shape(), da.shape());
    (index_axis(a, axis, k), line("index_axis_jvp", da, axis, k))
}

vjp! {
    /// `Ā` is `ḡ` written into line `k` along `axis` of a zero matrix.
    #[track_caller]
    pub fn index_axis_vjp<T: Float + 'static>(a: &Array2<T>, axis: Axis, k: usize; dout: Array1<T>)
        -> (a_bar: Array2<T>) by index_axis_pullback(a);
    example using Axis: (&array![[1.0, 2.0], [3.0, 4.0]], Axis(0), 1, array![5.0, 6.0])
        gives array![[0.0, 0.0], [5.0, 6.0]];
}

/// The line and its pullback `(A, ḡ) ↦ (ḡ written into line k along axis,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::{array, Axis}, ops};
/// let a = array![[1.0, 2.0], [3.0, 4.0]];
/// let (y, pb) = ops::index_axis_pullback(&a, Axis(1), 0);
/// assert_eq!((y, pb(&a, array![1.0, 1.0]).0), (array![1.0, 3.0], array![[1.0, 0.0], [1.0, 0.0]]));
/// ```
#[track_caller]
pub fn index_axis_pullback<T: Float + 'static>(
    a: &Array2<T>,
    axis: Axis,
    k: usize,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, Array1<T>) -> (Array2<T>,),
) {
    check_axis("index_axis", axis);
    line_pullback("index_axis", a, axis, k)
}

for_callers!(index_axis, index_axis_jvp, index_axis_pullback);
