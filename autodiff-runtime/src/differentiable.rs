//! [`Differentiable`]: values whose cotangent has their own type (a float, a `Vec` or an array
//! of them, an `ndarray` array, a struct of parameters), seen as a fixed list of leaves (each
//! leaf one contiguous slice of floats) that optimizers and flattening walk.
//!
//! Leaves are slices, not single floats, so that an optimizer step costs one dynamic call per
//! parameter tensor: a `Vec<f64>` or `[f64; N]` is one leaf, while a `Vec` of structs is the
//! leaves of its elements in order. The `*_of_slice` methods make that choice: their default
//! visits the items one by one, and `f32`/`f64` override them to visit the whole slice at once.
//!
//! ```
//! use autodiff_runtime::Differentiable;
//! let mut w = vec![1.0, 2.0, 3.0];
//! let g = vec![0.5, 0.5, 0.5];
//! w.zip_leaves_mut(&g, &mut |p, g| {
//!     for (p, g) in p.iter_mut().zip(g) {
//!         *p -= 2.0 * g;
//!     }
//! });
//! assert_eq!(w, [0.0, 1.0, 2.0]);
//! assert_eq!(w.num_params(), 3);
//! ```

mod option;

use ndarray::{Array, Dimension, Zip};
use num_traits::{Float, Zero};

/// A value with a cotangent of its own type: a parameter struct, an array, a float.
///
/// The leaves are visited in a fixed order, each as one contiguous slice; two values of the
/// same shape have leaves of the same lengths in the same order, which is what pairs a
/// parameter with its gradient. `#[derive(Differentiable)]` (in `autodiff`) implements it for
/// structs whose fields implement it.
///
/// ```
/// use autodiff_runtime::Differentiable;
/// let params = (vec![1.0_f64, 2.0], [3.0_f64; 2]);
/// let (mut w, b) = params;
/// w.scale_leaves(2.0);
/// assert_eq!(w, [2.0, 4.0]);
/// assert_eq!(b.to_flat(), [3.0, 3.0]);
/// assert_eq!(w.zero_like(), [0.0, 0.0]);
/// ```
// The visitor signatures spell out what a leaf pair is; an alias would hide it.
#[allow(clippy::type_complexity)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not `Differentiable`",
    label = "not a parameter type",
    note = "parameters are `f32`/`f64`, `Vec`s and arrays of them, `ndarray` arrays, and structs that `#[derive(Differentiable)]`; mark a field that is a constant (a count, a name) `#[no_grad]`",
    note = "a parameter that is a constant (an enum choosing a formula, a trait's `Self` in a default method) is left out with `#[differentiate(wrt(…))]`, naming the others"
)]
pub trait Differentiable: Sized {
    /// The float type of the leaves (f32 or f64, or any num_traits::Float).
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// fn leaf_bytes<P: Differentiable>(p: &P) -> usize {
    ///     p.num_params() * core::mem::size_of::<P::Scalar>()
    /// }
    /// assert_eq!(leaf_bytes(&vec![[1.0_f32; 3]; 2]), 24);
    /// ```
    type Scalar: Float;

    /// A value of the same shape with every differentiable leaf zero (fields marked
    /// `#[no_grad]` are cloned).
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert_eq!(vec![[1.0, 2.0], [3.0, 4.0]].zero_like(), [[0.0; 2]; 2]);
    /// ```
    fn zero_like(&self) -> Self;

    /// `self += other`, leaf by leaf (`#[no_grad]` fields untouched). Panics naming both
    /// shapes on a shape mismatch.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut g = vec![1.0, 2.0];
    /// g.accumulate(&vec![0.5, 0.25]);
    /// assert_eq!(g, [1.5, 2.25]);
    /// ```
    fn accumulate(&mut self, other: &Self);

    /// `self *= s`, leaf by leaf.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut g = [1.0_f32, -2.0];
    /// g.scale_leaves(0.5);
    /// assert_eq!(g, [0.5, -1.0]);
    /// ```
    fn scale_leaves(&mut self, s: Self::Scalar);

    /// Sets every leaf to zero in place (keeps allocations).
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut g = vec![1.0, 2.0];
    /// g.set_zero();
    /// assert_eq!(g, [0.0, 0.0]);
    /// ```
    fn set_zero(&mut self);

