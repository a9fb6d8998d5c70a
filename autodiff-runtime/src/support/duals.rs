//! Plain floats to dual numbers and back: what `f_hvp` (forward-over-reverse) needs to run
//! the reverse code on dual numbers, lifting constants and splitting results.

use crate::Dual;
use num_traits::Float;

/// A plain float as a dual number with zero tangent (a constant of forward-over-reverse).
///
/// ```
/// let d = autodiff_runtime::support::lift(2.0);
/// assert_eq!((d.primal, d.tangent), (2.0, 0.0));
/// ```
pub fn lift<T: Float>(x: T) -> Dual<T> {
    Dual::constant(x)
}

/// Pairs values with tangents: the input of a dual-number pass.
///
/// ```
/// let d = autodiff_runtime::support::duals(&[1.0, 2.0], &[0.5, 0.0]);
/// assert_eq!((d[0].primal, d[0].tangent, d[1].tangent), (1.0, 0.5, 0.0));
/// ```
#[track_caller]
pub fn duals<T: Float>(x: &[T], t: &[T]) -> Vec<Dual<T>> {
    paired_duals(x, t).collect()
}

/// `x` and `t` paired into dual numbers, once their lengths are checked.
#[track_caller]
pub(crate) fn paired_duals<'a, T: Float>(
    x: &'a [T],
    t: &'a [T],
) -> impl Iterator<Item = Dual<T>> + 'a {
    assert_eq!(
        x.len(),
        t.len(),
        "a value of length {} has a direction of length {}",
        x.len(),
        t.len()
    );
    x.iter().zip(t).map(|(&a, &b)| Dual::new(a, b))
}

/// [`duals`] for arrays.
///
/// ```
/// let d = autodiff_runtime::support::dual_array(&[1.0, 2.0], &[0.5, 0.0]);
/// assert_eq!(d[0].tangent, 0.5);
/// ```
pub fn dual_array<T: Float, const N: usize>(x: &[T; N], t: &[T; N]) -> [Dual<T>; N] {
    std::array::from_fn(|i| Dual::new(x[i], t[i]))
}

/// The values of a sequence of dual numbers, as the same kind of sequence.
///
/// ```
/// use autodiff_runtime::{support::primals, Dual};
/// assert_eq!(primals(&vec![Dual::new(1.0, 2.0)]), vec![1.0]);
/// ```
pub fn primals<T: Float, S: DualSequence<T> + ?Sized>(s: &S) -> S::Plain {
    s.map_parts(|d| d.primal)
}

/// The tangents of a sequence of dual numbers, as the same kind of sequence.
///
/// ```
/// use autodiff_runtime::{support::tangents, Dual};
/// assert_eq!(tangents(&[Dual::new(1.0, 2.0)]), [2.0]);
/// ```
pub fn tangents<T: Float, S: DualSequence<T> + ?Sized>(s: &S) -> S::Plain {
    s.map_parts(|d| d.tangent)
}

/// A `Vec` or array of dual numbers, split into plain floats by [`primals`] and [`tangents`].
pub trait DualSequence<T> {
    type Plain;
    fn map_parts(&self, f: impl Fn(&Dual<T>) -> T) -> Self::Plain;
}

impl<T: Float> DualSequence<T> for [Dual<T>] {
    type Plain = Vec<T>;
    fn map_parts(&self, f: impl Fn(&Dual<T>) -> T) -> Vec<T> {
        self.iter().map(f).collect()
    }
}

impl<T: Float> DualSequence<T> for Vec<Dual<T>> {
    type Plain = Vec<T>;
    fn map_parts(&self, f: impl Fn(&Dual<T>) -> T) -> Vec<T> {
        self.iter().map(f).collect()
    }
}

impl<T: Float, const N: usize> DualSequence<T> for [Dual<T>; N] {
    type Plain = [T; N];
    fn map_parts(&self, f: impl Fn(&Dual<T>) -> T) -> [T; N] {
        std::array::from_fn(|i| f(&self[i]))
    }
}

/// Plain floats as dual numbers with zero tangents (constants of forward-over-reverse), in a
/// container of the same kind: an array stays an array of its length (a function returning
/// `[f64; N]` returns `[Dual<f64>; N]` on dual numbers), a slice or `Vec` becomes a `Vec`.
///
/// ```
/// let d = autodiff_runtime::support::lift_seq(&[1.0, 2.0]);
/// let _: [autodiff_runtime::Dual<f64>; 2] = d;
/// assert_eq!((d[1].primal, d[1].tangent), (2.0, 0.0));
/// let v: Vec<_> = autodiff_runtime::support::lift_seq(&vec![3.0_f32]);
/// assert_eq!((v[0].primal, v[0].tangent), (3.0, 0.0));
/// ```
pub fn lift_seq<S: LiftSeq + ?Sized>(x: &S) -> S::Lifted {
    x.lift()
}

/// A sequence of floats that [`lift_seq`] turns into dual numbers: a slice or a `Vec`
/// becomes a `Vec`, an array stays an array of the same length (so a function returning a
/// local array returns one on dual numbers too).
///
/// ```
/// use autodiff_runtime::support::LiftSeq;
/// let lifted: [_; 2] = [1.5_f64, -2.0].lift();
/// assert_eq!((lifted[1].primal, lifted[1].tangent), (-2.0, 0.0));
/// let from_slice: Vec<_> = [1.5_f64, -2.0][..].lift();
/// assert_eq!(from_slice.len(), 2);
/// ```
pub trait LiftSeq {
    /// The sequence of dual numbers.
    type Lifted;
    /// Each element as a constant dual number.
    fn lift(&self) -> Self::Lifted;
}

impl<T: Float> LiftSeq for [T] {
    type Lifted = Vec<Dual<T>>;
    fn lift(&self) -> Vec<Dual<T>> {
        self.iter().map(|&v| Dual::constant(v)).collect()
    }
}

impl<T: Float> LiftSeq for Vec<T> {
    type Lifted = Vec<Dual<T>>;
    fn lift(&self) -> Vec<Dual<T>> {
        self[..].lift()
    }
}

impl<T: Float, const N: usize> LiftSeq for [T; N] {
    type Lifted = [Dual<T>; N];
    fn lift(&self) -> [Dual<T>; N] {
        self.map(Dual::constant)
    }
}

// `lift_seq(&x)` with `x: &[f64]` a parameter.
impl<S: LiftSeq + ?Sized> LiftSeq for &S {
    type Lifted = S::Lifted;
    fn lift(&self) -> S::Lifted {
        (**self).lift()
    }
}
