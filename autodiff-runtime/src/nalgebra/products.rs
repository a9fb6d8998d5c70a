//! `a * b` of nalgebra's matrices: by a float or by a matrix, one `MulRule` whose impl
//! rustc picks by the right operand's type (`Ā = Ȳ Bᵀ`, `B̄ = Aᵀ Ȳ` for a matrix product;
//! `ā = ȳ k`, `k̄ = ⟨ȳ, a⟩` for a float).
//!
//! ```
//! use autodiff_runtime::nalgebra::products::MulRule;
//! use nalgebra::{Matrix2, Vector2};
//! let (a, v) = (Matrix2::new(1.0, 2.0, 3.0, 4.0), Vector2::new(1.0, -1.0));
//! let (y, pullback) = a.mul_pullback_all(&v);
//! assert_eq!(y, Vector2::new(-1.0, -1.0));
//! let (a_bar, v_bar) = pullback(&a, &v, Vector2::new(1.0, 0.0));
//! assert_eq!((a_bar, v_bar), (Matrix2::new(1.0, -1.0, 0.0, 0.0), Vector2::new(1.0, 2.0)));
//! ```

use super::rules::{EntrywiseRules, Lend, OwnedStorage};
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, Dim, DimName, Matrix, OMatrix, OPoint, Scalar};
use num_traits::Float;

type M<T, R, C, S> = Matrix<T, R, C, S>;
/// `A B` of two matrices, checked to be multipliable.
fn product<T, R1, C1, S1, R2, C2, S2>(
    a: &M<T, R1, C1, S1>,
    b: &M<T, R2, C2, S2>,
) -> OMatrix<T, R1, C2>
where
    T: Float + Scalar,
    R1: Dim,
    C1: Dim,
    R2: Dim,
    C2: Dim,
    S1: OwnedStorage<T, R1, C1>,
    S2: OwnedStorage<T, R2, C2>,
    DefaultAllocator: Allocator<R1, C2>,
{
    if a.ncols() != b.nrows() {
        panic!(
            "A * B: shapes do not multiply: {}×{} and {}×{}",
            a.nrows(),
            a.ncols(),
            b.nrows(),
            b.ncols()
        );
    }
    let (rows, _) = a.shape_generic();
    let (_, cols) = b.shape_generic();
    OMatrix::<T, R1, C2>::from_fn_generic(rows, cols, |i, j| {
        (0..a.ncols()).fold(T::zero(), |s, k| s + a[(i, k)] * b[(k, j)])
    })
}

/// `self * rhs`: by a float (`Rhs` the float type) or by a matrix (`Rhs` a reference to
/// it); rustc picks the rule by the right operand's type.
pub trait MulRule<Rhs> {
    /// The product's type.
    type Output;
    /// The right operand without references: what its tangent and cotangent are.
    type RhsValue;
    /// The pullback: boxed, since a float's and a matrix's take different arguments.
    type Pullback;
    /// `self * rhs`: its value and tangent.
    fn mul_jvp_all<D: Lend<Self::RhsValue>>(
        &self,
        rhs: Rhs,
        self_dot: &Self,
        rhs_dot: D,
    ) -> (Self::Output, Self::Output);
    /// `self * rhs`: its value and pullback.
    fn mul_pullback_all(&self, rhs: Rhs) -> (Self::Output, Self::Pullback);
}

/// The pullback of a matrix times a float: `(a, ȳ) ↦ (ȳ k, ⟨ȳ, a⟩)`.
pub type ScalarProductPullback<A, T> = Box<dyn FnOnce(&A, A) -> (A, T)>;

/// The pullback of a matrix product: `(A, B, Ȳ) ↦ (Ȳ Bᵀ, Aᵀ Ȳ)`.
pub type MatrixProductPullback<A, B, Y> = Box<dyn FnOnce(&A, &B, Y) -> (A, B)>;

macro_rules! scalar_products {
    ($($t:ty),*) => {$(
        impl<R: Dim, C: Dim, S: OwnedStorage<$t, R, C>> MulRule<$t> for M<$t, R, C, S> {
            type Output = Self;
            type RhsValue = $t;
            type Pullback = ScalarProductPullback<Self, $t>;

            fn mul_jvp_all<D: Lend<$t>>(&self, k: $t, self_dot: &Self, k_dot: D) -> (Self, Self) {
                self.__lhs_mul_jvp_all(k, self_dot, *k_dot.lent())
            }

            fn mul_pullback_all(&self, k: $t) -> (Self, Self::Pullback) {
                let (y, pullback) = self.__lhs_mul_pullback_all(k);
                (y, Box::new(pullback))
            }
        }
    )*};
}

scalar_products!(f32, f64);

