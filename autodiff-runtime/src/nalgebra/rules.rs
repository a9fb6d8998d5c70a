//! The entry points a generated caller calls for nalgebra's operations, as methods of the
//! traits below (generated code has them in scope: `autodiff::__private::nalgebra_rules`).
//!
//! Each operation has the two entry points of a differentiated method (see
//! `docs/ARCHITECTURE.md`, "The calling convention of derived items"):
//! `op_jvp_all(&self, args…, self_dot, arg tangents…) -> (value, tangent)` and
//! `op_pullback_all(&self, args…) -> (value, pullback)`, whose pullback takes the receiver
//! and the matrix arguments again, then the result's cotangent, and gives a cotangent per
//! operand. The rules, with ȳ the result's cotangent:
//!
//! | operation | tangent | cotangents |
//! |---|---|---|
//! | `a + b`, `a - b` | `ȧ ± ḃ` | `ā = ȳ`, `b̄ = ±ȳ` |
//! | `-a` | `-ȧ` | `ā = -ȳ` |
//! | `a * k`, `k * a`, `a.scale(k)` | `ȧ k + a k̇` | `ā = ȳ k`, `k̄ = ⟨ȳ, a⟩` |
//! | `a / k`, `a.unscale(k)` | `(ȧ − y k̇) / k` | `ā = ȳ / k`, `k̄ = −⟨ȳ, y⟩ / k` |
//! | `A * B` (matrix product) | `Ȧ B + A Ḃ` | `Ā = Ȳ Bᵀ`, `B̄ = Aᵀ Ȳ` |
//! | `a.component_mul(&b)` | `ȧ ⊙ b + a ⊙ ḃ` | `ā = ȳ ⊙ b`, `b̄ = ȳ ⊙ a` |
//! | `a.component_div(&b)` | `(ȧ − y ⊙ ḃ) ⊘ b` | `ā = ȳ ⊘ b`, `b̄ = −ȳ ⊙ y ⊘ b` |
//! | `a.dot(&b)` | `⟨ȧ, b⟩ + ⟨a, ḃ⟩` | `ā = s̄ b`, `b̄ = s̄ a` |
//! | `a.norm_squared()` | `2⟨a, ȧ⟩` | `ā = 2 s̄ a` |
//! | `a.norm()` | `⟨a, ȧ⟩ / ‖a‖` | `ā = s̄ a / ‖a‖` (0 at `a = 0`) |
//! | `a.normalize()` | `(ȧ − u⟨u, ȧ⟩) / ‖a‖` | `ā = (ū − u⟨u, ū⟩) / ‖a‖` |
//! | `a.metric_distance(&b)` | `⟨d, ȧ − ḃ⟩ / ‖d‖`, `d = a − b` | `ā = s̄ d / ‖d‖ = −b̄` |
//! | `a.cross(&b)` | `ȧ × b + a × ḃ` | `ā = b × c̄`, `b̄ = c̄ × a` |
//! | `a.transpose()` | `ȧᵀ` | `ā = ȳᵀ` |
//! | `a.trace()` | `tr ȧ` | `ā = s̄ I` |
//! | `a.determinant()` | `Σ cof(A)ᵢⱼ ȧᵢⱼ` | `Ā = s̄ cof(A)` (cofactors: no inverse, right at singular `A` too) |
//! | `a.abs()` | `sign(a) ⊙ ȧ` | `ā = sign(a) ⊙ ȳ` (0 at 0) |
//! | `a.add_scalar(k)` | `ȧ + k̇` | `ā = ȳ`, `k̄ = Σ ȳ` |
//! | `a.sum()` | `Σ ȧ` | `ā = s̄ 𝟙` |
//! | `Vector2/3/4/6::new(…)`, `Matrix2/3::new(…)`, `Matrix2x3/3x2::new(…)` | `(ẋ, ẏ, …)` | `x̄ = ȳ₀`, … (a matrix's arguments row by row) |
//!
//! `‖a‖` at `a = 0` has no derivative; its rule gives 0 there rather than a NaN.
//!
//! ```
//! use autodiff_runtime::nalgebra::rules::EntrywiseRules;
//! use nalgebra::Vector3;
//! let a = Vector3::new(3.0, 0.0, 4.0);
//! let (n, pullback) = a.norm_pullback_all();
//! assert_eq!(n, 5.0);
//! let (a_bar,) = pullback(&a, 1.0);
//! assert!((a_bar - Vector3::new(0.6, 0.0, 0.8)).norm() < 1e-15);
//! ```

