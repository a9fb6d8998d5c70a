//! Forward-mode dual numbers `a + bε` with `ε² = 0`: a value and one derivative carried together.
//!
//! Evaluating `f(a + bε) = f(a) + f'(a)·b ε` pushes a directional derivative through any code
//! that is generic over [`Float`]. Every elementary derivative is looked up in
//! [`crate::partial`]; this file only applies the chain rule. Because `Dual<T>: Float` whenever
//! `T: Float`, duals nest: `Dual<Dual<f64>>` gives exact second derivatives.
//!
//! The operators and the `num-traits` impls are written once, as macros shared with
//! [`DualVec`](crate::DualVec): a dual type only provides `constant`, `chain`, `chain_by`,
//! `chain2`, `chain3` and `tangent_is_zero`, and `impl_dual!` derives everything else from them. Each
//! chain rule is given the operation's name, for the reports of the `check-finite` feature
//! ([`crate::check`]).

use num_traits::Float;

/// A dual number `primal + tangent·ε` with `ε² = 0`.
///
/// Equality and ordering compare `primal` only, so branches in generic code take the same
/// path on duals as on plain floats.
///
/// ```
/// use autodiff_runtime::Dual;
/// use num_traits::Float;
/// let x = Dual::variable(2.0_f64);
/// let y = x * x + x.sin(); // y' = 2x + cos x
/// assert_eq!(y.primal, 4.0 + 2.0_f64.sin());
/// assert_eq!(y.tangent, 4.0 + 2.0_f64.cos());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Dual<T> {
    /// The value `a`.
    pub primal: T,
    /// The derivative `b` along the seeded direction.
    pub tangent: T,
}

/// Prints `primal + tangentε`, each part by `part` (one of the `fmt` traits), so that the
/// formatter's precision and width apply to both.
fn fmt_sum<T>(
    d: &Dual<T>,
    f: &mut core::fmt::Formatter<'_>,
    part: fn(&T, &mut core::fmt::Formatter<'_>) -> core::fmt::Result,
) -> core::fmt::Result {
    part(&d.primal, f)?;
    f.write_str(" + ")?;
    part(&d.tangent, f)?;
    f.write_str("ε")
}

/// Printed as `primal + tangentε`, each part with the formatter's precision and width, so
/// generic code that prints its floats (and bounds them by `Display`, as ndarray's
/// `NdFloat` does) runs on dual numbers too.
///
/// ```
/// use autodiff_runtime::Dual;
/// assert_eq!(format!("{:.2}", Dual::new(1.5, -0.25)), "1.50 + -0.25ε");
/// assert_eq!(format!("{:e}", Dual::new(1500.0, 2.0)), "1.5e3 + 2e0ε");
/// ```
impl<T: core::fmt::Display> core::fmt::Display for Dual<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        fmt_sum(self, f, core::fmt::Display::fmt)
    }
}

/// `primal + tangentε` in exponent form, as [`Display`](core::fmt::Display) prints it.
impl<T: core::fmt::LowerExp> core::fmt::LowerExp for Dual<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        fmt_sum(self, f, core::fmt::LowerExp::fmt)
    }
}

/// `primal + tangentε` in exponent form with a capital `E`.
///
/// ```
/// use autodiff_runtime::Dual;
/// assert_eq!(format!("{:E}", Dual::new(0.5, 0.0)), "5E-1 + 0E0ε");
/// ```
impl<T: core::fmt::UpperExp> core::fmt::UpperExp for Dual<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        fmt_sum(self, f, core::fmt::UpperExp::fmt)
    }
}

/// `a.rem_euclid(b)` for any [`Float`] (which lacks it), as `f64::rem_euclid` computes it:
/// `a % b`, moved up by `|b|` when negative.
#[inline]
pub(crate) fn rem_euclid<T: Float>(a: T, b: T) -> T {
    let r = a % b;
    if r < T::zero() {
        r + b.abs()
    } else {
        r
    }
}

