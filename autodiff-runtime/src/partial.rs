//! Local partial derivatives of the elementary float functions: the one rule table.
//!
//! Every elementary function `y = f(x, …)` is written once here as its partials
//! `∂y/∂x, …`, given its arguments and its already computed value `y` (so `exp`,
//! `sqrt` and `tanh` reuse `y` instead of recomputing). Forward mode ([`Dual`](crate::Dual)),
//! the scalar tape ([`Value`](crate::Value)) and the code `#[differentiate]` emits all
//! call these functions, so the three can never disagree on a derivative.
//!
//! All rules are generic over [`Float`], which is what makes second order work:
//! instantiated with a dual number they differentiate themselves.
//!
//! Conventions at non-differentiable points (documented subgradients):
//! `abs'(0) = 0`; `max(a, b)` and `min(a, b)` send the whole derivative to `a` on a tie;
//! `clamp` passes the derivative to `x` on the closed interval `[lo, hi]`;
//! `floor`, `ceil`, `round`, `trunc` and `signum` have derivative zero, `fract` one.
//!
//! ```
//! use autodiff_runtime::partial;
//! let x = 0.5_f64;
//! let y = x.sin();
//! assert_eq!(partial::sin(x, y), x.cos());
//! ```

use num_traits::Float;

#[inline(always)]
fn two<T: Float>() -> T {
    T::one() + T::one()
}

