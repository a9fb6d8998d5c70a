//! `array1_of(v)`: a sequence of floats as an `Array1`, what `Array1::from(v)`,
//! `Array1::from_vec(v)` and `Array::from(v)` of a `Vec` are under `#[differentiate]`; and
//! `array2_of(v, rows, cols)`, what `Array2::from_shape_vec((rows, cols), v).unwrap()` is.
//!
//! The conversion moves no entry: the tangent is the tangent converted, and the cotangent
//! of the sequence is the array's cotangent read back as a `Vec` (in row-major order, the
//! order `from_shape_vec` reads `v` in).

use ndarray::{Array1, Array2};
use num_traits::Float;

/// The entries of `v` as an `Array1`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::array1_of(&[1.0, 2.0]), array![1.0, 2.0]);
/// ```
pub fn array1_of<T: Float>(v: &[T]) -> Array1<T> {
    Array1::from(v.to_vec())
}

/// The array and its tangent.
///
/// ***Panics*** if the tangent's length differs from `v`'s, naming both.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::array1_of_jvp(&[1.0, 2.0], &[0.5, 0.0]);
/// assert_eq!((y, dy), (array![1.0, 2.0], array![0.5, 0.0]));
/// ```
#[track_caller]
pub fn array1_of_jvp<T: Float>(v: &[T], v_dot: &[T]) -> (Array1<T>, Array1<T>) {
    assert_eq!(
        v.len(),
        v_dot.len(),
        "array1_of_jvp: the tangent has {} entries, the value {}",
        v_dot.len(),
        v.len()
    );
    (array1_of(v), array1_of(v_dot))
}

vjp! {
    /// The array and the sequence's cotangent: `ȳ`'s entries.
    #[track_caller]
    pub fn array1_of_vjp<T: Float>(v: &[T]; dout: Array1<T>)
        -> (v_bar: Vec<T>) by array1_of_pullback(v);
    example: (&[1.0, 2.0], array![3.0, 4.0])
        gives vec![3.0, 4.0];
}

/// The array and its pullback `(v, ȳ) ↦ (ȳ's entries,)`.
///
/// ***Panics*** (the pullback) if `ȳ`'s length differs from `v`'s, naming both.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, pb) = ops::array1_of_pullback(&[1.0]);
/// assert_eq!(pb(&[1.0], array![2.0]), (vec![2.0],));
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn array1_of_pullback<T: Float>(
    v: &[T],
) -> (Array1<T>, impl FnOnce(&[T], Array1<T>) -> (Vec<T>,)) {
    let pullback = |v: &[T], g: Array1<T>| {
        assert_eq!(
            v.len(),
            g.len(),
            "array1_of pullback: the cotangent has {} entries, the value {}",
            g.len(),
            v.len()
        );
        (g.to_vec(),)
    };
    (array1_of(v), pullback)
}

/// The entry points of generated callers (see `for_callers!`): the sequence's cotangent is
/// added into the accumulator the caller lends (as for `rows_of`).
#[doc(hidden)]
pub mod array1_of {
    use ndarray::Array1;
    use num_traits::Float;

    pub use super::array1_of_jvp as jvp_all;
    pub use crate::saved::unreported as saved_all;

    /// [`array1_of_pullback`](super::array1_of_pullback), adding the cotangent into the
    /// accumulator its caller lends.
    #[track_caller]
    #[allow(clippy::type_complexity)]
    pub fn pullback_all<T: Float>(
        v: &[T],
    ) -> (Array1<T>, impl FnOnce(&[T], Array1<T>, Vec<T>) -> (Vec<T>,)) {
        let (y, pullback) = super::array1_of_pullback(v);
        let pullback = move |v: &[T], dout: Array1<T>, acc: Vec<T>| {
            let (g,) = pullback(v, dout);
            (crate::support::accumulate(acc, g),)
        };
        (y, pullback)
    }

