//! `Option<T>` as a parameter: `Some` holds the leaves of its value, `None` none. A
//! tangent or cotangent of an `Option` is of the same variant (`None` stays `None`), as a
//! `Vec`'s is of the same length; meeting another variant is a mismatch of shapes, which
//! panics naming both, as a length mismatch does.

use super::Differentiable;

fn variant<T>(o: &Option<T>) -> &'static str {
    if o.is_some() {
        "Some"
    } else {
        "None"
    }
}

fn check_variants<T>(method: &str, a: &Option<T>, b: &Option<T>) {
    assert!(
        a.is_some() == b.is_some(),
        "Differentiable::{method}: an `Option` is `{}` and the other `{}`: a tangent or cotangent of an `Option` is of the same variant",
        variant(a),
        variant(b)
    );
}

/// ```
/// use autodiff_runtime::Differentiable;
/// let mut g = (Some(2.0), None::<f64>);
/// g.accumulate(&(Some(0.5), None));
/// assert_eq!(g, (Some(2.5), None));
/// assert_eq!(g.num_params(), 1);
/// assert_eq!(g.zero_like(), (Some(0.0), None));
/// ```
impl<T: Differentiable> Differentiable for Option<T> {
    type Scalar = T::Scalar;

    fn zero_like(&self) -> Self {
        self.as_ref().map(T::zero_like)
    }

    fn accumulate(&mut self, other: &Self) {
        check_variants("accumulate", self, other);
        if let (Some(a), Some(b)) = (self, other) {
            a.accumulate(b);
        }
    }

    fn scale_leaves(&mut self, s: Self::Scalar) {
        if let Some(a) = self {
            a.scale_leaves(s);
        }
    }

    fn set_zero(&mut self) {
        if let Some(a) = self {
            a.set_zero();
        }
    }

    fn for_each_leaf(&self, f: &mut dyn FnMut(&[Self::Scalar])) {
        if let Some(a) = self {
            a.for_each_leaf(f);
        }
    }

    fn for_each_leaf_mut(&mut self, f: &mut dyn FnMut(&mut [Self::Scalar])) {
        if let Some(a) = self {
            a.for_each_leaf_mut(f);
        }
    }

    fn zip_leaves_mut(
        &mut self,
        other: &Self,
        f: &mut dyn FnMut(&mut [Self::Scalar], &[Self::Scalar]),
    ) {
        check_variants("zip_leaves_mut", self, other);
        if let (Some(a), Some(b)) = (self, other) {
            a.zip_leaves_mut(b, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_has_no_leaves_and_some_those_of_its_value() {
        let mut p = (Some(vec![1.0, 2.0]), None::<f64>, 3.0);
        assert_eq!(p.to_flat(), [1.0, 2.0, 3.0]);
        p.set_from_flat(&[4.0, 5.0, 6.0]);
        assert_eq!(p, (Some(vec![4.0, 5.0]), None, 6.0));
        p.scale_leaves(2.0);
        assert_eq!(p.0, Some(vec![8.0, 10.0]));
    }

    #[test]
    #[should_panic(expected = "an `Option` is `Some` and the other `None`")]
    fn variants_must_agree() {
        Some(1.0).accumulate(&None);
    }
}