pub use super::constructors::{New2, New3, New4, New6, New9};
pub use super::cross::CrossRule;
pub use super::products::{MatrixProductPullback, MulRule, ScalarProductPullback};
pub use super::square::SquareRules;

use super::check_shapes;
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, Dim, IsContiguous, Matrix, OMatrix, RawStorageMut, Scalar};
use num_traits::Float;

/// An argument as a generated caller passes it: the value, or one or two references to it
/// (`&b` of a parameter `b: &Vector3<f64>` is a `&&Vector3<f64>`).
pub trait Lend<M> {
    /// The value itself.
    fn lent(&self) -> &M;
}

impl<M> Lend<M> for M {
    fn lent(&self) -> &M {
        self
    }
}

impl<M> Lend<M> for &M {
    fn lent(&self) -> &M {
        self
    }
}

impl<M> Lend<M> for &&M {
    fn lent(&self) -> &M {
        self
    }
}

/// A matrix whose entries the rules read and write as one slice: an owned, contiguous
/// storage (`ArrayStorage`, `VecStorage`).
pub trait OwnedStorage<T, R: Dim, C: Dim>:
    RawStorageMut<T, R, C> + IsContiguous + Clone + 'static
{
}

impl<T, R: Dim, C: Dim, S> OwnedStorage<T, R, C> for S where
    S: RawStorageMut<T, R, C> + IsContiguous + Clone + 'static
{
}

type M<T, R, C, S> = Matrix<T, R, C, S>;

/// `f` applied to each entry of `a`.
pub(super) fn map<T: Float + Scalar, R: Dim, C: Dim, S: OwnedStorage<T, R, C>>(
    a: &M<T, R, C, S>,
    f: impl Fn(T) -> T,
) -> M<T, R, C, S> {
    let mut out = a.clone();
    for x in out.as_mut_slice() {
        *x = f(*x);
    }
    out
}

/// `f` applied to the entries of `a` and `b` pairwise (shapes checked).
pub(super) fn zip<T: Float + Scalar, R: Dim, C: Dim, S: OwnedStorage<T, R, C>>(
    op: &str,
    a: &M<T, R, C, S>,
    b: &M<T, R, C, S>,
    f: impl Fn(T, T) -> T,
) -> M<T, R, C, S> {
    check_shapes(op, a.shape(), b.shape());
    let mut out = a.clone();
    for (x, &y) in out.as_mut_slice().iter_mut().zip(b.as_slice()) {
        *x = f(*x, y);
    }
    out
}

/// `⟨a, b⟩` over all entries (shapes checked).
pub(super) fn inner<T: Float + Scalar, R: Dim, C: Dim, S: OwnedStorage<T, R, C>>(
    op: &str,
    a: &M<T, R, C, S>,
    b: &M<T, R, C, S>,
) -> T {
    check_shapes(op, a.shape(), b.shape());
    a.as_slice()
        .iter()
        .zip(b.as_slice())
        .fold(T::zero(), |s, (&x, &y)| s + x * y)
}

/// `y / ‖a‖`, or zero where `‖a‖ = 0` (the norm's kink, where a rule would divide by zero).
fn over_norm<T: Float>(y: T, norm: T) -> T {
    if norm > T::zero() {
        y / norm
    } else {
        T::zero()
    }
}

/// The operations whose operands and result have the receiver's shape, or a float result.
// The pullbacks' signatures spell out what each takes and gives; aliases would hide it.
#[allow(clippy::type_complexity)]
pub trait EntrywiseRules: Sized {
    /// The entry type.
    type Elem;

