//! Adjoints kept whole, as an `Option` until a contribution reaches them: those of
//! `ndarray` arrays, and of call results whose type the attribute cannot see (a float as
//! well as an array), so that rustc's types decide which each is.

use crate::Dual;
use num_traits::Float;

/// A value whose adjoint generated code keeps whole, as an `Option` until a contribution
/// reaches it: an `ndarray` array, or a call result whose type the attribute cannot see
/// (a float as well as an array), so that rustc's types decide which it is.
///
/// ```
/// use autodiff_runtime::support::Adjoint;
/// use autodiff_runtime::ndarray::array;
/// let mut a = array![1.0, 2.0].zeros_like();
/// a.add_in(&array![0.5, 1.5]);
/// assert_eq!(a, array![0.5, 1.5]);
/// let mut x = 3.0_f64.zeros_like();
/// x.add_in(&2.0);
/// assert_eq!(x, 2.0);
/// ```
pub trait Adjoint: Sized {
    /// Zeros of the shape of `self`.
    fn zeros_like(&self) -> Self;
    /// `self += g`, for values of the same shape.
    fn add_in(&mut self, g: &Self);
}

impl<T: Float, D: ndarray::Dimension> Adjoint for ndarray::Array<T, D> {
    fn zeros_like(&self) -> Self {
        ndarray::Array::from_elem(self.raw_dim(), T::zero())
    }

    #[track_caller]
    fn add_in(&mut self, g: &Self) {
        assert_eq!(
            self.shape(),
            g.shape(),
            "adjoint of shape {:?} receives a cotangent of shape {:?}",
            self.shape(),
            g.shape()
        );
        ndarray::Zip::from(self)
            .and(g)
            .for_each(|a, &b| *a = *a + b);
    }
}

macro_rules! scalar_adjoint {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> Adjoint for $t {
            fn zeros_like(&self) -> Self {
                <$t as num_traits::Zero>::zero()
            }

            fn add_in(&mut self, g: &Self) {
                *self += *g;
            }
        }
    )*};
}

scalar_adjoint!([] f32, [] f64, [T: Float] Dual<T>);

/// Element by element: a `Vec` of floats, and rows (`Vec<Vec<T>>`, ragged too).
impl<T: Adjoint> Adjoint for Vec<T> {
    fn zeros_like(&self) -> Self {
        self.iter().map(Adjoint::zeros_like).collect()
    }

    #[track_caller]
    fn add_in(&mut self, g: &Self) {
        assert_eq!(
            self.len(),
            g.len(),
            "adjoint of length {} receives a cotangent of length {}",
            self.len(),
            g.len()
        );
        for (a, b) in self.iter_mut().zip(g) {
            a.add_in(b);
        }
    }
}

impl<T: Float, const N: usize> Adjoint for [T; N] {
    fn zeros_like(&self) -> Self {
        [T::zero(); N]
    }

    fn add_in(&mut self, g: &Self) {
        for (a, b) in self.iter_mut().zip(g) {
            *a = *a + *b;
        }
    }
}

/// What an adjoint's shape is read from: the value, or a reference to it (a parameter
/// `x: &Array2<f64>` passed on as `&x`).
///
/// ```
/// use autodiff_runtime::support::Like;
/// use autodiff_runtime::ndarray::array;
/// let x = array![1.0, 2.0];
/// assert_eq!((&&x).zeros_of(), array![0.0, 0.0]);
/// ```
pub trait Like {
    /// The adjoint's type.
    type Owned: Adjoint;
    /// Zeros of its shape.
    fn zeros_of(&self) -> Self::Owned;
}

// One impl per type and per reference to it (a blanket pair would overlap).
macro_rules! like {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> Like for $t {
            type Owned = $t;
            fn zeros_of(&self) -> $t {
                self.zeros_like()
            }
        }

        impl<$($g)*> Like for &$t {
            type Owned = $t;
            fn zeros_of(&self) -> $t {
                (**self).zeros_like()
            }
        }
    )*};
}

like!(
    [T: Float, D: ndarray::Dimension] ndarray::Array<T, D>,
    [T: Adjoint] Vec<T>,
    [T: Float, const N: usize] [T; N],
    [] f32,
    [] f64,
    [T: Float] Dual<T>
);

