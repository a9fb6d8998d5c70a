//! Sequences of floats (slices, `Vec`s, arrays, `Box<[T]>`, one-dimensional arrays) and
//! their adjoints as generated code writes them: zeros of a sequence's shape, `+=` into
//! one, the sum of one and where sums start, and a slice as the array or `Array1` the code
//! holds.

use num_traits::Float;

/// A sequence of floats whose adjoint is a sequence of the same length.
pub trait Sequence {
    /// The owned type of its adjoint: `Vec<T>` for slices and `Vec`s, `[T; N]` for arrays.
    type Zeros: SeqAdjoint;
    fn zeros(&self) -> Self::Zeros;
    /// Its length.
    fn seq_len(&self) -> usize;
}

impl<T: Float> Sequence for [T] {
    type Zeros = Vec<T>;
    fn zeros(&self) -> Vec<T> {
        vec![T::zero(); self.len()]
    }
    fn seq_len(&self) -> usize {
        self.len()
    }
}

impl<T: Float> Sequence for Vec<T> {
    type Zeros = Vec<T>;
    fn zeros(&self) -> Vec<T> {
        vec![T::zero(); self.len()]
    }
    fn seq_len(&self) -> usize {
        self.len()
    }
}

impl<T: Float, const N: usize> Sequence for [T; N] {
    type Zeros = [T; N];
    fn zeros(&self) -> [T; N] {
        [T::zero(); N]
    }
    fn seq_len(&self) -> usize {
        N
    }
}

impl<T: Float> Sequence for Box<[T]> {
    type Zeros = Vec<T>;
    fn zeros(&self) -> Vec<T> {
        vec![T::zero(); self.len()]
    }
    fn seq_len(&self) -> usize {
        self.len()
    }
}

/// A one-dimensional `ndarray` array read by index (`means[k]` of a call's result whose
/// type the macro cannot see): a sequence whose adjoint is an array of its length.
impl<T: Float> Sequence for ndarray::Array1<T> {
    type Zeros = ndarray::Array1<T>;
    fn zeros(&self) -> ndarray::Array1<T> {
        ndarray::Array1::from_elem(self.len(), T::zero())
    }
    fn seq_len(&self) -> usize {
        self.len()
    }
}

impl<S: Sequence + ?Sized> Sequence for &S {
    type Zeros = S::Zeros;
    fn zeros(&self) -> S::Zeros {
        (**self).zeros()
    }
    fn seq_len(&self) -> usize {
        (**self).seq_len()
    }
}

/// An owned sequence adjoint, `Vec<T>` or `[T; N]`: what callers lend to callees' pullbacks.
pub trait SeqAdjoint: Sized {
    /// What a caller lends when it keeps no adjoint of the argument: an empty `Vec` (no
    /// allocation), zeros for an array.
    fn nothing() -> Self;
    /// Its length.
    fn adjoint_len(&self) -> usize;
    /// `self += other`, elementwise.
    fn add(&mut self, other: &Self);
}

impl<T: Float> SeqAdjoint for Vec<T> {
    fn nothing() -> Self {
        Vec::new()
    }
    fn adjoint_len(&self) -> usize {
        self.len()
    }
    fn add(&mut self, other: &Self) {
        add_assign(self, other)
    }
}

impl<T: Float> SeqAdjoint for ndarray::Array1<T> {
    fn nothing() -> Self {
        ndarray::Array1::from_elem(0, T::zero())
    }
    fn adjoint_len(&self) -> usize {
        self.len()
    }
    fn add(&mut self, other: &Self) {
        assert_eq!(
            self.len(),
            other.len(),
            "adjoint of length {} receives a cotangent of length {}",
            self.len(),
            other.len()
        );
        self.zip_mut_with(other, |a, &b| *a = *a + b);
    }
}

impl<T: Float, const N: usize> SeqAdjoint for [T; N] {
    fn nothing() -> Self {
        [T::zero(); N]
    }
    fn adjoint_len(&self) -> usize {
        N
    }
    fn add(&mut self, other: &Self) {
        add_assign(self, other)
    }
}

/// Zeros of the same shape as `s`: the starting adjoint of a sequence.
///
/// ```
/// let z = autodiff_runtime::support::zeros_like(&[1.0_f64; 3]);
/// assert_eq!(z, [0.0; 3]);
/// ```
pub fn zeros_like<S: Sequence + ?Sized>(s: &S) -> S::Zeros {
    s.zeros()
}

