//! Parameters as one flat point of `f64`s and back: what `f_gradcheck` perturbs (a
//! parameter's coordinates, where each sits in the point, the float type it computes in)
//! and how it rebuilds each parameter from a slice of the point.

/// A parameter as a flat list of floats (the coordinates `f_gradcheck` perturbs).
///
/// ```
/// use autodiff_runtime::support::Flatten;
/// assert_eq!(2.0.flatten(), vec![2.0]);
/// assert_eq!([1.0, 2.0].flatten(), vec![1.0, 2.0]);
/// ```
pub trait Flatten {
    fn flatten(&self) -> Vec<f64>;
}

impl Flatten for f64 {
    fn flatten(&self) -> Vec<f64> {
        vec![*self]
    }
}

impl<T: AtF64> Flatten for [T] {
    fn flatten(&self) -> Vec<f64> {
        self.iter().map(|&x| x.to_f64()).collect()
    }
}

impl<T: AtF64> Flatten for Vec<T> {
    fn flatten(&self) -> Vec<f64> {
        self[..].flatten()
    }
}

impl<T: AtF64, const N: usize> Flatten for [T; N] {
    fn flatten(&self) -> Vec<f64> {
        self[..].flatten()
    }
}

impl<F: Flatten + ?Sized> Flatten for &F {
    fn flatten(&self) -> Vec<f64> {
        (**self).flatten()
    }
}

impl<T: AtF64, D: ndarray::Dimension> Flatten for ndarray::Array<T, D> {
    fn flatten(&self) -> Vec<f64> {
        self.iter().map(|&x| x.to_f64()).collect()
    }
}

/// A float type as `f_gradcheck` sees it: the check's points and derivatives are `f64`, and
/// a function computing in `f32` (or generic over `T`, checked where `T` is `f64` or `f32`)
/// is evaluated at them through these conversions, with steps and tolerances for its own
/// precision (`EPSILON`). `f_gradcheck` of a generic function requires `T: AtF64`, so it
/// compiles whatever the function's bounds.
///
/// ```
/// use autodiff_runtime::support::AtF64;
/// fn twice<T: AtF64>(x: T) -> f64 {
///     2.0 * x.to_f64()
/// }
/// assert_eq!(twice(1.5), 3.0);
/// assert_eq!(twice(1.5f32), 3.0);
/// assert_eq!(<f32 as AtF64>::from_f64(0.5), 0.5);
/// assert_eq!(<f32 as AtF64>::EPSILON, f32::EPSILON as f64);
/// ```
pub trait AtF64: Copy + 'static {
    /// The type's machine epsilon, as an `f64`.
    const EPSILON: f64;
    fn to_f64(self) -> f64;
    fn from_f64(x: f64) -> Self;
}

impl AtF64 for f64 {
    const EPSILON: f64 = f64::EPSILON;
    #[inline]
    fn to_f64(self) -> f64 {
        self
    }
    #[inline]
    fn from_f64(x: f64) -> Self {
        x
    }
}

impl AtF64 for f32 {
    const EPSILON: f64 = f32::EPSILON as f64;
    #[inline]
    fn to_f64(self) -> f64 {
        self as f64
    }
    #[inline]
    fn from_f64(x: f64) -> Self {
        x as f32
    }
}

/// The default tolerance of `f_gradcheck` for a function computing in `T`.
///
/// ```
/// use autodiff_runtime::gradcheck::Tolerance;
/// assert_eq!(autodiff_runtime::support::tolerance_for::<f32>(), Tolerance::for_f32());
/// ```
pub fn tolerance_for<T: AtF64>() -> crate::gradcheck::Tolerance {
    crate::gradcheck::Tolerance::for_epsilon(T::EPSILON)
}

/// A slice of `f64` as a `Vec<T>`, for `T = f64` seen through [`AtF64`].
///
/// ```
/// let v: Vec<f64> = autodiff_runtime::support::seq_from_f64(&[1.0, 2.0]);
/// assert_eq!(v, vec![1.0, 2.0]);
/// ```
pub fn seq_from_f64<T: AtF64>(s: &[f64]) -> Vec<T> {
    s.iter().map(|&x| T::from_f64(x)).collect()
}

