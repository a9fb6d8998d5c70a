//! Gradient checking: compare derivatives against finite differences and against each other.
//!
//! Every derivative `#[differentiate]` emits, and every hand-written one it is measured
//! against, should be checked here before anyone trusts it:
//!
//! - [`gradcheck`] compares a gradient with central differences, coordinate by coordinate;
//! - [`check_vjp`] compares a vector-Jacobian product `Jᵀȳ` with a central difference of the
//!   function along a random direction `v`, through `⟨Jᵀȳ, v⟩ = ⟨ȳ, J v⟩` (JAX's `check_vjp`);
//! - [`dot_product_test`] checks that a JVP and a VJP are adjoint, `⟨ȳ, J v⟩ = ⟨Jᵀȳ, v⟩`,
//!   with no finite difference at all, so it can use a far tighter tolerance;
//! - [`hvp_fd`] and [`hvp_check`] do the same for Hessian-vector products, differencing the
//!   gradient.
//!
//! Everything runs in `f64`: finite differences in `f32` lose too many digits to tell a
//! wrong derivative from rounding. Failures come back as a [`GradcheckReport`] whose `Debug`
//! is its readable table, so `.unwrap()` in a test prints which coordinate is wrong.
//!
//! The step follows the classic error balance of central differences: truncation error
//! `h²·|f‴|/6` against rounding error `ε·|f|/h` is minimised near `h = ∛ε` (see [`step`]),
//! scaled by the size of the coordinate so large inputs are not perturbed below their ulp.
//!
//! This file holds the checks; beside it, `tolerance` (when a pair passes, and the step),
//! `differences` (the finite differences), `report` (what a failure says), `rng` (the random
//! directions) and `derivatives` (the checks `f_gradcheck` runs, all derivatives at once).
//!
//! ```
//! use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
//! let f = |x: &[f64]| x[0] * x[0] * x[1];
//! let x = [3.0, 2.0];
//! // ∂f/∂x₀ = 2·x₀·x₁, ∂f/∂x₁ = x₀².
//! assert!(gradcheck(f, &x, &[12.0, 9.0], Tolerance::default()).is_ok());
//! let report = gradcheck(f, &x, &[12.0, 9.5], Tolerance::default()).unwrap_err();
//! assert_eq!(report.worst().index, 1);
//! ```

mod derivatives;
mod differences;
mod report;
mod rng;
mod tolerance;

pub use derivatives::*;
pub use differences::numeric_gradient;
pub use report::{GradcheckReport, Mismatch};
pub use rng::Rng;
pub use tolerance::{step, step_at, Tolerance};

use differences::{
    central_difference_with_rounding, directional_fd, directional_fd_where_defined,
    numeric_gradient_where_defined, precise_enough,
};
use report::{compare, compare_where_defined, unsteady_note, Kind, UNSTEADY};

/// How many random `(v, ȳ)` pairs [`check_vjp`] and [`dot_product_test`] try. One random
/// pair already catches almost every wrong derivative (a wrong `J` passes only if the error
/// is orthogonal to `ȳ vᵀ`); three make an unlucky near-orthogonal draw negligible.
const TRIALS: usize = 3;

/// Checks an `analytic` gradient of `f` at `x` against [`numeric_gradient`], its steps
/// those of `tol.eps` ([`step_at`]).
///
/// Returns every coordinate outside `tol` in a [`GradcheckReport`], worst first.
///
/// # Panics
///
/// If `analytic.len() != x.len()`, naming both lengths: a gradient of the wrong length is
/// a bug in the caller's plumbing, not a coordinate that can be compared, so it is not
/// squeezed into a report.
///
/// ```
/// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
/// let f = |x: &[f64]| x[0] * x[0];
/// assert!(gradcheck(f, &[3.0], &[6.0], Tolerance::default()).is_ok());
/// let report = gradcheck(f, &[3.0], &[6.1], Tolerance::default()).unwrap_err();
/// assert!(report.to_string().contains("x[0]"));
/// ```
pub fn gradcheck(
    mut f: impl FnMut(&[f64]) -> f64,
    x: &[f64],
    analytic: &[f64],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    gradcheck_where_defined(|x| Some(f(x)), x, analytic, tol).map(|_| ())
}