    /// Visits the leaves (parameter tensors) in a fixed order, each as one contiguous slice.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut lens = Vec::new();
    /// vec![vec![1.0, 2.0], vec![3.0]].for_each_leaf(&mut |leaf| lens.push(leaf.len()));
    /// assert_eq!(lens, [2, 1]);
    /// ```
    fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar]));

    /// Visits the leaves in the same order as [`for_each_leaf`](Self::for_each_leaf),
    /// mutably.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut w = vec![1.0, 2.0];
    /// w.for_each_leaf_mut(&mut |leaf| leaf.reverse());
    /// assert_eq!(w, [2.0, 1.0]);
    /// ```
    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar]));

    /// Visits matching leaves of `self` (mutably) and `other` in the same order (what
    /// optimizers use: parameter, gradient). Panics naming both shapes on a shape mismatch.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut w = [1.0, 2.0];
    /// w.zip_leaves_mut(&[10.0, 20.0], &mut |p, g| p[1] += g[0]);
    /// assert_eq!(w, [1.0, 12.0]);
    /// ```
    fn zip_leaves_mut(
        &mut self,
        other: &Self,
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    );

    /// The number of floats in all leaves.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert_eq!(vec![[0.0; 3]; 4].num_params(), 12);
    /// ```
    fn num_params(&self) -> usize {
        let mut n = 0;
        self.for_each_leaf(&mut |leaf| n += leaf.len());
        n
    }

    /// The inner product Σ selfᵢ·otherᵢ over all leaves (NumPy's `vdot`: both flattened).
    /// Panics if the numbers of parameters differ. It flattens `other` once, so it
    /// allocates. Not named `dot`, which would shadow `ndarray`'s matrix product wherever
    /// this trait is in scope.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert_eq!(vec![1.0, 2.0].vdot(&vec![3.0, 4.0]), 11.0);
    /// ```
    fn vdot(&self, other: &Self) -> Self::Scalar {
        let flat = other.to_flat();
        let mut rest = &flat[..];
        let mut sum = Self::Scalar::zero();
        self.for_each_leaf(&mut |leaf| {
            if leaf.len() > rest.len() {
                panic!(
                    "Differentiable::vdot: the values have different numbers of parameters: {} and {}",
                    self.num_params(),
                    flat.len()
                );
            }
            let (mine, next) = rest.split_at(leaf.len());
            sum = leaf.iter().zip(mine).fold(sum, |s, (&a, &b)| s + a * b);
            rest = next;
        });
        if !rest.is_empty() {
            panic!(
                "Differentiable::vdot: the values have different numbers of parameters: {} and {}",
                self.num_params(),
                flat.len()
            );
        }
        sum
    }

    /// The Euclidean norm √(Σ selfᵢ²) over all leaves.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert_eq!(vec![vec![3.0], vec![4.0]].norm(), 5.0);
    /// ```
    fn norm(&self) -> Self::Scalar {
        let mut sum = Self::Scalar::zero();
        self.for_each_leaf(&mut |leaf| sum = leaf.iter().fold(sum, |s, &x| s + x * x));
        sum.sqrt()
    }

    /// All leaves, concatenated in visiting order.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert_eq!((vec![[1.0, 2.0], [3.0, 4.0]]).to_flat(), [1.0, 2.0, 3.0, 4.0]);
    /// ```
    fn to_flat(&self) -> Vec<Self::Scalar> {
        let mut flat = Vec::with_capacity(self.num_params());
        self.for_each_leaf(&mut |leaf| flat.extend_from_slice(leaf));
        flat
    }

    /// Overwrites the leaves with consecutive pieces of `flat` (the inverse of
    /// [`to_flat`](Self::to_flat)). Panics naming both lengths if `flat` does not have
    /// [`num_params`](Self::num_params) values.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut w = vec![vec![0.0; 2], vec![0.0]];
    /// w.set_from_flat(&[1.0, 2.0, 3.0]);
    /// assert_eq!(w, [vec![1.0, 2.0], vec![3.0]]);
    /// ```
    fn set_from_flat(&mut self, flat: &[Self::Scalar]) {
        let n = self.num_params();
        if flat.len() != n {
            panic!(
                "Differentiable::set_from_flat: the slice has {} values but the value has {n} parameters",
                flat.len()
            );
        }
        let mut rest = flat;
        self.for_each_leaf_mut(&mut |leaf| {
            let (mine, next) = rest.split_at(leaf.len());
            leaf.copy_from_slice(mine);
            rest = next;
        });
    }

    /// Whether the field `name` is a constant (`#[no_grad]` in a derived struct): code that
    /// `#[differentiate]` generates adds nothing into such a field of a cotangent. `false`
    /// unless the derive says otherwise.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// assert!(!<Vec<f64> as Differentiable>::is_constant_field("len"));
    /// ```
    #[doc(hidden)]
    fn is_constant_field(name: &str) -> bool {
        let _ = name;
        false
    }

    /// Visits the leaves of `items` in order: by default item by item; `f32` and `f64`
    /// visit the whole slice as one leaf. `Vec<T>` and `[T; N]` call it, which is how a
    /// `Vec<f64>` becomes one leaf and a `Vec` of structs the leaves of its elements.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut leaves = 0;
    /// f64::for_each_leaf_of_slice(&[1.0, 2.0, 3.0], &mut |_| leaves += 1);
    /// assert_eq!(leaves, 1);
    /// ```
    fn for_each_leaf_of_slice(items: &[Self], f: &mut dyn FnMut(&[Self::Scalar])) {
        for item in items {
            item.for_each_leaf(f);
        }
    }

    /// [`for_each_leaf_of_slice`](Self::for_each_leaf_of_slice), mutably.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut items = vec![vec![1.0], vec![2.0]];
    /// Vec::<f64>::for_each_leaf_of_slice_mut(&mut items, &mut |leaf| leaf[0] *= 10.0);
    /// assert_eq!(items, [[10.0], [20.0]]);
    /// ```
    fn for_each_leaf_of_slice_mut(items: &mut [Self], f: &mut dyn FnMut(&mut [Self::Scalar])) {
        for item in items {
            item.for_each_leaf_mut(f);
        }
    }

    /// Visits matching leaves of `items` (mutably) and `others`, in the order of
    /// [`for_each_leaf_of_slice`](Self::for_each_leaf_of_slice). Panics naming both lengths
    /// if the slices' lengths differ.
    ///
    /// ```
    /// use autodiff_runtime::Differentiable;
    /// let mut p = [1.0, 2.0];
    /// f64::zip_leaves_of_slice_mut(&mut p, &[3.0, 4.0], &mut |p, g| p[0] = g[1]);
    /// assert_eq!(p, [4.0, 2.0]);
    /// ```
    fn zip_leaves_of_slice_mut(
        items: &mut [Self],
        others: &[Self],
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    ) {
        check_lengths("zip_leaves_mut", items.len(), others.len());
        for (item, other) in items.iter_mut().zip(others) {
            item.zip_leaves_mut(other, f);
        }
    }
}