    pub use pullback_all as dual_pullback_all;
}

/// The entries of `v` as a `rows × cols` matrix, row by row.
///
/// ***Panics*** if `v` does not hold `rows · cols` entries, naming both (as
/// `from_shape_vec(…).unwrap()` does).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::array2_of(&[1.0, 2.0, 3.0, 4.0], 2, 2), array![[1.0, 2.0], [3.0, 4.0]]);
/// ```
#[track_caller]
pub fn array2_of<T: Float>(v: &[T], rows: usize, cols: usize) -> Array2<T> {
    assert_eq!(
        v.len(),
        rows * cols,
        "array2_of: {} entries cannot fill a {rows} × {cols} matrix",
        v.len()
    );
    Array2::from_shape_vec((rows, cols), v.to_vec()).expect("rows · cols entries")
}

/// The matrix and its tangent.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, dy) = ops::array2_of_jvp(&[1.0, 2.0], 1, 2, &[0.5, 0.0]);
/// assert_eq!(dy, array![[0.5, 0.0]]);
/// ```
#[track_caller]
pub fn array2_of_jvp<T: Float>(
    v: &[T],
    rows: usize,
    cols: usize,
    v_dot: &[T],
) -> (Array2<T>, Array2<T>) {
    (array2_of(v, rows, cols), array2_of(v_dot, rows, cols))
}

vjp! {
    /// The matrix and the sequence's cotangent: `ȳ`'s entries, row by row.
    #[track_caller]
    pub fn array2_of_vjp<T: Float>(v: &[T], rows: usize, cols: usize; dout: Array2<T>)
        -> (v_bar: Vec<T>) by array2_of_pullback(v);
    example: (&[1.0, 2.0], 2, 1, array![[3.0], [4.0]])
        gives vec![3.0, 4.0];
}

/// The matrix and its pullback `(v, ȳ) ↦ (ȳ's entries row by row,)`.
///
/// ***Panics*** (the pullback) if `ȳ`'s shape differs from the matrix's, naming both.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, pb) = ops::array2_of_pullback(&[1.0, 2.0], 1, 2);
/// assert_eq!(pb(&[1.0, 2.0], array![[5.0, 6.0]]), (vec![5.0, 6.0],));
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn array2_of_pullback<T: Float>(
    v: &[T],
    rows: usize,
    cols: usize,
) -> (Array2<T>, impl FnOnce(&[T], Array2<T>) -> (Vec<T>,)) {
    let pullback = move |_: &[T], g: Array2<T>| {
        assert_eq!(
            g.dim(),
            (rows, cols),
            "array2_of pullback: the cotangent is {:?}, the value ({rows}, {cols})",
            g.dim()
        );
        (g.iter().copied().collect(),)
    };
    (array2_of(v, rows, cols), pullback)
}

/// The entry points of generated callers (see `for_callers!`): the sequence's cotangent is
/// added into the accumulator the caller lends.
#[doc(hidden)]
pub mod array2_of {
    use ndarray::Array2;
    use num_traits::Float;

    pub use super::array2_of_jvp as jvp_all;
    pub use crate::saved::unreported as saved_all;

    /// [`array2_of_pullback`](super::array2_of_pullback), adding the cotangent into the
    /// accumulator its caller lends.
    #[track_caller]
    #[allow(clippy::type_complexity)]
    pub fn pullback_all<T: Float>(
        v: &[T],
        rows: usize,
        cols: usize,
    ) -> (Array2<T>, impl FnOnce(&[T], Array2<T>, Vec<T>) -> (Vec<T>,)) {
        let (y, pullback) = super::array2_of_pullback(v, rows, cols);
        let pullback = move |v: &[T], dout: Array2<T>, acc: Vec<T>| {
            let (g,) = pullback(v, dout);
            (crate::support::accumulate(acc, g),)
        };
        (y, pullback)
    }

    pub use pullback_all as dual_pullback_all;
}