/// [`gradcheck`] of a function with a value on part of its domain only (`f` is `None`
/// where it has none): a coordinate whose central difference steps out of the domain is
/// not checked. Returns which coordinates were.
fn gradcheck_where_defined(
    mut f: impl FnMut(&[f64]) -> Option<f64>,
    x: &[f64],
    analytic: &[f64],
    tol: Tolerance,
) -> Result<Vec<bool>, GradcheckReport> {
    assert_same_len(
        "gradcheck",
        "x",
        x.len(),
        "the analytic gradient",
        analytic.len(),
    );
    let mut numeric = numeric_gradient_where_defined(&mut f, x, tol.eps);
    let unsteady = retry_with_smaller_steps(&mut f, x, analytic, &mut numeric, tol);
    compare_where_defined(Kind::Gradient, analytic, &numeric, tol).map_err(|report| {
        let shown: Vec<usize> = report
            .failures()
            .iter()
            .map(|m| m.index)
            .filter(|i| unsteady.contains(i))
            .collect();
        match shown.is_empty() {
            true => report,
            false => report.with_note(unsteady_note(&shown)),
        }
    })?;
    Ok(numeric.iter().map(Option::is_some).collect())
}

/// How much smaller the steps of a second look are, after the first disagrees.
const SHRINKS: [f64; 2] = [10.0, 100.0];

/// A second look at each coordinate whose difference disagrees with `analytic`: the
/// differences at steps 10 and 100 times smaller. A function with a jump or a kink within
/// a step of the point (a comparison flipping, as in a bisection or a ternary search) has a
/// first difference across it; a smaller step may stay on the point's own piece, and where
/// one agrees it replaces the first. A smooth function's differences converge to its
/// derivative, so a wrong derivative does not pass this way, provided the smaller step's
/// rounding error (`4ε|f|/2h`, large in `f32` or where `|f| ≫ |f′|`) is well inside the
/// tolerance: a difference too coarse to judge is never taken (`precise_enough`). Returns
/// the coordinates whose differences change with the step and never agree.
fn retry_with_smaller_steps(
    f: &mut impl FnMut(&[f64]) -> Option<f64>,
    x: &[f64],
    analytic: &[f64],
    numeric: &mut [Option<f64>],
    tol: Tolerance,
) -> Vec<usize> {
    let mut probe = x.to_vec();
    let mut unsteady = vec![];
    for (i, (&a, n)) in analytic.iter().zip(numeric.iter_mut()).enumerate() {
        let Some(first) = *n else { continue };
        if tol.accepts(a, first) {
            continue;
        }
        let smaller =
            SHRINKS.map(|k| central_difference_with_rounding(f, &mut probe, i, tol.eps, k));
        let judged =
            |&&(d, rounding): &&(f64, f64)| tol.accepts(a, d) && precise_enough(rounding, a, tol);
        if let Some((agrees, _)) = smaller.iter().flatten().find(judged) {
            *n = Some(*agrees);
        } else if smaller
            .iter()
            .flatten()
            .any(|&(d, _)| !tol.accepts(first, d))
        {
            unsteady.push(i);
        }
    }
    unsteady
}

/// Checks a vector-Jacobian product `vjp(ȳ) = Jᵀȳ` of `f` at `x` against finite differences.
///
/// For a few random `v` and `ȳ` (uniform in `[-1, 1]`, drawn from `seed`) it compares
/// `⟨vjp(ȳ), v⟩` (the report's "analytic") with `⟨ȳ, J v⟩`, where `J v` is a central
/// difference of `f` along `v` (the report's "numeric"). This is JAX's `check_vjp`: one
/// directional difference per trial instead of a full Jacobian.
///
/// The step along `v` is `step(‖x‖∞) / ‖v‖∞`, so the largest coordinate moves by its own
/// [`step`]; when coordinates differ in size by many orders, prefer [`gradcheck`] per output.
///
/// # Panics
///
/// If `vjp` returns a vector whose length differs from `x.len()`, or `f` changes its
/// output length.
///
/// ```
/// use autodiff_runtime::gradcheck::{check_vjp, Tolerance};
/// // f(x) = (x₀·x₁, x₁²); Jᵀȳ = (ȳ₀·x₁, ȳ₀·x₀ + 2·ȳ₁·x₁).
/// let x = [2.0, 3.0];
/// let f = |x: &[f64]| vec![x[0] * x[1], x[1] * x[1]];
/// let vjp = |y: &[f64]| vec![y[0] * 3.0, y[0] * 2.0 + 2.0 * y[1] * 3.0];
/// assert!(check_vjp(f, &x, vjp, 7, Tolerance::default()).is_ok());
/// let wrong = |y: &[f64]| vec![y[0] * 3.0, y[0] * 2.0];
/// assert!(check_vjp(f, &x, wrong, 7, Tolerance::default()).is_err());
/// ```
pub fn check_vjp(
    mut f: impl FnMut(&[f64]) -> Vec<f64>,
    x: &[f64],
    mut vjp: impl FnMut(&[f64]) -> Vec<f64>,
    seed: u64,
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let n_out = f(x).len();
    let (analytic, numeric) = trials(seed, x.len(), n_out, |v, ybar| {
        let jty = vjp(ybar);
        assert_same_len("check_vjp", "x", x.len(), "vjp(ȳ)", jty.len());
        let jv = directional_fd(&mut f, x, v, tol.eps);
        assert_same_len("check_vjp", "f(x)", n_out, "f(x ± h·v)", jv.len());
        (dot(&jty, v), dot(ybar, &jv))
    });
    compare(Kind::Vjp, &analytic, &numeric, tol)
}

