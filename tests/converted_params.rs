//! Functions generic over values they convert into the float type (`T: Into<f64> + Copy`,
//! read as `(*y).into()`), as metrics and statistics are written to take integers and
//! floats alike: the derivatives take the values converted (`&[f64]`, `&Array1<f64>`) and
//! differentiate with respect to them. Checked against closed forms worked out by hand and
//! central differences (`_gradcheck`).

// veracity-ml's code casts `f64`s to `f64` (`(n as f64)`), as written.
#![allow(clippy::unnecessary_cast)]

use autodiff::differentiate;
use autodiff::ndarray::{array, Array1};

/// plotters' `Quartiles::percentile_of_sorted` (plotters-rs/plotters,
/// `plotters/src/data/quartiles.rs`), as written. (The struct's fields are read by the rest
/// of plotters, not copied here.)
#[allow(dead_code)]
#[derive(Clone, Debug)]
pub struct Quartiles {
    lower_fence: f64,
    lower: f64,
    median: f64,
    upper: f64,
    upper_fence: f64,
}

impl Quartiles {
    // Extract a value representing the `pct` percentile of a
    // sorted `s`, using linear interpolation.
    #[differentiate(associated)]
    fn percentile_of_sorted<T: Into<f64> + Copy>(s: &[T], pct: f64) -> f64 {
        assert!(!s.is_empty());
        if s.len() == 1 {
            return s[0].into();
        }
        assert!(0_f64 <= pct);
        let hundred = 100_f64;
        assert!(pct <= hundred);
        if (pct - hundred).abs() < f64::EPSILON {
            return s[s.len() - 1].into();
        }
        let length = (s.len() - 1) as f64;
        let rank = (pct / hundred) * length;
        let lower_rank = rank.floor();
        let d = rank - lower_rank;
        let n = lower_rank as usize;
        let lo = s[n].into();
        let hi = s[n + 1].into();
        lo + (hi - lo) * d
    }
}

#[test]
fn a_percentile_of_values_converted_into_f64() {
    let s = [1.0, 2.5, 4.0, 7.5, 9.0];
    // At 37 %: rank 1.48 between s[1] and s[2], d = 0.48: f = 2.5 + 1.5 d,
    // ∂f/∂s = (0, 0.52, 0.48, 0, 0), ∂f/∂pct = (4.0 − 2.5) · 4 / 100.
    let (f, s_bar, pct_bar) = Quartiles::percentile_of_sorted_grad(&s, 37.0);
    assert_eq!(f, Quartiles::percentile_of_sorted(&s, 37.0));
    assert!((f - (2.5 + 1.5 * 0.48)).abs() < 1e-12);
    let expected = [0.0, 0.52, 0.48, 0.0, 0.0];
    for (g, e) in s_bar.iter().zip(expected) {
        assert!((g - e).abs() < 1e-12, "{s_bar:?}");
    }
    assert!((pct_bar - 0.06).abs() < 1e-12);
    for pct in [12.0, 63.0, 83.0] {
        Quartiles::percentile_of_sorted_gradcheck(&s, pct).unwrap();
    }
    // The function itself still takes integers.
    assert_eq!(Quartiles::percentile_of_sorted(&[1_i32, 3], 50.0), 2.0);
    // One value: the value itself.
    assert_eq!(
        Quartiles::percentile_of_sorted_grad(&[4.0], 30.0),
        (4.0, vec![1.0], 0.0)
    );
}

#[derive(Debug)]
pub enum EvaluationMetricError {
    Undefined,
}

/// veracity-ml's adjusted R² (zai11/veracity-ml,
/// `veracity-core/src/evaluation/regression/adjusted_r2.rs`), as written.
#[differentiate]
pub fn _adjusted_r2<T, U>(
    y_pred: &Array1<T>,
    y_actual: &Array1<U>,
    num_features: &usize,
) -> Result<f64, EvaluationMetricError>
where
    T: Into<f64> + Copy + Send + Sync + 'static,
    U: Into<f64> + Copy + Send + Sync + 'static,
{
    assert_eq!(
        y_pred.len(),
        y_actual.len(),
        "Predicted and actual arrays must be the same length"
    );

    let num_features: f64 = *num_features as f64;

    let n: f64 = y_actual.len() as f64;
    assert!(
        n > num_features + 1.0,
        "Number of samples must be greater than number of features + 1"
    );

    let y_mean: f64 = y_actual.iter().map(|y: &U| (*y).into()).sum::<f64>() / (n as f64);

    let ss_total: f64 = y_actual
        .iter()
        .map(|y| {
            let val = (*y).into();
            (val - y_mean).powi(2)
        })
        .sum::<f64>();

    let ss_res: f64 = y_pred
        .iter()
        .zip(y_actual.iter())
        .map(|(yp, ya)| {
            let yp_val = (*yp).into();
            let ya_val = (*ya).into();
            (ya_val - yp_val).powi(2)
        })
        .sum::<f64>();

    let r2: f64 = 1.0 - (ss_res / ss_total);

    Ok(1.0 - (1.0 - r2) * ((n - 1.0) as f64) / ((n - num_features - 1.0) as f64))
}

