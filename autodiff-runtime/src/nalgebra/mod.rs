//! nalgebra's vectors and matrices under `#[differentiate]` (the cargo feature `nalgebra`).
//!
//! A generated caller treats a value it cannot see the type of as a struct: `a - b`,
//! `m * v`, `v.dot(&w)`, `v.norm()` and `Vector3::new(x, y, z)` become calls of
//! `sub_pullback_all`, `mul_pullback_all`, … on the receiver, as for a user's
//! `#[differentiate] impl Sub for Vec3`. For nalgebra's types those entry points are the
//! methods of the traits in [`rules`], which generated code brings into scope; rustc's
//! method resolution picks them by the receiver's type, so nothing recognises a type by
//! its name, and an alias (`type Vec3 = Vector3<f64>`) or a helper's result works the same.
//!
//! Every owned matrix (`Matrix<T, R, C, S>` with a contiguous owned storage: `Vector3`,
//! `Matrix3`, `SVector`, `SMatrix`, `DVector`, `DMatrix`, …) is [`Differentiable`]: its
//! cotangent and tangent have its own type, so it can be a parameter, a result, and a
//! field of a `#[derive(Differentiable)]` struct. Views are not (take `&Vector3<f64>`, or
//! copy a view with `.into_owned()`).
//!
//! ```
//! use autodiff_runtime::Differentiable;
//! use nalgebra::Vector3;
//! let mut g = Vector3::new(1.0, 2.0, 3.0);
//! g.accumulate(&Vector3::new(0.5, 0.5, 0.5));
//! assert_eq!(g, Vector3::new(1.5, 2.5, 3.5));
//! assert_eq!(g.zero_like(), Vector3::zeros());
//! assert_eq!(g.to_flat(), [1.5, 2.5, 3.5]);
//! ```

pub mod constructors;
pub mod cross;
pub mod homogeneous;
pub mod points;
pub mod products;
pub mod rotations;
pub mod rules;
pub mod square;
pub mod translations;

use crate::Differentiable;
use nalgebra::{Dim, IsContiguous, Matrix, RawStorageMut, Scalar};
use num_traits::Float;

/// An owned nalgebra matrix is one leaf: its entries in nalgebra's column-major order.
impl<T, R, C, S> Differentiable for Matrix<T, R, C, S>
where
    T: Float + Scalar,
    R: Dim,
    C: Dim,
    S: RawStorageMut<T, R, C> + IsContiguous + Clone,
{
    type Scalar = T;

    fn zero_like(&self) -> Self {
        let mut zero = self.clone();
        zero.fill(T::zero());
        zero
    }

    fn accumulate(&mut self, other: &Self) {
        check_shapes("accumulate", self.shape(), other.shape());
        for (a, &b) in self.as_mut_slice().iter_mut().zip(other.as_slice()) {
            *a = *a + b;
        }
    }

    fn scale_leaves(&mut self, s: T) {
        for a in self.as_mut_slice() {
            *a = *a * s;
        }
    }

    fn set_zero(&mut self) {
        self.fill(T::zero());
    }

    fn for_each_leaf(&self, f: &mut dyn FnMut(&[T])) {
        f(self.as_slice());
    }

    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [T])) {
        f(self.as_mut_slice());
    }

    fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [T], &[T])) {
        check_shapes("zip_leaves_mut", self.shape(), other.shape());
        f(self.as_mut_slice(), other.as_slice());
    }
}

/// Panics naming both shapes unless they are equal.
pub(crate) fn check_shapes(op: &str, a: (usize, usize), b: (usize, usize)) {
    if a != b {
        panic!("{op}: shapes differ: {}×{} and {}×{}", a.0, a.1, b.0, b.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{DMatrix, Matrix2x3, Vector2};

    #[test]
    fn leaves_are_column_major_entries() {
        let m = Matrix2x3::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        assert_eq!(m.to_flat(), [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        let mut z = m.zero_like();
        z.set_from_flat(&m.to_flat());
        assert_eq!(z, m);
    }

    #[test]
    fn dynamic_matrices_keep_their_shape() {
        let m = DMatrix::<f32>::from_element(2, 3, 1.5);
        let z = m.zero_like();
        assert_eq!(z.shape(), (2, 3));
        assert_eq!(m.num_params(), 6);
    }

    #[test]
    #[should_panic(expected = "accumulate: shapes differ: 2×1 and 3×1")]
    fn a_shape_mismatch_names_both_shapes() {
        let mut a = nalgebra::DVector::<f64>::zeros(2);
        a.accumulate(&nalgebra::DVector::zeros(3));
    }

    /// Each constructor's k-th argument's cotangent is the seed's entry where its value
    /// stands, and its tangent lands there too, for every shape the rules cover.
    #[test]
    fn constructors_pair_each_argument_with_its_entry() {
        use super::constructors::{New6, New9};
        use nalgebra::{Matrix2x3, Matrix3, Matrix3x2, Vector6};
        let args = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let m23 = <Matrix2x3<f64> as New6<f64>>::new_pullback_all(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        let m32 = <Matrix3x2<f64> as New6<f64>>::new_pullback_all(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        let v6 = <Vector6<f64> as New6<f64>>::new_pullback_all(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        assert_eq!(m23.0, Matrix2x3::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));
        assert_eq!(m32.0, Matrix3x2::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));
        assert_eq!(v6.0, Vector6::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));
        // A seed equal to the value gives back the arguments: each is read where it stands.
        let back = |t: (f64, f64, f64, f64, f64, f64)| [t.0, t.1, t.2, t.3, t.4, t.5];
        assert_eq!(back((m23.1)(m23.0)), args);
        assert_eq!(back((m32.1)(m32.0)), args);
        assert_eq!(back((v6.1)(v6.0)), args);
        let (m, pullback) = <Matrix3<f64> as New9<f64>>::new_pullback_all(
            1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0,
        );
        assert_eq!(m[(0, 2)], 3.0);
        let t = pullback(m);
        assert_eq!([t.0, t.4, t.8, t.2, t.6], [1.0, 5.0, 9.0, 3.0, 7.0]);
    }

    #[test]
    fn scale_and_vdot_work_entrywise() {
        let mut v = Vector2::new(1.0_f64, -2.0);
        // (nalgebra's own `scale` returns a copy: the trait's scales in place.)
        Differentiable::scale_leaves(&mut v, 3.0);
        assert_eq!(v, Vector2::new(3.0, -6.0));
        assert_eq!(v.vdot(&Vector2::new(1.0, 1.0)), -3.0);
    }
}
