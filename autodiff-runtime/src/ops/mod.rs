//! Closed-form matrix rules: value, JVP, VJP and pullback of the array operations deep-learning
//! code is made of, on [`ndarray`] arrays.
//!
//! Every rule is the closed form that matrix differentials and the trace trick give
//! (`dL = tr(Gᵀ dY)`; for `Y = AB`, `Ā = G Bᵀ`, `B̄ = Aᵀ G`), derived in `docs/derivations.md`
//! and checked symbolically by `docs/sympy/check_derivations.py`. Semantics follow PyTorch:
//! rows are the batch, the last axis holds the features.
//!
//! # The calling convention
//!
//! Each operation `foo(args…) -> R` comes with
//!
//! | item | returns |
//! |---|---|
//! | `foo(args…)` | the value `R` |
//! | `foo_jvp(args…, <one tangent per differentiable arg, same type as the arg>)` | `(R, Ṙ)` |
//! | `foo_vjp(args…, dout: R)` | `(R, <one owned cotangent per differentiable arg>)` |
//! | `foo_pullback(args…)` | `(R, pullback)` with `pullback(<the reference args, again>, dout: R)` returning the cotangents as a tuple (a 1-tuple for one) |
//! | `foo_dual_pullback` | `foo_pullback` again (hidden): the name the dual-number twin of generated code calls |
//!
//! Cotangents are owned: `Array2<T>` for a `&Array2<T>` argument, `Array1<T>` for
//! `&Array1<T>`, `T` for a scalar. The pullback is a `move` closure that keeps only what its
//! VJP needs (softmax's output, LayerNorm's mean and reciprocal standard deviation) and
//! borrows nothing: the arguments that are references are passed to it again, *all* of them
//! in order, differentiable or not (`cross_entropy`'s `targets` and `embedding`'s `ids` too).
//! `foo_vjp` is `foo_pullback` followed by the pullback.
//!
//! Non-differentiable arguments (`targets: &[usize]`, `ids: &[usize]`, `causal: bool`, and the
//! `eps: T` of the norms) are in the signature but get no tangent and no cotangent. `eps` is a
//! plain `T` (a `Dual` in the dual-number twin) because it is added to a `T`; its derivative is
//! never wanted.
//!
//! # Broadcasting: one function per operation
//!
//! `add`, `sub`, `mul` and `div` are each *one* function, generic over their two operands
//! through [`Operand`], so a caller that does not know the types (the code `#[differentiate]`
//! emits) always writes `ops::add_pullback(&a, &b)`. An operand is any ndarray array
//! (`Array1`, `Array2`, views, any dimension), a scalar ([`Scalar`]: `f32`, `f64`, `Dual`), or a
//! reference to one. Shapes co-broadcast as in ndarray and NumPy (trailing axes aligned, length-1
//! axes stretched), so an `Array1` of length `n` (or a `1×n` array) is added to every row of an
//! `m×n` matrix, and the cotangent of a broadcast operand is the upstream cotangent summed over
//! the axes it was stretched along ([`unbroadcast`]).
//!
//! # Second order
//!
//! Every rule is generic over the float type `T: Float + 'static`, so instantiating it with
//! [`Dual`] differentiates the rule itself: a pullback run on dual numbers seeded with a
//! direction gives a Hessian-vector product. [`duals_nd`], [`primals_nd`], [`tangents_nd`] and
//! [`lift_nd`] move arrays in and out of dual numbers.
//!
//! ```
//! use autodiff_runtime::ndarray::array;
//! use autodiff_runtime::ops;
//! let (a, b) = (array![[1.0, 2.0], [3.0, 4.0]], array![[0.5], [-1.0]]);
//! let (y, pullback) = ops::matmul_pullback(&a, &b);
//! assert_eq!(y, array![[-1.5], [-2.5]]);
//! let (a_bar, b_bar) = pullback(&a, &b, array![[1.0], [1.0]]); // Ā = G Bᵀ, B̄ = Aᵀ G
//! assert_eq!(a_bar, array![[0.5, -1.0], [0.5, -1.0]]);
//! assert_eq!(b_bar, array![[4.0], [6.0]]);
//! ```

// A pullback's type spells out its closure's signature: the convention, not accidental complexity.
#![allow(clippy::type_complexity)]

use crate::Dual;
use ndarray::{
    Array, ArrayBase, ArrayView, Axis, Data, DimMax, Dimension, Ix0, ScalarOperand, Zip,
};
use num_traits::Float;

mod attention;
mod broadcast;
mod embedding;
mod linalg;
mod loss;
mod norm;
mod reduce;
mod softmax;
mod unary;

pub use attention::*;
pub use broadcast::*;
pub use embedding::*;
pub use linalg::*;
pub use loss::*;
pub use norm::*;
pub use reduce::*;
pub use softmax::*;
pub use unary::*;

