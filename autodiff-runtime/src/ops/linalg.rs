//! `matmul` and `transpose`. GEMMs go through ndarray's `dot` (matrixmultiply for `f32` and
//! `f64`), transposes are views: no hand-written loops.

use super::check_shape;
use ndarray::{Array1, Array2};
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

vjp! {
    /// `Ā = G Bᵀ`, `B̄ = Aᵀ G` (from `dL = tr(Gᵀ (dA B + A dB))`).
    ///
    /// ***Panics*** on incompatible shapes, naming them.
    #[track_caller]
    pub fn matmul_vjp<T: Float + 'static>(a: &Array2<T>, b: &Array2<T>; dout: Array2<T>)
        -> (a_bar: Array2<T>, b_bar: Array2<T>) by matmul_pullback(a, b);
    example: (&array![[1.0, 2.0]], &array![[3.0], [4.0]], array![[1.0]])
        gives (array![[3.0, 4.0]], array![[1.0], [2.0]]);
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
        matmul_cotangents(a, b, &g)
    };
    (y, pullback)
}

for_callers!(matmul, matmul_jvp, matmul_pullback);

#[track_caller]
fn check_lengths(op: &str, a: &[usize], b: &[usize]) {
    assert!(
        a == b,
        "{op}: shapes {a:?} and {b:?} are not compatible for a dot product (lengths differ)"
    );
}

/// The dot product `⟨a, b⟩ = Σᵢ aᵢ bᵢ` of two vectors (`a.dot(&b)` on `Array1`s).
///
/// ***Panics*** if the lengths differ, naming both shapes.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::dot(&array![1.0, 2.0], &array![3.0, 4.0]), 11.0);
/// ```
#[track_caller]
pub fn dot<T: Float + 'static>(a: &Array1<T>, b: &Array1<T>) -> T {
    check_lengths("dot", a.shape(), b.shape());
    a.dot(b)
}

/// `d⟨a, b⟩ = ⟨da, b⟩ + ⟨a, db⟩`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, b) = (array![1.0, 2.0], array![3.0, 4.0]);
/// assert_eq!(ops::dot_jvp(&a, &b, &array![1.0, 0.0], &array![0.0, 1.0]), (11.0, 5.0));
/// ```
#[track_caller]
pub fn dot_jvp<T: Float + 'static>(
    a: &Array1<T>,
    b: &Array1<T>,
    da: &Array1<T>,
    db: &Array1<T>,
) -> (T, T) {
    check_shape("dot_jvp", "the tangent of a", a.shape(), da.shape());
    check_shape("dot_jvp", "the tangent of b", b.shape(), db.shape());
    (dot(a, b), da.dot(b) + a.dot(db))
}

vjp! {
    /// `ā = ḡ b`, `b̄ = ḡ a`.
    pub fn dot_vjp<T: Float + 'static>(a: &Array1<T>, b: &Array1<T>; dout: T)
        -> (a_bar: Array1<T>, b_bar: Array1<T>) by dot_pullback(a, b);
    example: (&array![1.0, 2.0], &array![3.0, 4.0], 2.0)
        gives (array![6.0, 8.0], array![2.0, 4.0]);
}

/// The dot product and its pullback `(a, b, ḡ) ↦ (ḡ b, ḡ a)`; it keeps nothing.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, b) = (array![1.0, 2.0], array![3.0, 4.0]);
/// let (y, pb) = ops::dot_pullback(&a, &b);
/// assert_eq!((y, pb(&a, &b, 1.0)), (11.0, (array![3.0, 4.0], array![1.0, 2.0])));
/// ```
#[track_caller]
pub fn dot_pullback<T: Float + 'static>(
    a: &Array1<T>,
    b: &Array1<T>,
) -> (
    T,
    impl FnOnce(&Array1<T>, &Array1<T>, T) -> (Array1<T>, Array1<T>),
) {
    let y = dot(a, b);
    let pullback = |a: &Array1<T>, b: &Array1<T>, g: T| dot_cotangents(a, b, g);
    (y, pullback)
}

for_callers!(dot, dot_jvp, dot_pullback);

/// The product `y = A x` of an `m×n` matrix and a vector of length `n` (`a.dot(&x)` on an
/// `Array2` and an `Array1`).
///
/// ***Panics*** if `A` has not as many columns as `x` has elements, naming both shapes.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// assert_eq!(ops::matvec(&array![[1.0, 2.0], [0.0, 1.0]], &array![3.0, 4.0]), array![11.0, 4.0]);
/// ```
#[track_caller]
pub fn matvec<T: Float + 'static>(a: &Array2<T>, x: &Array1<T>) -> Array1<T> {
    assert!(
        a.ncols() == x.len(),
        "matvec: shapes {:?} and {:?} are not compatible for a matrix-vector product ({} columns, {} elements)",
        a.shape(),
        x.shape(),
        a.ncols(),
        x.len()
    );
    a.dot(x)
}

