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
//! ```
//! use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
//! let f = |x: &[f64]| x[0] * x[0] * x[1];
//! let x = [3.0, 2.0];
//! // ∂f/∂x₀ = 2·x₀·x₁, ∂f/∂x₁ = x₀².
//! assert!(gradcheck(f, &x, &[12.0, 9.0], Tolerance::default()).is_ok());
//! let report = gradcheck(f, &x, &[12.0, 9.5], Tolerance::default()).unwrap_err();
//! assert_eq!(report.worst().index, 1);
//! ```

use std::fmt;

/// How many random `(v, ȳ)` pairs [`check_vjp`] and [`dot_product_test`] try. One random
/// pair already catches almost every wrong derivative (a wrong `J` passes only if the error
/// is orthogonal to `ȳ vᵀ`); three make an unlucky near-orthogonal draw negligible.
const TRIALS: usize = 3;

/// How many failing rows the report's text shows; the report itself keeps them all.
const MAX_ROWS: usize = 20;

/// Acceptance threshold: a pair `(analytic, numeric)` passes when
/// `|analytic − numeric| ≤ abs + rel · max(|analytic|, |numeric|)`.
///
/// `abs` absorbs finite-difference noise where the true derivative is (near) zero; `rel`
/// scales with the derivative everywhere else. A NaN on either side never passes.
///
/// ```
/// use autodiff_runtime::gradcheck::Tolerance;
/// let tol = Tolerance::default();
/// assert_eq!(tol, Tolerance::new(1e-6, 1e-5));
/// assert!(tol.accepts(1.0, 1.0 + 1e-7));
/// assert!(!tol.accepts(1.0, 1.01));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// Absolute slack, dominant where the derivative is close to zero.
    pub abs: f64,
    /// Relative slack, as a fraction of the larger of the two magnitudes.
    pub rel: f64,
    /// The machine epsilon of the float type the checked function computes in, which sets
    /// the central-difference step ([`step_at`]): `f64::EPSILON` unless the function
    /// computes in `f32` ([`Tolerance::for_f32`]).
    pub eps: f64,
}

impl Tolerance {
    /// A tolerance with the given absolute and relative slack.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Tolerance;
    /// // Tight enough for a dot-product test, which involves no finite difference.
    /// let tight = Tolerance::new(1e-12, 1e-10);
    /// assert_eq!(tight.abs, 1e-12);
    /// assert_eq!(tight.rel, 1e-10);
    /// ```
    pub const fn new(abs: f64, rel: f64) -> Self {
        Self {
            abs,
            rel,
            eps: f64::EPSILON,
        }
    }

    /// The default for a function that computes in `f32`: steps of `∛ε₃₂ · s` (about
    /// 5e-3), whose error is about `ε₃₂^(2/3) ≈ 2.4e-5` times the scale of `f`; `rel = 1e-2`
    /// keeps two to three decades of headroom and still catches a derivative off by more
    /// than 1 %, `abs = 1e-3` absorbs the noise at zero derivatives for `|f|` up to about 40.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// // x³ computed in f32, checked from f64 points.
    /// let f = |x: &[f64]| ((x[0] as f32).powi(3)) as f64;
    /// assert!(gradcheck(f, &[1.3], &[3.0 * 1.69], Tolerance::for_f32()).is_ok());
    /// // f64 steps are lost in f32 rounding: the same check fails.
    /// assert!(gradcheck(f, &[1.3], &[3.0 * 1.69], Tolerance::default()).is_err());
    /// assert!(gradcheck(f, &[1.3], &[3.0 * 1.69 * 1.02], Tolerance::for_f32()).is_err());
    /// ```
    pub const fn for_f32() -> Self {
        Self {
            abs: 1e-3,
            rel: 1e-2,
            eps: f32::EPSILON as f64,
        }
    }

    /// The default for a float type of machine epsilon `eps`: [`Tolerance::default`] for
    /// `f64`, [`Tolerance::for_f32`] for anything coarser.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Tolerance;
    /// assert_eq!(Tolerance::for_epsilon(f64::EPSILON), Tolerance::default());
    /// assert_eq!(Tolerance::for_epsilon(f32::EPSILON as f64), Tolerance::for_f32());
    /// ```
    pub fn for_epsilon(eps: f64) -> Self {
        if eps <= f64::EPSILON {
            Self::default()
        } else {
            Self::for_f32()
        }
    }