    /// `self + rhs`: its value and tangent.
    fn add_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self);
    /// `self + rhs`: its value and pullback.
    fn add_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<Self>,
    );
    /// `self - rhs`: its value and tangent.
    fn sub_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self);
    /// `self - rhs`: its value and pullback.
    fn sub_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<Self>,
    );
    /// `-self`: its value and tangent.
    fn neg_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `-self`: its value and pullback.
    fn neg_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
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
    /// `k * self` (a float on the left): its value and tangent.
    fn __lhs_mul_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem) -> (Self, Self);
    /// `k * self`: its value and pullback.
    fn __lhs_mul_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    );
    /// `self.scale(k)`: its value and tangent.
    fn scale_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem) -> (Self, Self) {
        self.__lhs_mul_jvp_all(k, self_dot, k_dot)
    }
    /// `self.scale(k)`: its value and pullback.
    fn scale_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    ) {
        self.__lhs_mul_pullback_all(k)
    }
    /// `self.unscale(k)`: its value and tangent.
    fn unscale_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem) -> (Self, Self) {
        self.div_jvp_all(k, self_dot, k_dot)
    }
    /// `self.unscale(k)`: its value and pullback.
    fn unscale_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    ) {
        self.div_pullback_all(k)
    }
    /// `self.component_mul(&rhs)`: its value and tangent.
    fn component_mul_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self);
    /// `self.component_mul(&rhs)`: its value and pullback.
    fn component_mul_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<Self>,
    );
    /// `self.component_div(&rhs)`: its value and tangent.
    fn component_div_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self);
    /// `self.component_div(&rhs)`: its value and pullback.
    fn component_div_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<Self>,
    );
    /// `self.dot(&rhs)`: its value and tangent.
    fn dot_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.dot(&rhs)`: its value and pullback.
    fn dot_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, &Self, Self::Elem) -> (Self, Self) + use<Self>,
    );
    /// `self.norm_squared()`: its value and tangent.
    fn norm_squared_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.norm_squared()`: its value and pullback.
    fn norm_squared_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
    /// `self.magnitude_squared()`, another name of `norm_squared`.
    fn magnitude_squared_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem) {
        self.norm_squared_jvp_all(self_dot)
    }
    /// `self.magnitude_squared()`, another name of `norm_squared`.
    fn magnitude_squared_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    ) {
        self.norm_squared_pullback_all()
    }
    /// `self.norm()`: its value and tangent.
    fn norm_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.norm()`: its value and pullback.
    fn norm_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
    /// `self.magnitude()`, another name of `norm`.
    fn magnitude_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem) {
        self.norm_jvp_all(self_dot)
    }
    /// `self.magnitude()`, another name of `norm`.
    fn magnitude_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    ) {
        self.norm_pullback_all()
    }
    /// `self.normalize()`: its value and tangent.
    fn normalize_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `self.normalize()`: its value and pullback.
    fn normalize_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
    /// `self.metric_distance(&rhs)`: its value and tangent.
    fn metric_distance_jvp_all(
        &self,
        rhs: &Self,
        self_dot: &Self,
        rhs_dot: &Self,
    ) -> (Self::Elem, Self::Elem);
    /// `self.metric_distance(&rhs)`: its value and pullback.
    fn metric_distance_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, &Self, Self::Elem) -> (Self, Self) + use<Self>,
    );
    /// `self.abs()` (entrywise): its value and tangent.
    fn abs_jvp_all(&self, self_dot: &Self) -> (Self, Self);
    /// `self.abs()` (entrywise): its value and pullback.
    fn abs_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<Self>);
    /// `self.add_scalar(k)`: its value and tangent.
    fn add_scalar_jvp_all(&self, k: Self::Elem, self_dot: &Self, k_dot: Self::Elem)
        -> (Self, Self);
    /// `self.add_scalar(k)`: its value and pullback.
    fn add_scalar_pullback_all(
        &self,
        k: Self::Elem,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, Self::Elem) + use<Self>,
    );
    /// `self.sum()`: its value and tangent.
    fn sum_jvp_all(&self, self_dot: &Self) -> (Self::Elem, Self::Elem);
    /// `self.sum()`: its value and pullback.
    fn sum_pullback_all(
        &self,
    ) -> (
        Self::Elem,
        impl FnOnce(&Self, Self::Elem) -> (Self,) + use<Self>,
    );
}

impl<T, R, C, S> EntrywiseRules for M<T, R, C, S>
where
    T: Float + Scalar,
    R: Dim,
    C: Dim,
    S: OwnedStorage<T, R, C>,
{
    type Elem = T;

    fn add_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self) {
        let y = zip("a + b", self, rhs, |a, b| a + b);
        (y, zip("a + b", self_dot, rhs_dot, |a, b| a + b))
    }

    fn add_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let y = zip("a + b", self, rhs, |a, b| a + b);
        (y, |_: &Self, _: &Self, y_bar: Self| (y_bar.clone(), y_bar))
    }

    fn sub_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self) {
        let y = zip("a - b", self, rhs, |a, b| a - b);
        (y, zip("a - b", self_dot, rhs_dot, |a, b| a - b))
    }

    fn sub_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let y = zip("a - b", self, rhs, |a, b| a - b);
        (y, |_: &Self, _: &Self, y_bar: Self| {
            let b_bar = map(&y_bar, |g| -g);
            (y_bar, b_bar)
        })
    }

    fn neg_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        (map(self, |a| -a), map(self_dot, |a| -a))
    }

    fn neg_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<T, R, C, S>) {
        (map(self, |a| -a), |_: &Self, y_bar: Self| {
            (map(&y_bar, |g| -g),)
        })
    }

    fn div_jvp_all(&self, k: T, self_dot: &Self, k_dot: T) -> (Self, Self) {
        let y = map(self, |a| a / k);
        let y_dot = zip("a / k", self_dot, &y, |ad, y| (ad - y * k_dot) / k);
        (y, y_dot)
    }

    fn div_pullback_all(
        &self,
        k: T,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, T) + use<T, R, C, S>,
    ) {
        let y = map(self, |a| a / k);
        let kept = y.clone();
        (y, move |_: &Self, y_bar: Self| {
            let k_bar = -inner("a / k", &y_bar, &kept) / k;
            (map(&y_bar, |g| g / k), k_bar)
        })
    }

    fn __lhs_mul_jvp_all(&self, k: T, self_dot: &Self, k_dot: T) -> (Self, Self) {
        let y = map(self, |a| a * k);
        let y_dot = zip("k * a", self_dot, self, |ad, a| ad * k + a * k_dot);
        (y, y_dot)
    }

    fn __lhs_mul_pullback_all(
        &self,
        k: T,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, T) + use<T, R, C, S>,
    ) {
        let y = map(self, |a| a * k);
        (y, move |a: &Self, y_bar: Self| {
            let k_bar = inner("k * a", &y_bar, a);
            (map(&y_bar, |g| g * k), k_bar)
        })
    }

    fn component_mul_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self) {
        let op = "a.component_mul(&b)";
        let y = zip(op, self, rhs, |a, b| a * b);
        let left = zip(op, self_dot, rhs, |ad, b| ad * b);
        let right = zip(op, self, rhs_dot, |a, bd| a * bd);
        (y, zip(op, &left, &right, |l, r| l + r))
    }

    fn component_mul_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let op = "a.component_mul(&b)";
        let y = zip(op, self, rhs, |a, b| a * b);
        (y, move |a: &Self, b: &Self, y_bar: Self| {
            (
                zip(op, &y_bar, b, |g, b| g * b),
                zip(op, &y_bar, a, |g, a| g * a),
            )
        })
    }

    fn component_div_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (Self, Self) {
        let op = "a.component_div(&b)";
        let y = zip(op, self, rhs, |a, b| a / b);
        let y_rhs_dot = zip(op, &y, rhs_dot, |y, bd| y * bd);
        let numerator = zip(op, self_dot, &y_rhs_dot, |ad, ybd| ad - ybd);
        (y, zip(op, &numerator, rhs, |n, b| n / b))
    }

    fn component_div_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        Self,
        impl FnOnce(&Self, &Self, Self) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let op = "a.component_div(&b)";
        let y = zip(op, self, rhs, |a, b| a / b);
        let kept = y.clone();
        (y, move |_: &Self, b: &Self, y_bar: Self| {
            let a_bar = zip(op, &y_bar, b, |g, b| g / b);
            // b̄ = −ȳ ⊙ y ⊘ b, divided last so that ȳ y stays in range.
            let g_y = zip(op, &y_bar, &kept, |g, y| g * y);
            (a_bar, zip(op, &g_y, b, |gy, b| -(gy / b)))
        })
    }

    fn dot_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (T, T) {
        let op = "a.dot(&b)";
        let s = inner(op, self, rhs);
        (s, inner(op, self_dot, rhs) + inner(op, self, rhs_dot))
    }

    fn dot_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        T,
        impl FnOnce(&Self, &Self, T) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let s = inner("a.dot(&b)", self, rhs);
        (s, |a: &Self, b: &Self, s_bar: T| {
            (map(b, |b| s_bar * b), map(a, |a| s_bar * a))
        })
    }

    fn norm_squared_jvp_all(&self, self_dot: &Self) -> (T, T) {
        let op = "a.norm_squared()";
        let s = inner(op, self, self);
        let two = T::one() + T::one();
        (s, two * inner(op, self, self_dot))
    }

    fn norm_squared_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, R, C, S>) {
        let s = inner("a.norm_squared()", self, self);
        (s, |a: &Self, s_bar: T| {
            let twice = s_bar + s_bar;
            (map(a, |a| twice * a),)
        })
    }

    fn norm_jvp_all(&self, self_dot: &Self) -> (T, T) {
        let n = norm_of(self);
        (n, over_norm(inner("a.norm()", self, self_dot), n))
    }

    fn norm_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, R, C, S>) {
        let n = norm_of(self);
        (n, move |a: &Self, s_bar: T| {
            let w = over_norm(s_bar, n);
            (map(a, |a| w * a),)
        })
    }

    fn normalize_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        let n = norm_of(self);
        let u = map(self, |a| a / n);
        let along = inner("a.normalize()", &u, self_dot);
        let u_dot = zip("a.normalize()", self_dot, &u, |ad, u| {
            over_norm(ad - u * along, n)
        });
        (u, u_dot)
    }

    fn normalize_pullback_all(
        &self,
    ) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<T, R, C, S>) {
        let n = norm_of(self);
        let u = map(self, |a| a / n);
        let kept = u.clone();
        (u, move |_: &Self, u_bar: Self| {
            let along = inner("a.normalize()", &kept, &u_bar);
            (zip("a.normalize()", &u_bar, &kept, |g, u| {
                over_norm(g - u * along, n)
            }),)
        })
    }

    fn metric_distance_jvp_all(&self, rhs: &Self, self_dot: &Self, rhs_dot: &Self) -> (T, T) {
        let op = "a.metric_distance(&b)";
        let d = zip(op, self, rhs, |a, b| a - b);
        let d_dot = zip(op, self_dot, rhs_dot, |a, b| a - b);
        let n = norm_of(&d);
        (n, over_norm(inner(op, &d, &d_dot), n))
    }

    fn metric_distance_pullback_all(
        &self,
        rhs: &Self,
    ) -> (
        T,
        impl FnOnce(&Self, &Self, T) -> (Self, Self) + use<T, R, C, S>,
    ) {
        let op = "a.metric_distance(&b)";
        let d = zip(op, self, rhs, |a, b| a - b);
        let n = norm_of(&d);
        (n, move |_: &Self, _: &Self, s_bar: T| {
            let w = over_norm(s_bar, n);
            (map(&d, |d| w * d), map(&d, |d| -(w * d)))
        })
    }

    fn abs_jvp_all(&self, self_dot: &Self) -> (Self, Self) {
        (
            map(self, |a| a.abs()),
            zip("a.abs()", self, self_dot, |a, ad| sign(a) * ad),
        )
    }

    fn abs_pullback_all(&self) -> (Self, impl FnOnce(&Self, Self) -> (Self,) + use<T, R, C, S>) {
        (map(self, |a| a.abs()), |a: &Self, y_bar: Self| {
            (zip("a.abs()", a, &y_bar, |a, g| sign(a) * g),)
        })
    }

    fn add_scalar_jvp_all(&self, k: T, self_dot: &Self, k_dot: T) -> (Self, Self) {
        (map(self, |a| a + k), map(self_dot, |ad| ad + k_dot))
    }

    fn add_scalar_pullback_all(
        &self,
        k: T,
    ) -> (
        Self,
        impl FnOnce(&Self, Self) -> (Self, T) + use<T, R, C, S>,
    ) {
        (map(self, |a| a + k), |_: &Self, y_bar: Self| {
            let k_bar = y_bar.as_slice().iter().fold(T::zero(), |s, &g| s + g);
            (y_bar, k_bar)
        })
    }

    fn sum_jvp_all(&self, self_dot: &Self) -> (T, T) {
        let sum = |m: &Self| m.as_slice().iter().fold(T::zero(), |s, &x| s + x);
        (sum(self), sum(self_dot))
    }

    fn sum_pullback_all(&self) -> (T, impl FnOnce(&Self, T) -> (Self,) + use<T, R, C, S>) {
        let s = self.as_slice().iter().fold(T::zero(), |s, &x| s + x);
        (s, |a: &Self, s_bar: T| (map(a, |_| s_bar),))
    }
}

/// The sign of `a` as a derivative of `|a|`: ±1, and 0 at 0 (a subgradient, not a NaN).
fn sign<T: Float>(a: T) -> T {
    if a > T::zero() {
        T::one()
    } else if a < T::zero() {
        -T::one()
    } else {
        T::zero()
    }
}

/// `‖a‖`, scaled by the largest entry so that squaring neither overflows nor underflows.
fn norm_of<T: Float + Scalar, R: Dim, C: Dim, S: OwnedStorage<T, R, C>>(a: &M<T, R, C, S>) -> T {
    let big = a
        .as_slice()
        .iter()
        .fold(T::zero(), |m, &x| if x.abs() > m { x.abs() } else { m });
    if big == T::zero() || !big.is_finite() {
        return a
            .as_slice()
            .iter()
            .fold(T::zero(), |s, &x| s + x * x)
            .sqrt();
    }
    let scaled = a.as_slice().iter().fold(T::zero(), |s, &x| {
        let r = x / big;
        s + r * r
    });
    big * scaled.sqrt()
}

/// `a.transpose()`.
pub trait TransposeRule: Sized {
    /// The transpose's type (owned).
    type Transposed;
    /// `self.transpose()`: its value and tangent.
    fn transpose_jvp_all(&self, self_dot: &Self) -> (Self::Transposed, Self::Transposed);
    /// `self.transpose()`: its value and pullback.
    fn transpose_pullback_all(
        &self,
    ) -> (
        Self::Transposed,
        impl FnOnce(&Self, Self::Transposed) -> (Self,) + use<Self>,
    );
}

impl<T, R, C, S> TransposeRule for M<T, R, C, S>
where
    T: Float + Scalar,
    R: Dim,
    C: Dim,
    S: OwnedStorage<T, R, C>,
    DefaultAllocator: Allocator<C, R>,
{
    type Transposed = OMatrix<T, C, R>;

    fn transpose_jvp_all(&self, self_dot: &Self) -> (OMatrix<T, C, R>, OMatrix<T, C, R>) {
        (self.transpose(), self_dot.transpose())
    }

    fn transpose_pullback_all(
        &self,
    ) -> (
        OMatrix<T, C, R>,
        impl FnOnce(&Self, OMatrix<T, C, R>) -> (Self,) + use<T, R, C, S>,
    ) {
        (self.transpose(), |a: &Self, y_bar: OMatrix<T, C, R>| {
            let mut a_bar = a.clone();
            for i in 0..a.nrows() {
                for j in 0..a.ncols() {
                    a_bar[(i, j)] = y_bar[(j, i)];
                }
            }
            (a_bar,)
        })
    }
}
