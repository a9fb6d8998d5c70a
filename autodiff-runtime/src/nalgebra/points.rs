//! nalgebra's points (`Point2`, `Point3`, `OPoint<T, D>`): `Differentiable` through their
//! coordinates, and the entry points of their operators, as [`super::rules`] gives them to
//! matrices. A point's difference is a vector; a point moved by a vector is a point:
//!
//! | operation | value | cotangents (ȳ the result's) |
//! |---|---|---|
//! | `p - q` | the vector `p − q` | `p̄ = ȳ`, `q̄ = −ȳ` |
//! | `p + v`, `p - v` | the point `p ± v` | `p̄ = ȳ`, `v̄ = ±ȳ` |
//! | `p * k`, `p / k`, `-p` | the point | as for a vector |
//! | `Point2/3::new(…)` | the point | each coordinate's cotangent is its entry |
//!
//! The tangent rules are the same maps applied to tangents: all of these are linear in
//! the coordinates but `p * k` and `p / k` (see [`super::rules`]).
//!
//! ```
//! use autodiff_runtime::nalgebra::points::PointSub;
//! use nalgebra::{Point3, Vector3};
//! let (p, q) = (Point3::new(1.0, 2.0, 3.0), Point3::new(0.5, 0.0, 1.0));
//! let (d, pullback) = p.sub_pullback_all(&q);
//! assert_eq!(d, Vector3::new(0.5, 2.0, 2.0));
//! let (p_bar, q_bar) = pullback(&p, &q, Vector3::new(1.0, 0.0, 0.0));
//! assert_eq!((p_bar.coords, q_bar.coords), (Vector3::new(1.0, 0.0, 0.0), Vector3::new(-1.0, 0.0, 0.0)));
//! ```

use super::rules::{EntrywiseRules, Lend};
use crate::Differentiable;
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, DimName, OPoint, OVector, Scalar};
use num_traits::Float;

/// A point is the leaves of its coordinates.
impl<T, D> Differentiable for OPoint<T, D>
where
    T: Float + Scalar,
    D: DimName,
    DefaultAllocator: Allocator<D>,
{
    type Scalar = T;

    fn zero_like(&self) -> Self {
        OPoint::from(self.coords.zero_like())
    }

    fn accumulate(&mut self, other: &Self) {
        self.coords.accumulate(&other.coords);
    }

    fn scale_leaves(&mut self, s: T) {
        Differentiable::scale_leaves(&mut self.coords, s);
    }

    fn set_zero(&mut self) {
        self.coords.set_zero();
    }

    fn for_each_leaf(&self, f: &mut dyn FnMut(&[T])) {
        self.coords.for_each_leaf(f);
    }

    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [T])) {
        self.coords.for_each_leaf_mut(f);
    }

    fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [T], &[T])) {
        self.coords.zip_leaves_mut(&other.coords, f);
    }
}

/// The vector `self − q` (`Rhs` a point) or the point `self − v` (`Rhs` a vector).
pub trait PointSub<Rhs> {
    /// A vector or a point.
    type Output;
    /// The right operand without references.
    type RhsValue;
    /// The pullback, boxed: its type depends on `Rhs`.
    type Pullback;
    /// Its value and tangent.
    fn sub_jvp_all<R: Lend<Self::RhsValue>>(
        &self,
        rhs: Rhs,
        self_dot: &Self,
        rhs_dot: R,
    ) -> (Self::Output, Self::Output);
    /// Its value and pullback.
    fn sub_pullback_all(&self, rhs: Rhs) -> (Self::Output, Self::Pullback);
}

/// The pullback of a difference: `(a, b, ȳ) ↦ (ā, b̄)`.
pub type DifferencePullback<A, B, Y> = Box<dyn FnOnce(&A, &B, Y) -> (A, B)>;

