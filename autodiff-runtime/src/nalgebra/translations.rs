//! nalgebra's `Translation<T, D>` (`Translation2`, `Translation3`): a parameter, a field of a
//! pose, a value applied to points. Its tangent and cotangent are translations too, the
//! coordinates of its `vector`; applying it is an addition, so its rules are sums:
//!
//! - `t * p = p + t` (a point): `t̄ = ȳ`, `p̄ = ȳ`;
//! - `t * s = t + s` (a composition): `t̄ = s̄ = ȳ`;
//! - `t.inverse() = −t`, and the transforms of `RotationRules` (a vector is not moved).
//!
//! ```
//! use autodiff_runtime::nalgebra::products::MulRule;
//! use nalgebra::{Point3, Translation3};
//! let (t, p) = (Translation3::new(1.0_f64, 2.0, 3.0), Point3::new(0.5, 0.5, 0.5));
//! let (y, pullback) = t.mul_pullback_all(&p);
//! assert_eq!(y, Point3::new(1.5, 2.5, 3.5));
//! let (t_bar, p_bar) = pullback(&t, &p, Point3::new(1.0, 0.0, -1.0));
//! assert_eq!((t_bar.vector, p_bar), (nalgebra::Vector3::new(1.0, 0.0, -1.0), Point3::new(1.0, 0.0, -1.0)));
//! ```

use super::constructors::{New2, New3};
use super::products::{MatrixProductPullback, MulRule};
use super::rotations::RotationRules;
use super::rules::Lend;
use crate::Differentiable;
use nalgebra::{Point, SVector, Translation};

/// A translation is the leaves of its vector.
macro_rules! differentiable_translations {
    ($($t:ty),*) => {$(
        impl<const D: usize> Differentiable for Translation<$t, D> {
            type Scalar = $t;

            fn zero_like(&self) -> Self {
                Translation::from(self.vector.zero_like())
            }

            fn accumulate(&mut self, other: &Self) {
                self.vector.accumulate(&other.vector);
            }

            fn scale_leaves(&mut self, s: $t) {
                Differentiable::scale_leaves(&mut self.vector, s);
            }

            fn set_zero(&mut self) {
                self.vector.set_zero();
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[$t])) {
                self.vector.for_each_leaf(f);
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [$t])) {
                self.vector.for_each_leaf_mut(f);
            }

            fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [$t], &[$t])) {
                self.vector.zip_leaves_mut(&other.vector, f);
            }
        }
    )*};
}

differentiable_translations!(f32, f64);