/// ∂sin(x)/∂x = cos x
#[inline]
pub fn sin<T: Float>(x: T, _y: T) -> T {
    x.cos()
}
/// ∂cos(x)/∂x = −sin x
#[inline]
pub fn cos<T: Float>(x: T, _y: T) -> T {
    -x.sin()
}
/// ∂tan(x)/∂x = 1 + tan² x
#[inline]
pub fn tan<T: Float>(_x: T, y: T) -> T {
    T::one() + y * y
}
/// ∂asin(x)/∂x = 1 / √(1 − x²)
#[inline]
pub fn asin<T: Float>(x: T, _y: T) -> T {
    (T::one() - x * x).sqrt().recip()
}
/// ∂acos(x)/∂x = −1 / √(1 − x²)
#[inline]
pub fn acos<T: Float>(x: T, _y: T) -> T {
    -(T::one() - x * x).sqrt().recip()
}
/// ∂atan(x)/∂x = 1 / (1 + x²)
#[inline]
pub fn atan<T: Float>(x: T, _y: T) -> T {
    (T::one() + x * x).recip()
}
/// ∂sinh(x)/∂x = cosh x
#[inline]
pub fn sinh<T: Float>(x: T, _y: T) -> T {
    x.cosh()
}
/// ∂cosh(x)/∂x = sinh x
#[inline]
pub fn cosh<T: Float>(x: T, _y: T) -> T {
    x.sinh()
}
/// ∂tanh(x)/∂x = 1 − tanh² x
#[inline]
pub fn tanh<T: Float>(_x: T, y: T) -> T {
    T::one() - y * y
}
/// ∂asinh(x)/∂x = 1 / √(x² + 1)
#[inline]
pub fn asinh<T: Float>(x: T, _y: T) -> T {
    (x * x + T::one()).sqrt().recip()
}
/// ∂acosh(x)/∂x = 1 / √(x² − 1)
#[inline]
pub fn acosh<T: Float>(x: T, _y: T) -> T {
    (x * x - T::one()).sqrt().recip()
}
/// ∂atanh(x)/∂x = 1 / (1 − x²)
#[inline]
pub fn atanh<T: Float>(x: T, _y: T) -> T {
    (T::one() - x * x).recip()
}
/// ∂eˣ/∂x = eˣ
#[inline]
pub fn exp<T: Float>(_x: T, y: T) -> T {
    y
}
/// ∂2ˣ/∂x = 2ˣ ln 2
#[inline]
pub fn exp2<T: Float>(_x: T, y: T) -> T {
    y * two::<T>().ln()
}
/// ∂(eˣ − 1)/∂x = eˣ = y + 1
#[inline]
pub fn exp_m1<T: Float>(_x: T, y: T) -> T {
    y + T::one()
}
/// ∂ln x/∂x = 1 / x
#[inline]
pub fn ln<T: Float>(x: T, _y: T) -> T {
    x.recip()
}
/// ∂ln(1 + x)/∂x = 1 / (1 + x)
#[inline]
pub fn ln_1p<T: Float>(x: T, _y: T) -> T {
    (T::one() + x).recip()
}
/// ∂log₂ x/∂x = 1 / (x ln 2)
#[inline]
pub fn log2<T: Float>(x: T, _y: T) -> T {
    (x * two::<T>().ln()).recip()
}
/// ∂log₁₀ x/∂x = 1 / (x ln 10)
#[inline]
pub fn log10<T: Float>(x: T, _y: T) -> T {
    let ten = T::from(10.0).expect("10 is representable in every float type");
    (x * ten.ln()).recip()
}
/// ∂√x/∂x = 1 / (2√x)
#[inline]
pub fn sqrt<T: Float>(_x: T, y: T) -> T {
    (two::<T>() * y).recip()
}
/// ∂∛x/∂x = 1 / (3 ∛x²)
#[inline]
pub fn cbrt<T: Float>(_x: T, y: T) -> T {
    let three = two::<T>() + T::one();
    (three * y * y).recip()
}
/// ∂(1/x)/∂x = −1/x² = −y²
#[inline]
pub fn recip<T: Float>(_x: T, y: T) -> T {
    -(y * y)
}
/// ∂|x|/∂x = sign x, with 0 at x = 0 (the subgradient PyTorch uses)
#[inline]
pub fn abs<T: Float>(x: T, _y: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        -T::one()
    } else {
        T::zero()
    }
}
/// ∂xⁿ/∂x = n xⁿ⁻¹ (integer n; exact at x = 0)
#[inline]
pub fn powi<T: Float>(x: T, n: i32, _y: T) -> T {
    if n == 0 {
        return T::zero();
    }
    T::from(n).expect("an i32 is representable in every float type") * x.powi(n - 1)
}
/// ∂aᵇ/∂a = b aᵇ⁻¹, ∂aᵇ/∂b = aᵇ ln a (taken as 0 at a = 0, its limit for b > 0)
#[inline]
pub fn powf<T: Float>(a: T, b: T, y: T) -> (T, T) {
    let da = if b == T::zero() {
        T::zero()
    } else {
        b * a.powf(b - T::one())
    };
    let db = if a == T::zero() {
        T::zero()
    } else {
        y * a.ln()
    };
    (da, db)
}
/// log_b a = ln a / ln b: ∂/∂a = 1 / (a ln b), ∂/∂b = −log_b a / (b ln b)
#[inline]
pub fn log<T: Float>(a: T, base: T, y: T) -> (T, T) {
    let ln_b = base.ln();
    ((a * ln_b).recip(), -y / (base * ln_b))
}
/// atan2(a, b) = angle of (b, a): ∂/∂a = b / (a² + b²), ∂/∂b = −a / (a² + b²)
#[inline]
pub fn atan2<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    let r2 = a * a + b * b;
    (b / r2, -a / r2)
}
/// hypot(a, b) = √(a² + b²): ∂/∂a = a / y, ∂/∂b = b / y (both 0 at the origin)
#[inline]
pub fn hypot<T: Float>(a: T, b: T, y: T) -> (T, T) {
    if y == T::zero() {
        return (T::zero(), T::zero());
    }
    (a / y, b / y)
}
/// max(a, b): the derivative goes to the larger argument, to `a` on a tie
#[inline]
pub fn max<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    if a >= b || b.is_nan() {
        (T::one(), T::zero())
    } else {
        (T::zero(), T::one())
    }
}
/// min(a, b): the derivative goes to the smaller argument, to `a` on a tie
#[inline]
pub fn min<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    if a <= b || b.is_nan() {
        (T::one(), T::zero())
    } else {
        (T::zero(), T::one())
    }
}
/// a % b = a − b·trunc(a/b) (Rust's `%`, the remainder with the sign of `a`): ∂/∂a = 1,
/// ∂/∂b = −trunc(a/b) away from the jumps. The integer quotient is read off exactly as
/// `(a − y)/b` (`y` = `a % b` is exact), not as `trunc(a/b)`, which rounds up to the next
/// integer when `a/b` lies just below it.
#[inline]
pub fn rem<T: Float>(a: T, b: T, y: T) -> (T, T) {
    (T::one(), -((a - y) / b).round())
}
/// mul_add(a, b, c) = a·b + c: partials (b, a, 1)
#[inline]
pub fn mul_add<T: Float>(a: T, b: T, _c: T, _y: T) -> (T, T, T) {
    (b, a, T::one())
}
/// clamp(x, lo, hi): the derivative goes to `x` on `[lo, hi]`, else to the bound that is hit
#[inline]
pub fn clamp<T: Float>(x: T, lo: T, hi: T, _y: T) -> (T, T, T) {
    let (z, o) = (T::zero(), T::one());
    if x < lo {
        (z, o, z)
    } else if x > hi {
        (z, z, o)
    } else {
        (o, z, z)
    }
}
/// ∂fract(x)/∂x = 1 (almost everywhere)
#[inline]
pub fn fract<T: Float>(_x: T, _y: T) -> T {
    T::one()
}
/// floor, ceil, round, trunc and signum are piecewise constant: derivative zero
#[inline]
pub fn piecewise_constant<T: Float>(_x: T, _y: T) -> T {
    T::zero()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Central difference of a scalar function, the oracle for every rule here.
    fn numeric(f: impl Fn(f64) -> f64, x: f64) -> f64 {
        // Scaled to |x| (down to 1e-2) so points near a singularity, like √x at 1e-4, stay accurate.
        let h = 1e-6 * x.abs().clamp(1e-2, 1.0).max(x.abs());
        (f(x + h) - f(x - h)) / (2.0 * h)
    }

    #[test]
    fn unary_rules_match_central_differences() {
        type Rule = (
            &'static str,
            fn(f64) -> f64,
            fn(f64, f64) -> f64,
            &'static [f64],
        );
        let rules: &[Rule] = &[
            ("sin", f64::sin, sin, &[-2.0, 0.0, 0.3, 5.0]),
            ("cos", f64::cos, cos, &[-2.0, 0.0, 0.3, 5.0]),
            ("tan", f64::tan, tan, &[-1.2, 0.0, 0.3, 1.2]),
            ("asin", f64::asin, asin, &[-0.99, 0.0, 0.5, 0.99]),
            ("acos", f64::acos, acos, &[-0.99, 0.0, 0.5, 0.99]),
            ("atan", f64::atan, atan, &[-30.0, 0.0, 0.5, 3.0]),
            ("sinh", f64::sinh, sinh, &[-3.0, 0.0, 0.5]),
            ("cosh", f64::cosh, cosh, &[-3.0, 0.0, 0.5]),
            ("tanh", f64::tanh, tanh, &[-3.0, 0.0, 0.5, 8.0]),
            ("asinh", f64::asinh, asinh, &[-3.0, 0.0, 0.5]),
            ("acosh", f64::acosh, acosh, &[1.01, 2.0, 30.0]),
            ("atanh", f64::atanh, atanh, &[-0.99, 0.0, 0.5]),
            ("exp", f64::exp, exp, &[-20.0, 0.0, 0.5, 10.0]),
            ("exp2", f64::exp2, exp2, &[-3.0, 0.0, 4.5]),
            ("exp_m1", f64::exp_m1, exp_m1, &[-3.0, 1e-9, 2.0]),
            ("ln", f64::ln, ln, &[1e-3, 0.5, 1.0, 1e4]),
            ("ln_1p", f64::ln_1p, ln_1p, &[-0.9, 0.0, 3.0]),
            ("log2", f64::log2, log2, &[1e-3, 1.0, 100.0]),
            ("log10", f64::log10, log10, &[1e-3, 1.0, 100.0]),
            ("sqrt", f64::sqrt, sqrt, &[1e-4, 1.0, 1e6]),
            ("cbrt", f64::cbrt, cbrt, &[-8.0, 1e-3, 27.0]),
            ("recip", f64::recip, recip, &[-2.0, 1e-2, 7.0]),
            ("abs", f64::abs, abs, &[-2.0, 3.0]),
            ("fract", f64::fract, fract, &[-2.3, 0.5, 7.25]),
            ("floor", f64::floor, piecewise_constant, &[-2.3, 0.5]),
        ];
        for &(name, f, d, points) in rules {
            for &x in points {
                let (analytic, numeric) = (d(x, f(x)), numeric(f, x));
                let tol = 1e-6 * numeric.abs().max(1.0);
                assert!(
                    (analytic - numeric).abs() <= tol,
                    "{name}'({x}): analytic {analytic}, numeric {numeric}"
                );
            }
        }
    }

    #[test]
    fn binary_rules_match_central_differences() {
        type Rule = (
            &'static str,
            fn(f64, f64) -> f64,
            fn(f64, f64, f64) -> (f64, f64),
        );
        let rules: &[Rule] = &[
            ("powf", f64::powf, powf),
            ("log", f64::log, log),
            ("atan2", f64::atan2, atan2),
            ("hypot", f64::hypot, hypot),
            ("max", f64::max, max),
            ("min", f64::min, min),
            ("rem", |a, b| a % b, rem),
        ];
        for &(name, f, d) in rules {
            // Positive points keep `log` and `powf` in their domains.
            for &(a, b) in &[(0.7, 2.5), (3.0, 0.4), (1.5, 0.2), (2.0, 1.3)] {
                let (da, db) = d(a, b, f(a, b));
                let (na, nb) = (numeric(|t| f(t, b), a), numeric(|t| f(a, t), b));
                assert!(
                    (da - na).abs() < 1e-6,
                    "{name} ∂a at ({a}, {b}): {da} vs {na}"
                );
                assert!(
                    (db - nb).abs() < 1e-6,
                    "{name} ∂b at ({a}, {b}): {db} vs {nb}"
                );
            }
        }
    }

    #[test]
    fn rules_stay_finite_at_domain_edges() {
        assert_eq!(abs(0.0, 0.0), 0.0);
        assert_eq!(powf(0.0, 2.0, 0.0), (0.0, 0.0));
        assert_eq!(powi(0.0, 3, 0.0), 0.0);
        assert_eq!(powi(0.0, 1, 0.0), 1.0);
        assert_eq!(hypot(0.0, 0.0, 0.0), (0.0, 0.0));
        assert_eq!(max(1.0, 1.0, 1.0), (1.0, 0.0));
        assert_eq!(clamp(2.0, 0.0, 1.0, 1.0), (0.0, 0.0, 1.0));
        assert_eq!(mul_add(2.0, 3.0, 1.0, 7.0), (3.0, 2.0, 1.0));
        // 1.0 / 0.1 rounds to 10, but 1.0 % 0.1 ≈ 0.1: the exact quotient is 9
        assert_eq!(1.0_f64 / 0.1, 10.0);
        assert_eq!(rem(1.0, 0.1, 1.0 % 0.1), (1.0, -9.0));
        assert_eq!(rem(-7.0, 2.0, -1.0), (1.0, 3.0));
    }

    #[test]
    fn powi_matches_central_differences() {
        for n in [-3, -1, 1, 2, 5] {
            for x in [-1.5, 0.7, 2.0] {
                let d = powi(x, n, x.powi(n));
                let num = numeric(|t| t.powi(n), x);
                assert!(
                    (d - num).abs() < 1e-6 * num.abs().max(1.0),
                    "powi {n} at {x}"
                );
            }
        }
    }
}
