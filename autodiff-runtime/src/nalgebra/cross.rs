//! `a.cross(&b)` of 3-vectors: `ā = b × c̄`, `b̄ = c̄ × a`.
//!
//! ```
//! use autodiff_runtime::nalgebra::cross::CrossRule;
//! use nalgebra::Vector3;
//! let (a, b): (Vector3<f64>, Vector3<f64>) = (Vector3::x(), Vector3::y());
//! let (c, pullback) = a.cross_pullback_all(&b);
//! assert_eq!(c, Vector3::z());
//! assert_eq!(pullback(&a, &b, Vector3::z()), (Vector3::x(), Vector3::y()));
//! ```

use super::rules::{zip, OwnedStorage};
use nalgebra::{Matrix, Scalar, U1, U3};
use num_traits::Float;

type M<T, R, C, S> = Matrix<T, R, C, S>;

/// `a × b` of two 3-vectors.
pub(super) fn cross3<T: Float + Scalar, S: OwnedStorage<T, U3, U1>>(
    a: &M<T, U3, U1, S>,
    b: &M<T, U3, U1, S>,
) -> M<T, U3, U1, S> {
    let mut c = a.clone();
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
    c
}

/// `a.cross(&b)` of 3-vectors.
pub trait CrossRule: Sized {
    /// `self.cross(&rhs)`: its value and tangent.
    fn cross_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self);
    /// `self.cross(&rhs)`: its value and pullback.
    fn cross_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<Self>,
    );
}

impl<T: Float + Scalar, S: OwnedStorage<T, U3, U1>> CrossRule for M<T, U3, U1, S> {
    fn cross_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self) {
        let left = cross3(self_dot, rhs);
        let right = cross3(self, rhs_dot);
        (
            cross3(self, rhs),
            zip("a.cross(&b)", &left, &right, |l, r| l + r),
        )
    }

    fn cross_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<T, S>,
    ) {
        (cross3(self, rhs), |a: &Self, b: &Self, c_bar: Self| {
            (cross3(b, &c_bar), cross3(&c_bar, a))
        })
    }
}