/// Zeros of the shape of `a`: the starting adjoint of an array (or of any [`Adjoint`]).
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// assert_eq!(autodiff_runtime::support::zeros_nd(&array![[1.0, 2.0]]), array![[0.0, 0.0]]);
/// ```
pub fn zeros_nd<L: Like>(a: &L) -> L::Owned {
    a.zeros_of()
}

/// `acc += g` for arrays of the same shape (or any [`Adjoint`]).
///
/// ***Panics*** if the shapes differ (naming both).
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut acc = array![1.0, 2.0];
/// autodiff_runtime::support::add_nd(&mut acc, &array![0.5, 0.5]);
/// assert_eq!(acc, array![1.5, 2.5]);
/// ```
#[track_caller]
pub fn add_nd<A: Adjoint>(acc: &mut A, g: &A) {
    acc.add_in(g);
}

/// Takes an array adjoint out, leaving zeros of the same shape.
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut bar = array![3.0];
/// assert_eq!(autodiff_runtime::support::take_zeroed_nd(&mut bar), array![3.0]);
/// assert_eq!(bar, array![0.0]);
/// ```
pub fn take_zeroed_nd<A: Adjoint>(a: &mut A) -> A {
    let zeros = a.zeros_like();
    std::mem::replace(a, zeros)
}

/// Adds an owned contribution to an array adjoint kept as an `Option`: the first
/// contribution is moved in (no zero fill, no addition), later ones are added.
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// use autodiff_runtime::support::accumulate_nd;
/// let mut bar = None;
/// accumulate_nd(&mut bar, array![1.0, 2.0]);
/// accumulate_nd(&mut bar, array![0.5, 0.5]);
/// assert_eq!(bar, Some(array![1.5, 2.5]));
/// ```
#[track_caller]
pub fn accumulate_nd<A: Adjoint>(acc: &mut Option<A>, g: A) {
    match acc {
        Some(a) => a.add_in(&g),
        None => *acc = Some(g),
    }
}

/// An array adjoint kept as an `Option`, as a value: zeros shaped like `like` if nothing
/// reached it.
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let zeros = autodiff_runtime::support::finish_nd(None, &array![1.0, 2.0]);
/// assert_eq!(zeros, array![0.0, 0.0]);
/// ```
pub fn finish_nd<L: Like>(acc: Option<L::Owned>, like: &L) -> L::Owned {
    acc.unwrap_or_else(|| like.zeros_of())
}

/// Takes an array adjoint kept as an `Option` out, leaving `None` (zero).
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut bar = Some(array![3.0]);
/// assert_eq!(autodiff_runtime::support::take_nd(&mut bar, &array![0.0]), array![3.0]);
/// assert_eq!(bar, None);
/// ```
pub fn take_nd<L: Like>(acc: &mut Option<L::Owned>, like: &L) -> L::Owned {
    finish_nd(acc.take(), like)
}

/// An array adjoint kept as an `Option`, materialised for element updates.
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut bar = None;
/// autodiff_runtime::support::slot_nd(&mut bar, &array![1.0, 2.0])[1] += 4.0;
/// assert_eq!(bar, Some(array![0.0, 4.0]));
/// ```
pub fn slot_nd<'a, L: Like>(acc: &'a mut Option<L::Owned>, like: &L) -> &'a mut L::Owned {
    acc.get_or_insert_with(|| like.zeros_of())
}

/// An empty array of any element and dimension: what the value function of a function
/// returning `Result<Array1<T>, E>` gives where the function returns its error (the derived
/// items never read it; an `ndarray` array is `Default` only where its element is, which a
/// generic `T: Float` need not be).
///
/// ```
/// use autodiff_runtime::ndarray::Array2;
/// let a: Array2<f64> = autodiff_runtime::support::empty_array();
/// assert_eq!(a.shape(), &[0, 0]);
/// ```
pub fn empty_array<A, D: ndarray::Dimension>() -> ndarray::Array<A, D> {
    let shape = D::zeros(D::NDIM.unwrap_or(1));
    ndarray::Array::from_shape_vec(shape, Vec::new()).expect("an empty shape holds nothing")
}