/// Panics naming both lengths unless they are equal.
fn check_lengths(method: &str, a: usize, b: usize) {
    if a != b {
        panic!("Differentiable::{method}: lengths differ: {a} and {b}");
    }
}

/// Panics naming both shapes unless they are equal.
fn check_shapes(method: &str, a: &[usize], b: &[usize]) {
    if a != b {
        panic!("Differentiable::{method}: shapes differ: {a:?} and {b:?}");
    }
}

/// A float is one leaf of length 1; a slice of floats is one leaf.
macro_rules! impl_float {
    ($([$($generics:tt)*] $t:ty),*) => {$(
        impl<$($generics)*> Differentiable for $t {
            type Scalar = $t;

            fn zero_like(&self) -> Self {
                Zero::zero()
            }

            fn accumulate(&mut self, other: &Self) {
                *self += *other;
            }

            fn scale_leaves(&mut self, s: Self::Scalar) {
                *self *= s;
            }

            fn set_zero(&mut self) {
                *self = Zero::zero();
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar])) {
                f(core::slice::from_ref(self));
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar])) {
                f(core::slice::from_mut(self));
            }

            fn zip_leaves_mut(
                &mut self,
                other: &Self,
                f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
            ) {
                f(core::slice::from_mut(self), core::slice::from_ref(other));
            }

            fn for_each_leaf_of_slice(items: &[Self], f: &mut dyn FnMut(&[Self::Scalar])) {
                f(items);
            }

            fn for_each_leaf_of_slice_mut(
                items: &mut [Self],
                f: &mut dyn FnMut(&mut [Self::Scalar]),
            ) {
                f(items);
            }

            fn zip_leaves_of_slice_mut(
                items: &mut [Self],
                others: &[Self],
                f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
            ) {
                check_lengths("zip_leaves_mut", items.len(), others.len());
                f(items, others);
            }
        }
    )*};
}

