//! A pose as a matrix: `to_homogeneous()` of a rotation, a translation or a unit
//! quaternion (and of a point, a vector or a square matrix), and `to_rotation_matrix()` of a
//! unit quaternion, in the coordinates nalgebra stores (the rotations' tangent convention, see
//! [`super::rotations`]).
//!
//! - A rotation's and a translation's homogeneous matrix is affine in its coordinates: the
//!   tangent is the coordinates' tangent in their block (zeros elsewhere), the cotangent the
//!   block of the matrix's cotangent.
//! - A unit quaternion's rotation matrix is nalgebra's quadratic form `R(q) = B(q, q)` (with
//!   `B` the symmetric bilinear form of its formula): `Ṙ = 2 B(q, q̇)` and
//!   `q̄_c = 2 ⟨R̄, B(q, e_c)⟩`.
//!
//! ```
//! use autodiff_runtime::nalgebra::homogeneous::HomogeneousRules;
//! use nalgebra::{Matrix4, Translation3};
//! let t = Translation3::new(1.0_f64, 2.0, 3.0);
//! let (m, pullback) = t.to_homogeneous_pullback_all();
//! assert_eq!(m, t.to_homogeneous());
//! let (t_bar,) = pullback(&t, Matrix4::from_element(1.0));
//! assert_eq!(t_bar.vector, nalgebra::Vector3::new(1.0, 1.0, 1.0));
//! ```

use nalgebra::{
    Matrix3, Point, Quaternion, Rotation, SMatrix, SVector, Translation, Unit, UnitQuaternion,
};
use num_traits::Float;

/// `self.to_homogeneous()`: its value with its tangent or its pullback.
// The pullback's signature spells out what it takes and gives.
#[allow(clippy::type_complexity)]
pub trait HomogeneousRules: Sized {
    /// The homogeneous matrix.
    type Matrix;
    /// `self.to_homogeneous()`: its value and tangent.
    fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix);
    /// `self.to_homogeneous()`: its value and pullback.
    fn to_homogeneous_pullback_all(
        &self,
    ) -> (
        Self::Matrix,
        impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<Self>,
    );
}

/// `q.to_rotation_matrix()` of a unit quaternion: its value with its tangent or pullback.
#[allow(clippy::type_complexity)]
pub trait ToRotationMatrixRule: Sized {
    /// The rotation matrix.
    type Rotation;
    /// `self.to_rotation_matrix()`: its value and tangent.
    fn to_rotation_matrix_jvp_all(&self, self_dot: &Self) -> (Self::Rotation, Self::Rotation);
    /// `self.to_rotation_matrix()`: its value and pullback.
    fn to_rotation_matrix_pullback_all(
        &self,
    ) -> (
        Self::Rotation,
        impl FnOnce(&Self, Self::Rotation) -> (Self,) + use<Self>,
    );
}

/// The `D × D` block at the top left of a `(D + 1) × (D + 1)` matrix (`$n` is `D + 1`).
macro_rules! homogeneous_rules {
    ($($t:ty: $($d:literal $n:literal),*;)*) => {$($(
        impl HomogeneousRules for Rotation<$t, $d> {
            type Matrix = SMatrix<$t, $n, $n>;

            // (Its stored matrix's rule: the coordinates are the matrix's entries.)
            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                self.matrix().to_homogeneous_jvp_all(self_dot.matrix())
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                let (m, pullback) = self.matrix().to_homogeneous_pullback_all();
                (m, move |r: &Self, m_bar: Self::Matrix| {
                    (Rotation::from_matrix_unchecked(pullback(r.matrix(), m_bar).0),)
                })
            }
        }

        impl HomogeneousRules for Translation<$t, $d> {
            type Matrix = SMatrix<$t, $n, $n>;

            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                let mut m_dot = Self::Matrix::zeros();
                m_dot.fixed_view_mut::<$d, 1>(0, $d).copy_from(&self_dot.vector);
                (self.to_homogeneous(), m_dot)
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                (self.to_homogeneous(), |_: &Self, m_bar: Self::Matrix| {
                    (Translation::from(m_bar.fixed_view::<$d, 1>(0, $d).into_owned()),)
                })
            }
        }
    )*)*};
}

homogeneous_rules! {
    f32: 2 3, 3 4;
    f64: 2 3, 3 4;
}

