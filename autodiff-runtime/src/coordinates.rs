//! The coordinates of a value, for dense Jacobians and Hessians: a float is one coordinate,
//! a slice, `Vec` or array one per element, an `ndarray` array one per element in its
//! logical (row-major) order. `f_jacobian` and `f_hessian` (generated on request, see
//! `#[differentiate(jacobian)]`) number the inputs' coordinates parameter by parameter
//! and the result's the same way, seed one coordinate at a time with
//! [`basis`](Coordinates::basis), and read derivatives back with
//! [`coordinates_into`](Coordinates::coordinates_into).
//!
//! ```
//! use autodiff_runtime::coordinates::Coordinates;
//! let x = vec![1.0, 2.0, 3.0];
//! assert_eq!(Coordinates::<f64>::dimension(&x), 3);
//! assert_eq!(Coordinates::<f64>::basis(&x, 1), vec![0.0, 1.0, 0.0]);
//! assert_eq!(Coordinates::<f64>::basis(&x, 7), vec![0.0; 3]); // past the end: zero
//! let mut out = vec![];
//! Coordinates::<f64>::coordinates_into(&2.5, &mut out);
//! Coordinates::<f64>::coordinates_into(&[4.0, 5.0], &mut out);
//! assert_eq!(out, vec![2.5, 4.0, 5.0]);
//! ```

use ndarray::{Array, Dimension};
use num_traits::Float;

/// A value read as coordinates of the float type `F` (see the module docs).
pub trait Coordinates<F> {
    /// A value of the same shape, owned: what a tangent or a seed of this value is.
    type Basis;
    /// How many coordinates it has.
    fn dimension(&self) -> usize;
    /// The unit vector along coordinate `i`, in this value's shape; zero everywhere when
    /// `i` is not below [`dimension`](Coordinates::dimension) (so a caller numbering several
    /// values one after another can offer every value the same running index).
    fn basis(&self, i: usize) -> Self::Basis;
    /// Appends its coordinates to `out`, in order.
    fn coordinates_into(&self, out: &mut Vec<F>);
}

/// The unit vector along coordinate `i` of a float: one for `i = 0`, zero past it (what
/// generated code seeds a float with, for any float type).
///
/// ```
/// use autodiff_runtime::coordinates::unit_coordinate;
/// assert_eq!((unit_coordinate::<f64>(0), unit_coordinate::<f64>(3)), (1.0, 0.0));
/// ```
pub fn unit_coordinate<F: Float>(i: usize) -> F {
    unit(i == 0)
}

/// A unit or zero coordinate.
fn unit<F: Float>(hit: bool) -> F {
    if hit {
        F::one()
    } else {
        F::zero()
    }
}

macro_rules! scalar_coordinates {
    ($($t:ty),*) => {$(
        impl Coordinates<$t> for $t {
            type Basis = $t;
            fn dimension(&self) -> usize {
                1
            }
            fn basis(&self, i: usize) -> $t {
                unit(i == 0)
            }
            fn coordinates_into(&self, out: &mut Vec<$t>) {
                out.push(*self);
            }
        }
    )*};
}
scalar_coordinates!(f32, f64);

impl<F: Float> Coordinates<F> for [F] {
    type Basis = Vec<F>;
    fn dimension(&self) -> usize {
        self.len()
    }
    fn basis(&self, i: usize) -> Vec<F> {
        (0..self.len()).map(|k| unit(k == i)).collect()
    }
    fn coordinates_into(&self, out: &mut Vec<F>) {
        out.extend_from_slice(self);
    }
}

impl<F: Float> Coordinates<F> for Vec<F> {
    type Basis = Vec<F>;
    fn dimension(&self) -> usize {
        self.len()
    }
    fn basis(&self, i: usize) -> Vec<F> {
        self.as_slice().basis(i)
    }
    fn coordinates_into(&self, out: &mut Vec<F>) {
        out.extend_from_slice(self);
    }
}

impl<F: Float, const N: usize> Coordinates<F> for [F; N] {
    type Basis = [F; N];
    fn dimension(&self) -> usize {
        N
    }
    fn basis(&self, i: usize) -> [F; N] {
        core::array::from_fn(|k| unit(k == i))
    }
    fn coordinates_into(&self, out: &mut Vec<F>) {
        out.extend_from_slice(self);
    }
}

impl<F: Float, D: Dimension> Coordinates<F> for Array<F, D> {
    type Basis = Array<F, D>;
    fn dimension(&self) -> usize {
        self.len()
    }
    fn basis(&self, i: usize) -> Array<F, D> {
        let mut e = Array::zeros(self.raw_dim());
        if let Some(entry) = e.iter_mut().nth(i) {
            *entry = F::one();
        }
        e
    }
    fn coordinates_into(&self, out: &mut Vec<F>) {
        out.extend(self.iter().copied());
    }
}

/// A reference reads as what it refers to (a `&[f64]` parameter, passed as `&x`).
impl<F, T: Coordinates<F> + ?Sized> Coordinates<F> for &T {
    type Basis = T::Basis;
    fn dimension(&self) -> usize {
        (**self).dimension()
    }
    fn basis(&self, i: usize) -> T::Basis {
        (**self).basis(i)
    }
    fn coordinates_into(&self, out: &mut Vec<F>) {
        (**self).coordinates_into(out)
    }
}

#[cfg(test)]
mod tests {
    use super::Coordinates;
    use ndarray::array;

    #[test]
    fn arrays_are_numbered_in_logical_order() {
        let a = array![[1.0, 2.0], [3.0, 4.0]];
        assert_eq!(Coordinates::<f64>::dimension(&a), 4);
        assert_eq!(
            Coordinates::<f64>::basis(&a, 2),
            array![[0.0, 0.0], [1.0, 0.0]]
        );
        let t = a.t().to_owned();
        let mut out = vec![];
        Coordinates::<f64>::coordinates_into(&t, &mut out);
        assert_eq!(out, vec![1.0, 3.0, 2.0, 4.0]);
    }

    #[test]
    fn fixed_arrays_and_references() {
        let x = [1.0_f32, 2.0, 3.0];
        let r = &x;
        assert_eq!(Coordinates::<f32>::basis(&r, 0), [1.0, 0.0, 0.0]);
        assert_eq!(Coordinates::<f32>::basis(&r, usize::MAX), [0.0; 3]);
        assert_eq!(Coordinates::<f32>::basis(&1.5_f32, 1), 0.0);
    }
}
