//! A rotation built from angles (`UnitQuaternion::from_axis_angle(&axis, θ)`,
//! `Rotation3::from_euler_angles(r, p, y)`, `Rotation2::new(θ)`): nalgebra's value, and each
//! angle's derivative (`θ̄ = ⟨ȳ, ∂y/∂θ⟩`) in the rotation's stored coordinates, by hand for an
//! axis and an angle, through dual numbers for Euler angles.
//!
//! ```
//! use autodiff_runtime::nalgebra::rotations::FromAxisAngle;
//! use nalgebra::{Rotation2, UnitQuaternion, Vector3};
//! let axis = Vector3::z_axis();
//! let (q, q_dot) = <UnitQuaternion<f64> as FromAxisAngle<f64>>::from_axis_angle_jvp_all(&axis, 0.5, 1.0);
//! assert_eq!(q, UnitQuaternion::from_axis_angle(&axis, 0.5));
//! // d/dθ (cos θ/2, sin θ/2 a) = ½ (−sin θ/2, cos θ/2 a).
//! assert!((q_dot.as_ref().w + 0.5 * 0.25_f64.sin()).abs() < 1e-15);
//! ```

use super::{quaternion, scalar, vector};
use crate::Dual;
use nalgebra::{
    Quaternion, Rotation, Rotation2, Rotation3, SMatrix, Unit, UnitQuaternion, Vector3,
};
use num_traits::Float;

/// `UnitQuaternion::from_axis_angle(&axis, θ)` and `Rotation3::from_axis_angle(&axis, θ)`:
/// the angle differentiated, the axis a constant (`Vector3::z_axis()`, a unit vector the
/// function is given).
// The pullback's signature spells out what it takes and gives; an alias would hide it.
#[allow(clippy::type_complexity)]
pub trait FromAxisAngle<T>: Sized {
    /// Its value and tangent.
    fn from_axis_angle_jvp_all(axis: &Unit<Vector3<T>>, angle: T, angle_dot: T) -> (Self, Self);
    /// Its value and pullback.
    fn from_axis_angle_pullback_all(
        axis: &Unit<Vector3<T>>,
        angle: T,
    ) -> (
        Self,
        impl FnOnce(&Unit<Vector3<T>>, Self) -> (T,) + use<T, Self>,
    );
}

/// `from_euler_angles(roll, pitch, yaw)` of `UnitQuaternion` and `Rotation3`.
pub trait FromEulerAngles<T>: Sized {
    /// Its value and tangent.
    #[allow(clippy::too_many_arguments)]
    fn from_euler_angles_jvp_all(
        roll: T,
        pitch: T,
        yaw: T,
        roll_dot: T,
        pitch_dot: T,
        yaw_dot: T,
    ) -> (Self, Self);
    /// Its value and pullback.
    fn from_euler_angles_pullback_all(
        roll: T,
        pitch: T,
        yaw: T,
    ) -> (Self, impl FnOnce(Self) -> (T, T, T) + use<T, Self>);
}

/// `Rotation2::new(θ)`.
pub trait New1<T>: Sized {
    /// Its value and tangent.
    fn new_jvp_all(angle: T, angle_dot: T) -> (Self, Self);
    /// Its value and pullback.
    fn new_pullback_all(angle: T) -> (Self, impl FnOnce(Self) -> (T,) + use<T, Self>);
}

/// Nalgebra's Euler-angle quaternion on any float type (the tangents come from dual
/// numbers): roll about x, then pitch about y, then yaw about z.
fn euler_quaternion<F: Float>(roll: F, pitch: F, yaw: F) -> [F; 4] {
    let half = F::one() / (F::one() + F::one());
    let (sr, cr) = (roll * half).sin_cos();
    let (sp, cp) = (pitch * half).sin_cos();
    let (sy, cy) = (yaw * half).sin_cos();
    [
        sr * cp * cy - cr * sp * sy,
        cr * sp * cy + sr * cp * sy,
        cr * cp * sy - sr * sp * cy,
        cr * cp * cy + sr * sp * sy,
    ]
}