/// `t * p` and `t * s`: the right operand by reference (`&p`) or by a reference to one
/// (`&&p` of a parameter `p: &Point3<f64>`).
macro_rules! translation_products {
    ($($t:ty),*) => {$(
        translation_products!(@point $t, &'a Point<$t, D>);
        translation_products!(@point $t, &'a &'b Point<$t, D>);
        translation_products!(@compose $t, &'a Translation<$t, D>);
        translation_products!(@compose $t, &'a &'b Translation<$t, D>);
    )*};
    (@point $t:ty, $rhs:ty) => {
        impl<'a, 'b, const D: usize> MulRule<$rhs> for Translation<$t, D> {
            type Output = Point<$t, D>;
            type RhsValue = Point<$t, D>;
            type Pullback = MatrixProductPullback<Self, Point<$t, D>, Point<$t, D>>;

            fn mul_jvp_all<L: Lend<Point<$t, D>>>(
                &self,
                p: $rhs,
                self_dot: &Self,
                p_dot: L,
            ) -> (Point<$t, D>, Point<$t, D>) {
                let p: &Point<$t, D> = p;
                (self * p, p_dot.lent() + self_dot.vector)
            }

            fn mul_pullback_all(&self, p: $rhs) -> (Point<$t, D>, Self::Pullback) {
                let p: &Point<$t, D> = p;
                (
                    self * p,
                    Box::new(|_: &Self, _: &Point<$t, D>, y_bar: Point<$t, D>| {
                        (Translation::from(y_bar.coords), y_bar)
                    }),
                )
            }
        }
    };
    (@compose $t:ty, $rhs:ty) => {
        impl<'a, 'b, const D: usize> MulRule<$rhs> for Translation<$t, D> {
            type Output = Self;
            type RhsValue = Self;
            type Pullback = MatrixProductPullback<Self, Self, Self>;

            fn mul_jvp_all<L: Lend<Self>>(&self, s: $rhs, self_dot: &Self, s_dot: L) -> (Self, Self) {
                let s: &Self = s;
                (self * s, Translation::from(self_dot.vector + s_dot.lent().vector))
            }

            fn mul_pullback_all(&self, s: $rhs) -> (Self, Self::Pullback) {
                let s: &Self = s;
                (self * s, Box::new(|_: &Self, _: &Self, y_bar: Self| (y_bar, y_bar)))
            }
        }
    };
}

translation_products!(f32, f64);

/// A translation's methods: its inverse `−t` and the transforms (`transform_point(p) = p +
/// t`, `inverse_transform_point(p) = p − t`; a vector is not moved, so `t̄ = 0` there).
macro_rules! translation_rules {
    ($($t:ty),*) => {$(
        impl<const D: usize> RotationRules for Translation<$t, D> {
            type Vector = SVector<$t, D>;
            type Point = Point<$t, D>;

            fn inverse_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
                (self.inverse(), self_dot.inverse())
            }

            fn inverse_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<D>) {
                (self.inverse(), |_: &Self, y_bar: Self| (y_bar.inverse(),))
            }

            fn transform_vector_jvp_all(&self, v: &Self::Vector, _: &Self, v_dot: &Self::Vector) -> (Self::Vector, Self::Vector) {
                (*v, *v_dot)
            }

            fn transform_vector_pullback_all(&self, v: &Self::Vector) -> (Self::Vector, impl FnOnce(&Self, &Self::Vector, Self::Vector) -> (Self, Self::Vector) + use<D>) {
                (*v, |t: &Self, _: &Self::Vector, y_bar: Self::Vector| (t.zero_like(), y_bar))
            }

            fn transform_point_jvp_all(&self, p: &Self::Point, self_dot: &Self, p_dot: &Self::Point) -> (Self::Point, Self::Point) {
                (self.transform_point(p), p_dot + self_dot.vector)
            }

            fn transform_point_pullback_all(&self, p: &Self::Point) -> (Self::Point, impl FnOnce(&Self, &Self::Point, Self::Point) -> (Self, Self::Point) + use<D>) {
                (self.transform_point(p), |_: &Self, _: &Self::Point, y_bar: Self::Point| (Translation::from(y_bar.coords), y_bar))
            }

            fn inverse_transform_vector_jvp_all(&self, v: &Self::Vector, _: &Self, v_dot: &Self::Vector) -> (Self::Vector, Self::Vector) {
                (*v, *v_dot)
            }

            fn inverse_transform_vector_pullback_all(&self, v: &Self::Vector) -> (Self::Vector, impl FnOnce(&Self, &Self::Vector, Self::Vector) -> (Self, Self::Vector) + use<D>) {
                (*v, |t: &Self, _: &Self::Vector, y_bar: Self::Vector| (t.zero_like(), y_bar))
            }

            fn inverse_transform_point_jvp_all(&self, p: &Self::Point, self_dot: &Self, p_dot: &Self::Point) -> (Self::Point, Self::Point) {
                (self.inverse_transform_point(p), p_dot - self_dot.vector)
            }

            fn inverse_transform_point_pullback_all(&self, p: &Self::Point) -> (Self::Point, impl FnOnce(&Self, &Self::Point, Self::Point) -> (Self, Self::Point) + use<D>) {
                (self.inverse_transform_point(p), |_: &Self, _: &Self::Point, y_bar: Self::Point| (Translation::from(-y_bar.coords), y_bar))
            }
        }
    )*};
}

translation_rules!(f32, f64);