/// `p − q` of points, `p ± v` of a point and a vector: the coordinates' rule, with the
/// cotangents rewrapped as each operand's type.
macro_rules! point_differences {
    ($($rhs:ident => $out:ident, $sign:tt;)*) => {$(
        impl<'a, T, D> PointSub<&'a $rhs<T, D>> for OPoint<T, D>
        where
            T: Float + Scalar,
            D: DimName,
            DefaultAllocator: Allocator<D>,
        {
            type Output = $out<T, D>;
            type RhsValue = $rhs<T, D>;
            type Pullback = DifferencePullback<Self, $rhs<T, D>, $out<T, D>>;

            fn sub_jvp_all<R: Lend<$rhs<T, D>>>(
                &self,
                rhs: &'a $rhs<T, D>,
                self_dot: &Self,
                rhs_dot: R,
            ) -> (Self::Output, Self::Output) {
                let (y, y_dot) = self.coords.sub_jvp_all(
                    point_differences!(@coords $rhs rhs),
                    &self_dot.coords,
                    point_differences!(@coords $rhs rhs_dot.lent()),
                );
                (point_differences!(@wrap $out y), point_differences!(@wrap $out y_dot))
            }

            fn sub_pullback_all(&self, rhs: &'a $rhs<T, D>) -> (Self::Output, Self::Pullback) {
                let (y, _) = self.coords.sub_pullback_all(point_differences!(@coords $rhs rhs));
                (
                    point_differences!(@wrap $out y),
                    Box::new(|_: &Self, _: &$rhs<T, D>, y_bar: $out<T, D>| {
                        let y_bar = point_differences!(@unwrap $out y_bar);
                        let rhs_bar = y_bar.map(|g| $sign g);
                        (
                            OPoint::from(y_bar),
                            point_differences!(@wrap $rhs rhs_bar),
                        )
                    }),
                )
            }
        }

        impl<'a, 'b, T, D> PointSub<&'a &'b $rhs<T, D>> for OPoint<T, D>
        where
            T: Float + Scalar,
            D: DimName,
            DefaultAllocator: Allocator<D>,
        {
            type Output = $out<T, D>;
            type RhsValue = $rhs<T, D>;
            type Pullback = DifferencePullback<Self, $rhs<T, D>, $out<T, D>>;

            fn sub_jvp_all<R: Lend<$rhs<T, D>>>(
                &self,
                rhs: &'a &'b $rhs<T, D>,
                self_dot: &Self,
                rhs_dot: R,
            ) -> (Self::Output, Self::Output) {
                <Self as PointSub<&$rhs<T, D>>>::sub_jvp_all(self, *rhs, self_dot, rhs_dot)
            }

            fn sub_pullback_all(&self, rhs: &'a &'b $rhs<T, D>) -> (Self::Output, Self::Pullback) {
                <Self as PointSub<&$rhs<T, D>>>::sub_pullback_all(self, *rhs)
            }
        }
    )*};
    (@coords OPoint $e:expr) => { &$e.coords };
    (@coords OVector $e:expr) => { $e };
    (@wrap OPoint $e:expr) => { OPoint::from($e) };
    (@wrap OVector $e:expr) => { $e };
    (@unwrap OPoint $e:expr) => { $e.coords };
    (@unwrap OVector $e:expr) => { $e };
}

point_differences! {
    OPoint => OVector, -;
    OVector => OPoint, -;
}

/// `p + v`, `p * k`, `p / k`, `-p` of a point (`v` a vector, `k` a float).
// The pullbacks' signatures spell out what each takes and gives.
#[allow(clippy::type_complexity)]
pub trait PointRules: Sized {
    /// The coordinates' type.
    type Coords;
    /// The entry type.
    type Elem;
    /// `self + v`: its value and tangent.
    fn add_jvp_all(&self, v: &Self::Coords, self_dot: &Self, v_dot: &Self::Coords) -> (Self, Self);
    /// `self + v`: its value and pullback.
    fn add_pullback_all(
        &self,
        v: &Self::Coords,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self::Coords, Self) -> (Self, Self::Coords) + use<Self>,
    );
    /// `-self`: its value and tangent.
    fn neg_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `-self`: its value and pullback.
    fn neg_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
    /// `self * k`: its value and tangent.
    fn mul_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem) -> (Self, Self);
    /// `self * k`: its value and pullback.
    fn mul_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    );
    /// `self / k`: its value and tangent.
    fn div_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem) -> (Self, Self);
    /// `self / k`: its value and pullback.
    fn div_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    );
}