/// Nalgebra's Euler-angle rotation matrix on any float type, column by column.
fn euler_matrix<F: Float>(roll: F, pitch: F, yaw: F) -> [F; 9] {
    let (sr, cr) = roll.sin_cos();
    let (sp, cp) = pitch.sin_cos();
    let (sy, cy) = yaw.sin_cos();
    [
        cy * cp,
        sy * cp,
        -sp,
        cy * sp * sr - sy * cr,
        sy * sp * sr + cy * cr,
        cp * sr,
        cy * sp * cr + sy * sr,
        sy * sp * cr - cy * sr,
        cp * cr,
    ]
}

/// The tangent parts of `f` at `x + ẋε`.
fn tangents<T: Float, const N: usize>(
    f: impl Fn(Dual<T>, Dual<T>, Dual<T>) -> [Dual<T>; N],
    x: [T; 3],
    x_dot: [T; 3],
) -> [T; N] {
    let d = |i: usize| Dual {
        primal: x[i],
        tangent: x_dot[i],
    };
    f(d(0), d(1), d(2)).map(|y| y.tangent)
}

/// The cotangents of three angles: `⟨ȳ, ∂y/∂xᵢ⟩` for each, from three tangents.
fn angle_cotangents<T: Float, const N: usize>(
    f: impl Fn(Dual<T>, Dual<T>, Dual<T>) -> [Dual<T>; N],
    x: [T; 3],
    y_bar: &[T],
) -> (T, T, T) {
    let (zero, one) = (T::zero(), T::one());
    let along = |dx: [T; 3]| {
        tangents(&f, x, dx)
            .iter()
            .zip(y_bar)
            .fold(zero, |s, (&d, &g)| s + d * g)
    };
    (
        along([one, zero, zero]),
        along([zero, one, zero]),
        along([zero, zero, one]),
    )
}

