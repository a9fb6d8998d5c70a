//! Sums and means that are finite whenever the exact result fits in the float type.
//!
//! Accumulating `n` finite terms in the float type can overflow in a partial sum although the
//! total fits (`MAX + MAX − MAX`), and a sum although the mean fits (`(MAX + MAX)/2`). Every
//! reduction of `ops` (and `unbroadcast`'s sums over stretched axes) accumulates as it always has; only when that result is not finite
//! is it computed again by these helpers, with each term multiplied by `c = 2⁻ᵏ`, `2ᵏ ≥ n`: no
//! partial sum of `n` scaled finite terms can exceed `n · MAX · c ≤ MAX`. A power of two scales
//! exactly (outside the subnormal range, far below the ulp of a sum that overflowed), so the
//! second pass rounds as the first would have without the overflow. Ordinary inputs never take
//! it, and keep their results bit for bit.
//!
//! Non-finite terms stay non-finite under the scaling (∞·c = ∞, NaN·c = NaN), so an input
//! `inf` or `NaN` still gives a non-finite result.

use ndarray::{Array, ArrayBase, Axis, Data, RemoveAxis, Zip};
use num_traits::Float;

/// `c = 2⁻ᵏ` for the least `k` with `2ᵏ ≥ n`: `n` finite terms times `c` add up without overflow.
fn count_scale<T: Float>(n: usize) -> T {
    let k = usize::BITS - n.saturating_sub(1).leading_zeros();
    let half = T::one() / (T::one() + T::one());
    // Repeated squaring of ½ is exact: every intermediate is a power of two in range.
    half.powi(k as i32)
}

/// `Σ terms` of `n` terms, each scaled by `c = 2⁻ᵏ ≤ 1/n` and the sum scaled back: `(Σ c·xᵢ)/c`.
pub(crate) fn rescaled_sum<T: Float>(n: usize, terms: impl IntoIterator<Item = T>) -> T {
    let c = count_scale::<T>(n);
    terms.into_iter().fold(T::zero(), |s, x| s + x * c) / c
}

/// The mean of `n` terms without overflow: `((Σ c·xᵢ)/n)/c`, dividing by `n` before scaling back.
pub(crate) fn rescaled_mean<T: Float>(n: usize, terms: impl IntoIterator<Item = T>) -> T {
    let c = count_scale::<T>(n);
    let n_t = T::from(n).expect("a count is representable in every float type");
    terms.into_iter().fold(T::zero(), |s, x| s + x * c) / n_t / c
}

/// `plain` if it is finite, else the sum again by [`rescaled_sum`].
pub(crate) fn finite_sum<T: Float, I: IntoIterator<Item = T>>(
    plain: T,
    n: usize,
    terms: impl FnOnce() -> I,
) -> T {
    if plain.is_finite() {
        plain
    } else {
        rescaled_sum(n, terms())
    }
}

/// `plain` (a mean) if it is finite, else the mean again by [`rescaled_mean`].
pub(crate) fn finite_mean<T: Float, I: IntoIterator<Item = T>>(
    plain: T,
    n: usize,
    terms: impl FnOnce() -> I,
) -> T {
    if plain.is_finite() {
        plain
    } else {
        rescaled_mean(n, terms())
    }
}

/// ndarray's `sum_axis`, with every lane whose sum is not finite summed again by
/// [`rescaled_sum`].
pub(crate) fn sum_axis<T, S, D>(a: &ArrayBase<S, D>, axis: Axis) -> Array<T, D::Smaller>
where
    T: Float + 'static,
    S: Data<Elem = T>,
    D: RemoveAxis,
{
    let mut sums = a.sum_axis(axis);
    if sums.iter().any(|s| !s.is_finite()) {
        Zip::from(&mut sums)
            .and(a.lanes(axis))
            .for_each(|s, lane| *s = finite_sum(*s, lane.len(), || lane.iter().copied()));
    }
    sums
}

/// A power of two `c` with `max_abs · c` in `[½, 1]` (in `[½, 8]` near the largest float: `c`
/// stays normal, and so does `1/c`): scaling a row by `c` makes its squares and sums safe from
/// overflow and underflow alike, and scaling back is exact.
pub(crate) fn unit_scale<T: Float>(max_abs: T) -> T {
    let two = T::one() + T::one();
    // The exponent range where 2^±e is normal: log₂ of the least normal float is exact.
    let limit = -T::min_positive_value().log2() - T::one();
    let e = max_abs.log2().ceil().max(-limit).min(limit);
    let e = e.to_i32().unwrap_or(0);
    if e >= 0 {
        two.recip().powi(e)
    } else {
        two.powi(-e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_scales_are_the_powers_of_two_at_or_below_one_over_n() {
        assert_eq!(count_scale::<f64>(0), 1.0);
        assert_eq!(count_scale::<f64>(1), 1.0);
        assert_eq!(count_scale::<f64>(2), 0.5);
        assert_eq!(count_scale::<f64>(3), 0.25);
        assert_eq!(count_scale::<f64>(4), 0.25);
        assert_eq!(count_scale::<f32>(1025), 1.0 / 2048.0);
    }

    #[test]
    fn unit_scales_bring_the_largest_magnitude_near_one() {
        for m in [1e-300_f64, 3e-5, 0.7, 1.0, 6.0, 1e20, 1e300] {
            let s = m * unit_scale(m);
            assert!((0.5..=1.0).contains(&s), "{m}: {s}");
        }
        for m in [1e-30_f32, 1.0, 1e20, 1e37] {
            let s = m * unit_scale(m);
            assert!((0.5..=1.0).contains(&s), "{m}: {s}");
        }
        // Near the largest float the scale stops at the least normal power of two.
        assert_eq!(f32::MAX * unit_scale(f32::MAX), f32::MAX * 2f32.powi(-125));
        assert_eq!(unit_scale(f64::MAX), 2f64.powi(-1021));
        // Below the clamp the scale stops growing, and stays exact.
        let c = unit_scale(f32::MIN_POSITIVE / 8.0);
        assert!(c.is_normal() && c.recip().is_normal());
    }

    #[test]
    fn rescaled_sums_survive_an_overflowing_partial_sum() {
        let m = f64::MAX;
        assert_eq!([m, m, -m].iter().sum::<f64>(), f64::INFINITY);
        assert_eq!(rescaled_sum(3, [m, m, -m]), m);
        assert_eq!(rescaled_mean(4, [m; 4]), m);
        assert_eq!(rescaled_sum(3, [f64::INFINITY, 1.0, 2.0]), f64::INFINITY);
        assert!(rescaled_sum(2, [f64::NAN, 1.0]).is_nan());
    }
}