/// Takes a sequence adjoint out, leaving zeros of `like`'s length: the adjoint of a
/// whole-sequence assignment `v = w`, taken once the old `v` is back, whose length `w` may
/// have changed.
///
/// ```
/// let mut v_bar = vec![1.0, 2.0];
/// let v_old = vec![0.5; 3];
/// let g = autodiff_runtime::support::take_zeros_like(&mut v_bar, &v_old);
/// assert_eq!((g, v_bar), (vec![1.0, 2.0], vec![0.0; 3]));
/// ```
pub fn take_zeros_like<S: Sequence + ?Sized>(bar: &mut S::Zeros, like: &S) -> S::Zeros {
    std::mem::replace(bar, like.zeros())
}

/// `acc += g`, elementwise.
///
/// ***Panics*** if the lengths differ (naming both).
///
/// ```
/// let mut acc = vec![1.0, 1.0];
/// autodiff_runtime::support::add_assign(&mut acc, &[2.0, 3.0]);
/// assert_eq!(acc, vec![3.0, 4.0]);
/// ```
#[track_caller]
pub fn add_assign<T: Float>(acc: &mut [T], g: &[T]) {
    assert_eq!(
        acc.len(),
        g.len(),
        "adjoint of length {} receives a cotangent of length {}",
        acc.len(),
        g.len()
    );
    for (a, &b) in acc.iter_mut().zip(g) {
        *a = *a + b;
    }
}

/// The sum of a cotangent: the adjoint of a value broadcast to every element (`vec![x; n]`).
///
/// ```
/// assert_eq!(autodiff_runtime::support::sum(&[1.0, 2.5]), 3.5);
/// ```
pub fn sum<T: Float>(g: &[T]) -> T {
    g.iter().fold(T::zero(), |a, &b| a + b)
}

/// The sum of nothing of a type of the user's (`Point::zero()` through its `Sum`): where a
/// differentiated `….sum::<Point>()` starts, adding each value with the type's own `+`.
///
/// ```
/// let z: f64 = autodiff_runtime::support::sum_of_nothing();
/// assert_eq!(z, 0.0);
/// ```
pub fn sum_of_nothing<T: core::iter::Sum>() -> T {
    core::iter::empty().sum()
}

/// A zero of any float type (dual numbers included).
///
/// ```
/// let z: f32 = autodiff_runtime::support::zero();
/// assert_eq!(z, 0.0);
/// ```
pub fn zero<T: Float>() -> T {
    T::zero()
}

/// The zero a float sum starts from, −0, as `std`'s `Sum` for floats does (so the sum of
/// nothing, or of −0s, is −0, bit for bit the user's own `.sum()`).
///
/// ```
/// let z: f64 = autodiff_runtime::support::sum_start();
/// assert!(z == 0.0 && z.is_sign_negative());
/// assert_eq!(z.to_bits(), core::iter::empty::<f64>().sum::<f64>().to_bits());
/// ```
pub fn sum_start<T: num_traits::Zero + core::ops::Neg<Output = T>>() -> T {
    -T::zero()
}

/// The order that sorts `values` by `compare` (a stable sort of their indices): what a
/// differentiated function's `v.sort_by(compare)` finds, on primal values, before it
/// gathers `v` in that order.
///
/// ```
/// let order = autodiff_runtime::support::sorted_order(&[3.0, 1.0, 2.0], |a: &f64, b: &f64| a.total_cmp(b));
/// assert_eq!(order, [1, 2, 0]);
/// ```
pub fn sorted_order<T>(
    values: &[T],
    mut compare: impl FnMut(&T, &T) -> core::cmp::Ordering,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| compare(&values[i], &values[j]));
    order
}

/// [`sorted_order`] by a key (`v.sort_by_key(key)`).
///
/// ```
/// let order = autodiff_runtime::support::sorted_order_by_key(&[0.3, 0.1, 0.2], |v: &f64| (v * 10.0) as i64);
/// assert_eq!(order, [1, 2, 0]);
/// ```
pub fn sorted_order_by_key<T, K: Ord>(values: &[T], mut key: impl FnMut(&T) -> K) -> Vec<usize> {
    sorted_order(values, |a, b| key(a).cmp(&key(b)))
}

/// A slice as an array of the length the caller expects.
///
/// ***Panics*** if the lengths differ (naming both).
///
/// ```
/// let a: [f64; 2] = autodiff_runtime::support::to_array(&[1.0, 2.0]);
/// assert_eq!(a, [1.0, 2.0]);
/// ```
#[track_caller]
pub fn to_array<T: Copy, const N: usize>(s: &[T]) -> [T; N] {
    assert_eq!(
        s.len(),
        N,
        "a slice of length {} does not fit an array of length {N}",
        s.len()
    );
    std::array::from_fn(|i| s[i])
}

