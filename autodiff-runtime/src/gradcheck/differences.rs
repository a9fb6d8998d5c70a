//! Finite differences: the gradient by central differences, coordinate by coordinate, and
//! the derivative of a vector function along a direction, each also where the function has
//! a value on part of its domain only, with a bound on its rounding error.

use super::assert_same_len;
use super::tolerance::{step_at, Tolerance};

/// The gradient of `f` at `x` by central differences, one coordinate at a time with
/// [`step`](super::step).
///
/// Costs `2·x.len()` evaluations of `f`.
///
/// ```
/// use autodiff_runtime::gradcheck::numeric_gradient;
/// let g = numeric_gradient(|x| x[0].sin() * x[1], &[0.5, 2.0]);
/// assert!((g[0] - 0.5_f64.cos() * 2.0).abs() < 1e-9);
/// assert!((g[1] - 0.5_f64.sin()).abs() < 1e-9);
/// ```
pub fn numeric_gradient(f: impl FnMut(&[f64]) -> f64, x: &[f64]) -> Vec<f64> {
    numeric_gradient_at(f, x, f64::EPSILON)
}

/// [`numeric_gradient`] with the steps of a float type of machine epsilon `eps`.
fn numeric_gradient_at(mut f: impl FnMut(&[f64]) -> f64, x: &[f64], eps: f64) -> Vec<f64> {
    numeric_gradient_where_defined(|x| Some(f(x)), x, eps)
        .into_iter()
        .map(|d| d.unwrap_or(f64::NAN))
        .collect()
}

/// The central differences of a function with a value on part of its domain only: `None`
/// for a coordinate whose difference steps out of it (`f(x ± h)` is `None`).
pub(super) fn numeric_gradient_where_defined(
    mut f: impl FnMut(&[f64]) -> Option<f64>,
    x: &[f64],
    eps: f64,
) -> Vec<Option<f64>> {
    let mut probe = x.to_vec();
    (0..x.len())
        .map(|i| central_difference(&mut f, &mut probe, i, eps, 1.0))
        .collect()
}

/// `∂f/∂x_i` at `probe` by a central difference with the step [`step_at`] divided by
/// `shrink`, where `f` has a value on both sides; leaves `probe` as it found it.
fn central_difference(
    f: &mut impl FnMut(&[f64]) -> Option<f64>,
    probe: &mut [f64],
    i: usize,
    eps: f64,
    shrink: f64,
) -> Option<f64> {
    central_difference_with_rounding(f, probe, i, eps, shrink).map(|(d, _)| d)
}

/// [`central_difference`] with a bound on its rounding error, `4ε·max|f(x ± h)| / 2h`
/// (a few ulps lost in each evaluation of `f`, divided by the step).
pub(super) fn central_difference_with_rounding(
    f: &mut impl FnMut(&[f64]) -> Option<f64>,
    probe: &mut [f64],
    i: usize,
    eps: f64,
    shrink: f64,
) -> Option<(f64, f64)> {
    let xi = probe[i];
    let h = step_at(xi, eps) / shrink;
    let (hi, lo) = (xi + h, xi - h);
    probe[i] = hi;
    let f_hi = f(probe);
    probe[i] = lo;
    let f_lo = f(probe);
    probe[i] = xi;
    let (f_hi, f_lo) = (f_hi?, f_lo?);
    // Divide by the step actually taken: `xi ± h` are rounded, while `hi − lo` is
    // (nearly) exact, so this removes the representation error of the step itself.
    let rounding = 4.0 * eps * f_hi.abs().max(f_lo.abs()) / (hi - lo);
    Some(((f_hi - f_lo) / (hi - lo), rounding))
}

/// Whether a difference with rounding error up to `rounding` can judge `analytic` within
/// `tol`: its rounding a tenth of the slack at most.
pub(super) fn precise_enough(rounding: f64, analytic: f64, tol: Tolerance) -> bool {
    rounding <= 0.1 * (tol.abs + tol.rel * analytic.abs())
}

/// `(f(x + h·v) − f(x − h·v)) / 2h`: the derivative of a vector function along `v`.
pub(super) fn directional_fd(
    mut f: impl FnMut(&[f64]) -> Vec<f64>,
    x: &[f64],
    v: &[f64],
    eps: f64,
) -> Vec<f64> {
    directional_fd_where_defined(|x| Some(f(x)), x, v, eps, 1.0)
        .map(|d| d.into_iter().map(|(d, _)| d).collect())
        .unwrap_or_default()
}

/// [`directional_fd`] of a function with a value on part of its domain only, its step
/// divided by `shrink`, each component with a bound on its rounding error (as
/// [`central_difference_with_rounding`]): `None` where the difference steps out of the
/// domain.
pub(super) fn directional_fd_where_defined(
    mut f: impl FnMut(&[f64]) -> Option<Vec<f64>>,
    x: &[f64],
    v: &[f64],
    eps: f64,
    shrink: f64,
) -> Option<Vec<(f64, f64)>> {
    assert_same_len("directional difference", "x", x.len(), "v", v.len());
    let h = directional_step(x, v, eps) / shrink;
    let shifted =
        |sign: f64| -> Vec<f64> { x.iter().zip(v).map(|(xi, vi)| xi + sign * h * vi).collect() };
    let (f_plus, f_minus) = (f(&shifted(1.0))?, f(&shifted(-1.0))?);
    assert_same_len(
        "directional difference",
        "f(x + h·v)",
        f_plus.len(),
        "f(x − h·v)",
        f_minus.len(),
    );
    Some(
        f_plus
            .iter()
            .zip(&f_minus)
            .map(|(p, m)| {
                (
                    (p - m) / (2.0 * h),
                    4.0 * eps * p.abs().max(m.abs()) / (2.0 * h),
                )
            })
            .collect(),
    )
}

/// The scalar `h` such that `h·v` moves the largest coordinate of `x` by its [`step`](super::step).
fn directional_step(x: &[f64], v: &[f64], eps: f64) -> f64 {
    let h = step_at(max_abs(x), eps);
    let v_max = max_abs(v);
    // A zero direction gives a zero difference whatever `h` is; only avoid dividing by 0.
    if v_max > 0.0 {
        h / v_max
    } else {
        h
    }
}

fn max_abs(x: &[f64]) -> f64 {
    x.iter().fold(0.0, |m, xi| m.max(xi.abs()))
}
