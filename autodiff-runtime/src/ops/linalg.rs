//! `matmul` and `transpose`. GEMMs go through ndarray's `dot` (matrixmultiply for `f32` and
//! `f64`), transposes are views: no hand-written loops.

use super::check_shape;
use ndarray::Array2;
use num_traits::Float;

#[track_caller]
fn check_matmul(op: &str, a: &Array2<impl Sized>, b: &Array2<impl Sized>) {
    assert!(
        a.ncols() == b.nrows(),
        "{op}: shapes {:?} and {:?} are not compatible for matrix multiplication ({} columns, {} rows)",
        a.shape(),
        b.shape(),
        a.ncols(),
        b.nrows()
    );
}

/// The matrix product `Y = A B` of an `m×k` and a `k×n` matrix.
///
/// ***Panics*** if the inner dimensions differ, naming both shapes.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let y = ops::matmul(&array![[1.0, 2.0]], &array![[3.0], [4.0]]);
/// assert_eq!(y, array![[11.0]]);
/// ```
#[track_caller]
pub fn matmul<T: Float + 'static>(a: &Array2<T>, b: &Array2<T>) -> Array2<T> {
    check_matmul("matmul", a, b);
    a.dot(b)
}

/// `dY = dA B + A dB`.
///
/// ***Panics*** on incompatible shapes, naming them.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, b) = (array![[1.0, 2.0]], array![[3.0], [4.0]]);
/// let (y, dy) = ops::matmul_jvp(&a, &b, &array![[1.0, 0.0]], &array![[0.0], [0.0]]);
/// assert_eq!((y, dy), (array![[11.0]], array![[3.0]]));
/// ```
#[track_caller]
pub fn matmul_jvp<T: Float + 'static>(
    a: &Array2<T>,
    b: &Array2<T>,
    da: &Array2<T>,
    db: &Array2<T>,
) -> (Array2<T>, Array2<T>) {
    check_shape("matmul_jvp", "the tangent of a", a.shape(), da.shape());
    check_shape("matmul_jvp", "the tangent of b", b.shape(), db.shape());
    let y = matmul(a, b);
    let mut dy = da.dot(b);
    ndarray::linalg::general_mat_mul(T::one(), a, db, T::one(), &mut dy);
    (y, dy)
}

/// `Ā = G Bᵀ`, `B̄ = Aᵀ G` (from `dL = tr(Gᵀ (dA B + A dB))`).
///
/// ***Panics*** on incompatible shapes, naming them.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, b) = (array![[1.0, 2.0]], array![[3.0], [4.0]]);
/// let (_, a_bar, b_bar) = ops::matmul_vjp(&a, &b, array![[1.0]]);
/// assert_eq!((a_bar, b_bar), (array![[3.0, 4.0]], array![[1.0], [2.0]]));
/// ```
#[track_caller]
pub fn matmul_vjp<T: Float + 'static>(
    a: &Array2<T>,
    b: &Array2<T>,
    dout: Array2<T>,
) -> (Array2<T>, Array2<T>, Array2<T>) {
    let (y, pullback) = matmul_pullback(a, b);
    let (a_bar, b_bar) = pullback(a, b, dout);
    (y, a_bar, b_bar)
}

/// The value and the pullback `(a, b, G) ↦ (G Bᵀ, Aᵀ G)`; it keeps nothing (`a` and `b` are
/// passed to it again).
///
/// ***Panics*** on incompatible shapes, naming them (the pullback too, for `G`).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, b) = (array![[1.0, 2.0]], array![[3.0], [4.0]]);
/// let (y, pb) = ops::matmul_pullback(&a, &b);
/// let (a_bar, _) = pb(&a, &b, array![[2.0]]);
/// assert_eq!((y, a_bar), (array![[11.0]], array![[6.0, 8.0]]));
/// ```
#[track_caller]
pub fn matmul_pullback<T: Float + 'static>(
    a: &Array2<T>,
    b: &Array2<T>,
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, &Array2<T>, Array2<T>) -> (Array2<T>, Array2<T>),
) {
    let y = matmul(a, b);
    let shape = [a.nrows(), b.ncols()];
    let pullback = move |a: &Array2<T>, b: &Array2<T>, g: Array2<T>| {
        check_shape("matmul pullback", "the cotangent", &shape, g.shape());
        (g.dot(&b.t()), a.t().dot(&g))
    };
    (y, pullback)
}

for_callers!(matmul, matmul_jvp, matmul_pullback);

/// `Aᵀ`, as a new array in standard (row-major) layout.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::transpose(&array![[1.0, 2.0]]), array![[1.0], [2.0]]);
/// ```
pub fn transpose<T: Float + 'static>(a: &Array2<T>) -> Array2<T> {
    a.t().as_standard_layout().into_owned()
}

/// `d(Aᵀ) = (dA)ᵀ`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (y, dy) = ops::transpose_jvp(&array![[1.0, 2.0]], &array![[3.0, 4.0]]);
/// assert_eq!((y, dy), (array![[1.0], [2.0]], array![[3.0], [4.0]]));
/// ```
#[track_caller]
pub fn transpose_jvp<T: Float + 'static>(a: &Array2<T>, da: &Array2<T>) -> (Array2<T>, Array2<T>) {
    check_shape("transpose_jvp", "the tangent", a.shape(), da.shape());
    (transpose(a), transpose(da))
}

/// `Ā = Gᵀ`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, a_bar) = ops::transpose_vjp(&array![[1.0, 2.0]], array![[3.0], [4.0]]);
/// assert_eq!(a_bar, array![[3.0, 4.0]]);
/// ```
#[track_caller]
pub fn transpose_vjp<T: Float + 'static>(a: &Array2<T>, dout: Array2<T>) -> (Array2<T>, Array2<T>) {
    let (y, pullback) = transpose_pullback(a);
    let (a_bar,) = pullback(a, dout);
    (y, a_bar)
}

/// The value and the pullback `(a, G) ↦ (Gᵀ,)`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0]];
/// let (_, pb) = ops::transpose_pullback(&a);
/// assert_eq!(pb(&a, array![[5.0], [6.0]]), (array![[5.0, 6.0]],));
/// ```
pub fn transpose_pullback<T: Float + 'static>(
    a: &Array2<T>,
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, Array2<T>) -> (Array2<T>,),
) {
    let y = transpose(a);
    let pullback = |a: &Array2<T>, g: Array2<T>| {
        check_shape(
            "transpose pullback",
            "the cotangent",
            &[a.ncols(), a.nrows()],
            g.shape(),
        );
        (transpose(&g),)
    };
    (y, pullback)
}

for_callers!(transpose, transpose_jvp, transpose_pullback);
