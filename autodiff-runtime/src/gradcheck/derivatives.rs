//! The checks `f_gradcheck` runs: a function's gradient parameter by parameter, its JVP
//! along a random direction and its HVP along that direction, also for a function with a
//! value on part of its domain only (an `Option` or `Result` result).

use super::report::{compare, GradcheckReport, Kind};
use super::rng::Rng;
use super::tolerance::Tolerance;
use super::{assert_same_len, gradcheck_where_defined, hvp_check_where_defined};

/// Checks all derivatives of a scalar function at `point`, as `f_gradcheck` does: the
/// gradient parameter by parameter against central differences of `f` (reports are labelled
/// with the parameter's name), then `jvp` along a random direction against ⟨∇f, v⟩, then
/// `hvp` along that direction against differences of `grad`. `params` names the ranges of
/// `point` that hold each parameter.
///
/// ```
/// use autodiff_runtime::gradcheck::{check_derivatives, Tolerance};
/// // f(a, b) = a²b: ∇f = (2ab, a²), H·v = (2b v₀ + 2a v₁, 2a v₀).
/// let f = |p: &[f64]| p[0] * p[0] * p[1];
/// let grad = |p: &[f64]| vec![2.0 * p[0] * p[1], p[0] * p[0]];
/// let jvp = |p: &[f64], v: &[f64]| 2.0 * p[0] * p[1] * v[0] + p[0] * p[0] * v[1];
/// let hvp = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[0] + 2.0 * p[0] * v[1], 2.0 * p[0] * v[0]];
/// let params = [("a", 0..1), ("b", 1..2)];
/// assert!(check_derivatives(f, grad, jvp, hvp, &[1.5, -0.5], &params, Tolerance::default()).is_ok());
/// let wrong = |p: &[f64]| vec![2.0 * p[0] * p[1], p[0]];
/// let report = check_derivatives(f, wrong, jvp, hvp, &[1.5, -0.5], &params, Tolerance::default()).unwrap_err();
/// assert_eq!(report.label(), Some("b"));
/// ```
pub fn check_derivatives(
    f: impl Fn(&[f64]) -> f64,
    grad: impl Fn(&[f64]) -> Vec<f64>,
    jvp: impl Fn(&[f64], &[f64]) -> f64,
    hvp: impl Fn(&[f64], &[f64]) -> Vec<f64>,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    // Compiled once, not once per generated `f_gradcheck`: the closures go in as `dyn`.
    let (f, grad) = (|x: &[f64]| Some(f(x)), |x: &[f64]| Some(grad(x)));
    check_all_dyn(&f, &grad, &jvp, &hvp, point, params, tol)
}

/// [`check_derivatives`] of a function with a value on part of its domain only, as
/// `f_gradcheck` checks one with an `Option` or `Result` result: `f` and `grad` are `None`
/// where it has no value. A coordinate whose central difference steps out of the domain
/// (`f(x ± h)` is `None`) is not checked, and the Hessian check's direction leaves it
/// still; where the function has no value at `point` there is nothing to check.
///
/// ```
/// use autodiff_runtime::gradcheck::{check_derivatives_where_defined, Tolerance};
/// // f(a, s) = a² · s, defined only for s = ±1 (a sign): ∂f/∂s has no central difference.
/// let f = |p: &[f64]| (p[1].abs() == 1.0).then(|| p[0] * p[0] * p[1]);
/// let grad = |p: &[f64]| f(p).map(|_| vec![2.0 * p[0] * p[1], p[0] * p[0]]);
/// let jvp = |p: &[f64], v: &[f64]| 2.0 * p[0] * p[1] * v[0] + p[0] * p[0] * v[1];
/// let hvp = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[0] + 2.0 * p[0] * v[1], 2.0 * p[0] * v[0]];
/// let params = [("a", 0..1), ("s", 1..2)];
/// let tol = Tolerance::default();
/// assert!(check_derivatives_where_defined(f, grad, jvp, hvp, &[1.5, -1.0], &params, tol).is_ok());
/// let wrong = |p: &[f64]| f(p).map(|_| vec![p[0] * p[1], p[0] * p[0]]);
/// let report = check_derivatives_where_defined(f, wrong, jvp, hvp, &[1.5, -1.0], &params, tol);
/// assert_eq!(report.unwrap_err().label(), Some("a"));
/// ```
pub fn check_derivatives_where_defined(
    f: impl Fn(&[f64]) -> Option<f64>,
    grad: impl Fn(&[f64]) -> Option<Vec<f64>>,
    jvp: impl Fn(&[f64], &[f64]) -> f64,
    hvp: impl Fn(&[f64], &[f64]) -> Vec<f64>,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    check_all_dyn(&f, &grad, &jvp, &hvp, point, params, tol)
}

