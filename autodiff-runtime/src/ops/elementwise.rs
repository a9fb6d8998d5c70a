//! `mapv_with(a, f, f_jvp)`: an elementwise function the macro differentiated itself, as
//! `a.mapv(|x| …)` with a closure becomes. The closure's body is scalar code: the macro makes
//! it a `#[differentiate]` function `f` of its own and passes it here with its `f_jvp`.
//!
//! `y = f(a)` elementwise: `dy = f'(a) ⊙ da`, and `ā = f'(a) ⊙ ḡ`, with `f'(x)` read off
//! `f_jvp(x, 1)`.

use super::check_shape;
use ndarray::{Array, Dimension, Zip};
use num_traits::Float;

/// `f` applied to every element.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let square = |x: f64| x * x;
/// let square_jvp = |x: f64, dx: f64| (x * x, 2.0 * x * dx);
/// assert_eq!(ops::mapv_with(&array![1.0, 3.0], square, square_jvp), array![1.0, 9.0]);
/// ```
pub fn mapv_with<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    f: impl Fn(T) -> T,
    _jvp: impl Fn(T, T) -> (T, T),
) -> Array<T, D> {
    a.mapv(f)
}

/// `dy = f'(a) ⊙ da`.
///
/// ***Panics*** if the tangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (f, f_jvp) = (|x: f64| x * x, |x: f64, dx: f64| (x * x, 2.0 * x * dx));
/// let (y, dy) = ops::mapv_with_jvp(&array![1.0, 3.0], f, f_jvp, &array![1.0, 0.5]);
/// assert_eq!((y, dy), (array![1.0, 9.0], array![2.0, 3.0]));
/// ```
#[track_caller]
pub fn mapv_with_jvp<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    f: impl Fn(T) -> T,
    jvp: impl Fn(T, T) -> (T, T),
    da: &Array<T, D>,
) -> (Array<T, D>, Array<T, D>) {
    check_shape("mapv_with_jvp", "the tangent", a.shape(), da.shape());
    let dy = Zip::from(a).and(da).map_collect(|&x, &dx| jvp(x, dx).1);
    (a.mapv(f), dy)
}

/// `ā = f'(a) ⊙ ḡ`.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (f, f_jvp) = (|x: f64| x * x, |x: f64, dx: f64| (x * x, 2.0 * x * dx));
/// let (_, a_bar) = ops::mapv_with_vjp(&array![1.0, 3.0], f, f_jvp, array![1.0, 1.0]);
/// assert_eq!(a_bar, array![2.0, 6.0]);
/// ```
pub fn mapv_with_vjp<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    f: impl Fn(T) -> T,
    jvp: impl Fn(T, T) -> (T, T),
    dout: Array<T, D>,
) -> (Array<T, D>, Array<T, D>) {
    let (y, pullback) = mapv_with_pullback(a, f, jvp);
    let (a_bar,) = pullback(a, dout);
    (y, a_bar)
}

/// The mapped array and its pullback `(a, ḡ) ↦ (f'(a) ⊙ ḡ,)`, which keeps `f_jvp`.
///
/// ***Panics*** (the pullback) if the cotangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let a = array![1.0, 3.0];
/// let (y, pb) = ops::mapv_with_pullback(&a, f64::exp, |x: f64, dx: f64| (x.exp(), x.exp() * dx));
/// assert_eq!(pb(&a, array![1.0, 0.0]).0, array![1.0f64.exp(), 0.0]);
/// ```
pub fn mapv_with_pullback<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    f: impl Fn(T) -> T,
    jvp: impl Fn(T, T) -> (T, T),
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, Array<T, D>) -> (Array<T, D>,),
) {
    let pullback = move |a: &Array<T, D>, g: Array<T, D>| {
        check_shape("mapv_with pullback", "the cotangent", a.shape(), g.shape());
        (Zip::from(a).and(&g).map_collect(|&x, &g| jvp(x, g).1),)
    };
    (a.mapv(f), pullback)
}

for_callers!(mapv_with, mapv_with_jvp, mapv_with_pullback);