/// A float that can stand as a scalar operand of the broadcasting operations: `f32`, `f64` and
/// dual numbers over them. Generic code that passes a scalar to [`add`] and friends bounds its
/// float type by `T: Scalar` (as ndarray's `&a * s` asks for `ScalarOperand`).
///
/// ```
/// use autodiff_runtime::ops::{self, Scalar};
/// use autodiff_runtime::ndarray::{array, Array1};
/// fn scale<T: Scalar>(x: &Array1<T>, s: T) -> Array1<T> {
///     ops::mul(x, &s)
/// }
/// assert_eq!(scale(&array![1.0_f32, 2.0], 3.0), array![3.0, 6.0]);
/// ```
pub trait Scalar: Float + ScalarOperand {}
impl Scalar for f32 {}
impl Scalar for f64 {}
impl<T: Scalar> Scalar for Dual<T> {}

/// Dual numbers multiply ndarray arrays as scalars (`&a * d`), like `f64` does.
impl<T: Float + 'static> ScalarOperand for Dual<T> {}

/// An operand of the broadcasting operations ([`add`], [`sub`], [`mul`], [`div`]): an array of
/// any dimension, a [`Scalar`] (seen as a 0-dimensional array), or a reference to either.
///
/// ```
/// use autodiff_runtime::ops::Operand;
/// use autodiff_runtime::ndarray::array;
/// let x = array![[1.0, 2.0]];
/// assert_eq!(x.operand_view().shape(), &[1, 2]);
/// assert_eq!(2.5_f64.operand_view().shape(), &[] as &[usize]);
/// ```
pub trait Operand {
    /// The float type of the elements.
    type Elem: Float + 'static;
    /// The dimension: `Ix0` for a scalar.
    type Dim: Dimension;
    /// The owned type of its cotangent: `Array<Elem, Dim>` for arrays, `Elem` for scalars.
    type Cotangent;
    /// The operand as a read-only array view.
    ///
    /// ```
    /// use autodiff_runtime::ndarray::array;
    /// use autodiff_runtime::ops::Operand;
    /// assert_eq!(array![1.0, 2.0].operand_view().len(), 2);
    /// ```
    fn operand_view(&self) -> ArrayView<'_, Self::Elem, Self::Dim>;
    /// Turns a cotangent already of this operand's shape into its owned cotangent type.
    ///
    /// ```
    /// use autodiff_runtime::ndarray::arr0;
    /// use autodiff_runtime::ops::Operand;
    /// assert_eq!(<f64 as Operand>::into_cotangent(arr0(2.5)), 2.5);
    /// ```
    fn into_cotangent(g: Array<Self::Elem, Self::Dim>) -> Self::Cotangent;
}

/// Implements [`Operand`] for an array type over `S` and `D` (an array, a reference to one).
macro_rules! array_operand {
    ($($(#[$attr:meta])* $array:ty;)*) => {$(
        $(#[$attr])*
        impl<S, D> Operand for $array
        where
            S: Data,
            S::Elem: Float + 'static,
            D: Dimension,
        {
            type Elem = S::Elem;
            type Dim = D;
            type Cotangent = Array<S::Elem, D>;
            fn operand_view(&self) -> ArrayView<'_, S::Elem, D> {
                ndarray::ArrayRef::view(self)
            }
            fn into_cotangent(g: Array<S::Elem, D>) -> Array<S::Elem, D> {
                g
            }
        }
    )*};
}

array_operand! {
    ArrayBase<S, D>;
    /// A reference to an array is an operand too, so callers may pass `&x` whether `x` is an
    /// array or already a reference to one.
    &ArrayBase<S, D>;
}

impl<T: Scalar> Operand for T {
    type Elem = T;
    type Dim = Ix0;
    type Cotangent = T;
    fn operand_view(&self) -> ArrayView<'_, T, Ix0> {
        ndarray::aview0(self)
    }
    fn into_cotangent(g: Array<T, Ix0>) -> T {
        g.into_scalar()
    }
}

/// The dimension of `a ∘ b` for operands `A` and `B`: the larger of the two.
///
/// ```
/// use autodiff_runtime::ndarray::{Array1, Array2, Ix2};
/// use autodiff_runtime::ops::BroadcastDim;
/// let d: BroadcastDim<Array2<f64>, Array1<f64>> = Ix2(2, 3);
/// assert_eq!(d, Ix2(2, 3));
/// ```
pub type BroadcastDim<A, B> = <<A as Operand>::Dim as DimMax<<B as Operand>::Dim>>::Output;

/// The array type of `a ∘ b` for operands `A` and `B`.
///
/// ```
/// use autodiff_runtime::ndarray::{array, Array1};
/// use autodiff_runtime::ops::{self, Broadcast};
/// let y: Broadcast<Array1<f64>, f64> = ops::add(&array![1.0, 2.0], &1.0);
/// assert_eq!(y, array![2.0, 3.0]);
/// ```
pub type Broadcast<A, B> = Array<<A as Operand>::Elem, BroadcastDim<A, B>>;