impl<T: Float> Dual<T> {
    /// `primal + tangent·ε`.
    ///
    /// ```
    /// use autodiff_runtime::Dual;
    /// let z = Dual::new(1.0, 2.0) * Dual::new(3.0, 4.0); // (1 + 2ε)(3 + 4ε) = 3 + 10ε
    /// assert_eq!((z.primal, z.tangent), (3.0, 10.0));
    /// ```
    pub const fn new(primal: T, tangent: T) -> Self {
        Self { primal, tangent }
    }

    /// A constant: tangent 0, so it contributes no derivative.
    ///
    /// ```
    /// use autodiff_runtime::Dual;
    /// let c = Dual::constant(5.0_f32);
    /// assert_eq!((c.primal, c.tangent), (5.0, 0.0));
    /// ```
    pub fn constant(x: T) -> Self {
        Self::new(x, T::zero())
    }

    /// The variable being differentiated by: tangent 1 (`dx/dx = 1`).
    ///
    /// ```
    /// use autodiff_runtime::Dual;
    /// let y = Dual::variable(3.0) * 4.0;
    /// assert_eq!((y.primal, y.tangent), (12.0, 4.0));
    /// ```
    pub fn variable(x: T) -> Self {
        Self::new(x, T::one())
    }

    /// Chain rule for `y = op(self)`: `ẏ = op'(x)·ẋ`.
    #[inline]
    fn chain(self, op: &str, y: T, dy_dx: T) -> Self {
        let t = scale(self.tangent, dy_dx);
        crate::check::tangent(op, &[self.primal, self.tangent], t);
        Self::new(y, t)
    }

    /// Chain rule for `y = self op s` with a plain number `s`: [`chain`](Self::chain), with `s`
    /// among the inputs the `check-finite` feature requires finite.
    #[inline]
    fn chain_by(self, op: &str, s: T, y: T, dy_dx: T) -> Self {
        let t = scale(self.tangent, dy_dx);
        crate::check::tangent(op, &[self.primal, s, self.tangent], t);
        Self::new(y, t)
    }

    /// Chain rule for `y = op(self, b)`: `ẏ = ∂op/∂a·ȧ + ∂op/∂b·ḃ`.
    #[inline]
    fn chain2(self, op: &str, b: Self, y: T, (da, db): (T, T)) -> Self {
        let t = scale(self.tangent, da) + scale(b.tangent, db);
        crate::check::tangent(op, &[self.primal, b.primal, self.tangent, b.tangent], t);
        Self::new(y, t)
    }

    /// Chain rule for `y = op(self, b, c)`.
    #[inline]
    fn chain3(self, op: &str, b: Self, c: Self, y: T, (da, db, dc): (T, T, T)) -> Self {
        let t = scale(self.tangent, da) + scale(b.tangent, db) + scale(c.tangent, dc);
        let (p, q, r) = (self.primal, b.primal, c.primal);
        crate::check::tangent(op, &[p, q, r, self.tangent, b.tangent, c.tangent], t);
        Self::new(y, t)
    }

    #[inline]
    fn tangent_is_zero(&self) -> bool {
        self.tangent.is_zero()
    }
}

/// `tangent · partial`, except that a zero tangent stays zero: a constant has nothing to
/// propagate, even where the partial is infinite or NaN (`sqrt` at 0, `powf` of a negative base
/// by a constant exponent), and must not turn the whole derivative into NaN.
#[inline]
pub(crate) fn scale<T: Float>(tangent: T, partial: T) -> T {
    if tangent.is_zero() {
        tangent
    } else {
        tangent * partial
    }
}

/// `Float` methods `fn f(self) -> Self` whose derivative is the unary rule `partial::rule`.
macro_rules! unary_rules {
    ($($f:ident => $rule:ident),* $(,)?) => {$(
        #[inline]
        fn $f(self) -> Self {
            let y = self.primal.$f();
            self.chain(stringify!($f), y, $crate::partial::$rule(self.primal, y))
        }
    )*};
}
pub(crate) use unary_rules;

