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

vjp! {
    /// `ā = f'(a) ⊙ ḡ`.
    pub fn mapv_with_vjp<T: Float + 'static, D: Dimension>(
        a: &Array<T, D>,
        f: impl Fn(T) -> T,
        jvp: impl Fn(T, T) -> (T, T);
        dout: Array<T, D>,
    ) -> (a_bar: Array<T, D>) by mapv_with_pullback(a);
    example: (
        &array![1.0, 3.0],
        |x: f64| x * x,
        |x: f64, dx: f64| (x * x, 2.0 * x * dx),
        array![1.0, 1.0],
    ) gives array![2.0, 6.0];
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

/// `f` applied to every element with the values it captures, `env` (`a.mapv(|x| (x - m) / s)`
/// becomes `mapv_env(&a, &[m, s], f, f_jvp)` with `f(x, env)`): as [`mapv_with`], and the
/// captured values carry derivatives too. `y_i = f(a_i, c)`: `dy_i = ∂f/∂x da_i + ∇_c f · dc`,
/// `ā_i = ∂f/∂x ḡ_i` and `c̄ = Σ_i ḡ_i ∇_c f(a_i, c)`, every partial read off `f_jvp` along a
/// unit direction (one pass for `x` and one per captured value).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let f = |x: f64, c: &[f64]| (x - c[0]) * c[1];
/// let f_jvp = |x: f64, c: &[f64], dx: f64, dc: &[f64]| ((x - c[0]) * c[1], (dx - dc[0]) * c[1] + (x - c[0]) * dc[1]);
/// assert_eq!(ops::mapv_env(&array![1.0, 3.0], &[1.0, 2.0], f, f_jvp), array![0.0, 4.0]);
/// ```
pub fn mapv_env<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    env: &[T],
    f: impl Fn(T, &[T]) -> T,
    _jvp: impl Fn(T, &[T], T, &[T]) -> (T, T),
) -> Array<T, D> {
    a.mapv(|x| f(x, env))
}

/// `dy_i = ∂f/∂x da_i + ∇_c f · dc`.
///
/// ***Panics*** if the tangents' shapes differ from `a`'s and `env`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let f = |x: f64, c: &[f64]| x * c[0];
/// let f_jvp = |x: f64, c: &[f64], dx: f64, dc: &[f64]| (x * c[0], dx * c[0] + x * dc[0]);
/// let (y, dy) = ops::mapv_env_jvp(&array![1.0, 3.0], &[2.0], f, f_jvp, &array![1.0, 0.0], &[0.5]);
/// assert_eq!((y, dy), (array![2.0, 6.0], array![2.5, 1.5]));
/// ```
#[track_caller]
pub fn mapv_env_jvp<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    env: &[T],
    f: impl Fn(T, &[T]) -> T,
    jvp: impl Fn(T, &[T], T, &[T]) -> (T, T),
    da: &Array<T, D>,
    denv: &[T],
) -> (Array<T, D>, Array<T, D>) {
    check_shape("mapv_env_jvp", "the tangent", a.shape(), da.shape());
    check_shape(
        "mapv_env_jvp",
        "the captures' tangent",
        &[env.len()],
        &[denv.len()],
    );
    let dy = Zip::from(a)
        .and(da)
        .map_collect(|&x, &dx| jvp(x, env, dx, denv).1);
    (a.mapv(|x| f(x, env)), dy)
}

vjp! {
    /// `ā_i = ∂f/∂x ḡ_i`, `c̄ = Σ_i ḡ_i ∇_c f(a_i, c)`.
    pub fn mapv_env_vjp<T: Float + 'static, D: Dimension>(
        a: &Array<T, D>,
        env: &[T],
        f: impl Fn(T, &[T]) -> T,
        jvp: impl Fn(T, &[T], T, &[T]) -> (T, T);
        dout: Array<T, D>,
    ) -> (a_bar: Array<T, D>, env_bar: Vec<T>) by mapv_env_pullback(a, env);
    example: (
        &array![1.0, 3.0],
        &[2.0],
        |x: f64, c: &[f64]| x * c[0],
        |x: f64, c: &[f64], dx: f64, dc: &[f64]| (x * c[0], dx * c[0] + x * dc[0]),
        array![1.0, 1.0],
    ) gives (array![2.0, 2.0], vec![4.0]);
}

