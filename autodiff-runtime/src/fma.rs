//! Fused multiply-add for tangent code, chosen when the program runs.
//!
//! Forward mode spends most of its extra work on sums of scaled tangents, `α ẋ + β`: one
//! instruction with fused multiply-add (FMA), two without. A default x86-64 build cannot
//! assume the CPU has FMA (most made since 2013 do), and `f64::mul_add` compiled
//! without it is a slow library call. So a generated `f_jvp` holds its tangent code once,
//! generic over [`MulAdd`], and runs the [`Fused`] instance through [`run_fused`],
//! compiled for FMA, where the CPU has it ([`use_fused`]), the [`Separate`] one otherwise:
//! the library's own function multiversioning, with the unsafe part here rather than in
//! the user's crate. The primal value is never fused, so it is bitwise the same
//! everywhere; the derivative's last bits may differ between CPUs with and without FMA.

use num_traits::Float;
use std::sync::atomic::{AtomicU8, Ordering};

/// How tangent code computes `a·b + c`.
pub trait MulAdd {
    /// `a·b + c`.
    ///
    /// ```
    /// use autodiff_runtime::fma::{Fused, MulAdd, Separate};
    /// assert_eq!(Fused::mul_add(2.0_f64, 3.0, 1.0), 7.0);
    /// assert_eq!(Separate::mul_add(2.0_f64, 3.0, 1.0), 7.0);
    /// ```
    fn mul_add<T: Float>(a: T, b: T, c: T) -> T;
}

/// One rounding: `T::mul_add`. Used where the code is compiled for FMA (inside
/// [`run_fused`], or in a build whose target has it); elsewhere it is a library call.
///
/// ```
/// use autodiff_runtime::fma::{Fused, MulAdd};
/// // 0.1·10 − 1 rounded once: the error of 0.1's rounding, 2⁻⁵⁴.
/// assert_eq!(Fused::mul_add(0.1_f64, 10.0, -1.0), 2f64.powi(-54));
/// ```
pub struct Fused;

/// A product and a sum, two roundings: what the program wrote.
///
/// ```
/// use autodiff_runtime::fma::{MulAdd, Separate};
/// assert_eq!(Separate::mul_add(0.1_f64, 10.0, -1.0), 0.0);
/// ```
pub struct Separate;

impl MulAdd for Fused {
    #[inline(always)]
    fn mul_add<T: Float>(a: T, b: T, c: T) -> T {
        a.mul_add(b, c)
    }
}

impl MulAdd for Separate {
    #[inline(always)]
    fn mul_add<T: Float>(a: T, b: T, c: T) -> T {
        a * b + c
    }
}

/// Whether generated tangent code runs fused: the CPU has FMA (known at build time where
/// the target has it — aarch64, or x86-64 built with the `fma` feature — and detected once
/// per process on other x86-64 builds), unless [`set_fused`] turned it off.
///
/// ```
/// let _ = autodiff_runtime::fma::use_fused();
/// ```
#[inline]
pub fn use_fused() -> bool {
    match STATE.load(Ordering::Relaxed) {
        FUSED => true,
        SEPARATE => false,
        _ => {
            let fused = available();
            STATE.store(if fused { FUSED } else { SEPARATE }, Ordering::Relaxed);
            fused
        }
    }
}

/// Turns the run-time choice of fused tangents off (`false`) or back on where the CPU has
/// FMA (`true`), for the whole process. With it off, a default x86-64 build rounds every
/// derivative the same on every CPU; code that is not dispatched (see the crate's README)
/// still fuses where the build target itself has FMA (aarch64, `-C target-cpu=native`).
///
/// ```
/// use autodiff_runtime::fma::{use_fused, set_fused};
/// set_fused(false);
/// assert!(!use_fused());
/// set_fused(true);
/// ```
pub fn set_fused(on: bool) {
    let fused = on && available();
    STATE.store(if fused { FUSED } else { SEPARATE }, Ordering::Relaxed);
}

static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);
const UNKNOWN: u8 = 0;
const FUSED: u8 = 1;
const SEPARATE: u8 = 2;

fn available() -> bool {
    cfg!(any(target_feature = "fma", target_arch = "aarch64")) || detect()
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn detect() -> bool {
    std::arch::is_x86_feature_detected!("fma")
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn detect() -> bool {
    false
}

/// Runs `fused`, compiled for FMA where the CPU has it ([`use_fused`]): it, and what it calls
/// with `#[inline(always)]`, are inlined into a function built with the `fma` feature.
/// Where the CPU has no FMA it runs as ordinary code (correct, but `mul_add` is then a
/// library call): callers check [`use_fused`] first and run their [`Separate`] form instead.
///
/// ```
/// use autodiff_runtime::fma::{use_fused, run_fused, Fused, MulAdd, Separate};
/// let y = if use_fused() {
///     run_fused(|| Fused::mul_add(0.1_f64, 10.0, -1.0))
/// } else {
///     Separate::mul_add(0.1, 10.0, -1.0)
/// };
/// assert!(y.abs() < 1e-16);
/// ```
#[inline]
pub fn run_fused<R>(fused: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "fma")))]
    if detect() {
        // SAFETY: the CPU has FMA, checked just above (`std` caches the answer).
        return unsafe { compiled_for_fma(fused) };
    }
    fused()
}

/// `f()`, with FMA enabled for the code inlined into it.
#[cfg(all(target_arch = "x86_64", not(target_feature = "fma")))]
#[target_feature(enable = "fma")]
unsafe fn compiled_for_fma<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0.1·10 − 1 is 0 with two roundings and 2⁻⁵⁴ (the rounding error of 0.1 times 10)
    /// with one.
    #[test]
    fn fused_rounds_once_and_separate_twice() {
        assert_eq!(
            run_fused(|| Fused::mul_add(0.1_f64, 10.0, -1.0)),
            2f64.powi(-54)
        );
        assert_eq!(Separate::mul_add(0.1_f64, 10.0, -1.0), 0.0);
    }
}