/// A point's (`(p, 1)`), a vector's (`(v, 0)`) and a square matrix's (the corner 1) homogeneous
/// form: the value's entries in their block, whose cotangent is the block of the result's.
macro_rules! embedding_rules {
    ($($t:ty: $($d:literal $n:literal),*;)*) => {$($(
        impl HomogeneousRules for Point<$t, $d> {
            type Matrix = SVector<$t, $n>;

            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                (self.to_homogeneous(), self_dot.coords.push(0.0))
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                (self.to_homogeneous(), |_: &Self, y_bar: Self::Matrix| {
                    (Point::from(y_bar.fixed_rows::<$d>(0).into_owned()),)
                })
            }
        }

        impl HomogeneousRules for SVector<$t, $d> {
            type Matrix = SVector<$t, $n>;

            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                (self.to_homogeneous(), self_dot.to_homogeneous())
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                (self.to_homogeneous(), |_: &Self, y_bar: Self::Matrix| {
                    (y_bar.fixed_rows::<$d>(0).into_owned(),)
                })
            }
        }

        impl HomogeneousRules for SMatrix<$t, $d, $d> {
            type Matrix = SMatrix<$t, $n, $n>;

            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                let mut m_dot = self_dot.to_homogeneous();
                m_dot[($d, $d)] = 0.0;
                (self.to_homogeneous(), m_dot)
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                (self.to_homogeneous(), |_: &Self, m_bar: Self::Matrix| {
                    (m_bar.fixed_view::<$d, $d>(0, 0).into_owned(),)
                })
            }
        }
    )*)*};
}

embedding_rules! {
    f32: 2 3, 3 4;
    f64: 2 3, 3 4;
}

/// nalgebra's `to_rotation_matrix` formula with each product `a b` of two coordinates read
/// as `(p_a q_b + p_b q_a) / 2`: `B(q, q)` is the formula itself. Coordinates in nalgebra's
/// order (`i, j, k, w`); rows of the matrix.
fn bilinear<T: Float + nalgebra::Scalar>(p: [T; 4], q: [T; 4]) -> Matrix3<T> {
    let [pi, pj, pk, pw] = p;
    let [qi, qj, qk, qw] = q;
    let two = T::one() + T::one();
    let sym = |a: T, b: T, c: T, d: T| (a * b + c * d) / two;
    let (ww, ii, jj, kk) = (pw * qw, pi * qi, pj * qj, pk * qk);
    let ij = two * sym(pi, qj, pj, qi);
    let wk = two * sym(pw, qk, pk, qw);
    let wj = two * sym(pw, qj, pj, qw);
    let ik = two * sym(pi, qk, pk, qi);
    let jk = two * sym(pj, qk, pk, qj);
    let wi = two * sym(pw, qi, pi, qw);
    Matrix3::new(
        ww + ii - jj - kk,
        ij - wk,
        wj + ik,
        wk + ij,
        ww - ii + jj - kk,
        jk - wi,
        ik - wj,
        wi + jk,
        ww - ii - jj + kk,
    )
}

fn coordinates<T: nalgebra::Scalar + Copy>(q: &UnitQuaternion<T>) -> [T; 4] {
    let c = &q.as_ref().coords;
    [c[0], c[1], c[2], c[3]]
}

macro_rules! quaternion_matrices {
    ($($t:ty),*) => {$(
        impl ToRotationMatrixRule for UnitQuaternion<$t> {
            type Rotation = Rotation<$t, 3>;

            fn to_rotation_matrix_jvp_all(&self, self_dot: &Self) -> (Self::Rotation, Self::Rotation) {
                let (q, q_dot) = (coordinates(self), coordinates(self_dot));
                let r_dot = bilinear(q, q_dot) * 2.0;
                (self.to_rotation_matrix(), Rotation::from_matrix_unchecked(r_dot))
            }

            fn to_rotation_matrix_pullback_all(
                &self,
            ) -> (Self::Rotation, impl FnOnce(&Self, Self::Rotation) -> (Self,) + use<>) {
                (self.to_rotation_matrix(), |q: &Self, r_bar: Self::Rotation| {
                    let q = coordinates(q);
                    let mut q_bar = [0.0; 4];
                    for (c, bar) in q_bar.iter_mut().enumerate() {
                        let mut e = [0.0; 4];
                        e[c] = 1.0;
                        *bar = 2.0 * r_bar.matrix().dot(&bilinear(q, e));
                    }
                    let [i, j, k, w] = q_bar;
                    (Unit::new_unchecked(Quaternion::new(w, i, j, k)),)
                })
            }
        }

        impl HomogeneousRules for UnitQuaternion<$t> {
            type Matrix = SMatrix<$t, 4, 4>;

            fn to_homogeneous_jvp_all(&self, self_dot: &Self) -> (Self::Matrix, Self::Matrix) {
                let (r, r_dot) = self.to_rotation_matrix_jvp_all(self_dot);
                let (_, m_dot) = r.to_homogeneous_jvp_all(&r_dot);
                (self.to_homogeneous(), m_dot)
            }

            fn to_homogeneous_pullback_all(
                &self,
            ) -> (Self::Matrix, impl FnOnce(&Self, Self::Matrix) -> (Self,) + use<>) {
                let (r, r_pullback) = self.to_rotation_matrix_pullback_all();
                let (m, m_pullback) = r.to_homogeneous_pullback_all();
                (m, move |q: &Self, m_bar: Self::Matrix| {
                    let (r_bar,) = m_pullback(&r, m_bar);
                    r_pullback(q, r_bar)
                })
            }
        }
    )*};
}