/// The mapped array and its pullback `(a, c, ḡ) ↦ (∂f/∂x ⊙ ḡ, Σ_i ḡ_i ∇_c f(a_i, c))`.
///
/// ***Panics*** (the pullback) if the cotangent's shape differs from `a`'s.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let f = |x: f64, c: &[f64]| x + c[0];
/// let f_jvp = |x: f64, c: &[f64], dx: f64, dc: &[f64]| (x + c[0], dx + dc[0]);
/// let (a, c) = (array![1.0, 3.0], [0.5]);
/// let (y, pb) = ops::mapv_env_pullback(&a, &c, f, f_jvp);
/// assert_eq!((y, pb(&a, &c, array![1.0, 2.0])), (array![1.5, 3.5], (array![1.0, 2.0], vec![3.0])));
/// ```
pub fn mapv_env_pullback<T: Float + 'static, D: Dimension>(
    a: &Array<T, D>,
    env: &[T],
    f: impl Fn(T, &[T]) -> T,
    jvp: impl Fn(T, &[T], T, &[T]) -> (T, T),
) -> (
    Array<T, D>,
    impl FnOnce(&Array<T, D>, &[T], Array<T, D>) -> (Array<T, D>, Vec<T>),
) {
    let pullback = move |a: &Array<T, D>, env: &[T], g: Array<T, D>| {
        check_shape("mapv_env pullback", "the cotangent", a.shape(), g.shape());
        let zeros = vec![T::zero(); env.len()];
        let a_bar = Zip::from(a)
            .and(&g)
            .map_collect(|&x, &g| jvp(x, env, T::one(), &zeros).1 * g);
        let mut env_bar = vec![T::zero(); env.len()];
        let mut unit = zeros.clone();
        for (k, c_bar) in env_bar.iter_mut().enumerate() {
            unit[k] = T::one();
            for (&x, &g) in a.iter().zip(&g) {
                *c_bar = *c_bar + g * jvp(x, env, T::zero(), &unit).1;
            }
            unit[k] = T::zero();
        }
        (a_bar, env_bar)
    };
    (a.mapv(|x| f(x, env)), pullback)
}

/// The entry points of generated callers (see `for_callers!`), whose pullbacks take an
/// accumulator for the captures, a float sequence (`support::lend`).
#[doc(hidden)]
pub mod mapv_env {
    use ndarray::{Array, Dimension};
    use num_traits::Float;

    pub use super::mapv_env_jvp as jvp_all;
    pub use crate::saved::unreported as saved_all;

    /// [`mapv_env_pullback`](super::mapv_env_pullback), adding the captures' cotangent
    /// into the accumulator its caller lends.
    pub fn pullback_all<T: Float + 'static, D: Dimension>(
        a: &Array<T, D>,
        env: &[T],
        f: impl Fn(T, &[T]) -> T,
        jvp: impl Fn(T, &[T], T, &[T]) -> (T, T),
    ) -> (
        Array<T, D>,
        impl FnOnce(&Array<T, D>, &[T], Array<T, D>, Vec<T>) -> (Array<T, D>, Vec<T>),
    ) {
        let (y, pullback) = super::mapv_env_pullback(a, env, f, jvp);
        let pullback = move |a: &Array<T, D>, env: &[T], g: Array<T, D>, acc: Vec<T>| {
            let (a_bar, env_bar) = pullback(a, env, g);
            (a_bar, crate::support::accumulate(acc, env_bar))
        };
        (y, pullback)
    }

    pub use pullback_all as dual_pullback_all;
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    // f(x, c) = sin(c₀ x) + c₁ x², with its tangent written by hand.
    fn f(x: f64, c: &[f64]) -> f64 {
        (c[0] * x).sin() + c[1] * x * x
    }
    fn f_jvp(x: f64, c: &[f64], dx: f64, dc: &[f64]) -> (f64, f64) {
        let d = (c[0] * x).cos() * (dc[0] * x + c[0] * dx) + dc[1] * x * x + 2.0 * c[1] * x * dx;
        (f(x, c), d)
    }

    // The pullback against central differences of ⟨ḡ, y(a, c)⟩, and against the JVP.
    #[test]
    fn mapv_env_pullback_against_differences_and_the_jvp() {
        let (a, c) = (array![0.3, -1.2, 2.0], vec![0.7, -0.4]);
        let g = array![1.0, -0.5, 2.0];
        let (_, a_bar, c_bar) = mapv_env_vjp(&a, &c, f, f_jvp, g.clone());
        let loss = |a: &Array<f64, ndarray::Ix1>, c: &[f64]| mapv_env(a, c, f, f_jvp).dot(&g);
        let h = 1e-6;
        for k in 0..c.len() {
            let (mut up, mut down) = (c.clone(), c.clone());
            up[k] += h;
            down[k] -= h;
            let numeric = (loss(&a, &up) - loss(&a, &down)) / (2.0 * h);
            assert!(
                (numeric - c_bar[k]).abs() < 1e-6,
                "c̄[{k}]: {numeric} against {}",
                c_bar[k]
            );
        }
        let (da, dc) = (array![0.2, 0.1, -0.3], vec![0.5, 0.25]);
        let (_, dy) = mapv_env_jvp(&a, &c, f, f_jvp, &da, &dc);
        let rhs = a_bar.dot(&da) + c_bar.iter().zip(&dc).map(|(p, q)| p * q).sum::<f64>();
        assert!((g.dot(&dy) - rhs).abs() < 1e-12);
    }
}
