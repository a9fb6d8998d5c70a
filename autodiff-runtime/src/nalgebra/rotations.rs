//! nalgebra's rotations (`UnitQuaternion`, `Rotation2`, `Rotation3`) under `#[differentiate]`:
//! `Differentiable` through their coordinates, and the entry points of rotating a vector or
//! a point, composing, inverting, and building a rotation from angles.
//!
//! **The tangent convention.** A rotation's tangent and cotangent are taken in the
//! coordinates nalgebra stores: a unit quaternion's four (`i, j, k, w`), a rotation
//! matrix's nine (or four) entries. Each rule is the derivative of nalgebra's own formula in
//! those coordinates, so a tangent or cotangent need not be tangent to the rotations (a
//! quaternion's cotangent is not orthogonal to it), central differences that step a
//! coordinate off the unit sphere agree with the rules, and a rotation built inside the
//! function from angles (`UnitQuaternion::from_axis_angle(&axis, θ)`,
//! `Rotation3::from_euler_angles(r, p, y)`) carries the angles' cotangents exactly. To
//! optimise a rotation itself, parameterise it by angles or by a quaternion you normalise
//! in the function (`UnitQuaternion::from_quaternion(q)`), as one does in any framework.
//!
//! With `ȳ` the result's cotangent, `q = (w, u)` a quaternion and `R` a matrix:
//!
//! | operation | value | cotangents |
//! |---|---|---|
//! | `q * v` | `y = v + w t + u × t`, `t = 2 u × v` | `w̄ = ⟨ȳ, t⟩`, `t̄ = w ȳ + ȳ × u`, `ū = t × ȳ + 2 v × t̄`, `v̄ = ȳ + 2 t̄ × u` |
//! | `p * q` (Hamilton product) | `p q` | `p̄ = ȳ q*`, `q̄ = p* ȳ` |
//! | `R * v`, `R * S` | `R v`, `R S` | `R̄ = ȳ vᵀ`, `v̄ = Rᵀ ȳ` (and as for matrices) |
//! | `q.inverse()`, `R.inverse()`, `R.transpose()` | `q*`, `Rᵀ` | `q̄ = ȳ*`, `R̄ = ȳᵀ` |
//! | `from_axis_angle(&a, θ)` | `(cos θ/2, sin θ/2 a)`; `I + sin θ K + (1 − cos θ) K²` | `θ̄ = ⟨ȳ, ∂y/∂θ⟩` (`a` a constant) |
//! | `from_euler_angles(r, p, y)`, `Rotation2::new(θ)` | nalgebra's formula | `θ̄ = ⟨ȳ, ∂y/∂θ⟩` per angle |
//!
//! `q * p` and `R * p` of a point are those of its coordinates; `transform_vector`,
//! `transform_point`, `inverse_transform_vector` and `inverse_transform_point` are the
//! products they name.
//!
//! ```
//! use autodiff_runtime::nalgebra::products::MulRule;
//! use nalgebra::{UnitQuaternion, Vector3};
//! let q: UnitQuaternion<f64> = UnitQuaternion::from_euler_angles(0.1, 0.2, 0.3);
//! let v: Vector3<f64> = Vector3::new(1.0, 2.0, 3.0);
//! let (y, pullback) = q.mul_pullback_all(&v);
//! assert!((y - q * v).norm() < 1e-15);
//! let (_, v_bar) = pullback(&q, &v, Vector3::new(1.0, 0.0, 0.0));
//! // A rotation's Jacobian with respect to the vector is the matrix itself: v̄ = Rᵀ ȳ.
//! assert!((v_bar - q.to_rotation_matrix().transpose() * Vector3::x()).norm() < 1e-15);
//! ```

mod angles;
mod quaternions;

pub use angles::{FromAxisAngle, FromEulerAngles, New1};
pub use quaternions::{ConjugateRule, FromQuaternion};

use super::cross::cross3 as cross;
use super::products::{MatrixProductPullback, MulRule};
use super::rules::Lend;
use crate::Differentiable;
use nalgebra::{Point, Quaternion, Rotation, SVector, Unit, UnitQuaternion, Vector3};
use num_traits::Float;

