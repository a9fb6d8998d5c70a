//! What a failed check reports: every coordinate (or trial) outside the tolerance, worst
//! first, as a readable table (`GradcheckReport`), worded for the check that made it.

use super::tolerance::Tolerance;
use std::fmt;

/// How many failing rows the report's text shows; the report itself keeps them all.
const MAX_ROWS: usize = 20;

/// Collects every pair outside `tol` into a report, or `Ok` if there is none.
pub(super) fn compare(
    kind: Kind,
    analytic: &[f64],
    numeric: &[f64],
    tol: Tolerance,
) -> Result<(), GradcheckReport> {
    let numeric: Vec<Option<f64>> = numeric.iter().copied().map(Some).collect();
    compare_where_defined(kind, analytic, &numeric, tol)
}

/// [`compare`] where some coordinates have no numeric value to compare with (`None`).
pub(super) fn compare_where_defined(
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
    /// The coordinate (for [`check_vjp`](super::check_vjp) and
    /// [`dot_product_test`](super::dot_product_test): the trial) that failed.
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
        let rel_err = match abs_err {
            0.0 => 0.0,
            // (An overflow beside a finite value: infinitely far, not `inf / inf`.)
            e if e.is_infinite() => f64::INFINITY,
            e => e / scale,
        };
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
pub(super) enum Kind {
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
    pub(super) fn with_note(mut self, note: String) -> Self {
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

/// What the report adds where differences changed with the step.
pub(super) fn unsteady_note(coordinates: &[usize]) -> String {
    let list: Vec<String> = coordinates.iter().map(|i| i.to_string()).collect();
    let what = format!(
        "the central differences of coordinate(s) {}",
        list.join(", ")
    );
    UNSTEADY.replace("{what}", &what)
}

/// The report's note where differences change with the step.
pub(super) const UNSTEADY: &str = "{what} change with the step (at 1, 1/10 and 1/100 of it they disagree): the function is not smooth within a step of this point (a comparison, a jump or a kink), where differences cannot judge a derivative; check at another point";