/// The dot-product (adjoint) test: checks `⟨ȳ, jvp(v)⟩ = ⟨vjp(ȳ), v⟩` for a few random
/// `v ∈ [-1, 1]^n_in`, `ȳ ∈ [-1, 1]^n_out` drawn from `seed`.
///
/// Both sides are exact up to rounding, so a tight tolerance such as
/// `Tolerance::new(1e-12, 1e-10)` suits it. In the report, "vjp" is `⟨vjp(ȳ), v⟩` (stored
/// as [`Mismatch::analytic`]) and "jvp" is `⟨ȳ, jvp(v)⟩` ([`Mismatch::numeric`]).
///
/// # Panics
///
/// If `jvp` does not return `n_out` values or `vjp` does not return `n_in`.
///
/// ```
/// use autodiff_runtime::gradcheck::{dot_product_test, Tolerance};
/// // J = [[1, 2], [3, 4], [5, 6]]: 2 inputs, 3 outputs.
/// let a = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
/// let jvp = |v: &[f64]| a.iter().map(|r| r[0] * v[0] + r[1] * v[1]).collect::<Vec<_>>();
/// let vjp = |y: &[f64]| (0..2).map(|j| (0..3).map(|i| a[i][j] * y[i]).sum()).collect::<Vec<_>>();
/// let tight = Tolerance::new(1e-12, 1e-10);
/// assert!(dot_product_test(jvp, vjp, 2, 3, 1, tight).is_ok());
/// let transposed_wrong = |y: &[f64]| vec![y[0] + 2.0 * y[1], 3.0 * y[0] + 4.0 * y[1]];
/// assert!(dot_product_test(jvp, transposed_wrong, 2, 3, 1, tight).is_err());
/// ```
pub fn dot_product_test(
    mut jvp: impl FnMut(&[f64]) -> Vec<f64>,
    mut vjp: impl FnMut(&[f64]) -> Vec<f64>,
    n_in: usize,
    n_out: usize,
    seed: u64,
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let (via_vjp, via_jvp) = trials(seed, n_in, n_out, |v, ybar| {
        let jv = jvp(v);
        assert_same_len("dot_product_test", "jvp(v)", jv.len(), "n_out", n_out);
        let jty = vjp(ybar);
        assert_same_len("dot_product_test", "vjp(ȳ)", jty.len(), "n_in", n_in);
        (dot(&jty, v), dot(ybar, &jv))
    });
    compare(Kind::DotProduct, &via_vjp, &via_jvp, tol)
}

/// A finite-difference Hessian-vector product: `(∇f(x + h·v) − ∇f(x − h·v)) / 2h`.
///
/// `h = step(‖x‖∞) / ‖v‖∞`, so the perturbation `h·v` is one [`step`] of the largest
/// coordinate whatever the length of `v`. Costs two gradient evaluations.
///
/// # Panics
///
/// If `v.len() != x.len()`, or `grad` returns vectors of different lengths.
///
/// ```
/// use autodiff_runtime::gradcheck::hvp_fd;
/// // f = x₀²·x₁: H = [[2x₁, 2x₀], [2x₀, 0]].
/// let grad = |x: &[f64]| vec![2.0 * x[0] * x[1], x[0] * x[0]];
/// let hv = hvp_fd(grad, &[1.0, 2.0], &[1.0, -1.0]);
/// assert!((hv[0] - (4.0 - 2.0)).abs() < 1e-8);
/// assert!((hv[1] - 2.0).abs() < 1e-8);
/// ```
pub fn hvp_fd(grad: impl FnMut(&[f64]) -> Vec<f64>, x: &[f64], v: &[f64]) -> Vec<f64> {
    directional_fd(grad, x, v, f64::EPSILON)
}