/// veracity-ml's log-cosh loss (`…/regression/log_cosh_loss.rs`), as written.
#[differentiate]
pub fn _log_cosh_loss<T, U>(
    y_pred: &Array1<T>,
    y_actual: &Array1<U>,
) -> Result<f64, EvaluationMetricError>
where
    T: Into<f64> + Copy + Send + Sync + 'static,
    U: Into<f64> + Copy + Send + Sync + 'static,
{
    assert_eq!(
        y_pred.len(),
        y_actual.len(),
        "Predicted and actual arrays must be the same length"
    );

    if y_pred.is_empty() {
        return Ok(f64::NAN);
    }

    let total_loss: f64 = y_pred
        .iter()
        .zip(y_actual.iter())
        .map(|(y_hat, y)| {
            let diff = (*y).into() - (*y_hat).into();
            (diff.cosh()).ln()
        })
        .sum();

    Ok(total_loss / y_pred.len() as f64)
}

#[test]
fn metrics_of_arrays_converted_into_f64() {
    let (pred, actual) = (array![1.0, 2.5, 2.0, 4.5], array![1.5, 2.0, 3.0, 4.0]);
    // log cosh: ∂/∂ŷᵢ = −tanh(yᵢ − ŷᵢ)/n, ∂/∂yᵢ = tanh(yᵢ − ŷᵢ)/n.
    let (value, pred_bar, actual_bar) = _log_cosh_loss_grad(&pred, &actual).unwrap();
    assert_eq!(value, _log_cosh_loss(&pred, &actual).unwrap());
    for i in 0..4 {
        let t = (actual[i] - pred[i]).tanh() / 4.0;
        assert!((pred_bar[i] + t).abs() < 1e-14 && (actual_bar[i] - t).abs() < 1e-14);
    }
    _log_cosh_loss_gradcheck(&pred, &actual).unwrap();
    // Integers still go to the function itself.
    let ints: Array1<i32> = array![1, 2];
    assert_eq!(_log_cosh_loss(&ints, &ints).unwrap(), 0.0);

    // Adjusted R² = 1 − (SS_res/SS_tot)(n − 1)/(n − p − 1): with n = 4, p = 1, the
    // factor is 3/2; ∂/∂ŷᵢ = (3/2) · 2(yᵢ − ŷᵢ)/SS_tot.
    let p = 1;
    let (value, pred_bar, _) = _adjusted_r2_grad(&pred, &actual, p).unwrap();
    assert_eq!(value, _adjusted_r2(&pred, &actual, &p).unwrap());
    let mean = actual.sum() / 4.0;
    let ss_tot: f64 = actual.iter().map(|y| (y - mean) * (y - mean)).sum();
    for i in 0..4 {
        let closed = 1.5 * 2.0 * (actual[i] - pred[i]) / ss_tot;
        assert!((pred_bar[i] - closed).abs() < 1e-12, "{pred_bar}");
    }
    _adjusted_r2_gradcheck(&pred, &actual, p).unwrap();
}

/// Beside a float type that is itself a type parameter (`F: Float`), a converted parameter
/// stays as written: a constant of the derivatives (here a label).
#[differentiate]
fn hinge<F: autodiff::num_traits::Float, L: Into<f64> + Copy>(score: F, label: L) -> F {
    let y: f64 = label.into();
    if y > 0.0 {
        (F::one() - score).max(F::zero())
    } else {
        (F::one() + score).max(F::zero())
    }
}

/// Only conversions of the converted values are read as the float itself: a `u32` made a
/// `u64`, a `&str` made a `String`, stay conversions.
#[differentiate]
fn scaled_squares<T: Into<f64> + Copy>(s: &[T], small: u32, name: &str) -> f64 {
    let big: u64 = small.into();
    let label: String = name.into();
    let mut acc = 0.0;
    for &y in s {
        let z: f64 = y.into();
        acc += z * z;
    }
    acc / big as f64 * label.len() as f64
}

#[test]
fn other_conversions_and_generic_floats_beside_converted_values() {
    // max(1 − s, 0) at s = 0.25: −1 in the score.
    assert_eq!(hinge_grad(0.25, 1.0), (0.75, -1.0));
    assert_eq!(hinge(0.25_f64, 1_u8), 0.75);
    // (Σ sᵢ²)/2 · 2: ∂/∂sᵢ = 2 sᵢ.
    let (v, s_bar) = scaled_squares_grad(&[1.0, 2.0], 2, "ab");
    assert_eq!((v, s_bar), (5.0, vec![2.0, 4.0]));
    assert_eq!(scaled_squares(&[1_i32, 2], 2, "ab"), 5.0);
}

/// `impl Into<f64>` as a parameter's type: converted as a named type parameter is.
#[differentiate]
fn squared_scaled(x: impl Into<f64> + Copy, k: f64) -> f64 {
    let a: f64 = x.into();
    a * a * k
}

/// A concrete `f64` beside the float type parameter `T`, left out by `wrt`: a constant,
/// converted by `T::from`.
#[differentiate(wrt(x))]
fn scaled_square<T: autodiff::num_traits::Float>(x: T, y: f64) -> T {
    x * x * T::from(y).unwrap()
}

#[test]
fn impl_into_and_a_concrete_float_beside_a_type_parameter() {
    // a²k: ∂/∂a = 2ak, ∂/∂k = a².
    assert_eq!(squared_scaled_grad(2.0, 3.0), (12.0, 12.0, 4.0));
    assert_eq!(squared_scaled(2_i32, 3.0), 12.0);
    assert_eq!(scaled_square_grad(2.0_f64, 3.0), (12.0, 12.0));
    assert_eq!(scaled_square_grad(2.0_f32, 3.0), (12.0, 12.0));
}