/// A quaternion is the leaves of its four coordinates (`i, j, k, w`, nalgebra's order).
macro_rules! differentiable_through {
    ($([$($generics:tt)*] $ty:ty, $t:ty, |$v:ident| $coords:expr, |$m:ident| $coords_mut:expr;)*) => {$(
        impl<$($generics)*> Differentiable for $ty {
            type Scalar = $t;

            fn zero_like(&self) -> Self {
                let mut zero = self.clone();
                zero.set_zero();
                zero
            }

            fn accumulate(&mut self, other: &Self) {
                let $v = other;
                let theirs = $coords;
                let $m = self;
                $coords_mut.accumulate(theirs);
            }

            fn scale_leaves(&mut self, s: $t) {
                let $m = self;
                Differentiable::scale_leaves($coords_mut, s);
            }

            fn set_zero(&mut self) {
                let $m = self;
                $coords_mut.set_zero();
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[$t])) {
                let $v = self;
                $coords.for_each_leaf(f);
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [$t])) {
                let $m = self;
                $coords_mut.for_each_leaf_mut(f);
            }

            fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [$t], &[$t])) {
                let $v = other;
                let theirs = $coords;
                let $m = self;
                $coords_mut.zip_leaves_mut(theirs, f);
            }
        }
    )*};
}

macro_rules! differentiable_rotations {
    ($($t:ty),*) => {$(
        differentiable_through! {
            [] Quaternion<$t>, $t, |v| &v.coords, |m| &mut m.coords;
            [] UnitQuaternion<$t>, $t, |v| &v.as_ref().coords, |m| &mut m.as_mut_unchecked().coords;
            [const D: usize] Rotation<$t, D>, $t, |v| v.matrix(), |m| m.matrix_mut_unchecked();
        }
    )*};
}

differentiable_rotations!(f32, f64);

/// The quaternion of coordinates `w` and `u`, as a unit quaternion (not normalised: a
/// tangent or a cotangent).
fn quaternion<T: nalgebra::RealField + Float + Copy>(w: T, u: Vector3<T>) -> UnitQuaternion<T> {
    Unit::new_unchecked(Quaternion::from_parts(w, u))
}

fn vector<T: nalgebra::Scalar + Copy>(q: &UnitQuaternion<T>) -> Vector3<T> {
    let c = &q.as_ref().coords;
    Vector3::new(c[0], c[1], c[2])
}

fn scalar<T: nalgebra::Scalar + Copy>(q: &UnitQuaternion<T>) -> T {
    q.as_ref().coords[3]
}

/// `q v` by nalgebra's formula `v + w t + u × t`, `t = 2 u × v`, on any coordinates.
fn rotate<T: nalgebra::RealField + Float + Copy>(
    w: T,
    u: &Vector3<T>,
    v: &Vector3<T>,
) -> Vector3<T> {
    let two = T::one() + T::one();
    let t = cross(u, v) * two;
    v + t * w + cross(u, &t)
}

/// The tangent of `q v`: `v̇ + ẇ t + w ṫ + u̇ × t + u × ṫ`, `ṫ = 2 (u̇ × v + u × v̇)`.
fn rotate_jvp<T: nalgebra::RealField + Float + Copy>(
    q: &UnitQuaternion<T>,
    v: &Vector3<T>,
    q_dot: &UnitQuaternion<T>,
    v_dot: &Vector3<T>,
) -> Vector3<T> {
    let two = T::one() + T::one();
    let (w, u, w_dot, u_dot) = (scalar(q), vector(q), scalar(q_dot), vector(q_dot));
    let t = cross(&u, v) * two;
    let t_dot = (cross(&u_dot, v) + cross(&u, v_dot)) * two;
    v_dot + t * w_dot + t_dot * w + cross(&u_dot, &t) + cross(&u, &t_dot)
}