/// `k * a` with the float on the left where the macro read it as a struct (a field whose
/// type it cannot see, `self.scale * v` beside `self.rotation * v`): `ā = ȳ k`,
/// `k̄ = ⟨ȳ, a⟩`, as for `a * k`; the right operand by reference (`&a`) or by a reference to
/// one (`&&a` of a parameter `a: &Vector3<f64>`), a matrix or a point.
macro_rules! float_times {
    ($($t:ty),*) => {$(
        float_times!(@matrix $t, &'a M<$t, R, C, S>);
        float_times!(@matrix $t, &'a &'b M<$t, R, C, S>);
        float_times!(@point $t, &'a OPoint<$t, D>);
        float_times!(@point $t, &'a &'b OPoint<$t, D>);
    )*};
    (@matrix $t:ty, $rhs:ty) => {
        impl<'a, 'b, R: Dim, C: Dim, S: OwnedStorage<$t, R, C>> MulRule<$rhs> for $t {
            type Output = M<$t, R, C, S>;
            type RhsValue = M<$t, R, C, S>;
            type Pullback = FloatProductPullback<$t, M<$t, R, C, S>>;

            fn mul_jvp_all<L: Lend<Self::RhsValue>>(
                &self,
                a: $rhs,
                self_dot: &$t,
                a_dot: L,
            ) -> (Self::Output, Self::Output) {
                let a: &M<$t, R, C, S> = a;
                a.__lhs_mul_jvp_all(*self, a_dot.lent(), *self_dot)
            }

            fn mul_pullback_all(&self, a: $rhs) -> (Self::Output, Self::Pullback) {
                let a: &M<$t, R, C, S> = a;
                let (y, pullback) = a.__lhs_mul_pullback_all(*self);
                (
                    y,
                    Box::new(move |_: &$t, a: &M<$t, R, C, S>, y_bar| {
                        let (a_bar, k_bar) = pullback(a, y_bar);
                        (k_bar, a_bar)
                    }),
                )
            }
        }
    };
    (@point $t:ty, $rhs:ty) => {
        impl<'a, 'b, D: DimName> MulRule<$rhs> for $t
        where
            DefaultAllocator: Allocator<D>,
        {
            type Output = OPoint<$t, D>;
            type RhsValue = OPoint<$t, D>;
            type Pullback = FloatProductPullback<$t, OPoint<$t, D>>;

            fn mul_jvp_all<L: Lend<Self::RhsValue>>(
                &self,
                p: $rhs,
                self_dot: &$t,
                p_dot: L,
            ) -> (Self::Output, Self::Output) {
                let p: &OPoint<$t, D> = p;
                let (y, y_dot) = p.coords.__lhs_mul_jvp_all(*self, &p_dot.lent().coords, *self_dot);
                (OPoint::from(y), OPoint::from(y_dot))
            }

            fn mul_pullback_all(&self, p: $rhs) -> (Self::Output, Self::Pullback) {
                let p: &OPoint<$t, D> = p;
                let (y, pullback) = p.coords.__lhs_mul_pullback_all(*self);
                (
                    OPoint::from(y),
                    Box::new(move |_: &$t, p: &OPoint<$t, D>, y_bar: OPoint<$t, D>| {
                        let (p_bar, k_bar) = pullback(&p.coords, y_bar.coords);
                        (k_bar, OPoint::from(p_bar))
                    }),
                )
            }
        }
    };
}

/// The pullback of a float times a value: `(k, a, ȳ) ↦ (⟨ȳ, a⟩, ȳ k)`.
pub type FloatProductPullback<T, A> = Box<dyn FnOnce(&T, &A, A) -> (T, A)>;

float_times!(f32, f64);

impl<'a, T, R1, C1, S1, R2, C2, S2> MulRule<&'a M<T, R2, C2, S2>> for M<T, R1, C1, S1>
where
    T: Float + Scalar,
    R1: Dim,
    C1: Dim,
    R2: Dim,
    C2: Dim,
    S1: OwnedStorage<T, R1, C1>,
    S2: OwnedStorage<T, R2, C2>,
    DefaultAllocator: Allocator<R1, C2>,
{
    type Output = OMatrix<T, R1, C2>;
    type RhsValue = M<T, R2, C2, S2>;
    type Pullback = MatrixProductPullback<Self, M<T, R2, C2, S2>, OMatrix<T, R1, C2>>;

    fn mul_jvp_all<D: Lend<Self::RhsValue>>(
        &self,
        rhs: &'a M<T, R2, C2, S2>,
        self_dot: &Self,
        rhs_dot: D,
    ) -> (Self::Output, Self::Output) {
        let y = product(self, rhs);
        let mut y_dot = product(self_dot, rhs);
        let right = product(self, rhs_dot.lent());
        for (l, &r) in y_dot.as_mut_slice().iter_mut().zip(right.as_slice()) {
            *l = *l + r;
        }
        (y, y_dot)
    }

    fn mul_pullback_all(&self, rhs: &'a M<T, R2, C2, S2>) -> (Self::Output, Self::Pullback) {
        let y = product(self, rhs);
        (
            y,
            Box::new(
                |a: &Self, b: &M<T, R2, C2, S2>, y_bar: OMatrix<T, R1, C2>| {
                    // Ā = Ȳ Bᵀ, B̄ = Aᵀ Ȳ, entry by entry (no transposed copies).
                    let mut a_bar = a.clone();
                    for i in 0..a.nrows() {
                        for k in 0..a.ncols() {
                            a_bar[(i, k)] = (0..b.ncols())
                                .fold(T::zero(), |s, j| s + y_bar[(i, j)] * b[(k, j)]);
                        }
                    }
                    let mut b_bar = b.clone();
                    for k in 0..b.nrows() {
                        for j in 0..b.ncols() {
                            b_bar[(k, j)] = (0..a.nrows())
                                .fold(T::zero(), |s, i| s + a[(i, k)] * y_bar[(i, j)]);
                        }
                    }
                    (a_bar, b_bar)
                },
            ),
        )
    }
}

impl<'a, 'b, T, R1, C1, S1, R2, C2, S2> MulRule<&'a &'b M<T, R2, C2, S2>> for M<T, R1, C1, S1>
where
    T: Float + Scalar,
    R1: Dim,
    C1: Dim,
    R2: Dim,
    C2: Dim,
    S1: OwnedStorage<T, R1, C1>,
    S2: OwnedStorage<T, R2, C2>,
    DefaultAllocator: Allocator<R1, C2>,
{
    type Output = OMatrix<T, R1, C2>;
    type RhsValue = M<T, R2, C2, S2>;
    type Pullback = MatrixProductPullback<Self, M<T, R2, C2, S2>, OMatrix<T, R1, C2>>;

    fn mul_jvp_all<D: Lend<Self::RhsValue>>(
        &self,
        rhs: &'a &'b M<T, R2, C2, S2>,
        self_dot: &Self,
        rhs_dot: D,
    ) -> (Self::Output, Self::Output) {
        <Self as MulRule<&M<T, R2, C2, S2>>>::mul_jvp_all(self, *rhs, self_dot, rhs_dot)
    }

    fn mul_pullback_all(&self, rhs: &'a &'b M<T, R2, C2, S2>) -> (Self::Output, Self::Pullback) {
        <Self as MulRule<&M<T, R2, C2, S2>>>::mul_pullback_all(self, *rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gradcheck::check_vjp;
    use nalgebra::{Point3, Vector3};

    /// `k * a` with the float on the left, of a vector and of a point, against central
    /// differences of nalgebra's own product, and its tangent against the pullback.
    #[test]
    fn a_float_on_the_left_passes_its_checks() {
        let x = [1.5, 0.3, -2.0, 0.7];
        let vector = |x: &[f64]| (x[0] * Vector3::new(x[1], x[2], x[3])).as_slice().to_vec();
        let vjp = |y_bar: &[f64]| {
            let (k, a) = (x[0], Vector3::new(x[1], x[2], x[3]));
            let (_, pullback) = <f64 as MulRule<&Vector3<f64>>>::mul_pullback_all(&k, &a);
            let (k_bar, a_bar) = pullback(&k, &a, Vector3::from_column_slice(y_bar));
            [&[k_bar], a_bar.as_slice()].concat()
        };
        check_vjp(vector, &x, vjp, 5, Default::default()).unwrap();
        let point = |x: &[f64]| {
            (x[0] * Point3::new(x[1], x[2], x[3]))
                .coords
                .as_slice()
                .to_vec()
        };
        let vjp = |y_bar: &[f64]| {
            let (k, p) = (x[0], Point3::new(x[1], x[2], x[3]));
            let (_, pullback) = <f64 as MulRule<&Point3<f64>>>::mul_pullback_all(&k, &p);
            let (k_bar, p_bar) = pullback(&k, &p, Point3::new(y_bar[0], y_bar[1], y_bar[2]));
            [&[k_bar], p_bar.coords.as_slice()].concat()
        };
        check_vjp(point, &x, vjp, 6, Default::default()).unwrap();
        // ⟨ȳ, ẏ⟩ = k̄ k̇ + ⟨ā, ȧ⟩ along (k̇, ȧ) = (0.5, (1, 0, −1)).
        let (k, a) = (x[0], Vector3::new(x[1], x[2], x[3]));
        let a_dot = Vector3::new(1.0, 0.0, -1.0);
        let (_, y_dot) = <f64 as MulRule<&Vector3<f64>>>::mul_jvp_all(&k, &a, &0.5, &a_dot);
        let y_bar = Vector3::new(0.2, -0.4, 0.9);
        let (_, pullback) = <f64 as MulRule<&Vector3<f64>>>::mul_pullback_all(&k, &a);
        let (k_bar, a_bar) = pullback(&k, &a, y_bar);
        assert!((y_bar.dot(&y_dot) - (k_bar * 0.5 + a_bar.dot(&a_dot))).abs() < 1e-12);
    }
}