impl_float!([] f32, [] f64);

// A dual number is one leaf of its own type, as a float is: the adjoint of a local tuple of
// floats in a function's second-order twin (`f_hvp`) is a tuple of them.
impl_float!([T: Float] crate::Dual<T>);

/// A sequence whose length a value fixes (`Vec<T>`, `Box<[T]>`): the leaves of its items in
/// order, a tangent or cotangent of the same length.
macro_rules! impl_sequence {
    ($ty:ty) => {
        impl<T: Differentiable> Differentiable for $ty {
            type Scalar = T::Scalar;

            fn zero_like(&self) -> Self {
                self.iter().map(T::zero_like).collect()
            }

            fn accumulate(&mut self, other: &Self) {
                check_lengths("accumulate", self.len(), other.len());
                accumulate_each(self, other);
            }

            fn scale_leaves(&mut self, s: Self::Scalar) {
                scale_each(self, s);
            }

            fn set_zero(&mut self) {
                set_zero_each(self);
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar])) {
                T::for_each_leaf_of_slice(self, f);
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar])) {
                T::for_each_leaf_of_slice_mut(self, f);
            }

            fn zip_leaves_mut(
                &mut self,
                other: &Self,
                f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
            ) {
                T::zip_leaves_of_slice_mut(self, other, f);
            }
        }
    };
}

impl_sequence!(Vec<T>);
// A struct's fixed-length buffer (`data: Box<[f64]>`).
impl_sequence!(Box<[T]>);

/// Item by item, for `Vec<T>` and `[T; N]` (lengths already checked).
fn accumulate_each<T: Differentiable>(items: &mut [T], others: &[T]) {
    for (a, b) in items.iter_mut().zip(others) {
        a.accumulate(b);
    }
}

fn scale_each<T: Differentiable>(items: &mut [T], s: T::Scalar) {
    for a in items {
        a.scale_leaves(s);
    }
}

fn set_zero_each<T: Differentiable>(items: &mut [T]) {
    for a in items {
        a.set_zero();
    }
}

impl<T: Differentiable, const N: usize> Differentiable for [T; N] {
    type Scalar = T::Scalar;

    fn zero_like(&self) -> Self {
        core::array::from_fn(|i| self[i].zero_like())
    }

    fn accumulate(&mut self, other: &Self) {
        accumulate_each(self, other);
    }

    fn scale_leaves(&mut self, s: Self::Scalar) {
        scale_each(self, s);
    }

    fn set_zero(&mut self) {
        set_zero_each(self);
    }

    fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar])) {
        T::for_each_leaf_of_slice(self, f);
    }

    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar])) {
        T::for_each_leaf_of_slice_mut(self, f);
    }

    fn zip_leaves_mut(
        &mut self,
        other: &Self,
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    ) {
        T::zip_leaves_of_slice_mut(self, other, f);
    }

    // A slice of arrays is a slice of their items: `Vec<[f64; 3]>` is one leaf.
    fn for_each_leaf_of_slice(items: &[Self], f: &mut dyn FnMut(&[Self::Scalar])) {
        T::for_each_leaf_of_slice(items.as_flattened(), f);
    }

    fn for_each_leaf_of_slice_mut(items: &mut [Self], f: &mut dyn FnMut(&mut [Self::Scalar])) {
        T::for_each_leaf_of_slice_mut(items.as_flattened_mut(), f);
    }

    fn zip_leaves_of_slice_mut(
        items: &mut [Self],
        others: &[Self],
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    ) {
        check_lengths("zip_leaves_mut", items.len(), others.len());
        T::zip_leaves_of_slice_mut(items.as_flattened_mut(), others.as_flattened(), f);
    }
}