    /// The same slack, with steps for a float type of machine epsilon `eps`.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Tolerance;
    /// let t = Tolerance::new(1e-4, 1e-3).with_eps(f32::EPSILON as f64);
    /// assert_eq!((t.abs, t.eps), (1e-4, f32::EPSILON as f64));
    /// ```
    pub const fn with_eps(self, eps: f64) -> Self {
        Self { eps, ..self }
    }

    /// The slack for a Hessian-vector product checked against differences of gradients,
    /// whose noise compounds the gradient's: 100 × wider in `f64`, where the first-order
    /// slack has decades to spare, 5 × in `f32`, where it has not.
    fn for_second_order(self) -> Self {
        let factor = if self.eps <= f64::EPSILON { 100.0 } else { 5.0 };
        Self {
            abs: self.abs * factor,
            rel: self.rel * factor,
            ..self
        }
    }

    /// Whether `analytic` and `numeric` agree within this tolerance (false if either is NaN).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Tolerance;
    /// let tol = Tolerance::new(1e-6, 1e-5);
    /// assert!(tol.accepts(0.0, 5e-7)); // within abs
    /// assert!(tol.accepts(1e6, 1e6 + 5.0)); // within rel
    /// assert!(!tol.accepts(f64::NAN, 1.0));
    /// ```
    pub fn accepts(&self, analytic: f64, numeric: f64) -> bool {
        let scale = analytic.abs().max(numeric.abs());
        // Written so that NaN makes the comparison false, i.e. a failure.
        (analytic - numeric).abs() <= self.abs + self.rel * scale
    }
}

impl Default for Tolerance {
    /// `abs = 1e-6`, `rel = 1e-5`, suited to central differences in `f64` with [`step`].
    ///
    /// With `h = ∛ε · s` (`s = max(1, |x|)`), the truncation error `h²|f‴|/6` and the
    /// rounding error `k·ε·|f|/h` (k ulps lost evaluating `f`) are both about
    /// `ε^(2/3) ≈ 4e-11` times the scale of `f`. `rel = 1e-5` leaves five to six decades of
    /// headroom for badly conditioned functions (`|f| ≫ |f′|`, intermediate cancellation)
    /// while still catching any derivative off by more than 0.001 %; `abs = 1e-6` absorbs
    /// the noise `≈ ε^(2/3)·|f|` at zero derivatives for `|f|` up to about 10⁴.
    fn default() -> Self {
        Self::new(1e-6, 1e-5)
    }
}

/// The central-difference step for a coordinate of value `x`: `∛ε · max(1, |x|)`.
///
/// Central differences have truncation error `O(h²)` and rounding error `O(ε/h)`; their sum
/// is smallest at `h ∝ ∛ε ≈ 6.1e-6`, leaving an error of order `ε^(2/3)`. Scaling by `|x|`
/// keeps the step a fixed number of ulps of `x`, so `x ± h` stays distinct from `x` and
/// the relative accuracy holds for large coordinates too.
///
/// ```
/// use autodiff_runtime::gradcheck::step;
/// let h0 = step(0.0);
/// assert_eq!(h0, f64::EPSILON.cbrt());
/// assert_eq!(step(-0.5), h0); // never below the unit scale
/// assert_eq!(step(1e3), 1e3 * h0);
/// ```
pub fn step(x: f64) -> f64 {
    step_at(x, f64::EPSILON)
}

/// [`step`] for a function computing in a float type of machine epsilon `eps`:
/// `∛eps · max(1, |x|)`.
///
/// ```
/// use autodiff_runtime::gradcheck::{step, step_at};
/// assert_eq!(step_at(2.0, f64::EPSILON), step(2.0));
/// assert!(step_at(0.0, f32::EPSILON as f64) > 4e-3);
/// ```
pub fn step_at(x: f64, eps: f64) -> f64 {
    eps.cbrt() * x.abs().max(1.0)
}

