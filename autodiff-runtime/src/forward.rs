//! Forward-mode drivers: derivatives, gradients and Jacobians evaluated with dual numbers.
//!
//! Forward mode costs one evaluation per input direction, so these suit functions with few
//! inputs; for many inputs and one output, reverse mode is cheaper.

use crate::{Dual, DualVec};
use num_traits::Float;

/// Value and derivative `(f(x), f'(x))` of a scalar function, in one forward pass.
///
/// ```
/// use autodiff_runtime::{derivative, Dual};
/// use num_traits::Float;
/// // d/dx sin(x)·eˣ = (sin x + cos x)·eˣ
/// let (y, dy) = derivative(|x: Dual<f64>| x.sin() * x.exp(), 0.5);
/// assert_eq!(y, 0.5_f64.sin() * 0.5_f64.exp());
/// assert!((dy - (0.5_f64.sin() + 0.5_f64.cos()) * 0.5_f64.exp()).abs() < 1e-15);
/// ```
pub fn derivative<T: Float>(f: impl FnOnce(Dual<T>) -> Dual<T>, x: T) -> (T, T) {
    let y = f(Dual::variable(x));
    (y.primal, y.tangent)
}

/// Value and gradient of `f: ℝⁿ → ℝ`, by `n` forward passes (one per input; one pass if `n = 0`).
///
/// ```
/// use autodiff_runtime::{gradient, Dual};
/// // ∇(x²y + y) = (2xy, x² + 1)
/// let (v, g) = gradient(|x: &[Dual<f64>]| x[0] * x[0] * x[1] + x[1], &[3.0, 2.0]);
/// assert_eq!(v, 20.0);
/// assert_eq!(g, vec![12.0, 10.0]);
/// ```
pub fn gradient<T: Float>(f: impl Fn(&[Dual<T>]) -> Dual<T>, x: &[T]) -> (T, Vec<T>) {
    let mut args: Vec<Dual<T>> = x.iter().map(|&xi| Dual::constant(xi)).collect();
    let mut value = None;
    let mut grad = Vec::with_capacity(x.len());
    for i in 0..x.len() {
        args[i].tangent = T::one();
        let y = f(&args);
        args[i].tangent = T::zero();
        value = Some(y.primal);
        grad.push(y.tangent);
    }
    let value = value.unwrap_or_else(|| f(&args).primal);
    (value, grad)
}

/// Value and gradient of `f: ℝᴺ → ℝ` in ONE forward pass, carrying all `N` tangents at once.
///
/// ```
/// use autodiff_runtime::{gradient_vec, DualVec};
/// use num_traits::Float;
/// // ∇(x·sin y) = (sin y, x cos y)
/// let (v, g) = gradient_vec(|x: &[DualVec<f64, 2>]| x[0] * x[1].sin(), &[2.0, 0.5]);
/// assert_eq!(v, 2.0 * 0.5_f64.sin());
/// assert_eq!(g, [0.5_f64.sin(), 2.0 * 0.5_f64.cos()]);
/// ```
pub fn gradient_vec<T: Float, const N: usize>(
    f: impl FnOnce(&[DualVec<T, N>]) -> DualVec<T, N>,
    x: &[T; N],
) -> (T, [T; N]) {
    let args: [DualVec<T, N>; N] = core::array::from_fn(|i| DualVec::variable(x[i], i));
    let y = f(&args);
    (y.primal, y.tangent)
}

/// Values and Jacobian of `f: ℝⁿ → ℝᵐ`, one forward pass per input (column).
///
/// The Jacobian is returned as `m` rows of length `n`: `jac[j][i] = ∂fⱼ/∂xᵢ`.
///
/// # Panics
/// If `f` returns outputs of different lengths on different passes.
///
/// ```
/// use autodiff_runtime::{jacobian, Dual};
/// // f(x, y) = (x·y, x + 2y): J = [[y, x], [1, 2]]
/// let (v, j) = jacobian(|x: &[Dual<f64>]| vec![x[0] * x[1], x[0] + 2.0 * x[1]], &[3.0, 5.0]);
/// assert_eq!(v, vec![15.0, 13.0]);
/// assert_eq!(j, vec![vec![5.0, 3.0], vec![1.0, 2.0]]);
/// ```
pub fn jacobian<T: Float>(
    f: impl Fn(&[Dual<T>]) -> Vec<Dual<T>>,
    x: &[T],
) -> (Vec<T>, Vec<Vec<T>>) {
    let n = x.len();
    let mut args: Vec<Dual<T>> = x.iter().map(|&xi| Dual::constant(xi)).collect();
    let mut values = None;
    let mut rows: Vec<Vec<T>> = Vec::new();
    for i in 0..n {
        args[i].tangent = T::one();
        let y = f(&args);
        args[i].tangent = T::zero();
        if i == 0 {
            rows = vec![vec![T::zero(); n]; y.len()];
        }
        assert_eq!(
            y.len(),
            rows.len(),
            "jacobian: output length changed between passes"
        );
        for (row, yj) in rows.iter_mut().zip(&y) {
            row[i] = yj.tangent;
        }
        values = Some(y.iter().map(|yj| yj.primal).collect());
    }
    let values: Vec<T> = values.unwrap_or_else(|| f(&args).iter().map(|yj| yj.primal).collect());
    if n == 0 {
        rows = vec![Vec::new(); values.len()];
    }
    (values, rows)
}