macro_rules! angle_constructors {
    ($($t:ty),*) => {$(
        impl FromAxisAngle<$t> for UnitQuaternion<$t> {
            // (cos θ/2, sin θ/2 a)′ = ½ (−sin θ/2, cos θ/2 a).
            fn from_axis_angle_jvp_all(axis: &Unit<Vector3<$t>>, angle: $t, angle_dot: $t) -> (Self, Self) {
                let a = axis.into_inner();
                let (s, c) = (angle / 2.0).sin_cos();
                let y = UnitQuaternion::from_axis_angle(axis, angle);
                (y, quaternion(-0.5 * s * angle_dot, a * (0.5 * c * angle_dot)))
            }

            fn from_axis_angle_pullback_all(axis: &Unit<Vector3<$t>>, angle: $t) -> (Self, impl FnOnce(&Unit<Vector3<$t>>, Self) -> ($t,) + use<>) {
                let y = UnitQuaternion::from_axis_angle(axis, angle);
                (y, move |axis: &Unit<Vector3<$t>>, y_bar: Self| {
                    let (s, c) = (angle / 2.0).sin_cos();
                    let a = axis.into_inner();
                    (-0.5 * s * scalar(&y_bar) + 0.5 * c * a.dot(&vector(&y_bar)),)
                })
            }
        }

        impl FromAxisAngle<$t> for Rotation3<$t> {
            // (I + sin θ K + (1 − cos θ) K²)′ = cos θ K + sin θ K².
            fn from_axis_angle_jvp_all(axis: &Unit<Vector3<$t>>, angle: $t, angle_dot: $t) -> (Self, Self) {
                let y = Rotation3::from_axis_angle(axis, angle);
                let dy = axis_angle_derivative(axis, angle);
                (y, Rotation::from_matrix_unchecked(dy * angle_dot))
            }

            fn from_axis_angle_pullback_all(axis: &Unit<Vector3<$t>>, angle: $t) -> (Self, impl FnOnce(&Unit<Vector3<$t>>, Self) -> ($t,) + use<>) {
                let y = Rotation3::from_axis_angle(axis, angle);
                (y, move |axis: &Unit<Vector3<$t>>, y_bar: Self| {
                    (axis_angle_derivative(axis, angle).dot(y_bar.matrix()),)
                })
            }
        }

        impl FromEulerAngles<$t> for UnitQuaternion<$t> {
            fn from_euler_angles_jvp_all(roll: $t, pitch: $t, yaw: $t, roll_dot: $t, pitch_dot: $t, yaw_dot: $t) -> (Self, Self) {
                let y = UnitQuaternion::from_euler_angles(roll, pitch, yaw);
                let d = tangents(euler_quaternion, [roll, pitch, yaw], [roll_dot, pitch_dot, yaw_dot]);
                (y, Unit::new_unchecked(Quaternion::from(nalgebra::Vector4::from(d))))
            }

            fn from_euler_angles_pullback_all(roll: $t, pitch: $t, yaw: $t) -> (Self, impl FnOnce(Self) -> ($t, $t, $t)) {
                let y = UnitQuaternion::from_euler_angles(roll, pitch, yaw);
                (y, move |y_bar: Self| {
                    angle_cotangents(euler_quaternion, [roll, pitch, yaw], y_bar.as_ref().coords.as_slice())
                })
            }
        }

        impl FromEulerAngles<$t> for Rotation3<$t> {
            fn from_euler_angles_jvp_all(roll: $t, pitch: $t, yaw: $t, roll_dot: $t, pitch_dot: $t, yaw_dot: $t) -> (Self, Self) {
                let y = Rotation3::from_euler_angles(roll, pitch, yaw);
                let d = tangents(euler_matrix, [roll, pitch, yaw], [roll_dot, pitch_dot, yaw_dot]);
                (y, Rotation::from_matrix_unchecked(SMatrix::<$t, 3, 3>::from_column_slice(&d)))
            }

            fn from_euler_angles_pullback_all(roll: $t, pitch: $t, yaw: $t) -> (Self, impl FnOnce(Self) -> ($t, $t, $t)) {
                let y = Rotation3::from_euler_angles(roll, pitch, yaw);
                (y, move |y_bar: Self| {
                    angle_cotangents(euler_matrix, [roll, pitch, yaw], y_bar.matrix().as_slice())
                })
            }
        }

        impl New1<$t> for Rotation2<$t> {
            // [[c, −s], [s, c]]′ = [[−s, −c], [c, −s]].
            fn new_jvp_all(angle: $t, angle_dot: $t) -> (Self, Self) {
                let (s, c) = angle.sin_cos();
                let d = SMatrix::<$t, 2, 2>::new(-s, -c, c, -s) * angle_dot;
                (Rotation2::new(angle), Rotation::from_matrix_unchecked(d))
            }

            fn new_pullback_all(angle: $t) -> (Self, impl FnOnce(Self) -> ($t,)) {
                (Rotation2::new(angle), move |y_bar: Self| {
                    let (s, c) = angle.sin_cos();
                    (SMatrix::<$t, 2, 2>::new(-s, -c, c, -s).dot(y_bar.matrix()),)
                })
            }
        }
    )*};
}

/// `∂R/∂θ = cos θ K + sin θ K²` of the rotation by `θ` about the unit `axis` `a`
/// (`K = [a]×`, and `K² = a aᵀ − I` since `a` is a unit vector).
fn axis_angle_derivative<T: nalgebra::RealField + Float + Copy>(
    axis: &Unit<Vector3<T>>,
    angle: T,
) -> SMatrix<T, 3, 3> {
    let a = axis.as_ref();
    let (s, c) = Float::sin_cos(angle);
    SMatrix::from_fn(|i, j| {
        let k = match (i, j) {
            (0, 1) => -a[2],
            (0, 2) => a[1],
            (1, 0) => a[2],
            (1, 2) => -a[0],
            (2, 0) => -a[1],
            (2, 1) => a[0],
            _ => T::zero(),
        };
        let identity = if i == j { T::one() } else { T::zero() };
        c * k + s * (a[i] * a[j] - identity)
    })
}

angle_constructors!(f32, f64);

#[cfg(test)]
mod tests {
    use super::super::tests::{central, close, quat};
    use super::*;
    use crate::Differentiable;

