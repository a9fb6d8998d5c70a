//! Forward mode with `N` tangents at once: one pass yields a gradient of `N` inputs.
//!
//! `DualVec<T, N>` is `a + Σᵢ bᵢ εᵢ` with all `εᵢ εⱼ = 0`. Each elementary function computes
//! its value and its partial once (from [`crate::partial`]) and scales all `N` tangents by it,
//! which is cheaper than `N` passes with [`Dual`](crate::Dual). The operator and `Float` impls
//! are the same macros as `Dual`'s.

use crate::check;
use crate::dual::{impl_dual, impl_scalar_lhs, scale};
use core::array;
use num_traits::Float;

/// A value with `N` tangents: `primal + Σᵢ tangent[i]·εᵢ`.
///
/// Equality and ordering compare `primal` only, as for [`Dual`](crate::Dual).
///
/// ```
/// use autodiff_runtime::DualVec;
/// let (x, y) = (DualVec::<f64, 2>::variable(3.0, 0), DualVec::variable(2.0, 1));
/// let f = x * x * y; // ∇(x²y) = (2xy, x²)
/// assert_eq!(f.primal, 18.0);
/// assert_eq!(f.tangent, [12.0, 9.0]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DualVec<T, const N: usize> {
    /// The value.
    pub primal: T,
    /// The `N` directional derivatives.
    pub tangent: [T; N],
}

impl<T: Float, const N: usize> DualVec<T, N> {
    /// `primal + Σᵢ tangent[i]·εᵢ`.
    ///
    /// ```
    /// use autodiff_runtime::DualVec;
    /// let z = DualVec::new(2.0, [1.0, 0.5]) * 3.0;
    /// assert_eq!((z.primal, z.tangent), (6.0, [3.0, 1.5]));
    /// ```
    pub const fn new(primal: T, tangent: [T; N]) -> Self {
        Self { primal, tangent }
    }

    /// A constant: all tangents 0.
    ///
    /// ```
    /// use autodiff_runtime::DualVec;
    /// let c = DualVec::<f64, 3>::constant(7.0);
    /// assert_eq!((c.primal, c.tangent), (7.0, [0.0; 3]));
    /// ```
    pub fn constant(x: T) -> Self {
        Self::new(x, [T::zero(); N])
    }

    /// Input number `i` of `N`: tangent `eᵢ`.
    ///
    /// # Panics
    /// If `i >= N`.
    ///
    /// ```
    /// use autodiff_runtime::DualVec;
    /// let x = DualVec::<f64, 3>::variable(1.5, 1);
    /// assert_eq!((x.primal, x.tangent), (1.5, [0.0, 1.0, 0.0]));
    /// ```
    pub fn variable(x: T, i: usize) -> Self {
        let mut d = Self::constant(x);
        d.tangent[i] = T::one();
        d
    }

    /// Chain rule for `y = op(self)`, on every tangent: `ẏᵢ = op'(x)·ẋᵢ`.
    #[inline]
    fn chain(self, op: &str, y: T, dy_dx: T) -> Self {
        let t = array::from_fn(|i| {
            let t = scale(self.tangent[i], dy_dx);
            check::tangent(op, &[self.primal, self.tangent[i]], t);
            t
        });
        Self::new(y, t)
    }

    /// Chain rule for `y = self op s` with a plain number `s` among the checked inputs.
    #[inline]
    fn chain_by(self, op: &str, s: T, y: T, dy_dx: T) -> Self {
        let t = array::from_fn(|i| {
            let t = scale(self.tangent[i], dy_dx);
            check::tangent(op, &[self.primal, s, self.tangent[i]], t);
            t
        });
        Self::new(y, t)
    }

    /// Chain rule for `y = op(self, b)`: `ẏᵢ = ∂op/∂a·ȧᵢ + ∂op/∂b·ḃᵢ`.
    #[inline]
    fn chain2(self, op: &str, b: Self, y: T, (da, db): (T, T)) -> Self {
        let t = array::from_fn(|i| {
            let (ta, tb) = (self.tangent[i], b.tangent[i]);
            let t = scale(ta, da) + scale(tb, db);
            check::tangent(op, &[self.primal, b.primal, ta, tb], t);
            t
        });
        Self::new(y, t)
    }

    /// Chain rule for `y = op(self, b, c)`.
    #[inline]
    fn chain3(self, op: &str, b: Self, c: Self, y: T, (da, db, dc): (T, T, T)) -> Self {
        let t = array::from_fn(|i| {
            let (ta, tb, tc) = (self.tangent[i], b.tangent[i], c.tangent[i]);
            let t = scale(ta, da) + scale(tb, db) + scale(tc, dc);
            check::tangent(op, &[self.primal, b.primal, c.primal, ta, tb, tc], t);
            t
        });
        Self::new(y, t)
    }

    #[inline]
    fn tangent_is_zero(&self) -> bool {
        self.tangent.iter().all(|t| t.is_zero())
    }
}

/// Zero, as `[T; N]: Default` only exists for small `N`.
impl<T: Float, const N: usize> Default for DualVec<T, N> {
    fn default() -> Self {
        Self::constant(T::zero())
    }
}

impl_dual!([T: Float, const N: usize] DualVec<T, N>, T);
impl_scalar_lhs!([const N: usize] DualVec<f64, N>, f64);
impl_scalar_lhs!([const N: usize] DualVec<f32, N>, f32);