quaternion_matrices!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gradcheck::check_vjp;
    use nalgebra::{Matrix4, Rotation3, Translation3, Vector3};

    fn entries(m: &Matrix4<f64>) -> Vec<f64> {
        m.as_slice().to_vec()
    }

    /// Each `to_homogeneous` and `to_rotation_matrix` against central differences of
    /// nalgebra's own, in the stored coordinates (off the unit sphere for a quaternion,
    /// off the rotations for a matrix), and the tangent against the pullback.
    #[test]
    fn homogeneous_matrices_pass_their_checks() {
        let q = |x: &[f64]| Unit::new_unchecked(Quaternion::new(x[3], x[0], x[1], x[2]));
        let x = [0.2, -0.4, 0.1, 0.89];
        let f = |x: &[f64]| entries(&q(x).to_homogeneous());
        let vjp = |y_bar: &[f64]| {
            let (_, pullback) = q(&x).to_homogeneous_pullback_all();
            let (bar,) = pullback(&q(&x), Matrix4::from_column_slice(y_bar));
            coordinates(&bar).to_vec()
        };
        check_vjp(f, &x, vjp, 3, Default::default()).unwrap();
        // ⟨m̄, ṁ⟩ = ⟨q̄, q̇⟩.
        let q_dot = q(&[0.3, 0.1, -0.2, 0.5]);
        let (_, m_dot) = q(&x).to_homogeneous_jvp_all(&q_dot);
        let m_bar = Matrix4::from_fn(|i, j| (i * 4 + j) as f64 * 0.1 - 0.7);
        let (_, pullback) = q(&x).to_homogeneous_pullback_all();
        let (q_bar,) = pullback(&q(&x), m_bar);
        let lhs = m_bar.dot(&m_dot);
        let rhs: f64 = coordinates(&q_bar)
            .iter()
            .zip(coordinates(&q_dot))
            .map(|(a, b)| a * b)
            .sum();
        assert!((lhs - rhs).abs() < 1e-12, "{lhs} {rhs}");

        let r = |x: &[f64]| Rotation3::from_matrix_unchecked(Matrix3::from_column_slice(x));
        let x: Vec<f64> = Rotation3::from_euler_angles(0.1, 0.2, 0.3)
            .matrix()
            .as_slice()
            .to_vec();
        let f = |x: &[f64]| entries(&r(x).to_homogeneous());
        let vjp = |y_bar: &[f64]| {
            let (_, pullback) = r(&x).to_homogeneous_pullback_all();
            pullback(&r(&x), Matrix4::from_column_slice(y_bar))
                .0
                .matrix()
                .as_slice()
                .to_vec()
        };
        check_vjp(f, &x, vjp, 5, Default::default()).unwrap();

        let t = |x: &[f64]| Translation3::new(x[0], x[1], x[2]);
        let f = |x: &[f64]| entries(&t(x).to_homogeneous());
        let x = [1.0, -2.0, 0.5];
        let vjp = |y_bar: &[f64]| {
            let (_, pullback) = t(&x).to_homogeneous_pullback_all();
            pullback(&t(&x), Matrix4::from_column_slice(y_bar))
                .0
                .vector
                .as_slice()
                .to_vec()
        };
        check_vjp(f, &x, vjp, 9, Default::default()).unwrap();
        let (_, m_dot) =
            t(&[1.0, 2.0, 3.0]).to_homogeneous_jvp_all(&Translation3::from(Vector3::x()));
        assert_eq!(m_dot[(0, 3)], 1.0);
        assert_eq!(m_dot.sum(), 1.0);
    }
}