    #[test]
    fn angle_constructors_agree_with_central_differences() {
        let axis = Vector3::z_axis();
        let tilted = Unit::new_normalize(Vector3::new(1.0, -2.0, 0.5));
        for a in [axis, tilted] {
            for angle in [0.0, 0.7, -2.9] {
                let f = |x: &[f64]| UnitQuaternion::from_axis_angle(&a, x[0]).to_flat();
                let column = &central(f, &[angle])[0];
                let (_, t) = <UnitQuaternion<f64> as FromAxisAngle<f64>>::from_axis_angle_jvp_all(
                    &a, angle, 1.0,
                );
                for (x, y) in t.to_flat().iter().zip(column) {
                    assert!(close(*x, *y), "quaternion, angle {angle}: {x} against {y}");
                }
                let g = |x: &[f64]| Rotation3::from_axis_angle(&a, x[0]).to_flat();
                let column = &central(g, &[angle])[0];
                let (_, pullback) =
                    <Rotation3<f64> as FromAxisAngle<f64>>::from_axis_angle_pullback_all(&a, angle);
                let y_bar =
                    Rotation::from_matrix_unchecked(SMatrix::<f64, 3, 3>::from_fn(|i, j| {
                        (i as f64) - 0.5 * j as f64
                    }));
                let expected: f64 = column.iter().zip(y_bar.to_flat()).map(|(a, b)| a * b).sum();
                let (angle_bar,) = pullback(&a, y_bar);
                assert!(
                    close(angle_bar, expected),
                    "matrix, angle {angle}: {angle_bar} against {expected}"
                );
            }
        }
        let x = [0.3, -1.1, 2.0];
        let q = |x: &[f64]| UnitQuaternion::from_euler_angles(x[0], x[1], x[2]).to_flat();
        let m = |x: &[f64]| Rotation3::from_euler_angles(x[0], x[1], x[2]).to_flat();
        let (q_columns, m_columns) = (central(q, &x), central(m, &x));
        let q_bar = quat(&[0.5, -0.25, 1.0, 2.0]);
        let m_bar = Rotation::from_matrix_unchecked(SMatrix::<f64, 3, 3>::from_fn(|i, j| {
            (3 * i + j) as f64 - 4.0
        }));
        let (_, qp) = <UnitQuaternion<f64> as FromEulerAngles<f64>>::from_euler_angles_pullback_all(
            x[0], x[1], x[2],
        );
        let (_, mp) = <Rotation3<f64> as FromEulerAngles<f64>>::from_euler_angles_pullback_all(
            x[0], x[1], x[2],
        );
        let (qb, mb) = (qp(q_bar), mp(m_bar));
        for (i, (got_q, got_m)) in [(qb.0, mb.0), (qb.1, mb.1), (qb.2, mb.2)]
            .into_iter()
            .enumerate()
        {
            let eq: f64 = q_columns[i]
                .iter()
                .zip(q_bar.to_flat())
                .map(|(a, b)| a * b)
                .sum();
            let em: f64 = m_columns[i]
                .iter()
                .zip(m_bar.to_flat())
                .map(|(a, b)| a * b)
                .sum();
            assert!(
                close(got_q, eq),
                "quaternion angle {i}: {got_q} against {eq}"
            );
            assert!(close(got_m, em), "matrix angle {i}: {got_m} against {em}");
        }
        // Each rule's value is nalgebra's own.
        let (value, _) = <UnitQuaternion<f64> as FromEulerAngles<f64>>::from_euler_angles_jvp_all(
            x[0], x[1], x[2], 0.0, 0.0, 0.0,
        );
        assert_eq!(value, UnitQuaternion::from_euler_angles(x[0], x[1], x[2]));
        let r2 = |x: &[f64]| Rotation2::new(x[0]).to_flat();
        let column = &central(r2, &[0.4])[0];
        let (_, t) = <Rotation2<f64> as New1<f64>>::new_jvp_all(0.4, 1.0);
        for (x, y) in t.to_flat().iter().zip(column) {
            assert!(close(*x, *y), "Rotation2: {x} against {y}");
        }
    }
}