/// Writes `source` into a one-dimensional array, element by element (any layout): how an
/// output buffer `out: &mut Array1<F>` gets the value its body computed.
///
/// ***Panics*** if the lengths differ (naming both).
///
/// ```
/// let mut out = ndarray::Array1::zeros(2);
/// autodiff_runtime::support::copy_into_array(&mut out, &[1.0_f64, 2.0]);
/// assert_eq!(out, ndarray::array![1.0, 2.0]);
/// ```
pub fn copy_into_array<T: Clone>(target: &mut ndarray::Array1<T>, source: &[T]) {
    assert_eq!(
        target.len(),
        source.len(),
        "an output array of length {} given a value of length {}",
        target.len(),
        source.len()
    );
    for (t, s) in target.iter_mut().zip(source) {
        t.clone_from(s);
    }
}

/// A field of floats lent as a buffer (`&mut [T]`) to the hidden method of a `&mut self`
/// method that writes its elements: a `Vec`, an array or a one-dimensional `ndarray` array
/// (contiguous, as one built by `Array1::zeros` or `from_vec` is).
///
/// ```
/// use autodiff_runtime::support::Buffer;
/// let mut w = ndarray::arr1(&[1.0, 2.0]);
/// w.buffer_mut()[1] = 5.0;
/// assert_eq!(w.buffer(), &[1.0, 5.0]);
/// let mut v = vec![1.0_f32];
/// v.buffer_mut()[0] = 2.0;
/// assert_eq!(v, [2.0]);
/// ```
pub trait Buffer<T> {
    fn buffer(&self) -> &[T];
    fn buffer_mut(&mut self) -> &mut [T];
}

impl<T> Buffer<T> for Vec<T> {
    fn buffer(&self) -> &[T] {
        self
    }
    fn buffer_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T, const N: usize> Buffer<T> for [T; N] {
    fn buffer(&self) -> &[T] {
        self
    }
    fn buffer_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T> Buffer<T> for ndarray::Array1<T> {
    fn buffer(&self) -> &[T] {
        self.as_slice()
            .expect("a field written by element must be a contiguous array in standard order (make it with `.as_standard_layout().into_owned()` or `Array1::from_vec`)")
    }
    fn buffer_mut(&mut self) -> &mut [T] {
        self.as_slice_mut()
            .expect("a field written by element must be a contiguous array in standard order (make it with `.as_standard_layout().into_owned()` or `Array1::from_vec`)")
    }
}

/// A field of floats pushed onto by a `&mut self` method (`self.history.push(y)`, a log of
/// its outputs), lent as itself (`&mut Vec<T>`) to the method's hidden form, where the
/// pushes happen: only a `Vec` of floats grows so.
///
/// ```
/// use autodiff_runtime::support::GrownField;
/// let mut log = vec![1.0_f64];
/// log.grown_mut().push(2.0);
/// assert_eq!(log, [1.0, 2.0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a `Vec` of floats (it is pushed onto in a `&mut self` method), but it is `{Self}`",
    label = "pushed onto here",
    note = "a `&mut self` method may push floats onto a `Vec<f64>` field (of its float type); keep other pushes in a method without the attribute"
)]
pub trait GrownField<T> {
    fn grown_mut(&mut self) -> &mut Vec<T>;
}

impl<T: num_traits::Float> GrownField<T> for Vec<T> {
    fn grown_mut(&mut self) -> &mut Vec<T> {
        self
    }
}

/// The copy of a field's tangent or cotangent that a `&mut self` method's wrappers lend to
/// its hidden form beside the field (a buffer it writes by element or pushes onto): the
/// derivative struct's own, or zeros as many where the field is a constant (`#[no_grad]`),
/// whose place in a tangent or cotangent struct holds the constant itself, not a
/// derivative.
///
/// ```
/// use autodiff_runtime::support::lent_derivative;
/// assert_eq!(lent_derivative(&vec![5.0_f64, 6.0], true), [0.0, 0.0]);
/// assert_eq!(lent_derivative(&[1.5_f32], false), [1.5]);
/// ```
pub fn lent_derivative<B, T>(derivative: &B, constant: bool) -> B
where
    B: Clone + Buffer<T>,
    T: num_traits::Zero,
{
    let mut copy = derivative.clone();
    if constant {
        for e in copy.buffer_mut() {
            *e = T::zero();
        }
    }
    copy
}