/// A sequence made from its entries: how generated checks and `_hvp` build a parameter
/// whose type is an alias the macro cannot see (`type V3 = [f64; 3]`, `type Vector =
/// Vec<f64>`) from a slice of the flat point, and shape an adjoint computed as a `Vec`.
///
/// ```
/// use autodiff_runtime::support::FromEntries;
/// type V3 = [f64; 3];
/// let v = <V3 as FromEntries<f64>>::from_entries(&[1.0, 2.0, 3.0]);
/// assert_eq!(v, [1.0, 2.0, 3.0]);
/// ```
pub trait FromEntries<T>: Sized {
    /// The sequence holding `entries` in order. Panics, naming both lengths, where a fixed
    /// length differs.
    fn from_entries(entries: &[T]) -> Self;
}

impl<T: Copy> FromEntries<T> for Vec<T> {
    fn from_entries(entries: &[T]) -> Self {
        entries.to_vec()
    }
}

impl<T: Copy> FromEntries<T> for Box<[T]> {
    fn from_entries(entries: &[T]) -> Self {
        entries.into()
    }
}

impl<T: Copy, const N: usize> FromEntries<T> for [T; N] {
    fn from_entries(entries: &[T]) -> Self {
        entries.try_into().unwrap_or_else(|_| {
            panic!(
                "an array of length {N} cannot be made from {} entries",
                entries.len()
            )
        })
    }
}

impl<T: Copy> FromEntries<T> for ndarray::Array1<T> {
    fn from_entries(entries: &[T]) -> Self {
        ndarray::Array1::from(entries.to_vec())
    }
}

/// A value shaped like `like` (its `#[no_grad]` fields copied) whose parameters are read from
/// `flat`: how `f_gradcheck` perturbs a struct parameter.
///
/// ```
/// let w = autodiff_runtime::support::rebuilt_like(&vec![0.0, 0.0], &[1.0, 2.0]);
/// assert_eq!(w, vec![1.0, 2.0]);
/// ```
#[track_caller]
pub fn rebuilt_like<P: crate::Differentiable>(like: &P, flat: &[P::Scalar]) -> P {
    let mut value = like.zero_like();
    value.set_from_flat(flat);
    value
}

/// A copy of a state (its `#[no_grad]` fields cloned, its parameters read back), so that
/// the struct need not be `Clone`: what the reverse of a `&mut self` method made of steps
/// keeps of the state before each step.
///
/// ```
/// let s = autodiff_runtime::support::state_copy(&vec![1.0, 2.0]);
/// assert_eq!(s, vec![1.0, 2.0]);
/// ```
pub fn state_copy<P: crate::Differentiable>(state: &P) -> P {
    rebuilt_like(state, &state.to_flat())
}

/// A flat slice in the shape of `like` (the parameters `f_gradcheck` rebuilds).
///
/// ***Panics*** if the element counts differ.
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let a = autodiff_runtime::support::reshape_like(&array![[0.0, 0.0]], &[1.0, 2.0]);
/// assert_eq!(a, array![[1.0, 2.0]]);
/// ```
#[track_caller]
pub fn reshape_like<T: Clone, D: ndarray::Dimension>(
    like: &ndarray::Array<T, D>,
    flat: &[T],
) -> ndarray::Array<T, D> {
    ndarray::Array::from_shape_vec(like.raw_dim(), flat.to_vec()).unwrap_or_else(|_| {
        panic!(
            "{} values do not fill an array of shape {:?}",
            flat.len(),
            like.shape()
        )
    })
}

/// Consecutive ranges of the given lengths: where each parameter sits in a flat point.
///
/// ```
/// assert_eq!(autodiff_runtime::support::ranges(&[1, 3]), vec![0..1, 1..4]);
/// ```
pub fn ranges(lens: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut start = 0;
    lens.iter()
        .map(|&len| {
            start += len;
            start - len..start
        })
        .collect()
}
