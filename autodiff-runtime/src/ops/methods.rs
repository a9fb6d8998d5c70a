//! `a.dot(&b)`, `a.sum()` and `a.mean()` of an `ndarray` array as a struct's methods are
//! called: `a.dot_pullback_all(&b)`; and copies (`v.clone()`, `into_owned()`,
//! `clone_owned()`, `to_owned()`) of any `Differentiable` value, whose derivative is the
//! identity ([`CopyRules`]). The attribute cannot tell a struct method's result
//! used only through `dot`, `sum` or `mean` from a struct (a nalgebra vector has those
//! methods too); generated code calls these entry points on it, and rustc's method
//! resolution finds these for an array and nalgebra's (`crate::nalgebra::rules`) for a
//! nalgebra matrix. Each delegates to the rule of `ops` ([`product`](super::product),
//! [`sum`](super::sum), [`mean`](super::mean)).
//!
//! ```
//! use autodiff_runtime::ndarray::array;
//! use autodiff_runtime::ops::methods::{DotRule, ReduceRules};
//! let (a, b) = (array![1.0, 2.0], array![3.0, 4.0]);
//! let (y, pullback) = a.dot_pullback_all(&b);
//! assert_eq!(y, 11.0);
//! assert_eq!(pullback(&a, &b, 1.0), (b.clone(), a.clone()));
//! assert_eq!(a.sum_jvp_all(&b), (3.0, 7.0));
//! ```

use super::Product;
use super::{mean_jvp, mean_pullback, product_jvp, product_pullback, sum_jvp, sum_pullback};
use ndarray::{Array, Array1, Array2, Dimension};
use num_traits::Float;

/// `self.dot(rhs)` of arrays, `rhs` as generated code lends it (`&b`, or `&&b` where `b`
/// is a reference parameter).
pub trait DotRule<Rhs>: Sized {
    /// The right operand's array type.
    type RhsValue;
    /// The product: a float, a vector or a matrix, by the operands' ranks.
    type Output;
    /// The pullback, boxed: a closure's type would hold the lifetime of `Rhs`.
    type Pullback;
    /// The product and its tangent.
    fn dot_jvp_all(
        &self,
        rhs: Rhs,
        self_dot: &Self,
        rhs_dot: &Self::RhsValue,
    ) -> (Self::Output, Self::Output);
    /// The product and its pullback.
    fn dot_pullback_all(&self, rhs: Rhs) -> (Self::Output, Self::Pullback);
}

/// The pullback of an array product: `(a, b, ḡ) ↦ (ā, b̄)`.
pub type ProductPullback<A, B, Y> = Box<dyn FnOnce(&A, &B, Y) -> (A, B)>;

/// The impls for each pair of ranks `Product` multiplies, the right operand lent once or
/// twice.
macro_rules! dot_rules {
    ($(($a:ident, $b:ident)),*) => {$(
        impl<'a, T: Float + 'static> DotRule<&'a $b<T>> for $a<T> {
            type RhsValue = $b<T>;
            type Output = <$a<T> as Product<$b<T>>>::Output;
            type Pullback = ProductPullback<$a<T>, $b<T>, Self::Output>;

            fn dot_jvp_all(&self, rhs: &'a $b<T>, self_dot: &Self, rhs_dot: &$b<T>) -> (Self::Output, Self::Output) {
                product_jvp(self, rhs, self_dot, rhs_dot)
            }

            fn dot_pullback_all(&self, rhs: &'a $b<T>) -> (Self::Output, Self::Pullback) {
                let (y, pullback) = product_pullback(self, rhs);
                (y, Box::new(pullback))
            }
        }

        impl<'a, 'b, T: Float + 'static> DotRule<&'a &'b $b<T>> for $a<T> {
            type RhsValue = $b<T>;
            type Output = <$a<T> as Product<$b<T>>>::Output;
            type Pullback = ProductPullback<$a<T>, $b<T>, Self::Output>;

            fn dot_jvp_all(&self, rhs: &'a &'b $b<T>, self_dot: &Self, rhs_dot: &$b<T>) -> (Self::Output, Self::Output) {
                product_jvp(self, *rhs, self_dot, rhs_dot)
            }

            fn dot_pullback_all(&self, rhs: &'a &'b $b<T>) -> (Self::Output, Self::Pullback) {
                let (y, pullback) = product_pullback(self, *rhs);
                (y, Box::new(pullback))
            }
        }
    )*};
}

dot_rules!(
    (Array1, Array1),
    (Array1, Array2),
    (Array2, Array1),
    (Array2, Array2)
);

/// `self.sum()` and `self.mean()` of an array.
pub trait ReduceRules: Sized {
    /// The element type.
    type Elem;
    /// The sum and its tangent.
    fn sum_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// The sum and its pullback.
    fn sum_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
    /// The mean and its tangent.
    fn mean_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// The mean and its pullback.
    fn mean_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
}