/// `dy = dA x + A dx`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, x) = (array![[1.0, 2.0]], array![3.0, 4.0]);
/// let (y, dy) = ops::matvec_jvp(&a, &x, &array![[1.0, 0.0]], &array![0.0, 1.0]);
/// assert_eq!((y, dy), (array![11.0], array![3.0 + 2.0]));
/// ```
#[track_caller]
pub fn matvec_jvp<T: Float + 'static>(
    a: &Array2<T>,
    x: &Array1<T>,
    da: &Array2<T>,
    dx: &Array1<T>,
) -> (Array1<T>, Array1<T>) {
    check_shape("matvec_jvp", "the tangent of a", a.shape(), da.shape());
    check_shape("matvec_jvp", "the tangent of x", x.shape(), dx.shape());
    (matvec(a, x), da.dot(x) + a.dot(dx))
}

vjp! {
    /// `Ā = ḡ xᵀ`, `x̄ = Aᵀ ḡ`.
    pub fn matvec_vjp<T: Float + 'static>(a: &Array2<T>, x: &Array1<T>; dout: Array1<T>)
        -> (a_bar: Array2<T>, x_bar: Array1<T>) by matvec_pullback(a, x);
    example: (&array![[1.0, 2.0]], &array![3.0, 4.0], array![2.0])
        gives (array![[6.0, 8.0]], array![2.0, 4.0]);
}

/// The product and its pullback `(A, x, ḡ) ↦ (ḡ xᵀ, Aᵀ ḡ)`; it keeps nothing.
///
/// ***Panics*** on incompatible shapes, naming them (the pullback too, for `ḡ`).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (a, x) = (array![[1.0, 2.0]], array![3.0, 4.0]);
/// let (y, pb) = ops::matvec_pullback(&a, &x);
/// assert_eq!(pb(&a, &x, array![1.0]).1, array![1.0, 2.0]);
/// ```
#[track_caller]
pub fn matvec_pullback<T: Float + 'static>(
    a: &Array2<T>,
    x: &Array1<T>,
) -> (
    Array1<T>,
    impl FnOnce(&Array2<T>, &Array1<T>, Array1<T>) -> (Array2<T>, Array1<T>),
) {
    let y = matvec(a, x);
    let rows = [a.nrows()];
    let pullback = move |a: &Array2<T>, x: &Array1<T>, g: Array1<T>| {
        check_shape("matvec pullback", "the cotangent", &rows, g.shape());
        matvec_cotangents(a, x, &g)
    };
    (y, pullback)
}

for_callers!(matvec, matvec_jvp, matvec_pullback);

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

vjp! {
    /// `Ā = Gᵀ`.
    #[track_caller]
    pub fn transpose_vjp<T: Float + 'static>(a: &Array2<T>; dout: Array2<T>)
        -> (a_bar: Array2<T>) by transpose_pullback(a);
    example: (&array![[1.0, 2.0]], array![[3.0], [4.0]])
        gives array![[3.0, 4.0]];
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

/// `Ā = G Bᵀ`, `B̄ = Aᵀ G` for `Y = A B` (the trace trick, `dL = tr(Gᵀ dY)`).
pub(super) fn matmul_cotangents<T: Float + 'static>(
    a: &Array2<T>,
    b: &Array2<T>,
    g: &Array2<T>,
) -> (Array2<T>, Array2<T>) {
    (g.dot(&b.t()), a.t().dot(g))
}

/// `Ā = ḡ xᵀ`, `x̄ = Aᵀ ḡ` for `y = A x`.
pub(super) fn matvec_cotangents<T: Float + 'static>(
    a: &Array2<T>,
    x: &Array1<T>,
    g: &Array1<T>,
) -> (Array2<T>, Array1<T>) {
    (outer(g, x), a.t().dot(g))
}

/// `ā = ḡ b`, `b̄ = ḡ a` for `y = ⟨a, b⟩`.
pub(super) fn dot_cotangents<T: Float + 'static>(
    a: &Array1<T>,
    b: &Array1<T>,
    g: T,
) -> (Array1<T>, Array1<T>) {
    (b.mapv(|v| g * v), a.mapv(|v| g * v))
}

/// The outer product `u vᵀ`, as an (m×1)(1×n) product.
pub(super) fn outer<T: Float + 'static>(u: &Array1<T>, v: &Array1<T>) -> Array2<T> {
    let column = u.view().insert_axis(ndarray::Axis(1));
    column.dot(&v.view().insert_axis(ndarray::Axis(0)))
}