/// A tuple of values of one float type (the gradients of several parameters, `(w̄, v̄)`):
/// its members' leaves, in order.
///
/// ```
/// use autodiff_runtime::Differentiable;
/// let mut g = (vec![1.0, 2.0], 3.0);
/// g.accumulate(&(vec![0.5, 0.5], 1.0));
/// assert_eq!(g, (vec![1.5, 2.5], 4.0));
/// assert_eq!(g.num_params(), 3);
/// ```
macro_rules! tuple_differentiable {
    ($($t:ident $i:tt),+) => {
        impl<S: Float, $($t: Differentiable<Scalar = S>),+> Differentiable for ($($t,)+) {
            type Scalar = S;

            fn zero_like(&self) -> Self {
                ($(self.$i.zero_like(),)+)
            }

            fn accumulate(&mut self, other: &Self) {
                $(self.$i.accumulate(&other.$i);)+
            }

            fn scale_leaves(&mut self, s: S) {
                $(self.$i.scale_leaves(s);)+
            }

            fn set_zero(&mut self) {
                $(self.$i.set_zero();)+
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[S])) {
                $(self.$i.for_each_leaf(f);)+
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [S])) {
                $(self.$i.for_each_leaf_mut(f);)+
            }

            fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [S], &[S])) {
                $(self.$i.zip_leaves_mut(&other.$i, f);)+
            }
        }
    };
}

tuple_differentiable!(A 0, B 1);
tuple_differentiable!(A 0, B 1, C 2);
tuple_differentiable!(A 0, B 1, C 2, D 3);

/// What a tuple's member does for each method of [`Differentiable`]: a member with
/// derivatives (`F`) delegates; an integer (`I`: an id, an index beside floats, as in
/// `(usize, f64, f64)`) has no leaves, keeps its value in a zero (a constant of a cotangent
/// holds the primal's, as a derived struct's `#[no_grad]` field does), and is left as it
/// is by the rest.
macro_rules! member {
    (F zero_like $a:expr) => {
        $a.zero_like()
    };
    (I zero_like $a:expr) => {
        $a
    };
    (F accumulate $a:expr, $b:expr) => {
        $a.accumulate(&$b)
    };
    (F scale_leaves $a:expr, $s:expr) => {
        $a.scale_leaves($s)
    };
    (F set_zero $a:expr) => {
        $a.set_zero()
    };
    (F for_each_leaf $a:expr, $f:expr) => {
        $a.for_each_leaf($f)
    };
    (F for_each_leaf_mut $a:expr, $f:expr) => {
        $a.for_each_leaf_mut($f)
    };
    (F zip_leaves_mut $a:expr, $b:expr, $f:expr) => {
        $a.zip_leaves_mut(&$b, $f)
    };
    (I $method:ident $($rest:tt)*) => {
        ()
    };
}

/// A tuple of floats (or values with derivatives) and integers: the leaves of its members
/// with derivatives, in order; its integers are constants.
///
/// ```
/// use autodiff_runtime::Differentiable;
/// let mut g = (3_usize, 1.0, 2.0);
/// g.accumulate(&(3, 0.5, 0.5));
/// assert_eq!(g, (3, 1.5, 2.5));
/// assert_eq!((g.num_params(), g.zero_like()), (2, (3, 0.0, 0.0)));
/// ```
macro_rules! mixed_tuple {
    ([$($g:ident),+] $($kind:ident $t:ty => $i:tt),+) => {
        impl<S: Float, $($g: Differentiable<Scalar = S>),+> Differentiable for ($($t,)+) {
            type Scalar = S;

            fn zero_like(&self) -> Self {
                ($(member!($kind zero_like self.$i),)+)
            }

            fn accumulate(&mut self, other: &Self) {
                $(member!($kind accumulate self.$i, other.$i);)+
            }

            fn scale_leaves(&mut self, s: S) {
                $(member!($kind scale_leaves self.$i, s);)+
            }

            fn set_zero(&mut self) {
                $(member!($kind set_zero self.$i);)+
            }

            fn for_each_leaf(&self, f: &mut dyn FnMut(&[S])) {
                $(member!($kind for_each_leaf self.$i, f);)+
            }

            fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [S])) {
                $(member!($kind for_each_leaf_mut self.$i, f);)+
            }

            fn zip_leaves_mut(&mut self, other: &Self, f: &mut dyn FnMut(&mut [S], &[S])) {
                $(member!($kind zip_leaves_mut self.$i, other.$i, f);)+
            }
        }
    };
}