/// The cotangents of `q v` (see the module's table).
fn rotate_vjp<T: nalgebra::RealField + Float + Copy>(
    q: &UnitQuaternion<T>,
    v: &Vector3<T>,
    y_bar: &Vector3<T>,
) -> (UnitQuaternion<T>, Vector3<T>) {
    let two = T::one() + T::one();
    let (w, u) = (scalar(q), vector(q));
    let t = cross(&u, v) * two;
    let w_bar = y_bar.dot(&t);
    let t_bar = y_bar * w + cross(y_bar, &u);
    let u_bar = cross(&t, y_bar) + cross(v, &t_bar) * two;
    let v_bar = y_bar + cross(&t_bar, &u) * two;
    (quaternion(w_bar, u_bar), v_bar)
}

/// The Hamilton product `p q` on any coordinates.
fn hamilton<T: nalgebra::RealField + Float + Copy>(
    p: &UnitQuaternion<T>,
    q: &UnitQuaternion<T>,
) -> UnitQuaternion<T> {
    let (pw, pu, qw, qu) = (scalar(p), vector(p), scalar(q), vector(q));
    quaternion(pw * qw - pu.dot(&qu), qu * pw + pu * qw + cross(&pu, &qu))
}

/// `q*`, on any coordinates.
fn conjugate<T: nalgebra::RealField + Float + Copy>(q: &UnitQuaternion<T>) -> UnitQuaternion<T> {
    quaternion(scalar(q), -vector(q))
}

type RotationPullback<A, B> = MatrixProductPullback<A, B, B>;