/// `Translation2::new(x, y)`, `Translation3::new(x, y, z)`: each argument's cotangent is the
/// seed's coordinate.
macro_rules! translation_constructors {
    ($($t:ty),*) => {$(
        impl New2<$t> for Translation<$t, 2> {
            fn new_jvp_all(x: $t, y: $t, x_dot: $t, y_dot: $t) -> (Self, Self) {
                (Translation::<$t, 2>::new(x, y), Translation::<$t, 2>::new(x_dot, y_dot))
            }

            fn new_pullback_all(x: $t, y: $t) -> (Self, impl FnOnce(Self) -> ($t, $t) + use<>) {
                (Translation::<$t, 2>::new(x, y), |y_bar: Self| (y_bar.vector[0], y_bar.vector[1]))
            }
        }

        impl New3<$t> for Translation<$t, 3> {
            fn new_jvp_all(x: $t, y: $t, z: $t, x_dot: $t, y_dot: $t, z_dot: $t) -> (Self, Self) {
                (Translation::<$t, 3>::new(x, y, z), Translation::<$t, 3>::new(x_dot, y_dot, z_dot))
            }

            fn new_pullback_all(x: $t, y: $t, z: $t) -> (Self, impl FnOnce(Self) -> ($t, $t, $t) + use<>) {
                let v = |t: Self| (t.vector[0], t.vector[1], t.vector[2]);
                (Translation::<$t, 3>::new(x, y, z), v)
            }
        }
    )*};
}

translation_constructors!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gradcheck::check_vjp;
    use nalgebra::{Point3, Translation3, Vector3};

    /// `t * p` and `t * s` against central differences of nalgebra's own operators.
    #[test]
    fn products_pass_their_checks() {
        let point = |x: &[f64]| {
            let t = Translation3::new(x[0], x[1], x[2]);
            let p = Point3::new(x[3], x[4], x[5]);
            (t, p)
        };
        let x = [0.3, -1.2, 2.0, 0.7, 0.1, -0.4];
        let f = |x: &[f64]| {
            let (t, p) = point(x);
            (t * p).coords.as_slice().to_vec()
        };
        let vjp = |y_bar: &[f64]| {
            let (t, p) = point(&x);
            let (_, pullback) = t.mul_pullback_all(&p);
            let (t_bar, p_bar) = pullback(&t, &p, Point3::new(y_bar[0], y_bar[1], y_bar[2]));
            [t_bar.vector.as_slice(), p_bar.coords.as_slice()].concat()
        };
        check_vjp(f, &x, vjp, 7, Default::default()).unwrap();
        let (t, p) = point(&x);
        let (y, y_dot) = t.mul_jvp_all(
            &p,
            &Translation3::new(1.0, 0.0, 0.0),
            &Point3::new(0.0, 2.0, 0.0),
        );
        assert_eq!((y, y_dot), (t * p, Point3::new(1.0, 2.0, 0.0)));
        let s = Translation3::new(0.5, 0.5, 0.5);
        let (y, pullback) = t.mul_pullback_all(&s);
        assert_eq!(y.vector, t.vector + s.vector);
        let y_bar = Translation3::from(Vector3::new(1.0, 2.0, 3.0));
        assert_eq!(pullback(&t, &s, y_bar), (y_bar, y_bar));
        // t⁻¹ p = p − t: t̄ = −ȳ, p̄ = ȳ; the inverse's pullback is the inverse.
        let (y, pullback) = t.inverse_transform_point_pullback_all(&p);
        assert_eq!(y, p - t.vector);
        let (t_bar, p_bar) = pullback(&t, &p, Point3::new(1.0, 2.0, 3.0));
        assert_eq!(
            (t_bar.vector, p_bar),
            (-Vector3::new(1.0, 2.0, 3.0), Point3::new(1.0, 2.0, 3.0))
        );
        let (made, pullback) = <Translation3<f64> as New3<f64>>::new_pullback_all(1.0, 2.0, 3.0);
        assert_eq!(
            (made.vector, pullback(y_bar)),
            (Vector3::new(1.0, 2.0, 3.0), (1.0, 2.0, 3.0))
        );
        let (inverse, pullback) = t.inverse_pullback_all();
        assert_eq!(
            (inverse.vector, pullback(&t, y_bar).0.vector),
            (-t.vector, -y_bar.vector)
        );
    }
}