/// `Float` methods `fn f(self, b: Self) -> Self` whose partials are `partial::f`.
macro_rules! binary_rules {
    ($($f:ident),* $(,)?) => {$(
        #[inline]
        fn $f(self, b: Self) -> Self {
            let y = self.primal.$f(b.primal);
            self.chain2(stringify!($f), b, y, $crate::partial::$f(self.primal, b.primal, y))
        }
    )*};
}
pub(crate) use binary_rules;

/// `op=` from `op`, with a dual and with a scalar on the right.
macro_rules! assign_op {
    ([$($g:tt)*] $ty:ty, $t:ident, $Tr:ident $m:ident $op:tt) => {
        impl<$($g)*> ::core::ops::$Tr for $ty {
            #[inline]
            fn $m(&mut self, r: Self) {
                *self = *self $op r;
            }
        }
        impl<$($g)*> ::core::ops::$Tr<$t> for $ty {
            #[inline]
            fn $m(&mut self, r: $t) {
                *self = *self $op r;
            }
        }
    };
}
pub(crate) use assign_op;

/// A binary operator between two duals and between a dual and a scalar `T` on the right;
/// `$dd` and `$ds` are the bodies, given `a` (self), `b` (the right operand) and `one`.
macro_rules! binary_op {
    ([$($g:tt)*] $ty:ty, $t:ident, $Tr:ident $m:ident, |$a:ident, $b:ident, $one:ident| $dd:expr, $ds:expr) => {
        impl<$($g)*> ::core::ops::$Tr for $ty {
            type Output = Self;
            #[inline]
            fn $m(self, $b: Self) -> Self {
                let ($a, $one) = (self, $t::one());
                $dd
            }
        }
        impl<$($g)*> ::core::ops::$Tr<$t> for $ty {
            type Output = Self;
            #[inline]
            fn $m(self, $b: $t) -> Self {
                let ($a, $one) = (self, $t::one());
                $ds
            }
        }
    };
}
pub(crate) use binary_op;

/// Operators with a plain `f32`/`f64` on the left (`2.0 * x`), through the constant dual.
macro_rules! impl_scalar_lhs {
    ([$($g:tt)*] $ty:ty, $s:ty) => {
        $crate::dual::impl_scalar_lhs!(@op [$($g)*] $ty, $s, Add add +);
        $crate::dual::impl_scalar_lhs!(@op [$($g)*] $ty, $s, Sub sub -);
        $crate::dual::impl_scalar_lhs!(@op [$($g)*] $ty, $s, Mul mul *);
        $crate::dual::impl_scalar_lhs!(@op [$($g)*] $ty, $s, Div div /);
        $crate::dual::impl_scalar_lhs!(@op [$($g)*] $ty, $s, Rem rem %);
    };
    (@op [$($g:tt)*] $ty:ty, $s:ty, $Tr:ident $m:ident $op:tt) => {
        impl<$($g)*> ::core::ops::$Tr<$ty> for $s {
            type Output = $ty;
            #[inline]
            fn $m(self, r: $ty) -> $ty {
                <$ty>::from(self) $op r
            }
        }
    };
}
pub(crate) use impl_scalar_lhs;