/// The gradient of `f` at `x` by central differences, one coordinate at a time with [`step`].
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
fn numeric_gradient_where_defined(
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
fn central_difference_with_rounding(
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
fn precise_enough(rounding: f64, analytic: f64, tol: Tolerance) -> bool {
    rounding <= 0.1 * (tol.abs + tol.rel * analytic.abs())
}

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
            .failures
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

/// What the report adds where differences changed with the step.
fn unsteady_note(coordinates: &[usize]) -> String {
    let list: Vec<String> = coordinates.iter().map(|i| i.to_string()).collect();
    let what = format!(
        "the central differences of coordinate(s) {}",
        list.join(", ")
    );
    UNSTEADY.replace("{what}", &what)
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

/// The report's note where differences change with the step.
const UNSTEADY: &str = "{what} change with the step (at 1, 1/10 and 1/100 of it they disagree): the function is not smooth within a step of this point (a comparison, a jump or a kink), where differences cannot judge a derivative; check at another point";

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

/// `(f(x + h·v) − f(x − h·v)) / 2h`: the derivative of a vector function along `v`.
fn directional_fd(
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
fn directional_fd_where_defined(
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

/// The scalar `h` such that `h·v` moves the largest coordinate of `x` by its [`step`].
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

/// Collects every pair outside `tol` into a report, or `Ok` if there is none.
fn compare(
    kind: Kind,
    analytic: &[f64],
    numeric: &[f64],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let numeric: Vec<Option<f64>> = numeric.iter().copied().map(Some).collect();
    compare_where_defined(kind, analytic, &numeric, tol)
}

/// [`compare`] where some coordinates have no numeric value to compare with (`None`).
fn compare_where_defined(
    kind: Kind,
    analytic: &[f64],
    numeric: &[Option<f64>],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let failures: Vec<Mismatch> = analytic
        .iter()
        .zip(numeric)
        .enumerate()
        .filter_map(|(index, (&a, n))| n.map(|n| (index, a, n)))
        .filter(|&(_, a, n)| !tol.accepts(a, n))
        .map(|(index, a, n)| Mismatch::new(index, a, n))
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(GradcheckReport::new(kind, analytic.len(), failures))
    }
}

/// One failing coordinate (or trial) of a check.
///
/// ```
/// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
/// let report = gradcheck(|x| 3.0 * x[0], &[1.0], &[2.0], Tolerance::default()).unwrap_err();
/// let m = report.worst();
/// assert_eq!((m.index, m.analytic), (0, 2.0));
/// assert!((m.numeric - 3.0).abs() < 1e-9);
/// assert!((m.abs_err - 1.0).abs() < 1e-9);
/// assert!((m.rel_err - 1.0 / 3.0).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mismatch {
    /// The coordinate (for [`check_vjp`] and [`dot_product_test`]: the trial) that failed.
    pub index: usize,
    /// The derivative under test.
    pub analytic: f64,
    /// The reference it was compared with (a finite difference, or the JVP side).
    pub numeric: f64,
    /// `|analytic − numeric|`.
    pub abs_err: f64,
    /// `|analytic − numeric| / max(|analytic|, |numeric|)`, 0 when both are 0.
    pub rel_err: f64,
}

impl Mismatch {
    fn new(index: usize, analytic: f64, numeric: f64) -> Self {
        let abs_err = (analytic - numeric).abs();
        let scale = analytic.abs().max(numeric.abs());
        let rel_err = if abs_err == 0.0 { 0.0 } else { abs_err / scale };
        Self {
            index,
            analytic,
            numeric,
            abs_err,
            rel_err,
        }
    }

    /// Sort key, larger is worse: relative error is scale-free, so it ranks coordinates of
    /// very different sizes fairly; NaN (a derivative that is not a number) ranks first.
    fn badness(&self) -> (f64, f64) {
        let nan_worst = |e: f64| if e.is_nan() { f64::INFINITY } else { e };
        (nan_worst(self.rel_err), nan_worst(self.abs_err))
    }
}

/// Which check produced a report: decides its wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Gradient,
    Hvp,
    Vjp,
    DotProduct,
}

/// How a report names things: the check, what it counted, the default row label and the
/// two value columns.
struct Wording {
    check: &'static str,
    unit: &'static str,
    label: &'static str,
    analytic: &'static str,
    numeric: &'static str,
}

impl Kind {
    fn wording(self) -> Wording {
        let (check, unit, label, analytic, numeric) = match self {
            Kind::Gradient => ("gradcheck", "coordinates", "x", "analytic", "numeric"),
            Kind::Hvp => ("hvp_check", "coordinates", "Hv", "analytic", "numeric"),
            Kind::Vjp => ("check_vjp", "trials", "trial", "⟨Jᵀȳ, v⟩", "fd ⟨ȳ, Jv⟩"),
            Kind::DotProduct => (
                "dot_product_test",
                "trials",
                "trial",
                "vjp ⟨Jᵀȳ, v⟩",
                "jvp ⟨ȳ, Jv⟩",
            ),
        };
        Wording {
            check,
            unit,
            label,
            analytic,
            numeric,
        }
    }
}

/// Every coordinate (or trial) a check rejected, worst first (largest relative error).
///
/// Its `Display` and `Debug` are the same readable table, so `check(..).unwrap()` in a test
/// prints it; at most 20 rows are printed, all are kept in [`failures`](Self::failures).
///
/// ```
/// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
/// let f = |x: &[f64]| x.iter().map(|xi| xi * xi).sum::<f64>();
/// let x = [1.0, 2.0, 3.0];
/// let report = gradcheck(f, &x, &[2.0, 4.4, 6.06], Tolerance::default()).unwrap_err();
/// assert_eq!(report.checked(), 3);
/// let indices: Vec<usize> = report.failures().iter().map(|m| m.index).collect();
/// assert_eq!(indices, [1, 2]); // 10 % off before 1 % off
/// assert_eq!(report.worst().index, 1);
/// assert_eq!(report.label(), None);
/// let text = report.to_string();
/// assert!(text.starts_with("gradcheck failed for 2 of 3 coordinates; worst first:"));
/// assert!(text.contains("x[1]") && text.contains("x[2]"));
/// ```
#[derive(Clone, PartialEq)]
pub struct GradcheckReport {
    kind: Kind,
    label: Option<String>,
    checked: usize,
    failures: Vec<Mismatch>,
    note: Option<String>,
}

impl GradcheckReport {
    fn new(kind: Kind, checked: usize, mut failures: Vec<Mismatch>) -> Self {
        failures.sort_by(|a, b| {
            let (ka, kb) = (a.badness(), b.badness());
            kb.0.total_cmp(&ka.0).then(kb.1.total_cmp(&ka.1))
        });
        Self {
            kind,
            label: None,
            checked,
            failures,
            note: None,
        }
    }

    /// Adds what the table cannot say (differences that change with the step).
    fn with_note(mut self, note: String) -> Self {
        self.note = Some(note);
        self
    }

    /// What the check adds to the table, if anything: where the differences of a
    /// coordinate changed with the step, that the function is not smooth there.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// // A staircase: flat pieces 1e-9 wide, any step crosses several.
    /// let f = |x: &[f64]| (x[0] * 1e9).floor() * 1e-9;
    /// let report = gradcheck(f, &[0.3], &[0.0], Tolerance::default()).unwrap_err();
    /// assert!(report.note().unwrap().contains("not smooth"));
    /// // A kink (|x| at 0) is judged where a smaller step stays on the point's side.
    /// let g = |x: &[f64]| (x[0] - 3e-6).abs();
    /// assert!(gradcheck(g, &[0.0], &[-1.0], Tolerance::default()).is_ok());
    /// assert!(gradcheck(g, &[0.0], &[1.0], Tolerance::default()).is_err());
    /// ```
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Names what was checked, replacing the default row label (`x`, `Hv`, `trial`):
    /// lets generated code say which parameter's gradient failed.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// let report = gradcheck(|w| w[0] * w[0], &[1.0], &[3.0], Tolerance::default())
    ///     .unwrap_err()
    ///     .with_label("weights");
    /// assert_eq!(report.label(), Some("weights"));
    /// assert!(report.to_string().contains("weights[0]"));
    /// ```
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// The label set by [`with_label`](Self::with_label), if any.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// let report = gradcheck(|x| x[0], &[0.0], &[0.0], Tolerance::default()).unwrap_err();
    /// assert_eq!(report.label(), None);
    /// assert_eq!(report.with_label("b").label(), Some("b"));
    /// ```
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// Every failing coordinate, worst first; never empty.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// let report = gradcheck(|x| x[0] + x[1], &[0.0, 0.0], &[1.0, 0.0], Tolerance::default())
    ///     .unwrap_err();
    /// assert_eq!(report.failures().len(), 1);
    /// assert_eq!(report.failures()[0].index, 1);
    /// ```
    pub fn failures(&self) -> &[Mismatch] {
        &self.failures
    }

    /// The worst failure: largest relative error (NaN counts as worst).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// let report = gradcheck(|x| x[0] + x[1], &[0.0, 0.0], &[1.5, f64::NAN], Tolerance::default())
    ///     .unwrap_err();
    /// assert_eq!(report.worst().index, 1);
    /// ```
    pub fn worst(&self) -> &Mismatch {
        &self.failures[0]
    }

    /// How many coordinates (or trials) were checked, passing or not.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::{gradcheck, Tolerance};
    /// let report = gradcheck(|x| x[0] + x[1], &[0.0, 0.0], &[1.0, 0.0], Tolerance::default())
    ///     .unwrap_err();
    /// assert_eq!(report.checked(), 2);
    /// ```
    pub fn checked(&self) -> usize {
        self.checked
    }
}

impl fmt::Display for GradcheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.kind.wording();
        let name = self.label.as_deref().unwrap_or(w.label);
        write!(
            f,
            "{} failed for {} of {} {}; worst first:",
            w.check,
            self.failures.len(),
            self.checked,
            w.unit
        )?;
        let shown = &self.failures[..self.failures.len().min(MAX_ROWS)];
        // Pad the row labels to one width so the numbers line up as a table.
        let width = shown
            .iter()
            .map(|m| row_label(name, m.index).len())
            .max()
            .unwrap_or(0);
        for m in shown {
            write!(
                f,
                "\n  {:<width$} {} {:>13.6e}, {} {:>13.6e}, abs err {:.2e}, rel err {:.2e}",
                row_label(name, m.index) + ":",
                w.analytic,
                m.analytic,
                w.numeric,
                m.numeric,
                m.abs_err,
                m.rel_err,
                width = width + 1,
            )?;
        }
        let hidden = self.failures.len() - shown.len();
        if hidden > 0 {
            write!(f, "\n  … and {hidden} more")?;
        }
        match &self.note {
            Some(note) => write!(f, "\n  note: {note}"),
            None => Ok(()),
        }
    }
}

