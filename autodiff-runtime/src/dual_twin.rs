//! The dual-number twin of a value generic over its float type: `Array2<T>` and
//! `Array2<Dual<T>>`, a struct `Gpt<T>` and `Gpt<Dual<T>>`. `f_hvp` of a function generic over
//! `T` with struct parameters seeds the twin with a direction (`duals`), runs the function's
//! own pullback on dual numbers (forward-over-reverse), and reads the gradient and H·v off
//! the dual cotangent (`primals`, `tangents`). `#[derive(Differentiable)]` implements it for
//! structs generic over a `T: Float`, field by field.
//!
//! ```
//! use autodiff_runtime::dual_twin::DualTwin;
//! let x = vec![1.0, 2.0];
//! let d = DualTwin::<f64>::duals(&x, &vec![0.5, 0.0]);
//! assert_eq!((d[0].primal, d[0].tangent), (1.0, 0.5));
//! assert_eq!(<Vec<f64> as DualTwin<f64>>::tangents(&d), vec![0.5, 0.0]);
//! ```

use crate::Dual;
use ndarray::{Array, Dimension, Zip};
use num_traits::Float;

/// A value over the float type `T` and its twin over `Dual<T>`; see the
/// [module documentation](self).
pub trait DualTwin<T: Float>: Sized {
    /// The same value over dual numbers.
    type Dual;
    /// The twin with `self` as primal and `tangent` as tangent.
    ///
    /// ```
    /// use autodiff_runtime::dual_twin::DualTwin;
    /// let d = 2.0f64.duals(&1.0);
    /// assert_eq!((d.primal, d.tangent), (2.0, 1.0));
    /// ```
    fn duals(&self, tangent: &Self) -> Self::Dual;
    /// The twin with zero tangent: a constant of forward-over-reverse.
    ///
    /// ```
    /// use autodiff_runtime::dual_twin::DualTwin;
    /// assert_eq!(DualTwin::<f32>::constant(&[1.5f32; 2])[1].tangent, 0.0);
    /// ```
    fn constant(&self) -> Self::Dual;
    /// The primal parts.
    ///
    /// ```
    /// use autodiff_runtime::{dual_twin::DualTwin, Dual};
    /// assert_eq!(<f64 as DualTwin<f64>>::primals(&Dual::new(3.0, 1.0)), 3.0);
    /// ```
    fn primals(dual: &Self::Dual) -> Self;
    /// The tangent parts.
    ///
    /// ```
    /// use autodiff_runtime::{dual_twin::DualTwin, Dual};
    /// assert_eq!(<f64 as DualTwin<f64>>::tangents(&Dual::new(3.0, 1.0)), 1.0);
    /// ```
    fn tangents(dual: &Self::Dual) -> Self;
}

macro_rules! impl_float {
    ($($t:ty),*) => {$(
        impl DualTwin<$t> for $t {
            type Dual = Dual<$t>;
            fn duals(&self, tangent: &Self) -> Dual<$t> {
                Dual::new(*self, *tangent)
            }
            fn constant(&self) -> Dual<$t> {
                Dual::constant(*self)
            }
            fn primals(dual: &Dual<$t>) -> Self {
                dual.primal
            }
            fn tangents(dual: &Dual<$t>) -> Self {
                dual.tangent
            }
        }
    )*};
}
impl_float!(f32, f64);

impl<T: Float, D: Dimension> DualTwin<T> for Array<T, D> {
    type Dual = Array<Dual<T>, D>;
    #[track_caller]
    fn duals(&self, tangent: &Self) -> Self::Dual {
        crate::ops::duals_nd(self, tangent)
    }
    fn constant(&self) -> Self::Dual {
        self.mapv(Dual::constant)
    }
    fn primals(dual: &Self::Dual) -> Self {
        dual.mapv(|d| d.primal)
    }
    fn tangents(dual: &Self::Dual) -> Self {
        Zip::from(dual).map_collect(|d| d.tangent)
    }
}

impl<T: Float, X: DualTwin<T>> DualTwin<T> for Vec<X> {
    type Dual = Vec<X::Dual>;
    #[track_caller]
    fn duals(&self, tangent: &Self) -> Self::Dual {
        assert_eq!(
            self.len(),
            tangent.len(),
            "DualTwin::duals: a value of length {} has a tangent of length {}",
            self.len(),
            tangent.len()
        );
        self.iter().zip(tangent).map(|(x, t)| x.duals(t)).collect()
    }
    fn constant(&self) -> Self::Dual {
        self.iter().map(X::constant).collect()
    }
    fn primals(dual: &Self::Dual) -> Self {
        dual.iter().map(X::primals).collect()
    }
    fn tangents(dual: &Self::Dual) -> Self {
        dual.iter().map(X::tangents).collect()
    }
}

impl<T: Float, X: DualTwin<T>, const N: usize> DualTwin<T> for [X; N] {
    type Dual = [X::Dual; N];
    fn duals(&self, tangent: &Self) -> Self::Dual {
        std::array::from_fn(|i| self[i].duals(&tangent[i]))
    }
    fn constant(&self) -> Self::Dual {
        std::array::from_fn(|i| self[i].constant())
    }
    fn primals(dual: &Self::Dual) -> Self {
        std::array::from_fn(|i| X::primals(&dual[i]))
    }
    fn tangents(dual: &Self::Dual) -> Self {
        std::array::from_fn(|i| X::tangents(&dual[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::DualTwin;
    use ndarray::array;

    #[test]
    fn round_trips_through_the_twin() {
        let (x, t) = (
            array![[1.0, 2.0], [3.0, 4.0]],
            array![[0.5, 0.0], [-1.0, 2.0]],
        );
        type A = ndarray::Array2<f64>;
        let d = x.duals(&t);
        assert_eq!(<A as DualTwin<f64>>::primals(&d), x);
        assert_eq!(<A as DualTwin<f64>>::tangents(&d), t);
        let nested = vec![[1.0f32, 2.0], [3.0, 4.0]];
        let c = DualTwin::<f32>::constant(&nested);
        assert_eq!(<Vec<[f32; 2]> as DualTwin<f32>>::primals(&c), nested);
        assert_eq!(
            <Vec<[f32; 2]> as DualTwin<f32>>::tangents(&c),
            vec![[0.0; 2]; 2]
        );
    }

    #[test]
    #[should_panic(expected = "a value of length 2 has a tangent of length 1")]
    fn lengths_must_agree() {
        let _ = DualTwin::<f64>::duals(&vec![1.0, 2.0], &vec![1.0]);
    }
}