/// A function's value, or its gradient, where it has one, as a `dyn` closure.
type WhereDefined<'a, R> = &'a dyn Fn(&[f64]) -> Option<R>;

/// A derivative at a point along a direction, as a `dyn` closure.
type Directional<'a, R> = &'a dyn Fn(&[f64], &[f64]) -> R;

fn check_all_dyn(
    f: WhereDefined<f64>,
    grad: WhereDefined<Vec<f64>>,
    jvp: Directional<f64>,
    hvp: Directional<Vec<f64>>,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let Some(v) = check_first_dyn(f, grad, jvp, point, params, tol)? else {
        return Ok(());
    };
    // Second differences are less accurate than first ones: a looser tolerance.
    let loose = tol.for_second_order();
    hvp_check_where_defined(grad, point, &v, &hvp(point, &v), loose)
        .map_err(|r| r.with_label("f_hvp"))
}

/// [`check_derivatives`] without the Hessian-vector product: the gradient parameter by
/// parameter against central differences, and `jvp` along a random direction against
/// ⟨∇f, v⟩ (what `f_gradcheck` checks for functions with struct parameters, which have no
/// `f_hvp`). Returns the direction it used.
///
/// ```
/// use autodiff_runtime::gradcheck::{check_first_derivatives, Tolerance};
/// let f = |p: &[f64]| p[0] * p[1];
/// let grad = |p: &[f64]| vec![p[1], p[0]];
/// let jvp = |p: &[f64], v: &[f64]| p[1] * v[0] + p[0] * v[1];
/// let params = [("a", 0..1), ("b", 1..2)];
/// assert!(check_first_derivatives(f, grad, jvp, &[2.0, 3.0], &params, Tolerance::default()).is_ok());
/// let wrong_jvp = |p: &[f64], v: &[f64]| p[1] * v[0];
/// let report = check_first_derivatives(f, grad, wrong_jvp, &[2.0, 3.0], &params, Tolerance::default());
/// assert_eq!(report.unwrap_err().label(), Some("f_jvp"));
/// ```
pub fn check_first_derivatives(
    f: impl Fn(&[f64]) -> f64,
    grad: impl Fn(&[f64]) -> Vec<f64>,
    jvp: impl Fn(&[f64], &[f64]) -> f64,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<Vec<f64>, GradcheckReport> {
    let (f, grad) = (|x: &[f64]| Some(f(x)), |x: &[f64]| Some(grad(x)));
    let direction = check_first_dyn(&f, &grad, &jvp, point, params, tol)?;
    Ok(direction.unwrap_or_default())
}

/// [`check_first_derivatives`] of a function with a value on part of its domain only (see
/// [`check_derivatives_where_defined`]).
///
/// ```
/// use autodiff_runtime::gradcheck::{check_first_derivatives_where_defined, Tolerance};
/// // f(x) = x², with no value below 0: at 0 the difference of x steps out, and is left out
/// // (the one-sided difference h²/2h = h/2 is not the derivative 0).
/// let f = |p: &[f64]| (p[0] >= 0.0).then(|| p[0] * p[0]);
/// let grad = |p: &[f64]| f(p).map(|_| vec![2.0 * p[0]]);
/// let jvp = |p: &[f64], v: &[f64]| 2.0 * p[0] * v[0];
/// let params = [("x", 0..1)];
/// let tol = Tolerance::default();
/// assert!(check_first_derivatives_where_defined(f, grad, jvp, &[0.0], &params, tol).is_ok());
/// assert!(check_first_derivatives_where_defined(f, grad, jvp, &[1.5], &params, tol).is_ok());
/// let wrong = |p: &[f64]| f(p).map(|_| vec![p[0]]);
/// assert!(check_first_derivatives_where_defined(f, wrong, jvp, &[1.5], &params, tol).is_err());
/// ```
pub fn check_first_derivatives_where_defined(
    f: impl Fn(&[f64]) -> Option<f64>,
    grad: impl Fn(&[f64]) -> Option<Vec<f64>>,
    jvp: impl Fn(&[f64], &[f64]) -> f64,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    check_first_dyn(&f, &grad, &jvp, point, params, tol).map(|_| ())
}

/// The first-order checks; the direction for the Hessian check, `None` where the function
/// has no value at `point`. The direction leaves still each coordinate whose difference
/// stepped out of the domain.
fn check_first_dyn(
    f: WhereDefined<f64>,
    grad: WhereDefined<Vec<f64>>,
    jvp: Directional<f64>,
    point: &[f64],
    params: &[(&str, std::ops::Range<usize>)],
    tol: Tolerance,
) -> Result<Option<Vec<f64>>, GradcheckReport> {
    let Some(g) = grad(point) else {
        return Ok(None);
    };
    assert_same_len(
        "check_derivatives",
        "the point",
        point.len(),
        "the gradient",
        g.len(),
    );
    let mut checked = vec![true; point.len()];
    for (name, range) in params {
        let partial = |v: &[f64]| {
            let mut full = point.to_vec();
            full[range.clone()].copy_from_slice(v);
            f(&full)
        };
        let part = gradcheck_where_defined(partial, &point[range.clone()], &g[range.clone()], tol)
            .map_err(|r| r.with_label(*name))?;
        checked[range.clone()].copy_from_slice(&part);
    }
    // One random direction, fixed so a failure reproduces. The JVP is checked along it as
    // drawn, every coordinate weighing alike (a direction scaled by the coordinates' sizes
    // would drown a unit-sized one's term beside an amount of 10⁶).
    let r = Rng::new(0x5eed_1234).vector(point.len(), -1.0, 1.0);
    let along: f64 = g.iter().zip(&r).map(|(a, b)| a * b).sum();
    compare(Kind::DotProduct, &[jvp(point, &r)], &[along], tol)
        .map_err(|r| r.with_label("f_jvp"))?;
    // The Hessian check differences the gradient along the direction with each coordinate
    // scaled by its own size: a step sized for the largest coordinate (an amount of 10⁵)
    // would swamp a small one (a rate of 0.1).
    Ok(Some(
        r.iter()
            .zip(point)
            .zip(&checked)
            .map(|((r, x), &checked)| if checked { r * x.abs().max(1.0) } else { 0.0 })
            .collect(),
    ))
}

/// A result that may have no value (`Option<T>`, `Result<T, E>`) as an `Option`: how
/// `f_gradcheck` of a function with such a result learns where it has one.
#[doc(hidden)]
pub trait MaybeValue {
    /// The value's type.
    type Value;
    /// The value, `None` where there is none.
    fn value(self) -> Option<Self::Value>;
}

impl<T> MaybeValue for Option<T> {
    type Value = T;
    fn value(self) -> Option<T> {
        self
    }
}

impl<T, E> MaybeValue for Result<T, E> {
    type Value = T;
    fn value(self) -> Option<T> {
        self.ok()
    }
}