/// Sums a cotangent `g` over the axes along which an operand of shape `shape` was broadcast:
/// the leading axes it lacked, and its length-1 axes that were stretched.
///
/// ***Panics*** if `shape` does not broadcast to `g`'s shape (naming both).
///
/// ```
/// use autodiff_runtime::ops::unbroadcast;
/// use autodiff_runtime::ndarray::{array, Ix1, Ix2};
/// let g = array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!(unbroadcast(g.clone(), &Ix1(2)), array![4.0, 6.0]); // a row added to every row
/// assert_eq!(unbroadcast(g, &Ix2(2, 1)), array![[3.0], [7.0]]); // a column
/// ```
#[track_caller]
pub fn unbroadcast<T, O, D>(g: Array<T, O>, shape: &D) -> Array<T, D>
where
    T: Float + 'static,
    O: Dimension,
    D: Dimension,
{
    if g.shape() == shape.slice() {
        return g.into_dimensionality::<D>().expect("same shape");
    }
    let fits = g.ndim() >= shape.ndim()
        && shape
            .slice()
            .iter()
            .zip(&g.shape()[g.ndim() - shape.ndim()..])
            .all(|(&s, &n)| s == n || s == 1);
    assert!(
        fits,
        "unbroadcast: an operand of shape {:?} cannot receive a cotangent of shape {:?}",
        shape.slice(),
        g.shape()
    );
    let mut g = g.into_dyn();
    while g.ndim() > shape.ndim() {
        g = g.sum_axis(Axis(0));
    }
    for (ax, &s) in shape.slice().iter().enumerate() {
        if s == 1 && g.shape()[ax] != 1 {
            g = g.sum_axis(Axis(ax)).insert_axis(Axis(ax));
        }
    }
    g.into_dimensionality::<D>().expect("the shape was checked")
}

/// The co-broadcast shape of `a` and `b` (NumPy's rules), or a panic naming both shapes.
#[track_caller]
pub(crate) fn broadcast_shape<O: Dimension>(op: &str, a: &[usize], b: &[usize]) -> O {
    let n = a.len().max(b.len());
    let mut out = O::zeros(n);
    for i in 0..n {
        // Axis i of the result, counted from the right in each operand.
        let da = (i + a.len()).checked_sub(n).map_or(1, |k| a[k]);
        let db = (i + b.len()).checked_sub(n).map_or(1, |k| b[k]);
        out.slice_mut()[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => panic!("{op}: shapes {a:?} and {b:?} cannot be broadcast together"),
        };
    }
    out
}

/// Panics, naming both shapes, unless `got` is `expected`.
#[track_caller]
pub(crate) fn check_shape(op: &str, what: &str, expected: &[usize], got: &[usize]) {
    assert!(
        expected == got,
        "{op}: {what} has shape {got:?} but shape {expected:?} was expected"
    );
}

/// An array of constants as dual numbers (tangent 0).
///
/// ```
/// use autodiff_runtime::ops::lift_nd;
/// use autodiff_runtime::ndarray::array;
/// let d = lift_nd(&array![1.0, 2.0]);
/// assert_eq!((d[1].primal, d[1].tangent), (2.0, 0.0));
/// ```
pub fn lift_nd<T: Float, D: Dimension>(x: &Array<T, D>) -> Array<Dual<T>, D> {
    x.mapv(Dual::constant)
}

/// Pairs an array of values with an array of tangents of the same shape.
///
/// ***Panics*** if the shapes differ (naming both).
///
/// ```
/// use autodiff_runtime::ops::duals_nd;
/// use autodiff_runtime::ndarray::array;
/// let d = duals_nd(&array![[1.0, 2.0]], &array![[0.5, 0.0]]);
/// assert_eq!((d[[0, 0]].primal, d[[0, 0]].tangent), (1.0, 0.5));
/// ```
#[track_caller]
pub fn duals_nd<T: Float, D: Dimension>(x: &Array<T, D>, t: &Array<T, D>) -> Array<Dual<T>, D> {
    check_shape("duals_nd", "the tangent", x.shape(), t.shape());
    Zip::from(x).and(t).map_collect(|&a, &b| Dual::new(a, b))
}

/// The values of an array of dual numbers.
///
/// ```
/// use autodiff_runtime::{ops::primals_nd, Dual};
/// use autodiff_runtime::ndarray::array;
/// assert_eq!(primals_nd(&array![Dual::new(1.0, 2.0)]), array![1.0]);
/// ```
pub fn primals_nd<T: Float, D: Dimension>(x: &Array<Dual<T>, D>) -> Array<T, D> {
    x.mapv(|d| d.primal)
}

/// The tangents of an array of dual numbers.
///
/// ```
/// use autodiff_runtime::{ops::tangents_nd, Dual};
/// use autodiff_runtime::ndarray::array;
/// assert_eq!(tangents_nd(&array![Dual::new(1.0, 2.0)]), array![2.0]);
/// ```
pub fn tangents_nd<T: Float, D: Dimension>(x: &Array<Dual<T>, D>) -> Array<T, D> {
    x.mapv(|d| d.tangent)
}