fn row_label(name: &str, index: usize) -> String {
    format!("{name}[{index}]")
}

/// Same text as `Display`, so that `.unwrap()` on a failed check prints the table.
impl fmt::Debug for GradcheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for GradcheckReport {}

/// A tiny deterministic PRNG (SplitMix64) for random test points and directions.
///
/// A test utility, **not** cryptographic: one `u64` of state, reproducible from its seed
/// on every platform, statistically good enough (SplitMix64 passes BigCrush) for picking
/// random directions. Any seed, including 0, is fine.
///
/// ```
/// use autodiff_runtime::gradcheck::Rng;
/// let (mut a, mut b) = (Rng::new(42), Rng::new(42));
/// assert_eq!(a.next_u64(), b.next_u64()); // same seed, same stream
/// let x = a.vector(4, -2.0, 2.0);
/// assert!(x.iter().all(|xi| (-2.0..2.0).contains(xi)));
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole stream is determined by `seed`.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    /// ```
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        // SplitMix64 (Steele, Lea & Flood 2014): a Weyl sequence, then a bijective mixer.
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform `f64` in `[0, 1)`.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(3);
    /// assert!((0..100).map(|_| rng.next_f64()).all(|u| (0.0..1.0).contains(&u)));
    /// ```
    pub fn next_f64(&mut self) -> f64 {
        // The top 53 bits fill the mantissa exactly: every value is a multiple of 2⁻⁵³.
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }

    /// A uniform `f64` in `[lo, hi)` (up to rounding of `lo + (hi − lo)·u`).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(5);
    /// let u = rng.uniform(10.0, 20.0);
    /// assert!((10.0..20.0).contains(&u));
    /// ```
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// `n` independent draws of [`uniform(lo, hi)`](Self::uniform).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let v = Rng::new(9).vector(5, -1.0, 1.0);
    /// assert_eq!(v.len(), 5);
    /// assert!(v.iter().all(|vi| (-1.0..1.0).contains(vi)));
    /// ```
    pub fn vector(&mut self, n: usize, lo: f64, hi: f64) -> Vec<f64> {
        (0..n).map(|_| self.uniform(lo, hi)).collect()
    }
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