impl<T: Float + 'static, D: Dimension + 'static> ReduceRules for Array<T, D> {
    type Elem = T;

    fn sum_jvp_all(&self, self_dot: &Self) -> (T, T) {
        sum_jvp(self, self_dot)
    }

    fn sum_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, D>) {
        sum_pullback(self)
    }

    fn mean_jvp_all(&self, self_dot: &Self) -> (T, T) {
        mean_jvp(self, self_dot)
    }

    fn mean_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, D>) {
        mean_pullback(self)
    }
}

/// A copy of a `Differentiable` value (`v.clone()`, `v.into_owned()`, `v.clone_owned()`,
/// `v.to_owned()` of a nalgebra vector, an array, a user's struct): its tangent is the
/// tangent copied, its pullback passes the cotangent through.
///
/// ```
/// use autodiff_runtime::ops::methods::CopyRules;
/// let v = vec![1.0, 2.0];
/// let (c, pullback) = v.clone_pullback_all();
/// assert_eq!(c, v);
/// assert_eq!(pullback(&v, vec![0.5, 0.25]), (vec![0.5, 0.25],));
/// ```
// The pullbacks' signatures spell out what each takes and gives; `into_owned` is named
// after the method it stands for, which takes `self` (a view) by value.
#[allow(clippy::type_complexity, clippy::wrong_self_convention)]
pub trait CopyRules: Sized {
    /// `self.clone()`: its value and tangent.
    fn clone_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `self.clone()`: its value and pullback.
    fn clone_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
    /// `self.into_owned()` of an owned value: a copy.
    fn into_owned_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        self.clone_jvp_all(self_dot)
    }
    /// `self.into_owned()` of an owned value: a copy.
    fn into_owned_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>) {
        self.clone_pullback_all()
    }
    /// `self.clone_owned()`: a copy.
    fn clone_owned_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        self.clone_jvp_all(self_dot)
    }
    /// `self.clone_owned()`: a copy.
    fn clone_owned_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>) {
        self.clone_pullback_all()
    }
    /// `self.to_owned()` of an owned value: a copy.
    fn to_owned_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        self.clone_jvp_all(self_dot)
    }
    /// `self.to_owned()` of an owned value: a copy.
    fn to_owned_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>) {
        self.clone_pullback_all()
    }
}

impl<T: crate::Differentiable + Clone + 'static> CopyRules for T {
    fn clone_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        (self.clone(), self_dot.clone())
    }

    fn clone_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<T>) {
        (self.clone(), |_: &Self, y_bar: Self| (y_bar,))
    }
}

/// `Array::from_elem(shape, v)` (`Array1::from_elem`, `Array2::from_elem`, …) of a value
/// with a derivative: every entry is `v`, so its tangent is filled with `v̇`, and `v̄` is
/// the sum of the seed's entries.
///
/// ```
/// use autodiff_runtime::ndarray::{array, Array1};
/// use autodiff_runtime::ops::methods::FromElemRule;
/// let (y, pullback) = Array1::<f64>::from_elem_pullback_all(3, 2.0);
/// assert_eq!(y, array![2.0, 2.0, 2.0]);
/// assert_eq!(pullback(array![1.0, 0.5, 0.25]), (1.75,));
/// let (_, y_dot) = Array1::<f64>::from_elem_jvp_all(2, 2.0, 0.5);
/// assert_eq!(y_dot, array![0.5, 0.5]);
/// ```
pub trait FromElemRule<A, Sh>: Sized {
    /// Its value and tangent.
    fn from_elem_jvp_all(shape: Sh, elem: A, elem_dot: A) -> (Self, Self);
    /// Its value and pullback.
    fn from_elem_pullback_all(shape: Sh, elem: A) -> (Self, impl FnOnce(Self) -> (A,));
    /// The same on dual numbers (what a caller's `_hvp` runs).
    fn from_elem_dual_pullback_all(shape: Sh, elem: A) -> (Self, impl FnOnce(Self) -> (A,)) {
        Self::from_elem_pullback_all(shape, elem)
    }
}

impl<A, D, Sh> FromElemRule<A, Sh> for Array<A, D>
where
    A: Clone + num_traits::Zero,
    D: Dimension,
    Sh: ndarray::ShapeBuilder<Dim = D> + Clone,
{
    fn from_elem_jvp_all(shape: Sh, elem: A, elem_dot: A) -> (Self, Self) {
        (
            Array::from_elem(shape.clone(), elem),
            Array::from_elem(shape, elem_dot),
        )
    }

    fn from_elem_pullback_all(shape: Sh, elem: A) -> (Self, impl FnOnce(Self) -> (A,)) {
        (Array::from_elem(shape, elem), |y_bar: Self| (y_bar.sum(),))
    }
}
