//! When a derivative passes a check (`Tolerance`), and the central-difference step a check
//! takes (`step`): the classic error balance of central differences.

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
    pub(super) fn for_second_order(self) -> Self {
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
    /// assert!(!tol.accepts(f64::NEG_INFINITY, -1e16)); // an overflow is not close to anything
    /// ```
    pub fn accepts(&self, analytic: f64, numeric: f64) -> bool {
        // An infinity matches only itself: the relative tolerance of an infinite scale
        // would accept any value beside it.
        if analytic.is_infinite() || numeric.is_infinite() {
            return analytic == numeric;
        }
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
