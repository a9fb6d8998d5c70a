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
//! # Where the derivative does not exist: the minimum-norm convention
//!
//! One convention, the *minimum-norm subgradient*, gives the partials at every point where an
//! elementary function has no derivative:
//!
//! 1. **Kinks**, where the function is Lipschitz but pieces meet (`abs`, `max`, `min`,
//!    `clamp`, `hypot`): the element of least norm of Clarke's generalized gradient, the convex
//!    hull of the gradients of the pieces that meet there. It is what PyTorch and JAX give for
//!    `abs` (`sign 0 = 0`) and for `maximum`/`minimum` (a tie splits the derivative evenly),
//!    and what `ops::relu` gives (`relu′(0) = 0`). It treats the arguments alike (`max(a, b)`
//!    and `max(b, a)` have the same partials), and composites agree with the functions they
//!    spell: `max(x, −x)` has the derivative 0 of `|x|` at 0. (PyTorch's `clamp` instead gives
//!    `x` the whole derivative at a bound; here a bound hit exactly shares it with `x`.)
//! 2. **Jumps** (`floor`, `ceil`, `round`, `trunc`, `signum`; `atan2` at the origin, where all
//!    angles meet; `%` where the quotient steps): the derivative of the pieces, which is 0
//!    (for `%`, `(1, −q)` of the piece the value lies on). Never NaN, though `atan2`'s
//!    `b/(a² + b²)` is 0/0 there.
//! 3. **Infinite slopes and poles** (`sqrt` and `cbrt` at 0, `asin`/`acos` at ±1, `acosh` at
//!    1, `atanh` at ±1, the logarithms at 0, `recip` at 0, powers at 0 with exponents below
//!    one): the limit of the derivative, `±∞`, as IEEE arithmetic gives it, never NaN. The
//!    slope is truly infinite there (PyTorch and JAX give `∞` too); a finite stand-in would
//!    silently bend gradients, and the `check-finite` feature reports where `∞` arises.
//!
//! | function | at | partials | kind |
//! |---|---|---|---|
//! | `abs(x)` | `x = 0` | `0` | kink |
//! | `max(a, b)`, `min(a, b)` | `a = b` | `(½, ½)` | kink |
//! | `clamp(x, lo, hi)` | `x = lo < hi` | `(½, ½, 0)` | kink |
//! | `clamp(x, lo, hi)` | `x = hi > lo` | `(½, 0, ½)` | kink |
//! | `clamp(x, lo, hi)` | `x = lo = hi` | `(⅓, ⅓, ⅓)` | kink |
//! | `hypot(a, b)` | `a = b = 0` | `(0, 0)` | kink |
//! | `copysign(x, s)` | `x = 0` | `(0, 0)` | kink (`|x|·sign s`) |
//! | `atan2(a, b)` | `a = b = 0` | `(0, 0)` | jump |
//! | `floor`, `ceil`, `round`, `trunc`, `signum` | everywhere | `0` | jumps |
//! | `fract(x)` | everywhere | `1` | jumps |
//! | `a % b`, `a.rem_euclid(b)` | `a` a multiple of `b` | `(1, −a/b)` | jump |
//! | `sqrt(x)`, `cbrt(x)` | `x = 0` | `+∞` | infinite slope |
//! | `asin(x)`; `acos(x)` | `x = ±1` | `+∞`; `−∞` | infinite slope |
//! | `acosh(x)` | `x = 1` | `+∞` | infinite slope |
//! | `atanh(x)` | `x = ±1` | `+∞` | pole |
//! | `ln(x)`, `log2(x)`, `log10(x)`; `ln_1p(x)` | `x = 0`; `x = −1` | `+∞` | pole |
//! | `recip(x)` | `x = 0` | `−∞` | pole |
//! | `powi(x, n)` | `x = 0` | `0` for `n = 0` or `n ≥ 2`, `1` for `n = 1`, `±∞` for `n < 0` | pole |
//! | `powf(a, b)` | `a = 0` | `(0, 0)` for `b > 1` or `b = 0`, `(1, 0)` for `b = 1`, `(+∞, 0)` for `0 < b < 1` | infinite slope |
//!
//! Outside a function's domain its partials are NaN as its value is (`sqrt(−1)`, and `∂/∂b`
//! of `powf` for a negative base, where `aᵇ` is real only at integers `b`).
//!
//! The chain rule multiplies these partials by tangents and cotangents in IEEE arithmetic, with
//! one exception: [`Dual`] and `DualVec` keep a zero tangent zero whatever the partial, because
//! a constant is a dual with tangent 0 and `sqrt` of a constant 0 must not turn into NaN.
//! Elsewhere constants carry no derivative by construction (the tape gives them no node, the
//! generated code no tangent), and an *active* value whose tangent or cotangent happens to be 0,
//! met by an infinite partial, gives NaN, as in PyTorch and JAX: an `f_jvp` seeded with 0 along
//! `b` of `a.powf(b)` at `a = 0, b = ½`, or a backward sweep whose adjoint of `√x` at 0 is 0.
//! (Skipping zero adjoints made the tape's sweep about a quarter slower.) A nonzero tangent
//! times `∞` is `±∞`, and `∞ · 0` further down (`√(x²)` at 0) is NaN in every mode: a norm is
//! `hypot`, whose partials at the origin are 0.
//!
//! [`Dual`]: crate::Dual
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
/// `1 − x²` as `(1 − x)(1 + x)`: near ±1, `1 − x` is exact where `1 − x·x` cancels the
/// rounding of `x·x`.
#[inline(always)]
fn one_minus_square<T: Float>(x: T) -> T {
    (T::one() - x) * (T::one() + x)
}