/// Checks an analytic Hessian-vector product `analytic_hv = H(x)·v` against [`hvp_fd`], its
/// step that of `tol.eps` ([`step_at`]).
///
/// # Panics
///
/// If `v` or `analytic_hv` has a length other than `x.len()`, or `grad` does.
///
/// ```
/// use autodiff_runtime::gradcheck::{hvp_check, Tolerance};
/// // f = Σ xᵢ³/3: ∇f = (xᵢ²), H = diag(2xᵢ).
/// let grad = |x: &[f64]| x.iter().map(|xi| xi * xi).collect::<Vec<_>>();
/// let (x, v) = ([1.0, -2.0], [0.5, 1.0]);
/// assert!(hvp_check(grad, &x, &v, &[1.0, -4.0], Tolerance::default()).is_ok());
/// let report = hvp_check(grad, &x, &v, &[1.0, 4.0], Tolerance::default()).unwrap_err();
/// assert_eq!(report.worst().index, 1);
/// ```
pub fn hvp_check(
    grad: impl FnMut(&[f64]) -> Vec<f64>,
    x: &[f64],
    v: &[f64],
    analytic_hv: &[f64],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let mut grad = grad;
    hvp_check_where_defined(|x| Some(grad(x)), x, v, analytic_hv, tol)
}

/// [`hvp_check`] of a gradient with a value on part of the domain only: where the difference
/// steps out of it, there is nothing to check.
fn hvp_check_where_defined(
    mut grad: impl FnMut(&[f64]) -> Option<Vec<f64>>,
    x: &[f64],
    v: &[f64],
    analytic_hv: &[f64],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    assert_same_len("hvp_check", "x", x.len(), "analytic_hv", analytic_hv.len());
    let Some(first) = directional_fd_where_defined(&mut grad, x, v, tol.eps, 1.0) else {
        return Ok(());
    };
    assert_same_len("hvp_check", "x", x.len(), "the gradient", first.len());
    let values = |d: &[(f64, f64)]| -> Vec<f64> { d.iter().map(|&(d, _)| d).collect() };
    let numeric = values(&first);
    let Err(report) = compare(Kind::Hvp, analytic_hv, &numeric, tol) else {
        return Ok(());
    };
    // A second look at smaller steps, as `retry_with_smaller_steps` takes for gradients,
    // taken only where every component is precise enough to judge.
    let mut unsteady = false;
    for k in SHRINKS {
        let Some(smaller) = directional_fd_where_defined(&mut grad, x, v, tol.eps, k) else {
            continue;
        };
        let precise = smaller
            .iter()
            .zip(analytic_hv)
            .all(|(&(_, rounding), &a)| precise_enough(rounding, a, tol));
        let smaller = values(&smaller);
        if precise && compare(Kind::Hvp, analytic_hv, &smaller, tol).is_ok() {
            return Ok(());
        }
        unsteady |= compare(Kind::Hvp, &numeric, &smaller, tol).is_err();
    }
    Err(match unsteady {
        true => report.with_note(UNSTEADY.replace("{what}", "the differences of the gradient")),
        false => report,
    })
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Runs [`TRIALS`] random `(v, ȳ)` pairs through `pair`, collecting both sides of each.
fn trials(
    seed: u64,
    n_in: usize,
    n_out: usize,
    mut pair: impl FnMut(&[f64], &[f64]) -> (f64, f64),
) -> (Vec<f64>, Vec<f64>) {
    let mut rng = Rng::new(seed);
    (0..TRIALS)
        .map(|_| {
            let v = rng.vector(n_in, -1.0, 1.0);
            let ybar = rng.vector(n_out, -1.0, 1.0);
            pair(&v, &ybar)
        })
        .unzip()
}

#[track_caller]
fn assert_same_len(check: &str, a: &str, a_len: usize, b: &str, b_len: usize) {
    assert!(
        a_len == b_len,
        "{check}: length mismatch: {a} has length {a_len} but {b} has length {b_len}"
    );
}
