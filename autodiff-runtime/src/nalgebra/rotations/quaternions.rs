//! A unit quaternion made or read as a quaternion: `UnitQuaternion::from_quaternion(q)` (the
//! way to optimise a rotation's four coordinates: normalised in the function),
//! `Quaternion::new(w, i, j, k)` and `q.conjugate()`.
//!
//! | operation | value | cotangents |
//! |---|---|---|
//! | `from_quaternion(q)` | `y = q / ‖q‖` | `q̄ = (ȳ − y⟨y, ȳ⟩) / ‖q‖` (0 at `q = 0`) |
//! | `Quaternion::new(w, i, j, k)` | the quaternion | each argument's cotangent is its coordinate |
//! | `q.conjugate()` | `(w, −u)` | `q̄ = ȳ*` |
//!
//! ```
//! use autodiff_runtime::nalgebra::rotations::FromQuaternion;
//! use nalgebra::{Quaternion, UnitQuaternion};
//! let q = Quaternion::new(2.0, 0.0, 0.0, 0.0);
//! let (u, pullback) = <UnitQuaternion<f64> as FromQuaternion<f64>>::from_quaternion_pullback_all(&q);
//! assert_eq!(u, UnitQuaternion::identity());
//! // Along the unit quaternion itself the normalisation is flat: its cotangent is zero there.
//! let (q_bar,) = pullback(&q, u);
//! assert_eq!(q_bar.coords.norm(), 0.0);
//! ```

use super::super::constructors::New4;
use super::conjugate;
use nalgebra::{Quaternion, Unit, UnitQuaternion};

/// `UnitQuaternion::from_quaternion(q)`: `q` normalised.
// The pullback's signature spells out what it takes and gives; an alias would hide it.
#[allow(clippy::type_complexity)]
pub trait FromQuaternion<T>: Sized {
    /// Its value and tangent.
    fn from_quaternion_jvp_all(q: &Quaternion<T>, q_dot: &Quaternion<T>) -> (Self, Self);
    /// Its value and pullback.
    fn from_quaternion_pullback_all(
        q: &Quaternion<T>,
    ) -> (
        Self,
        impl FnOnce(&Quaternion<T>, Self) -> (Quaternion<T>,) + use<T, Self>,
    );
}

/// `q.conjugate()` of a unit quaternion.
pub trait ConjugateRule: Sized {
    /// Its value and tangent.
    fn conjugate_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// Its value and pullback.
    fn conjugate_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
}

macro_rules! quaternion_rules {
    ($($t:ty),*) => {$(
        impl FromQuaternion<$t> for UnitQuaternion<$t> {
            fn from_quaternion_jvp_all(q: &Quaternion<$t>, q_dot: &Quaternion<$t>) -> (Self, Self) {
                let n = q.coords.norm();
                let y = Unit::new_unchecked(q.clone() / n);
                if n == 0.0 {
                    return (UnitQuaternion::from_quaternion(*q), Unit::new_unchecked(*q_dot * 0.0));
                }
                let along = y.coords.dot(&q_dot.coords);
                let t = (q_dot.coords - y.coords * along) / n;
                (UnitQuaternion::from_quaternion(*q), Unit::new_unchecked(Quaternion::from(t)))
            }

            fn from_quaternion_pullback_all(q: &Quaternion<$t>) -> (Self, impl FnOnce(&Quaternion<$t>, Self) -> (Quaternion<$t>,) + use<>) {
                (UnitQuaternion::from_quaternion(*q), |q: &Quaternion<$t>, y_bar: Self| {
                    let n = q.coords.norm();
                    if n == 0.0 {
                        return (Quaternion::from(q.coords * 0.0),);
                    }
                    let y = q.coords / n;
                    let g = y_bar.as_ref().coords;
                    (Quaternion::from((g - y * y.dot(&g)) / n),)
                })
            }
        }

        impl ConjugateRule for UnitQuaternion<$t> {
            fn conjugate_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
                (conjugate(self), conjugate(self_dot))
            }

            fn conjugate_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<>) {
                (conjugate(self), |_: &Self, y_bar: Self| (conjugate(&y_bar),))
            }
        }

        // nalgebra's `Quaternion::new(w, i, j, k)` stores `[i, j, k, w]`.
        impl New4<$t> for Quaternion<$t> {
            fn new_jvp_all(w: $t, i: $t, j: $t, k: $t, w_dot: $t, i_dot: $t, j_dot: $t, k_dot: $t) -> (Self, Self) {
                (Quaternion::new(w, i, j, k), Quaternion::new(w_dot, i_dot, j_dot, k_dot))
            }

            fn new_pullback_all(w: $t, i: $t, j: $t, k: $t) -> (Self, impl FnOnce(Self) -> ($t, $t, $t, $t) + use<>) {
                (Quaternion::new(w, i, j, k), |y_bar: Self| {
                    let c = y_bar.coords;
                    (c[3], c[0], c[1], c[2])
                })
            }
        }
    )*};
}

quaternion_rules!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Differentiable;

    #[test]
    fn normalising_agrees_with_central_differences() {
        let q = Quaternion::new(0.9, 0.1, -0.3, 0.2);
        let y_bar = Unit::new_unchecked(Quaternion::new(0.5, -1.0, 0.25, 2.0));
        let (_, pullback) =
            <UnitQuaternion<f64> as FromQuaternion<f64>>::from_quaternion_pullback_all(&q);
        let (q_bar,) = pullback(&q, y_bar);
        let h = 1e-6;
        for i in 0..4 {
            let (mut up, mut down) = (q, q);
            up.coords[i] += h;
            down.coords[i] -= h;
            let f = |p: Quaternion<f64>| {
                let u = UnitQuaternion::from_quaternion(p);
                u.as_ref().coords.dot(&y_bar.as_ref().coords)
            };
            let fd = (f(up) - f(down)) / (2.0 * h);
            assert!(
                (q_bar.coords[i] - fd).abs() < 1e-8,
                "{i}: {} against {fd}",
                q_bar.coords[i]
            );
            let mut e = Quaternion::new(0.0, 0.0, 0.0, 0.0);
            e.coords[i] = 1.0;
            let (_, t) =
                <UnitQuaternion<f64> as FromQuaternion<f64>>::from_quaternion_jvp_all(&q, &e);
            assert!((t.as_ref().coords.dot(&y_bar.as_ref().coords) - fd).abs() < 1e-8);
        }
        assert_eq!(q_bar.to_flat().len(), 4);
    }
}
