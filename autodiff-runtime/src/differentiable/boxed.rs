//! `Box<[T]>` as a parameter (a struct's fixed-length buffer, `data: Box<[f64]>`): the
//! leaves of its items, as a `Vec`'s, with a cotangent of the same length.

use super::{accumulate_each, check_lengths, scale_each, set_zero_each, Differentiable};

/// ```
/// use autodiff_runtime::Differentiable;
/// let mut g: Box<[f64]> = vec![1.0, 2.0].into_boxed_slice();
/// g.accumulate(&vec![0.5, 0.5].into_boxed_slice());
/// assert_eq!(&*g, &[1.5, 2.5]);
/// assert_eq!(g.zero_like().len(), 2);
/// ```
impl<T: Differentiable> Differentiable for Box<[T]> {
    type Scalar = T::Scalar;

    fn zero_like(&self) -> Self {
        self.iter().map(T::zero_like).collect()
    }

    fn accumulate(&mut self, other: &Self) {
        check_lengths("accumulate", self.len(), other.len());
        accumulate_each(self, other);
    }

    fn scale(&mut self, s: Self::Scalar) {
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
        check_lengths("zip_leaves_mut", self.len(), other.len());
        T::zip_leaves_of_slice_mut(self, other, f);
    }
}