/// Operators, `Sum`/`Product`, comparisons and the `num-traits` numeric tower for the dual type
/// `$ty` over the scalar type parameter `$t`, from its `constant`/`chain*`/`tangent_is_zero`.
macro_rules! impl_dual {
    ([$($g:tt)*] $ty:ty, $t:ident) => {
        /// Float methods that `Float` lacks, for the code `#[differentiate]` generates on
        /// dual numbers (where the primal calls `f64`'s inherent method).
        impl<$($g)*> $ty {
            /// The least non-negative remainder of `self / b` (`f64::rem_euclid`), with the
            /// partials of [`partial::rem_euclid`]($crate::partial::rem_euclid).
            ///
            /// ```
            /// use autodiff_runtime::Dual;
            /// let y = Dual::new(-7.5, 1.0).rem_euclid(Dual::new(2.0, 1.0)); // −7.5 = 2·(−4) + 0.5
            /// assert_eq!((y.primal, y.tangent), (0.5, 1.0 + 4.0));
            /// ```
            #[inline]
            pub fn rem_euclid(self, b: Self) -> Self {
                let y = $crate::dual::rem_euclid(self.primal, b.primal);
                self.chain2("rem_euclid", b, y, $crate::partial::rem_euclid(self.primal, b.primal, y))
            }
        }
        impl<$($g)*> PartialEq for $ty {
            #[inline]
            fn eq(&self, o: &Self) -> bool {
                self.primal == o.primal
            }
        }
        impl<$($g)*> PartialOrd for $ty {
            #[inline]
            fn partial_cmp(&self, o: &Self) -> Option<::core::cmp::Ordering> {
                self.primal.partial_cmp(&o.primal)
            }
        }
        impl<$($g)*> From<$t> for $ty {
            #[inline]
            fn from(x: $t) -> Self {
                Self::constant(x)
            }
        }

        $crate::dual::binary_op!([$($g)*] $ty, $t, Add add, |a, b, one|
            a.chain2("+", b, a.primal + b.primal, (one, one)),
            a.chain_by("+", b, a.primal + b, one));
        $crate::dual::binary_op!([$($g)*] $ty, $t, Sub sub, |a, b, one|
            a.chain2("-", b, a.primal - b.primal, (one, -one)),
            a.chain_by("-", b, a.primal - b, one));
        $crate::dual::binary_op!([$($g)*] $ty, $t, Mul mul, |a, b, _one|
            a.chain2("*", b, a.primal * b.primal, (b.primal, a.primal)),
            a.chain_by("*", b, a.primal * b, b));
        // a/b: ∂/∂a = 1/b, ∂/∂b = −a/b² = −y/b.
        $crate::dual::binary_op!([$($g)*] $ty, $t, Div div, |a, b, _one| {
            let (y, inv) = (a.primal / b.primal, b.primal.recip());
            a.chain2("/", b, y, (inv, -y * inv))
        }, a.chain_by("/", b, a.primal / b, b.recip()));
        // a % b = a − b·trunc(a/b): ∂/∂a = 1, ∂/∂b = −trunc(a/b) (`partial::rem`).
        $crate::dual::binary_op!([$($g)*] $ty, $t, Rem rem, |a, b, _one| {
            let y = a.primal % b.primal;
            a.chain2("%", b, y, $crate::partial::rem(a.primal, b.primal, y))
        }, a.chain_by("%", b, a.primal % b, $t::one()));
        impl<$($g)*> ::core::ops::Neg for $ty {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                self.chain("neg", -self.primal, -$t::one())
            }
        }
        // `-&a` of an array of duals (`ndarray`'s `Neg for &ArrayBase` asks it of `&A`).
        impl<'a, $($g)*> ::core::ops::Neg for &'a $ty {
            type Output = $ty;
            #[inline]
            fn neg(self) -> $ty {
                -*self
            }
        }
        $crate::dual::assign_op!([$($g)*] $ty, $t, AddAssign add_assign +);
        $crate::dual::assign_op!([$($g)*] $ty, $t, SubAssign sub_assign -);
        $crate::dual::assign_op!([$($g)*] $ty, $t, MulAssign mul_assign *);
        $crate::dual::assign_op!([$($g)*] $ty, $t, DivAssign div_assign /);
        $crate::dual::assign_op!([$($g)*] $ty, $t, RemAssign rem_assign %);

        impl<$($g)*> ::core::iter::Sum for $ty {
            fn sum<I: Iterator<Item = Self>>(it: I) -> Self {
                it.fold(Self::constant($t::zero()), |s, x| s + x)
            }
        }
        impl<'a, $($g)*> ::core::iter::Sum<&'a $ty> for $ty {
            fn sum<I: Iterator<Item = &'a Self>>(it: I) -> Self {
                it.fold(Self::constant($t::zero()), |s, x| s + *x)
            }
        }
        impl<$($g)*> ::core::iter::Product for $ty {
            fn product<I: Iterator<Item = Self>>(it: I) -> Self {
                it.fold(Self::constant($t::one()), |p, x| p * x)
            }
        }
        impl<'a, $($g)*> ::core::iter::Product<&'a $ty> for $ty {
            fn product<I: Iterator<Item = &'a Self>>(it: I) -> Self {
                it.fold(Self::constant($t::one()), |p, x| p * *x)
            }
        }

        impl<$($g)*> ::num_traits::Zero for $ty {
            fn zero() -> Self {
                Self::constant($t::zero())
            }
            /// The additive identity exactly: zero value *and* zero tangent.
            fn is_zero(&self) -> bool {
                self.primal.is_zero() && self.tangent_is_zero()
            }
        }
        impl<$($g)*> ::num_traits::One for $ty {
            fn one() -> Self {
                Self::constant($t::one())
            }
            fn is_one(&self) -> bool {
                self.primal.is_one() && self.tangent_is_zero()
            }
        }
        impl<$($g)*> ::num_traits::Num for $ty {
            type FromStrRadixErr = <$t as ::num_traits::Num>::FromStrRadixErr;
            fn from_str_radix(s: &str, radix: u32) -> Result<Self, Self::FromStrRadixErr> {
                <$t as ::num_traits::Num>::from_str_radix(s, radix).map(Self::constant)
            }
        }
        impl<$($g)*> ::num_traits::NumCast for $ty {
            fn from<P: ::num_traits::ToPrimitive>(n: P) -> Option<Self> {
                <$t as ::num_traits::NumCast>::from(n).map(Self::constant)
            }
        }
        // Conversions read and write the value; a converted number is a constant.
        impl<$($g)*> ::num_traits::ToPrimitive for $ty {
            fn to_i64(&self) -> Option<i64> {
                self.primal.to_i64()
            }
            fn to_u64(&self) -> Option<u64> {
                self.primal.to_u64()
            }
            fn to_i128(&self) -> Option<i128> {
                self.primal.to_i128()
            }
            fn to_u128(&self) -> Option<u128> {
                self.primal.to_u128()
            }
            fn to_f32(&self) -> Option<f32> {
                self.primal.to_f32()
            }
            fn to_f64(&self) -> Option<f64> {
                self.primal.to_f64()
            }
        }
        impl<$($g)*> ::num_traits::FromPrimitive for $ty {
            fn from_i64(n: i64) -> Option<Self> {
                <Self as ::num_traits::NumCast>::from(n)
            }
            fn from_u64(n: u64) -> Option<Self> {
                <Self as ::num_traits::NumCast>::from(n)
            }
            fn from_f32(n: f32) -> Option<Self> {
                <Self as ::num_traits::NumCast>::from(n)
            }
            fn from_f64(n: f64) -> Option<Self> {
                <Self as ::num_traits::NumCast>::from(n)
            }
        }
        impl<$($g)*> ::num_traits::Signed for $ty {
            fn abs(&self) -> Self {
                ::num_traits::Float::abs(*self)
            }
            fn abs_sub(&self, o: &Self) -> Self {
                ::num_traits::Float::abs_sub(*self, *o)
            }
            fn signum(&self) -> Self {
                ::num_traits::Float::signum(*self)
            }
            fn is_positive(&self) -> bool {
                self.primal.is_sign_positive()
            }
            fn is_negative(&self) -> bool {
                self.primal.is_sign_negative()
            }
        }

        impl<$($g)*> ::num_traits::Float for $ty {
            fn nan() -> Self {
                Self::constant($t::nan())
            }
            fn infinity() -> Self {
                Self::constant($t::infinity())
            }
            fn neg_infinity() -> Self {
                Self::constant($t::neg_infinity())
            }
            fn neg_zero() -> Self {
                Self::constant($t::neg_zero())
            }
            fn min_value() -> Self {
                Self::constant($t::min_value())
            }
            fn min_positive_value() -> Self {
                Self::constant($t::min_positive_value())
            }
            fn max_value() -> Self {
                Self::constant($t::max_value())
            }
            fn epsilon() -> Self {
                Self::constant($t::epsilon())
            }
            fn is_nan(self) -> bool {
                self.primal.is_nan()
            }
            fn is_infinite(self) -> bool {
                self.primal.is_infinite()
            }
            fn is_finite(self) -> bool {
                self.primal.is_finite()
            }
            fn is_normal(self) -> bool {
                self.primal.is_normal()
            }
            fn is_subnormal(self) -> bool {
                self.primal.is_subnormal()
            }
            fn classify(self) -> ::core::num::FpCategory {
                self.primal.classify()
            }
            fn is_sign_positive(self) -> bool {
                self.primal.is_sign_positive()
            }
            fn is_sign_negative(self) -> bool {
                self.primal.is_sign_negative()
            }
            fn integer_decode(self) -> (u64, i16, i8) {
                self.primal.integer_decode()
            }

            $crate::dual::unary_rules! {
                floor => piecewise_constant, ceil => piecewise_constant,
                round => piecewise_constant, trunc => piecewise_constant,
                signum => piecewise_constant, fract => fract, abs => abs, recip => recip,
                sqrt => sqrt, cbrt => cbrt, exp => exp, exp2 => exp2, exp_m1 => exp_m1,
                ln => ln, ln_1p => ln_1p, log2 => log2, log10 => log10,
                sin => sin, cos => cos, tan => tan, asin => asin, acos => acos, atan => atan,
                sinh => sinh, cosh => cosh, tanh => tanh,
                asinh => asinh, acosh => acosh, atanh => atanh,
            }
            $crate::dual::binary_rules!(powf, log, atan2, hypot, max, min);

            fn powi(self, n: i32) -> Self {
                let y = self.primal.powi(n);
                self.chain("powi", y, $crate::partial::powi(self.primal, n, y))
            }
            fn mul_add(self, a: Self, b: Self) -> Self {
                let y = self.primal.mul_add(a.primal, b.primal);
                self.chain3("mul_add", a, b, y, $crate::partial::mul_add(self.primal, a.primal, b.primal, y))
            }
            fn clamp(self, lo: Self, hi: Self) -> Self {
                let y = self.primal.clamp(lo.primal, hi.primal);
                self.chain3("clamp", lo, hi, y, $crate::partial::clamp(self.primal, lo.primal, hi.primal, y))
            }
            fn sin_cos(self) -> (Self, Self) {
                let (s, c) = self.primal.sin_cos();
                let x = self.primal;
                (self.chain("sin", s, $crate::partial::sin(x, s)), self.chain("cos", c, $crate::partial::cos(x, c)))
            }
            fn to_degrees(self) -> Self {
                let y = self.primal.to_degrees();
                self.chain("to_degrees", y, $crate::partial::to_degrees(self.primal, y))
            }
            fn to_radians(self) -> Self {
                let y = self.primal.to_radians();
                self.chain("to_radians", y, $crate::partial::to_radians(self.primal, y))
            }
            // Composites of rules above, so they inherit their derivatives.
            /// `max(a − b, 0)`, as `fdim`: zero (and derivative zero) when `a ≤ b`.
            fn abs_sub(self, b: Self) -> Self {
                if self.primal <= b.primal {
                    Self::constant($t::zero())
                } else {
                    self - b
                }
            }
            /// `|self|·sign b`: `partial::copysign`, 0 at `self = 0` as for `abs`.
            fn copysign(self, b: Self) -> Self {
                let y = self.primal.copysign(b.primal);
                self.chain2("copysign", b, y, $crate::partial::copysign(self.primal, b.primal, y))
            }
        }
    };
}
pub(crate) use impl_dual;

impl_dual!([T: Float] Dual<T>, T);
impl_scalar_lhs!([] Dual<f64>, f64);
impl_scalar_lhs!([] Dual<f32>, f32);