/// ∂asin(x)/∂x = 1 / √(1 − x²); +∞ at ±1
#[inline]
pub fn asin<T: Float>(x: T, _y: T) -> T {
    one_minus_square(x).sqrt().recip()
}
/// ∂acos(x)/∂x = −1 / √(1 − x²); −∞ at ±1
#[inline]
pub fn acos<T: Float>(x: T, _y: T) -> T {
    -one_minus_square(x).sqrt().recip()
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
/// ∂asinh(x)/∂x = 1 / √(x² + 1), as `1 / hypot(x, 1)`: `x²` overflows where `1/|x|` fits
#[inline]
pub fn asinh<T: Float>(x: T, _y: T) -> T {
    x.hypot(T::one()).recip()
}
/// ∂acosh(x)/∂x = 1 / √(x² − 1) = 1 / (√(x − 1) √(x + 1)), which neither cancels near 1 nor
/// overflows for large `x`; +∞ at 1
#[inline]
pub fn acosh<T: Float>(x: T, _y: T) -> T {
    ((x - T::one()).sqrt() * (x + T::one()).sqrt()).recip()
}
/// ∂atanh(x)/∂x = 1 / (1 − x²); +∞ at ±1
#[inline]
pub fn atanh<T: Float>(x: T, _y: T) -> T {
    one_minus_square(x).recip()
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
/// ∂ln x/∂x = 1 / x; +∞ at 0
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
/// ∂√x/∂x = 1 / (2√x); +∞ at 0, the slope's limit (see the module docs)
#[inline]
pub fn sqrt<T: Float>(_x: T, y: T) -> T {
    (two::<T>() * y).recip()
}
/// ∂∛x/∂x = 1 / (3 ∛x²); +∞ at 0
#[inline]
pub fn cbrt<T: Float>(_x: T, y: T) -> T {
    let three = two::<T>() + T::one();
    (three * y * y).recip()
}
/// ∂(x π/180)/∂x = π/180: degrees to radians, a constant factor
#[inline]
pub fn to_radians<T: Float>(_x: T, _y: T) -> T {
    T::one().to_radians()
}
/// ∂(x 180/π)/∂x = 180/π: radians to degrees
#[inline]
pub fn to_degrees<T: Float>(_x: T, _y: T) -> T {
    T::one().to_degrees()
}
/// ∂(1/x)/∂x = −1/x² = −y²
#[inline]
pub fn recip<T: Float>(_x: T, y: T) -> T {
    -(y * y)
}
/// ∂|x|/∂x = sign x, with 0 at x = 0: the least subgradient in `[−1, 1]` (as in PyTorch and JAX)
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
/// ∂aᵇ/∂a = b aᵇ⁻¹ (taken as 0 at a = b = 0, where it is 0 · ∞), ∂aᵇ/∂b = aᵇ ln a (taken
/// as 0 at a = 0, its limit for b > 0). Only that point is special-cased: at b = 0 and
/// a ≠ 0 the product `b aᵇ⁻¹` is computed, so that on dual numbers (second order) its
/// derivative in b, aᵇ⁻¹, is kept.
#[inline]
pub fn powf<T: Float>(a: T, b: T, y: T) -> (T, T) {
    let da = if b == T::zero() && a == T::zero() {
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
/// atan2(a, b) = angle of (b, a): ∂/∂a = b / (a² + b²), ∂/∂b = −a / (a² + b²), each taken as
/// `(b/r)/r` with `r = hypot(a, b)` so that `a² + b²` neither overflows nor underflows where
/// the partials fit. (0, 0) at the origin, where the angle jumps (see the module docs).
#[inline]
pub fn atan2<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    let r = a.hypot(b);
    if r == T::zero() {
        return (T::zero(), T::zero());
    }
    (b / r / r, -a / r / r)
}
/// hypot(a, b) = √(a² + b²): ∂/∂a = a / y, ∂/∂b = b / y (both 0 at the origin)
#[inline]
pub fn hypot<T: Float>(a: T, b: T, y: T) -> (T, T) {
    if y == T::zero() {
        return (T::zero(), T::zero());
    }
    (a / y, b / y)
}
/// `(½, ½)`: the partials of `max` and `min` on a tie, the midpoint of `(1, 0)` and `(0, 1)`.
#[inline(always)]
fn halves<T: Float>() -> (T, T) {
    let half = two::<T>().recip();
    (half, half)
}

/// max(a, b): the derivative goes to the larger argument, split evenly on a tie (the least
/// subgradient); to the number when the other is NaN, as the value does
#[inline]
pub fn max<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    if a > b || b.is_nan() {
        (T::one(), T::zero())
    } else if a < b || a.is_nan() {
        (T::zero(), T::one())
    } else {
        halves()
    }
}
/// min(a, b): the derivative goes to the smaller argument, split evenly on a tie
#[inline]
pub fn min<T: Float>(a: T, b: T, _y: T) -> (T, T) {
    if a < b || b.is_nan() {
        (T::one(), T::zero())
    } else if a > b || a.is_nan() {
        (T::zero(), T::one())
    } else {
        halves()
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
/// a.rem_euclid(b) = a − b·q, the least non-negative remainder (q = `a.div_euclid(b)`, an
/// integer): ∂/∂a = 1, ∂/∂b = −q away from the jumps, q read off exactly as for [`rem`].
#[inline]
pub fn rem_euclid<T: Float>(a: T, b: T, y: T) -> (T, T) {
    rem(a, b, y)
}
/// mul_add(a, b, c) = a·b + c: partials (b, a, 1)
#[inline]
pub fn mul_add<T: Float>(a: T, b: T, _c: T, _y: T) -> (T, T, T) {
    (b, a, T::one())
}
/// clamp(x, lo, hi): the derivative goes to `x` inside `(lo, hi)` and to the bound beyond it;
/// at a bound hit exactly it is shared evenly by `x` and that bound, and by all three when
/// `x = lo = hi` (the least subgradient: the centroid of the pieces' gradients)
#[inline]
pub fn clamp<T: Float>(x: T, lo: T, hi: T, _y: T) -> (T, T, T) {
    let (z, o) = (T::zero(), T::one());
    let (h, _) = halves::<T>();
    if x < lo {
        (z, o, z)
    } else if x > hi {
        (z, z, o)
    } else if x == lo && x == hi {
        let third = (two::<T>() + o).recip();
        (third, third, third)
    } else if x == lo {
        (h, h, z)
    } else if x == hi {
        (h, z, h)
    } else {
        (o, z, z)
    }
}
/// copysign(x, s) = |x|·sign s (the sign bit of `s`): ∂/∂x = abs′(x)·sign s, 0 at x = 0 as
/// for `abs`; ∂/∂s = 0 (the sign only picks the branch)
#[inline]
pub fn copysign<T: Float>(x: T, s: T, _y: T) -> (T, T) {
    (abs(x, x.abs()) * T::one().copysign(s), T::zero())
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
            (
                "to_radians",
                f64::to_radians,
                to_radians,
                &[-200.0, 0.0, 45.0],
            ),
            ("to_degrees", f64::to_degrees, to_degrees, &[-3.0, 0.0, 0.7]),
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
        assert_eq!(max(1.0, 1.0, 1.0), (0.5, 0.5));
        assert_eq!(atan2(0.0, 0.0, 0.0), (0.0, 0.0));
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