/// The tuples of two to four members with one integer (an id first or last, an index
/// between) or two leading ones, for each integer type below.
macro_rules! mixed_tuples {
    ($($int:ty),+) => {$(
        mixed_tuple!([A] I $int => 0, F A => 1);
        mixed_tuple!([A] F A => 0, I $int => 1);
        mixed_tuple!([A, B] I $int => 0, F A => 1, F B => 2);
        mixed_tuple!([A, B] F A => 0, I $int => 1, F B => 2);
        mixed_tuple!([A, B] F A => 0, F B => 1, I $int => 2);
        mixed_tuple!([A] I $int => 0, I $int => 1, F A => 2);
        mixed_tuple!([A, B, C] I $int => 0, F A => 1, F B => 2, F C => 3);
        mixed_tuple!([A, B, C] F A => 0, F B => 1, F C => 2, I $int => 3);
        mixed_tuple!([A, B] I $int => 0, I $int => 1, F A => 2, F B => 3);
    )+};
}

mixed_tuples!(usize, isize, u32, i32, u64, i64);

/// An array is one leaf: its elements in memory order (owned arrays are contiguous). A
/// non-contiguous array is visited through a copy in logical order.
impl<F: Float, D: Dimension> Differentiable for Array<F, D> {
    type Scalar = F;

    fn zero_like(&self) -> Self {
        // `map` keeps the memory layout, so that a parameter and its zero-initialised
        // gradient pair up without copying in `zip_leaves_mut`.
        self.map(|_| F::zero())
    }

    fn accumulate(&mut self, other: &Self) {
        check_shapes("accumulate", self.shape(), other.shape());
        Zip::from(self).and(other).for_each(|a, &b| *a = *a + b);
    }

    fn scale_leaves(&mut self, s: Self::Scalar) {
        self.mapv_inplace(|a| a * s);
    }

    fn set_zero(&mut self) {
        self.fill(F::zero());
    }

    fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar])) {
        match self.as_slice_memory_order() {
            Some(leaf) => f(leaf),
            None => f(&self.iter().copied().collect::<Vec<F>>()),
        }
    }

    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar])) {
        if let Some(leaf) = self.as_slice_memory_order_mut() {
            return f(leaf);
        }
        let mut copy: Vec<F> = self.iter().copied().collect();
        f(&mut copy);
        for (a, b) in self.iter_mut().zip(copy) {
            *a = b;
        }
    }

    fn zip_leaves_mut(
        &mut self,
        other: &Self,
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    ) {
        check_shapes("zip_leaves_mut", self.shape(), other.shape());
        if self.as_slice_memory_order().is_some() {
            // Memory orders pair the same elements only when the strides agree; otherwise
            // `other` is copied into `self`'s layout first.
            let same_layout = self.strides() == other.strides();
            let copy = match other.as_slice_memory_order() {
                Some(_) if same_layout => None,
                _ => {
                    let mut copy = self.map(|_| F::zero());
                    copy.assign(other);
                    Some(copy)
                }
            };
            let theirs = copy.as_ref().unwrap_or(other).as_slice_memory_order();
            if let (Some(mine), Some(theirs)) = (self.as_slice_memory_order_mut(), theirs) {
                return f(mine, theirs);
            }
        }
        // A non-contiguous array: both in logical order, the order `for_each_leaf` gives it.
        let mut copy: Vec<F> = self.iter().copied().collect();
        f(&mut copy, &other.iter().copied().collect::<Vec<F>>());
        for (a, b) in self.iter_mut().zip(copy) {
            *a = b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{array, Array2, Axis, ShapeBuilder, Slice};

    fn leaves<P: Differentiable>(p: &P) -> Vec<Vec<P::Scalar>> {
        let mut out = Vec::new();
        p.for_each_leaf(&mut |leaf| out.push(leaf.to_vec()));
        out
    }

    #[test]
    fn a_boxed_slice_is_a_sequence_like_a_vec() {
        let mut g: Box<[f64]> = vec![1.0, 2.0].into_boxed_slice();
        g.accumulate(&vec![0.5, 0.5].into_boxed_slice());
        assert_eq!(&*g, &[1.5, 2.5]);
        assert_eq!(leaves(&g), [vec![1.5, 2.5]]);
        assert_eq!(g.zero_like().len(), 2);
    }

    #[test]
    fn vec_of_floats_is_one_leaf_and_vec_of_vecs_one_per_element() {
        assert_eq!(leaves(&vec![1.0, 2.0, 3.0]), [vec![1.0, 2.0, 3.0]]);
        assert_eq!(leaves(&[1.0_f32; 4]).len(), 1);
        assert_eq!(
            leaves(&vec![vec![1.0], vec![2.0, 3.0]]),
            [vec![1.0], vec![2.0, 3.0]]
        );
        assert_eq!(
            leaves(&vec![[1.0, 2.0], [3.0, 4.0]]),
            [vec![1.0, 2.0, 3.0, 4.0]]
        );
        assert_eq!(leaves(&Vec::<f64>::new()), [Vec::<f64>::new()]);
    }

    #[test]
    fn arrays_in_both_layouts_pair_the_same_elements() {
        let mut c: Array2<f64> = array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
        let mut f = Array2::zeros((2, 3).f());
        f.assign(&array![[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]]);
        c.zip_leaves_mut(&f, &mut |p, g| {
            for (p, g) in p.iter_mut().zip(g) {
                *p += g;
            }
        });
        assert_eq!(c, array![[11.0, 22.0, 33.0], [44.0, 55.0, 66.0]]);
        // And the other way: a Fortran-order parameter keeps its layout.
        let g = array![[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]];
        let mut seen = Vec::new();
        f.zip_leaves_mut(&g, &mut |p, g| {
            seen = p.to_vec();
            for (p, g) in p.iter_mut().zip(g) {
                *p -= g;
            }
        });
        assert_eq!(seen, [10.0, 40.0, 20.0, 50.0, 30.0, 60.0]);
        assert_eq!(f, array![[9.0, 19.0, 29.0], [38.0, 48.0, 58.0]]);
        assert_eq!(f.zero_like().strides(), f.strides());
    }

    #[test]
    fn non_contiguous_arrays_go_through_copies() {
        let base = Array2::from_shape_fn((4, 3), |(i, j)| (3 * i + j) as f64);
        let mut a = base.slice_axis_move(Axis(0), Slice::new(0, None, 2));
        assert!(a.as_slice_memory_order().is_none());
        assert_eq!(leaves(&a), [vec![0.0, 1.0, 2.0, 6.0, 7.0, 8.0]]);
        a.for_each_leaf_mut(&mut |leaf| leaf[4] = -1.0);
        assert_eq!(a[[1, 1]], -1.0);
        let g = array![[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]];
        a.zip_leaves_mut(&g, &mut |p, g| p[0] += g[0]);
        assert_eq!(a[[0, 0]], 1.0);
        a.set_from_flat(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(a, array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
        a.accumulate(&g);
        a.scale_leaves(2.0);
        assert_eq!(a.to_flat(), [4.0, 6.0, 8.0, 10.0, 12.0, 14.0]);
        // A contiguous parameter with a non-contiguous gradient.
        let mut c = Array2::zeros((2, 3));
        c.zip_leaves_mut(&a, &mut |p, g| p.copy_from_slice(g));
        assert_eq!(c, a);
    }

    #[test]
    fn flat_round_trip_dot_and_norm() {
        let mut p = vec![vec![1.0, 2.0], vec![2.0]];
        assert_eq!(p.to_flat(), [1.0, 2.0, 2.0]);
        assert_eq!(p.norm(), 3.0);
        assert_eq!(p.vdot(&vec![vec![1.0, 1.0], vec![0.5]]), 4.0);
        p.set_from_flat(&[3.0, 4.0, 5.0]);
        assert_eq!(p, [vec![3.0, 4.0], vec![5.0]]);
    }

    #[test]
    #[should_panic(expected = "Differentiable::accumulate: shapes differ: [2, 3] and [3, 2]")]
    fn array_shape_mismatch_names_both_shapes() {
        let mut a = Array2::<f64>::zeros((2, 3));
        a.accumulate(&Array2::zeros((3, 2)));
    }

    #[test]
    #[should_panic(expected = "Differentiable::zip_leaves_mut: lengths differ: 2 and 3")]
    fn vec_length_mismatch_names_both_lengths() {
        vec![1.0, 2.0].zip_leaves_mut(&vec![1.0, 2.0, 3.0], &mut |_, _| {});
    }

    #[test]
    #[should_panic(expected = "the slice has 2 values but the value has 3 parameters")]
    fn set_from_flat_names_both_lengths() {
        vec![1.0, 2.0, 3.0].set_from_flat(&[1.0, 2.0]);
    }

    #[test]
    #[should_panic(expected = "different numbers of parameters: 2 and 3")]
    fn vdot_of_different_sizes_panics() {
        vec![vec![1.0, 2.0]].vdot(&vec![vec![1.0, 2.0, 3.0]]);
    }
}
