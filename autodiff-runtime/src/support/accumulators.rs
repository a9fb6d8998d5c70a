//! Accumulators lent to callees: a differentiated caller lends the adjoint of a sequence it
//! passes to a callee to the callee's pullback (the callers' entry point,
//! `g::pullback_all`), which adds its cotangent into it and gives it back: no fresh
//! cotangent per call, no zero fill, no addition by the caller. A caller with no adjoint to
//! lend (a constant argument) lends an empty one.

use super::{add_assign, to_array, SeqAdjoint, Sequence};
use num_traits::Float;

/// What a caller lends where it has no adjoint to lend.
///
/// ```
/// let acc: Vec<f64> = autodiff_runtime::support::no_accumulator();
/// assert!(acc.is_empty());
/// ```
#[inline]
pub fn no_accumulator<C: SeqAdjoint>() -> C {
    C::nothing()
}

/// The starting adjoint of a sequence parameter `s` given the accumulator `acc` its caller
/// lent: `acc` itself when it fits, zeros when the caller lent nothing.
///
/// ```
/// use autodiff_runtime::support::accumulator;
/// let x = [1.0, 2.0];
/// assert_eq!(accumulator(vec![0.5, 0.5], &x[..]), vec![0.5, 0.5]);
/// assert_eq!(accumulator(Vec::new(), &x[..]), vec![0.0, 0.0]);
/// ```
#[inline]
pub fn accumulator<S: Sequence + ?Sized>(acc: S::Zeros, s: &S) -> S::Zeros {
    if acc.adjoint_len() == s.seq_len() {
        acc
    } else {
        s.zeros()
    }
}

/// A cotangent `g` added into the accumulator `acc` a caller lent (moved in when the caller
/// lent nothing).
///
/// ```
/// use autodiff_runtime::support::accumulate;
/// assert_eq!(accumulate(vec![1.0, 1.0], vec![0.5, 2.0]), vec![1.5, 3.0]);
/// assert_eq!(accumulate(Vec::new(), vec![0.5, 2.0]), vec![0.5, 2.0]);
/// ```
#[inline]
pub fn accumulate<C: SeqAdjoint>(mut acc: C, g: C) -> C {
    if acc.adjoint_len() == g.adjoint_len() {
        acc.add(&g);
        acc
    } else {
        g
    }
}

/// An adjoint a caller can lend as an accumulator of type `C`, and take back.
pub trait Lend<C> {
    /// Takes the adjoint out as `C`, leaving an empty (or zero) one.
    fn lend(&mut self) -> C;
    /// Adds the accumulator back (moving it in when this adjoint is empty).
    fn repay(&mut self, acc: C);
}

impl<T: Float> Lend<Vec<T>> for Vec<T> {
    fn lend(&mut self) -> Vec<T> {
        std::mem::take(self)
    }
    fn repay(&mut self, acc: Vec<T>) {
        if self.is_empty() {
            *self = acc;
        } else {
            add_assign(self, &acc);
        }
    }
}

impl<T: Float, const N: usize> Lend<[T; N]> for [T; N] {
    fn lend(&mut self) -> [T; N] {
        std::mem::replace(self, [T::zero(); N])
    }
    fn repay(&mut self, acc: [T; N]) {
        add_assign(self, &acc);
    }
}

/// A `Vec` passed where the callee takes an array (of its length).
impl<T: Float, const N: usize> Lend<[T; N]> for Vec<T> {
    fn lend(&mut self) -> [T; N] {
        let acc = if self.len() == N {
            to_array(self)
        } else {
            [T::zero(); N]
        };
        self.iter_mut().for_each(|a| *a = T::zero());
        acc
    }
    fn repay(&mut self, acc: [T; N]) {
        add_assign(self, &acc);
    }
}

/// An array passed where the callee takes a slice.
impl<T: Float, const N: usize> Lend<Vec<T>> for [T; N] {
    fn lend(&mut self) -> Vec<T> {
        std::mem::replace(self, [T::zero(); N]).to_vec()
    }
    fn repay(&mut self, acc: Vec<T>) {
        add_assign(self, &acc);
    }
}

/// Lends a caller's adjoint to a callee's pullback as its accumulator (the type the
/// pullback takes picks the conversion).
///
/// ```
/// use autodiff_runtime::support::{lend, repay};
/// let mut x_bar = vec![1.0, 2.0];
/// let acc: Vec<f64> = lend(&mut x_bar);
/// assert!(x_bar.is_empty());
/// repay(&mut x_bar, acc);
/// assert_eq!(x_bar, vec![1.0, 2.0]);
/// ```
#[inline]
pub fn lend<A: Lend<C>, C>(adjoint: &mut A) -> C {
    adjoint.lend()
}

/// Takes back an accumulator lent with [`lend`], with the callee's cotangent added.
#[inline]
pub fn repay<A: Lend<C>, C>(adjoint: &mut A, acc: C) {
    adjoint.repay(acc)
}