/// `q * v`, `q * p`, `q * r` for a unit quaternion `q`: the rhs by reference (`&v`) or by a
/// reference to one (`&&v` of a parameter `v: &Vector3<f64>`).
macro_rules! quaternion_products {
    ($($t:ty),*) => {$(
        quaternion_products!(@rhs $t, &'a Vector3<$t>);
        quaternion_products!(@rhs $t, &'a &'b Vector3<$t>);
        quaternion_products!(@point $t, &'a Point<$t, 3>);
        quaternion_products!(@point $t, &'a &'b Point<$t, 3>);
        quaternion_products!(@compose $t, &'a UnitQuaternion<$t>);
        quaternion_products!(@compose $t, &'a &'b UnitQuaternion<$t>);
    )*};
    (@rhs $t:ty, $rhs:ty) => {
        impl<'a, 'b> MulRule<$rhs> for UnitQuaternion<$t> {
            type Output = Vector3<$t>;
            type RhsValue = Vector3<$t>;
            type Pullback = RotationPullback<Self, Vector3<$t>>;

            fn mul_jvp_all<D: Lend<Vector3<$t>>>(
                &self,
                v: $rhs,
                self_dot: &Self,
                v_dot: D,
            ) -> (Vector3<$t>, Vector3<$t>) {
                let v: &Vector3<$t> = v;
                (rotate(scalar(self), &vector(self), v), rotate_jvp(self, v, self_dot, v_dot.lent()))
            }

            fn mul_pullback_all(&self, v: $rhs) -> (Vector3<$t>, Self::Pullback) {
                let v: &Vector3<$t> = v;
                (
                    rotate(scalar(self), &vector(self), v),
                    Box::new(|q: &Self, v: &Vector3<$t>, y_bar: Vector3<$t>| rotate_vjp(q, v, &y_bar)),
                )
            }
        }
    };
    (@point $t:ty, $rhs:ty) => {
        impl<'a, 'b> MulRule<$rhs> for UnitQuaternion<$t> {
            type Output = Point<$t, 3>;
            type RhsValue = Point<$t, 3>;
            type Pullback = RotationPullback<Self, Point<$t, 3>>;

            fn mul_jvp_all<D: Lend<Point<$t, 3>>>(
                &self,
                p: $rhs,
                self_dot: &Self,
                p_dot: D,
            ) -> (Point<$t, 3>, Point<$t, 3>) {
                let p: &Point<$t, 3> = p;
                let y = rotate(scalar(self), &vector(self), &p.coords);
                let y_dot = rotate_jvp(self, &p.coords, self_dot, &p_dot.lent().coords);
                (Point::from(y), Point::from(y_dot))
            }

            fn mul_pullback_all(&self, p: $rhs) -> (Point<$t, 3>, Self::Pullback) {
                let p: &Point<$t, 3> = p;
                (
                    Point::from(rotate(scalar(self), &vector(self), &p.coords)),
                    Box::new(|q: &Self, p: &Point<$t, 3>, y_bar: Point<$t, 3>| {
                        let (q_bar, v_bar) = rotate_vjp(q, &p.coords, &y_bar.coords);
                        (q_bar, Point::from(v_bar))
                    }),
                )
            }
        }
    };
    (@compose $t:ty, $rhs:ty) => {
        impl<'a, 'b> MulRule<$rhs> for UnitQuaternion<$t> {
            type Output = Self;
            type RhsValue = Self;
            type Pullback = RotationPullback<Self, Self>;

            fn mul_jvp_all<D: Lend<Self>>(&self, q: $rhs, self_dot: &Self, q_dot: D) -> (Self, Self) {
                let q: &Self = q;
                let left = hamilton(self_dot, q);
                let right = hamilton(self, q_dot.lent());
                let sum = quaternion(scalar(&left) + scalar(&right), vector(&left) + vector(&right));
                (hamilton(self, q), sum)
            }

            fn mul_pullback_all(&self, q: $rhs) -> (Self, Self::Pullback) {
                let q: &Self = q;
                (
                    hamilton(self, q),
                    // p̄ = ȳ q*, q̄ = p* ȳ: the adjoints of multiplying by a quaternion on
                    // either side.
                    Box::new(|p: &Self, q: &Self, y_bar: Self| {
                        (hamilton(&y_bar, &conjugate(q)), hamilton(&conjugate(p), &y_bar))
                    }),
                )
            }
        }
    };
}

quaternion_products!(f32, f64);

/// `R * v`, `R * p`, `R * S` for a rotation matrix `R` of any dimension.
macro_rules! rotation_products {
    ($($t:ty),*) => {$(
        rotation_products!(@rhs $t, &'a SVector<$t, D>);
        rotation_products!(@rhs $t, &'a &'b SVector<$t, D>);
        rotation_products!(@point $t, &'a Point<$t, D>);
        rotation_products!(@point $t, &'a &'b Point<$t, D>);
        rotation_products!(@compose $t, &'a Rotation<$t, D>);
        rotation_products!(@compose $t, &'a &'b Rotation<$t, D>);
    )*};
    (@rhs $t:ty, $rhs:ty) => {
        impl<'a, 'b, const D: usize> MulRule<$rhs> for Rotation<$t, D> {
            type Output = SVector<$t, D>;
            type RhsValue = SVector<$t, D>;
            type Pullback = RotationPullback<Self, SVector<$t, D>>;

            fn mul_jvp_all<L: Lend<SVector<$t, D>>>(
                &self,
                v: $rhs,
                self_dot: &Self,
                v_dot: L,
            ) -> (SVector<$t, D>, SVector<$t, D>) {
                let v: &SVector<$t, D> = v;
                (self.matrix() * v, self_dot.matrix() * v + self.matrix() * v_dot.lent())
            }

            fn mul_pullback_all(&self, v: $rhs) -> (SVector<$t, D>, Self::Pullback) {
                let v: &SVector<$t, D> = v;
                (
                    self.matrix() * v,
                    // R̄ = ȳ vᵀ, v̄ = Rᵀ ȳ.
                    Box::new(|r: &Self, v: &SVector<$t, D>, y_bar: SVector<$t, D>| {
                        let r_bar = Rotation::from_matrix_unchecked(y_bar * v.transpose());
                        (r_bar, r.matrix().tr_mul(&y_bar))
                    }),
                )
            }
        }
    };
    (@point $t:ty, $rhs:ty) => {
        impl<'a, 'b, const D: usize> MulRule<$rhs> for Rotation<$t, D> {
            type Output = Point<$t, D>;
            type RhsValue = Point<$t, D>;
            type Pullback = RotationPullback<Self, Point<$t, D>>;

            fn mul_jvp_all<L: Lend<Point<$t, D>>>(
                &self,
                p: $rhs,
                self_dot: &Self,
                p_dot: L,
            ) -> (Point<$t, D>, Point<$t, D>) {
                let p: &Point<$t, D> = p;
                let y_dot = self_dot.matrix() * p.coords + self.matrix() * p_dot.lent().coords;
                (Point::from(self.matrix() * p.coords), Point::from(y_dot))
            }

            fn mul_pullback_all(&self, p: $rhs) -> (Point<$t, D>, Self::Pullback) {
                let p: &Point<$t, D> = p;
                (
                    Point::from(self.matrix() * p.coords),
                    Box::new(|r: &Self, p: &Point<$t, D>, y_bar: Point<$t, D>| {
                        let r_bar = Rotation::from_matrix_unchecked(y_bar.coords * p.coords.transpose());
                        (r_bar, Point::from(r.matrix().tr_mul(&y_bar.coords)))
                    }),
                )
            }
        }
    };
    (@compose $t:ty, $rhs:ty) => {
        impl<'a, 'b, const D: usize> MulRule<$rhs> for Rotation<$t, D> {
            type Output = Self;
            type RhsValue = Self;
            type Pullback = RotationPullback<Self, Self>;

            fn mul_jvp_all<L: Lend<Self>>(&self, s: $rhs, self_dot: &Self, s_dot: L) -> (Self, Self) {
                let s: &Self = s;
                let y_dot = self_dot.matrix() * s.matrix() + self.matrix() * s_dot.lent().matrix();
                (self * s, Rotation::from_matrix_unchecked(y_dot))
            }

            fn mul_pullback_all(&self, s: $rhs) -> (Self, Self::Pullback) {
                let s: &Self = s;
                (
                    self * s,
                    // Ā = Ȳ Bᵀ, B̄ = Aᵀ Ȳ.
                    Box::new(|a: &Self, b: &Self, y_bar: Self| {
                        let a_bar = y_bar.matrix() * b.matrix().transpose();
                        let b_bar = a.matrix().tr_mul(y_bar.matrix());
                        (Rotation::from_matrix_unchecked(a_bar), Rotation::from_matrix_unchecked(b_bar))
                    }),
                )
            }
        }
    };
}

rotation_products!(f32, f64);

/// A rotation's methods: its inverse, and the transforms named after the products.
// The pullbacks' signatures spell out what each takes and gives; aliases would hide it.
#[allow(clippy::type_complexity)]
pub trait RotationRules: Sized {
    /// The vectors it rotates.
    type Vector;
    /// The points it rotates.
    type Point;
    /// `self.inverse()`: its value and tangent.
    fn inverse_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `self.inverse()`: its value and pullback.
    fn inverse_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
    /// `self.transform_vector(&v)`: its value and tangent.
    fn transform_vector_jvp_all(
        &self,
        v: &Self::Vector,
        self_dot: &Self,
        v_dot: &Self::Vector,
    ) -> (Self::Vector, Self::Vector);
    /// `self.transform_vector(&v)`: its value and pullback.
    fn transform_vector_pullback_all(
        &self,
        v: &Self::Vector,
    ) -> (
        Self::Vector,
        impl FnOnce(&Self, &Self::Vector, Self::Vector) -> (Self, Self::Vector) + use<Self>,
    );
    /// `self.transform_point(&p)`: its value and tangent.
    fn transform_point_jvp_all(
        &self,
        p: &Self::Point,
        self_dot: &Self,
        p_dot: &Self::Point,
    ) -> (Self::Point, Self::Point);
    /// `self.transform_point(&p)`: its value and pullback.
    fn transform_point_pullback_all(
        &self,
        p: &Self::Point,
    ) -> (
        Self::Point,
        impl FnOnce(&Self, &Self::Point, Self::Point) -> (Self, Self::Point) + use<Self>,
    );
    /// `self.inverse_transform_vector(&v)`: its value and tangent.
    fn inverse_transform_vector_jvp_all(
        &self,
        v: &Self::Vector,
        self_dot: &Self,
        v_dot: &Self::Vector,
    ) -> (Self::Vector, Self::Vector);
    /// `self.inverse_transform_vector(&v)`: its value and pullback.
    fn inverse_transform_vector_pullback_all(
        &self,
        v: &Self::Vector,
    ) -> (
        Self::Vector,
        impl FnOnce(&Self, &Self::Vector, Self::Vector) -> (Self, Self::Vector) + use<Self>,
    );
    /// `self.inverse_transform_point(&p)`: its value and tangent.
    fn inverse_transform_point_jvp_all(
        &self,
        p: &Self::Point,
        self_dot: &Self,
        p_dot: &Self::Point,
    ) -> (Self::Point, Self::Point);
    /// `self.inverse_transform_point(&p)`: its value and pullback.
    fn inverse_transform_point_pullback_all(
        &self,
        p: &Self::Point,
    ) -> (
        Self::Point,
        impl FnOnce(&Self, &Self::Point, Self::Point) -> (Self, Self::Point) + use<Self>,
    );
}

/// The transforms through the products: `transform_*` is `self * x`, `inverse_transform_*`
/// is `self.inverse() * x` (the inverse is linear in the coordinates, so its pullback is
/// the inverse of the cotangent).
macro_rules! rotation_rules {
    ([$($generics:tt)*] [$($used:tt)*] $ty:ty, $vector:ty, $point:ty, $inverse:expr) => {
        impl<$($generics)*> RotationRules for $ty {
            type Vector = $vector;
            type Point = $point;

            fn inverse_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
                let inverse: fn(&Self) -> Self = $inverse;
                (inverse(self), inverse(self_dot))
            }

            fn inverse_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<$($used)*>) {
                let inverse: fn(&Self) -> Self = $inverse;
                (inverse(self), move |_: &Self, y_bar: Self| (inverse(&y_bar),))
            }

            fn transform_vector_jvp_all(&self, v: &$vector, self_dot: &Self, v_dot: &$vector) -> ($vector, $vector) {
                self.mul_jvp_all(v, self_dot, v_dot)
            }

            fn transform_vector_pullback_all(&self, v: &$vector) -> ($vector, impl FnOnce(&Self, &$vector, $vector) -> (Self, $vector) + use<$($used)*>) {
                self.mul_pullback_all(v)
            }

            fn transform_point_jvp_all(&self, p: &$point, self_dot: &Self, p_dot: &$point) -> ($point, $point) {
                self.mul_jvp_all(p, self_dot, p_dot)
            }

            fn transform_point_pullback_all(&self, p: &$point) -> ($point, impl FnOnce(&Self, &$point, $point) -> (Self, $point) + use<$($used)*>) {
                self.mul_pullback_all(p)
            }

            fn inverse_transform_vector_jvp_all(&self, v: &$vector, self_dot: &Self, v_dot: &$vector) -> ($vector, $vector) {
                let inverse: fn(&Self) -> Self = $inverse;
                inverse(self).mul_jvp_all(v, &inverse(self_dot), v_dot)
            }

            fn inverse_transform_vector_pullback_all(&self, v: &$vector) -> ($vector, impl FnOnce(&Self, &$vector, $vector) -> (Self, $vector) + use<$($used)*>) {
                let inverse: fn(&Self) -> Self = $inverse;
                let (y, pullback) = inverse(self).mul_pullback_all(v);
                (y, move |q: &Self, v: &$vector, y_bar: $vector| {
                    let (q_inverse_bar, v_bar) = pullback(&inverse(q), v, y_bar);
                    (inverse(&q_inverse_bar), v_bar)
                })
            }

            fn inverse_transform_point_jvp_all(&self, p: &$point, self_dot: &Self, p_dot: &$point) -> ($point, $point) {
                let inverse: fn(&Self) -> Self = $inverse;
                inverse(self).mul_jvp_all(p, &inverse(self_dot), p_dot)
            }

            fn inverse_transform_point_pullback_all(&self, p: &$point) -> ($point, impl FnOnce(&Self, &$point, $point) -> (Self, $point) + use<$($used)*>) {
                let inverse: fn(&Self) -> Self = $inverse;
                let (y, pullback) = inverse(self).mul_pullback_all(p);
                (y, move |q: &Self, p: &$point, y_bar: $point| {
                    let (q_inverse_bar, p_bar) = pullback(&inverse(q), p, y_bar);
                    (inverse(&q_inverse_bar), p_bar)
                })
            }
        }
    };
}

macro_rules! all_rotation_rules {
    ($($t:ty),*) => {$(
        rotation_rules!([] [] UnitQuaternion<$t>, Vector3<$t>, Point<$t, 3>, conjugate);
        rotation_rules!([const D: usize] [D] Rotation<$t, D>, SVector<$t, D>, Point<$t, D>, |r| {
            Rotation::from_matrix_unchecked(r.matrix().transpose())
        });
        impl<const D: usize> super::rules::TransposeRule for Rotation<$t, D> {
            type Transposed = Self;

            fn transpose_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
                self.inverse_jvp_all(self_dot)
            }

            fn transpose_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<D>) {
                self.inverse_pullback_all()
            }
        }
    )*};
}

all_rotation_rules!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{Rotation2, Rotation3, SMatrix};

    /// Central differences of `f` along every coordinate of `x` (a flat parameter vector).
    pub(super) fn central(f: impl Fn(&[f64]) -> Vec<f64>, x: &[f64]) -> Vec<Vec<f64>> {
        let h = 1e-6;
        (0..x.len())
            .map(|i| {
                let (mut up, mut down) = (x.to_vec(), x.to_vec());
                up[i] += h;
                down[i] -= h;
                f(&up)
                    .iter()
                    .zip(f(&down))
                    .map(|(a, b)| (a - b) / (2.0 * h))
                    .collect()
            })
            .collect()
    }

    pub(super) fn quat(c: &[f64]) -> UnitQuaternion<f64> {
        Unit::new_unchecked(Quaternion::new(c[3], c[0], c[1], c[2]))
    }

    pub(super) fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-7 * (1.0 + a.abs().max(b.abs()))
    }

    /// `q * v` through nalgebra itself, against the rules, off the unit sphere too.
    #[test]
    fn quaternion_times_vector_agrees_with_central_differences() {
        let x = [0.3, -0.2, 0.5, 0.8, 1.0, -2.0, 0.5];
        let f = |x: &[f64]| {
            let y = quat(&x[..4]) * Vector3::new(x[4], x[5], x[6]);
            y.as_slice().to_vec()
        };
        let columns = central(f, &x);
        let (q, v) = (quat(&x[..4]), Vector3::new(x[4], x[5], x[6]));
        let y_bar = Vector3::new(0.7, -1.3, 0.4);
        let (_, pullback) = q.mul_pullback_all(&v);
        let (q_bar, v_bar) = pullback(&q, &v, y_bar);
        let bars: Vec<f64> = q_bar
            .to_flat()
            .into_iter()
            .chain(v_bar.iter().copied())
            .collect();
        for (i, column) in columns.iter().enumerate() {
            let expected: f64 = column.iter().zip(y_bar.iter()).map(|(a, b)| a * b).sum();
            assert!(
                close(bars[i], expected),
                "coordinate {i}: {} against {expected}",
                bars[i]
            );
            // The tangent along coordinate i is column i.
            let mut dx = [0.0; 7];
            dx[i] = 1.0;
            let (_, y_dot) = q.mul_jvp_all(&v, &quat(&dx[..4]), &Vector3::new(dx[4], dx[5], dx[6]));
            for (a, b) in y_dot.iter().zip(column) {
                assert!(close(*a, *b), "tangent {i}: {a} against {b}");
            }
        }
    }

    #[test]
    fn quaternion_products_and_inverses_agree_with_central_differences() {
        let x = [0.3, -0.2, 0.5, 0.8, -0.1, 0.4, 0.2, 0.9];
        let f = |x: &[f64]| {
            let y = quat(&x[..4]) * quat(&x[4..]);
            y.as_ref().coords.as_slice().to_vec()
        };
        let columns = central(f, &x);
        let (p, q) = (quat(&x[..4]), quat(&x[4..]));
        let y_bar = quat(&[0.2, -0.6, 1.1, 0.3]);
        let (_, pullback) = p.mul_pullback_all(&q);
        let (p_bar, q_bar) = pullback(&p, &q, y_bar);
        let bars: Vec<f64> = p_bar.to_flat().into_iter().chain(q_bar.to_flat()).collect();
        for (i, column) in columns.iter().enumerate() {
            let expected: f64 = column.iter().zip(y_bar.to_flat()).map(|(a, b)| a * b).sum();
            assert!(
                close(bars[i], expected),
                "coordinate {i}: {} against {expected}",
                bars[i]
            );
        }
        // The inverse of a unit quaternion is its conjugate, a linear map.
        let (inverse, inverse_pullback) = p.inverse_pullback_all();
        assert!((inverse.as_ref().coords - p.inverse().as_ref().coords).norm() < 1e-15);
        let (back,) = inverse_pullback(&p, y_bar);
        assert_eq!(back.to_flat(), [-0.2, 0.6, -1.1, 0.3]);
    }

    #[test]
    fn rotation_matrices_rotate_compose_and_transpose() {
        let r: Rotation3<f64> = Rotation3::from_euler_angles(0.1, -0.4, 0.7);
        let v: Vector3<f64> = Vector3::new(1.0, -2.0, 0.5);
        let y_bar = Vector3::new(0.3, 0.2, -1.0);
        let (y, pullback) = r.mul_pullback_all(&v);
        assert!((y - r * v).norm() < 1e-15);
        let (r_bar, v_bar) = pullback(&r, &v, y_bar);
        // ⟨ȳ, R v⟩ is linear in each: its cotangents are ȳ vᵀ and Rᵀ ȳ.
        assert!((r_bar.matrix() - y_bar * v.transpose()).norm() < 1e-15);
        assert!((v_bar - r.matrix().transpose() * y_bar).norm() < 1e-15);
        let s = Rotation3::from_euler_angles(0.5, 0.2, -0.3);
        let (rs, compose_pullback) = r.mul_pullback_all(&s);
        assert!((rs.matrix() - (r * s).matrix()).norm() < 1e-15);
        let g = Rotation::from_matrix_unchecked(SMatrix::<f64, 3, 3>::from_fn(|i, j| {
            (i + 2 * j) as f64
        }));
        let (a_bar, b_bar) = compose_pullback(&r, &s, g);
        // ⟨G, A B⟩ = ⟨G Bᵀ, A⟩ = ⟨Aᵀ G, B⟩.
        let pairing = |x: &SMatrix<f64, 3, 3>, y: &SMatrix<f64, 3, 3>| x.dot(y);
        let expected = pairing(g.matrix(), (r * s).matrix());
        assert!((pairing(a_bar.matrix(), r.matrix()) - expected).abs() < 1e-12);
        assert!((pairing(b_bar.matrix(), s.matrix()) - expected).abs() < 1e-12);
        let (t, _) = super::super::rules::TransposeRule::transpose_pullback_all(&r);
        assert!((t.matrix() - r.matrix().transpose()).norm() < 1e-15);
    }

    #[test]
    fn leaves_are_the_stored_coordinates() {
        let q = UnitQuaternion::from_euler_angles(0.1, 0.2, 0.3);
        let c = q.as_ref().coords;
        assert_eq!(q.to_flat(), c.as_slice());
        let mut z = q.zero_like();
        assert_eq!(z.to_flat(), [0.0; 4]);
        z.accumulate(&q);
        assert_eq!(z, q);
        let r = Rotation2::new(0.5_f32);
        assert_eq!(r.to_flat(), r.matrix().as_slice());
    }
}
