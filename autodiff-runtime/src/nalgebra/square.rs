//! `a.trace()` and `a.determinant()` of a square nalgebra matrix: `ā = s̄ I` and `Ā = s̄
//! cof(A)`, the cofactors (no inverse: right at a singular `A` too).
//!
//! ```
//! use autodiff_runtime::nalgebra::square::SquareRules;
//! use nalgebra::Matrix2;
//! let a = Matrix2::new(1.0, 2.0, 3.0, 4.0);
//! let (det, pullback) = a.determinant_pullback_all();
//! assert_eq!(det, -2.0);
//! assert_eq!(pullback(&a, 1.0).0, Matrix2::new(4.0, -3.0, -2.0, 1.0));
//! ```

use super::rules::{inner, map, OwnedStorage};
use nalgebra::{Dim, Matrix, Scalar};
use num_traits::Float;

type M<T, R, C, S> = Matrix<T, R, C, S>;

/// The determinant of the `n × n` matrix whose entry `(i, j)` is `at(i, j)`: closed forms to
/// 3 × 3, Gaussian elimination with partial pivoting beyond.
fn determinant_of<T: Float>(n: usize, at: impl Fn(usize, usize) -> T) -> T {
    match n {
        0 => T::one(),
        1 => at(0, 0),
        2 => at(0, 0) * at(1, 1) - at(0, 1) * at(1, 0),
        3 => {
            at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1))
                - at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0))
                + at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0))
        }
        _ => {
            let mut m: Vec<Vec<T>> = (0..n).map(|i| (0..n).map(|j| at(i, j)).collect()).collect();
            let mut det = T::one();
            for col in 0..n {
                let pivot = (col..n)
                    .max_by(|&a, &b| {
                        m[a][col]
                            .abs()
                            .partial_cmp(&m[b][col].abs())
                            .unwrap_or(core::cmp::Ordering::Equal)
                    })
                    .unwrap_or(col);
                if m[pivot][col] == T::zero() {
                    return T::zero();
                }
                if pivot != col {
                    m.swap(pivot, col);
                    det = -det;
                }
                det = det * m[col][col];
                let (upper, lower) = m.split_at_mut(col + 1);
                let pivot_row = &upper[col];
                for row in lower.iter_mut() {
                    let factor = row[col] / pivot_row[col];
                    for (x, &p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                        *x = *x - factor * p;
                    }
                }
            }
            det
        }
    }
}

/// The cofactors of a square matrix, `cof(A)ᵢⱼ = (−1)^(i+j) det(A without row i and column
/// j)`: the derivative of `det A` by each entry, defined at singular `A` too.
fn cofactors<T: Float + Scalar, R: Dim, C: Dim, S: OwnedStorage<T, R, C>>(
    a: &M<T, R, C, S>,
) -> M<T, R, C, S> {
    let n = a.nrows();
    let mut cof = a.clone();
    for i in 0..n {
        for j in 0..n {
            let minor = determinant_of(n - 1, |r, c| {
                a[(if r < i { r } else { r + 1 }, if c < j { c } else { c + 1 })]
            });
            cof[(i, j)] = if (i + j) % 2 == 0 { minor } else { -minor };
        }
    }
    cof
}

/// `a.trace()` and `a.determinant()` of a square matrix.
pub trait SquareRules: Sized {
    /// The entry type.
    type Elem;
    /// `self.trace()`: its value and tangent.
    fn trace_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.trace()`: its value and pullback.
    fn trace_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
    /// `self.determinant()`: its value and tangent.
    fn determinant_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.determinant()`: its value and pullback.
    fn determinant_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
}

/// Panics naming the shape unless it is square.
fn check_square(op: &str, shape: (usize, usize)) {
    if shape.0 != shape.1 {
        panic!("{op}: the matrix is not square: {}×{}", shape.0, shape.1);
    }
}

impl<T, R, C, S> SquareRules for M<T, R, C, S>
where
    T: Float + Scalar,
    R: Dim,
    C: Dim,
    S: OwnedStorage<T, R, C>,
{
    type Elem = T;

    fn trace_jvp_all(&self, self_dot: &Self) -> (T, T) {
        check_square("a.trace()", self.shape());
        let trace = |m: &Self| (0..m.nrows()).fold(T::zero(), |s, i| s + m[(i, i)]);
        (trace(self), trace(self_dot))
    }

    fn trace_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, R, C, S>) {
        check_square("a.trace()", self.shape());
        let trace = (0..self.nrows()).fold(T::zero(), |s, i| s + self[(i, i)]);
        (trace, |a: &Self, s_bar: T| {
            let mut a_bar = a.clone();
            a_bar.fill(T::zero());
            for i in 0..a.nrows() {
                a_bar[(i, i)] = s_bar;
            }
            (a_bar,)
        })
    }

    fn determinant_jvp_all(&self, self_dot: &Self) -> (T, T) {
        check_square("a.determinant()", self.shape());
        let det = determinant_of(self.nrows(), |i, j| self[(i, j)]);
        (det, inner("a.determinant()", &cofactors(self), self_dot))
    }

    fn determinant_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, R, C, S>) {
        check_square("a.determinant()", self.shape());
        let det = determinant_of(self.nrows(), |i, j| self[(i, j)]);
        (det, |a: &Self, s_bar: T| {
            (map(&cofactors(a), |c| s_bar * c),)
        })
    }
}