impl<T, D> PointRules for OPoint<T, D>
where
    T: Float + Scalar,
    D: DimName,
    DefaultAllocator: Allocator<D>,
{
    type Coords = OVector<T, D>;
    type Elem = T;

    fn add_jvp_all(
        &self,
        v: &OVector<T, D>,
        self_dot: &Self,
        v_dot: &OVector<T, D>,
    ) -> (Self, Self) {
        let (y, y_dot) = self.coords.add_jvp_all(v, &self_dot.coords, v_dot);
        (OPoint::from(y), OPoint::from(y_dot))
    }

    fn add_pullback_all(
        &self,
        v: &OVector<T, D>,
    ) -> (
        Self,
        impl FnOnce(&Self, &OVector<T, D>, Self) -> (Self, OVector<T, D>) + use<T, D>,
    ) {
        let (y, _) = self.coords.add_pullback_all(v);
        (
            OPoint::from(y),
            |_: &Self, _: &OVector<T, D>, y_bar: Self| (y_bar.clone(), y_bar.coords),
        )
    }

    fn neg_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        let (y, y_dot) = self.coords.neg_jvp_all(&self_dot.coords);
        (OPoint::from(y), OPoint::from(y_dot))
    }

    fn neg_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<T, D>) {
        (OPoint::from(-&self.coords), |_: &Self, y_bar: Self| {
            (OPoint::from(-y_bar.coords),)
        })
    }

    fn mul_jvp_all(&self, k: T, self_dot: &Self, k_dot: T) -> (Self, Self) {
        let (y, y_dot) = self.coords.__lhs_mul_jvp_all(k, &self_dot.coords, k_dot);
        (OPoint::from(y), OPoint::from(y_dot))
    }

    fn mul_pullback_all(&self, k: T) -> (Self, impl FnOnce(&Self, Self) -> (Self, T) + use<T, D>) {
        let (y, pullback) = self.coords.__lhs_mul_pullback_all(k);
        (OPoint::from(y), move |p: &Self, y_bar: Self| {
            let (p_bar, k_bar) = pullback(&p.coords, y_bar.coords);
            (OPoint::from(p_bar), k_bar)
        })
    }

    fn div_jvp_all(&self, k: T, self_dot: &Self, k_dot: T) -> (Self, Self) {
        let (y, y_dot) = self.coords.div_jvp_all(k, &self_dot.coords, k_dot);
        (OPoint::from(y), OPoint::from(y_dot))
    }

    fn div_pullback_all(&self, k: T) -> (Self, impl FnOnce(&Self, Self) -> (Self, T) + use<T, D>) {
        let (y, pullback) = self.coords.div_pullback_all(k);
        (OPoint::from(y), move |p: &Self, y_bar: Self| {
            let (p_bar, k_bar) = pullback(&p.coords, y_bar.coords);
            (OPoint::from(p_bar), k_bar)
        })
    }
}

/// `Point2::new(x, y)` and `Point3::new(x, y, z)`.
macro_rules! point_constructors {
    ($($rule:ident, $dim:ident: $($arg:ident $arg_dot:ident),*;)*) => {$(
        impl<T: Float + Scalar> super::constructors::$rule<T> for OPoint<T, nalgebra::$dim> {
            fn new_jvp_all($($arg: T,)* $($arg_dot: T,)*) -> (Self, Self) {
                (Self::new($($arg),*), Self::new($($arg_dot),*))
            }

            fn new_pullback_all($($arg: T,)*) -> (Self, impl FnOnce(Self) -> ($(point_constructors!(@elem $arg T),)*) + use<T>) {
                (Self::new($($arg),*), |y_bar: Self| {
                    let mut entries = y_bar.coords.iter().copied();
                    ($(point_constructors!(@next entries $arg),)*)
                })
            }
        }
    )*};
    (@elem $arg:ident $t:ident) => { $t };
    (@next $it:ident $arg:ident) => { $it.next().expect("one entry per coordinate") };
}

point_constructors! {
    New2, U2: x x_dot, y y_dot;
    New3, U3: x x_dot, y y_dot, z z_dot;
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{Point2, Vector2};

    #[test]
    fn a_point_is_its_coordinates() {
        let p = Point2::new(1.0_f64, -2.0);
        assert_eq!(p.to_flat(), [1.0, -2.0]);
        assert_eq!(p.zero_like(), Point2::origin());
    }

    #[test]
    fn a_point_moved_by_a_vector_passes_the_cotangent_to_both() {
        let (p, v) = (Point2::new(1.0_f64, 2.0), Vector2::new(0.5, -0.5));
        let (q, pullback) = p.add_pullback_all(&v);
        assert_eq!(q, Point2::new(1.5, 1.5));
        let (p_bar, v_bar) = pullback(&p, &v, Point2::new(1.0, 3.0));
        assert_eq!(
            (p_bar, v_bar),
            (Point2::new(1.0, 3.0), Vector2::new(1.0, 3.0))
        );
        let (q, pullback) = p.sub_pullback_all(&v);
        assert_eq!(q, Point2::new(0.5, 2.5));
        let (p_bar, v_bar) = pullback(&p, &v, Point2::new(1.0, 3.0));
        assert_eq!(
            (p_bar, v_bar),
            (Point2::new(1.0, 3.0), Vector2::new(-1.0, -3.0))
        );
    }
}
