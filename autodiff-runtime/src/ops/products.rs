//! `a.dot(b)` where the ranks are not written where the product is: a field (`self.w.dot(x)`)
//! or a call's result (`rotation(angle).dot(&v)`). The attribute cannot see their types, so
//! it calls [`product`], and rustc picks the product by the operands' types through
//! [`Product`]: a matrix product, a matrix–vector or vector–matrix product, or the dot
//! product of two vectors, each with the rule of its own (`matmul`, `matvec`, `dot`).
//!
//! For `Y = A B` with a cotangent `G` of `Y` (the trace trick, `dL = tr(Gᵀ dY)`):
//! `Ā = G Bᵀ`, `B̄ = Aᵀ G`, which for a vector operand `x` reads as an outer product
//! (`Ā = g xᵀ` for `y = A x`) or a product with the transpose (`ā = B g` for `y = aᵀ B`).

use super::linalg::{dot_cotangents, matmul_cotangents, matvec_cotangents, outer};
use super::{dot, dot_jvp, matmul, matmul_jvp, matvec, matvec_jvp};
use ndarray::{Array1, Array2};
use num_traits::Float;

/// A product `self · b` whose result type follows the operands' (as ndarray's `dot`).
pub trait Product<B>: Sized {
    /// The result: a matrix, a vector, or a float.
    type Output;
    /// The product.
    fn product(&self, b: &B) -> Self::Output;
    /// The product and its tangent `da · b + a · db`.
    fn product_jvp(&self, b: &B, da: &Self, db: &B) -> (Self::Output, Self::Output);
    /// The cotangents of both operands for the cotangent `g` of the product.
    fn product_cotangents(&self, b: &B, g: Self::Output) -> (Self, B);
}

impl<T: Float + 'static> Product<Array2<T>> for Array2<T> {
    type Output = Array2<T>;
    fn product(&self, b: &Array2<T>) -> Array2<T> {
        matmul(self, b)
    }
    fn product_jvp(&self, b: &Array2<T>, da: &Self, db: &Array2<T>) -> (Array2<T>, Array2<T>) {
        matmul_jvp(self, b, da, db)
    }
    fn product_cotangents(&self, b: &Array2<T>, g: Array2<T>) -> (Self, Array2<T>) {
        matmul_cotangents(self, b, &g)
    }
}

impl<T: Float + 'static> Product<Array1<T>> for Array2<T> {
    type Output = Array1<T>;
    fn product(&self, x: &Array1<T>) -> Array1<T> {
        matvec(self, x)
    }
    fn product_jvp(&self, x: &Array1<T>, da: &Self, dx: &Array1<T>) -> (Array1<T>, Array1<T>) {
        matvec_jvp(self, x, da, dx)
    }
    fn product_cotangents(&self, x: &Array1<T>, g: Array1<T>) -> (Self, Array1<T>) {
        matvec_cotangents(self, x, &g)
    }
}

impl<T: Float + 'static> Product<Array2<T>> for Array1<T> {
    type Output = Array1<T>;
    fn product(&self, b: &Array2<T>) -> Array1<T> {
        assert!(
            self.len() == b.nrows(),
            "product: shapes {:?} and {:?} are not compatible for a vector-matrix product ({} elements, {} rows)",
            self.shape(),
            b.shape(),
            self.len(),
            b.nrows()
        );
        self.dot(b)
    }
    fn product_jvp(&self, b: &Array2<T>, da: &Self, db: &Array2<T>) -> (Array1<T>, Array1<T>) {
        super::check_shape("product_jvp", "the tangent of a", self.shape(), da.shape());
        super::check_shape("product_jvp", "the tangent of b", b.shape(), db.shape());
        (self.product(b), da.dot(b) + self.dot(db))
    }
    fn product_cotangents(&self, b: &Array2<T>, g: Array1<T>) -> (Self, Array2<T>) {
        (b.dot(&g), outer(self, &g))
    }
}

impl<T: Float + 'static> Product<Array1<T>> for Array1<T> {
    type Output = T;
    fn product(&self, b: &Array1<T>) -> T {
        dot(self, b)
    }
    fn product_jvp(&self, b: &Array1<T>, da: &Self, db: &Array1<T>) -> (T, T) {
        dot_jvp(self, b, da, db)
    }
    fn product_cotangents(&self, b: &Array1<T>, g: T) -> (Self, Array1<T>) {
        dot_cotangents(self, b, g)
    }
}

/// `a.dot(b)` by the operands' types: a matrix product, a matrix–vector or a
/// vector–matrix product, or a dot product.
///
/// ***Panics*** on incompatible shapes, naming both.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![[1.0, 2.0], [0.0, 1.0]];
/// assert_eq!(ops::product(&a, &array![3.0, 4.0]), array![11.0, 4.0]);
/// assert_eq!(ops::product(&array![3.0, 4.0], &a), array![3.0, 10.0]);
/// assert_eq!(ops::product(&a, &a), array![[1.0, 4.0], [0.0, 1.0]]);
/// ```
#[track_caller]
pub fn product<A: Product<B>, B>(a: &A, b: &B) -> A::Output {
    a.product(b)
}

/// The product and its tangent `da · b + a · db`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, a) = (array![3.0, 4.0], array![[1.0, 2.0], [0.0, 1.0]]);
/// let (y, dy) = ops::product_jvp(&x, &a, &array![1.0, 0.0], &(&a * 0.0));
/// assert_eq!((y, dy), (array![3.0, 10.0], array![1.0, 2.0]));
/// ```
#[track_caller]
pub fn product_jvp<A: Product<B>, B>(a: &A, b: &B, da: &A, db: &B) -> (A::Output, A::Output) {
    a.product_jvp(b, da, db)
}

/// The product and its pullback `(a, b, ḡ) ↦ (ā, b̄)`; it keeps nothing.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (x, a) = (array![3.0, 4.0], array![[1.0, 2.0], [0.0, 1.0]]);
/// let (_, pullback) = ops::product_pullback(&x, &a);
/// let (x_bar, a_bar) = pullback(&x, &a, array![1.0, 0.0]);
/// assert_eq!((x_bar, a_bar), (array![1.0, 0.0], array![[3.0, 0.0], [4.0, 0.0]]));
/// ```
#[track_caller]
#[allow(clippy::type_complexity)]
pub fn product_pullback<A: Product<B>, B>(
    a: &A,
    b: &B,
) -> (A::Output, impl FnOnce(&A, &B, A::Output) -> (A, B)) {
    let y = a.product(b);
    (y, |a: &A, b: &B, g: A::Output| a.product_cotangents(b, g))
}

for_callers!(product, product_jvp, product_pullback);
