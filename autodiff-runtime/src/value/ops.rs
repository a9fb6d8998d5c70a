//! The arithmetic of [`Value`]: operators, comparisons and the math methods of [`Float`],
//! each recording one node whose partials come from [`crate::partial`].

use std::cmp::Ordering;
use std::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

use num_traits::Float;

use super::{Op, Tape, Value, SINK};
use crate::partial;

/// An argument of a two- or three-operand method: another [`Value`] or a plain number,
/// which becomes a [constant](Tape::constant) (no node, no adjoint).
///
/// ```
/// let tape = autodiff_runtime::Tape::new();
/// let x = tape.var(2.0);
/// let (p, q) = (x.powf(3.0), x.powf(tape.var(3.0)));
/// assert_eq!(p.value(), q.value());
/// assert_eq!(p.backward()[x], 12.0); // 3x²
/// ```
pub trait Operand<'t, T>: Copy {
    /// This operand as a value on `tape`.
    ///
    /// ```
    /// use autodiff_runtime::{value::Operand, Tape};
    /// let tape = Tape::new();
    /// assert_eq!(Operand::into_value(2.5, &tape).index(), None);
    /// ```
    fn into_value(self, tape: &'t Tape<T>) -> Value<'t, T>;
}

impl<'t, T: Float> Operand<'t, T> for T {
    #[inline]
    fn into_value(self, tape: &'t Tape<T>) -> Value<'t, T> {
        tape.constant(self)
    }
}

impl<'t, T: Float> Operand<'t, T> for Value<'t, T> {
    #[inline]
    fn into_value(self, _tape: &'t Tape<T>) -> Value<'t, T> {
        self
    }
}

/// Node builders. A missing operand points at the sink, so every node has two edges.
impl<'t, T: Float> Value<'t, T> {
    #[inline]
    fn unary(self, op: Op, y: T, d: T) -> Self {
        let finite = self.value.is_finite();
        self.tape
            .push(op, [self.index, SINK], [d, T::zero()], y, finite)
    }

    #[inline]
    fn binary(self, op: Op, rhs: Self, y: T, (da, db): (T, T)) -> Self {
        // Indices of another tape would silently point at unrelated nodes.
        assert!(
            std::ptr::eq(self.tape, rhs.tape),
            "operands live on different tapes"
        );
        let finite = self.value.is_finite() && rhs.value.is_finite();
        self.tape
            .push(op, [self.index, rhs.index], [da, db], y, finite)
    }

    /// Three operands on two-parent nodes: drop a constant operand if there is one (its edge
    /// would go to the sink anyway), else chain a `join` node `(a, b)` into `(join, c)`.
    #[inline]
    fn ternary(self, op: Op, b: Self, c: Self, y: T, (da, db, dc): (T, T, T)) -> Self {
        if c.index == SINK {
            self.binary(op, b, y, (da, db))
        } else if b.index == SINK {
            self.binary(op, c, y, (da, dc))
        } else if self.index == SINK {
            b.binary(op, c, y, (db, dc))
        } else {
            let ab = self.binary(Op::Join, b, y, (da, db));
            ab.binary(op, c, y, (T::one(), dc))
        }
    }
}

impl<'t, T: Float> Add for Value<'t, T> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        self.binary(Op::Add, rhs, self.value + rhs.value, (T::one(), T::one()))
    }
}

impl<'t, T: Float> Sub for Value<'t, T> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.binary(Op::Sub, rhs, self.value - rhs.value, (T::one(), -T::one()))
    }
}

impl<'t, T: Float> Mul for Value<'t, T> {
    type Output = Self;
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        self.binary(
            Op::Mul,
            rhs,
            self.value * rhs.value,
            (rhs.value, self.value),
        )
    }
}

impl<'t, T: Float> Div for Value<'t, T> {
    type Output = Self;
    /// y = a/b: ∂y/∂a = 1/b, ∂y/∂b = −y/b. `y` is `a / b` itself, not `a · (1/b)`, so the
    /// primal is exactly the float quotient.
    #[inline]
    fn div(self, rhs: Self) -> Self {
        let y = self.value / rhs.value;
        let r = rhs.value.recip();
        self.binary(Op::Div, rhs, y, (r, -y * r))
    }
}

impl<'t, T: Float> Rem for Value<'t, T> {
    type Output = Self;
    /// y = a % b (remainder with the sign of `a`): ∂y/∂a = 1, ∂y/∂b = −trunc(a/b), from
    /// [`partial::rem`]. Piecewise: the jumps at multiples of `b` have no derivative.
    /// ```
    /// let t = autodiff_runtime::Tape::new();
    /// let (a, b) = (t.var(7.5), t.var(2.0));
    /// let y = a % b;
    /// let g = y.backward();
    /// assert_eq!((y.value(), g[a], g[b]), (1.5, 1.0, -3.0)); // 7.5 − 3·2
    /// ```
    #[inline]
    fn rem(self, rhs: Self) -> Self {
        let y = self.value % rhs.value;
        self.binary(Op::Rem, rhs, y, partial::rem(self.value, rhs.value, y))
    }
}

impl<'t, T: Float> Neg for Value<'t, T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        self.unary(Op::Neg, -self.value, -T::one())
    }
}

/// `Value ∘ T`, `Value ∘= Value`, `Value ∘= T`: all through `Value ∘ Value`, with the number
/// as a constant (no node of its own).
macro_rules! derived_ops {
    ($($Op:ident $op:ident $OpAssign:ident $op_assign:ident),*) => {$(
        impl<'t, T: Float> $Op<T> for Value<'t, T> {
            type Output = Self;
            #[inline]
            fn $op(self, rhs: T) -> Self {
                $Op::$op(self, self.tape.constant(rhs))
            }
        }

        impl<'t, T: Float> $OpAssign for Value<'t, T> {
            #[inline]
            fn $op_assign(&mut self, rhs: Self) {
                *self = $Op::$op(*self, rhs);
            }
        }

        impl<'t, T: Float> $OpAssign<T> for Value<'t, T> {
            #[inline]
            fn $op_assign(&mut self, rhs: T) {
                *self = $Op::$op(*self, rhs);
            }
        }
    )*};
}

derived_ops!(Add add AddAssign add_assign, Sub sub SubAssign sub_assign,
             Mul mul MulAssign mul_assign, Div div DivAssign div_assign,
             Rem rem RemAssign rem_assign);

/// `f64 ∘ Value` and `f32 ∘ Value`: coherence forbids a generic `T ∘ Value`.
macro_rules! scalar_lhs_ops {
    ($($t:ty),*) => {$(
        scalar_lhs_ops!(@one $t, Add add, Sub sub, Mul mul, Div div, Rem rem);
    )*};
    (@one $t:ty, $($Op:ident $op:ident),*) => {$(
        impl<'t> $Op<Value<'t, $t>> for $t {
            type Output = Value<'t, $t>;
            #[inline]
            fn $op(self, rhs: Value<'t, $t>) -> Value<'t, $t> {
                $Op::$op(rhs.tape.constant(self), rhs)
            }
        }
    )*};
}

scalar_lhs_ops!(f32, f64);

impl<'t, T: Float> PartialEq for Value<'t, T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<'t, T: Float> PartialEq<T> for Value<'t, T> {
    fn eq(&self, other: &T) -> bool {
        self.value == *other
    }
}

impl<'t, T: Float> PartialOrd for Value<'t, T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<'t, T: Float> PartialOrd<T> for Value<'t, T> {
    fn partial_cmp(&self, other: &T) -> Option<Ordering> {
        self.value.partial_cmp(other)
    }
}

/// Math methods of one operand: `y = x.f()`, partial `rule(x, y)`.
macro_rules! unary_methods {
    ($($(#[$doc:meta])* $name:ident => $op:ident, $rule:path;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(self) -> Self {
            let y = self.value.$name();
            self.unary(Op::$op, y, $rule(self.value, y))
        }
    )*};
}

/// Math methods of two operands: `y = a.f(b)`, partials `rule(a, b, y)`.
macro_rules! binary_methods {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(self, b: impl Operand<'t, T>) -> Self {
            let b = b.into_value(self.tape);
            let y = self.value.$name(b.value);
            self.binary(Op::$op, b, y, partial::$name(self.value, b.value, y))
        }
    )*};
}

/// The math methods of [`Float`] that have a derivative. Each doc example checks the
/// gradient against its closed form.
impl<'t, T: Float> Value<'t, T> {
    unary_methods! {
        /// Sine. d sin x = cos x.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert_eq!(x.sin().backward()[x], 0.5_f64.cos());
        /// ```
        sin => Sin, partial::sin;
        /// Cosine. d cos x = −sin x.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert_eq!(x.cos().backward()[x], -0.5_f64.sin());
        /// ```
        cos => Cos, partial::cos;
        /// Tangent. d tan x = 1 + tan² x; 2 at π/4.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(std::f64::consts::FRAC_PI_4);
        /// assert!((x.tan().backward()[x] - 2.0).abs() < 1e-15);
        /// ```
        tan => Tan, partial::tan;
        /// Arcsine. d asin x = 1/√(1 − x²); 2/√3 at ½.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert!((x.asin().backward()[x] - 2.0 / 3.0_f64.sqrt()).abs() < 1e-15);
        /// ```
        asin => Asin, partial::asin;
        /// Arccosine. d acos x = −1/√(1 − x²); −2/√3 at ½.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert!((x.acos().backward()[x] + 2.0 / 3.0_f64.sqrt()).abs() < 1e-15);
        /// ```
        acos => Acos, partial::acos;
        /// Arctangent. d atan x = 1/(1 + x²); ½ at 1.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(1.0);
        /// assert_eq!(x.atan().backward()[x], 0.5);
        /// ```
        atan => Atan, partial::atan;
        /// Hyperbolic sine. d sinh x = cosh x.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert_eq!(x.sinh().backward()[x], 0.5_f64.cosh());
        /// ```
        sinh => Sinh, partial::sinh;
        /// Hyperbolic cosine. d cosh x = sinh x.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5);
        /// assert_eq!(x.cosh().backward()[x], 0.5_f64.sinh());
        /// ```
        cosh => Cosh, partial::cosh;
        /// Hyperbolic tangent. d tanh x = 1 − tanh² x; 1 at 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.0);
        /// assert_eq!(x.tanh().backward()[x], 1.0);
        /// ```
        tanh => Tanh, partial::tanh;
        /// Inverse hyperbolic sine. d asinh x = 1/√(x² + 1); 1/√2 at 1.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(1.0);
        /// assert!((x.asinh().backward()[x] - 0.5_f64.sqrt()).abs() < 1e-15);
        /// ```
        asinh => Asinh, partial::asinh;
        /// Inverse hyperbolic cosine. d acosh x = 1/√(x² − 1); 1/√3 at 2.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.0);
        /// assert!((x.acosh().backward()[x] - 1.0 / 3.0_f64.sqrt()).abs() < 1e-15);
        /// ```
        acosh => Acosh, partial::acosh;
        /// Inverse hyperbolic tangent. d atanh x = 1/(1 − x²); 4/3 at ½.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.5_f64);
        /// assert!((x.atanh().backward()[x] - 4.0 / 3.0).abs() < 1e-15);
        /// ```
        atanh => Atanh, partial::atanh;
        /// Exponential. d eˣ = eˣ.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(1.0);
        /// assert_eq!(x.exp().backward()[x], std::f64::consts::E);
        /// ```
        exp => Exp, partial::exp;
        /// Power of two. d 2ˣ = 2ˣ ln 2; 8 ln 2 at 3.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(3.0);
        /// assert!((x.exp2().backward()[x] - 8.0 * std::f64::consts::LN_2).abs() < 1e-14);
        /// ```
        exp2 => Exp2, partial::exp2;
        /// eˣ − 1, accurate near 0. d = eˣ; 1 at 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(0.0);
        /// assert_eq!(x.exp_m1().backward()[x], 1.0);
        /// ```
        exp_m1 => ExpM1, partial::exp_m1;
        /// Natural logarithm. d ln x = 1/x.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(4.0);
        /// assert_eq!(x.ln().backward()[x], 0.25);
        /// ```
        ln => Ln, partial::ln;
        /// ln(1 + x), accurate near 0. d = 1/(1 + x).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(3.0);
        /// assert_eq!(x.ln_1p().backward()[x], 0.25);
        /// ```
        ln_1p => Ln1p, partial::ln_1p;
        /// Base-2 logarithm. d log₂ x = 1/(x ln 2).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(4.0);
        /// let d = x.log2().backward()[x];
        /// assert!((d - 1.0 / (4.0 * std::f64::consts::LN_2)).abs() < 1e-15);
        /// ```
        log2 => Log2, partial::log2;
        /// Base-10 logarithm. d log₁₀ x = 1/(x ln 10).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(5.0);
        /// let d = x.log10().backward()[x];
        /// assert!((d - 1.0 / (5.0 * std::f64::consts::LN_10)).abs() < 1e-15);
        /// ```
        log10 => Log10, partial::log10;
        /// Square root. d √x = 1/(2√x); +∞ at 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(9.0);
        /// assert_eq!(x.sqrt().backward()[x], 1.0 / 6.0);
        /// ```
        sqrt => Sqrt, partial::sqrt;
        /// Cube root. d ∛x = 1/(3∛x²); 1/12 at 8.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(8.0);
        /// assert_eq!(x.cbrt().backward()[x], 1.0 / 12.0);
        /// ```
        cbrt => Cbrt, partial::cbrt;
        /// Reciprocal. d (1/x) = −1/x².
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.0);
        /// assert_eq!(x.recip().backward()[x], -0.25);
        /// ```
        recip => Recip, partial::recip;
        /// Absolute value. d |x| = sign x, and 0 at 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(-3.0);
        /// assert_eq!(x.abs().backward()[x], -1.0);
        /// ```
        abs => Abs, partial::abs;
        /// Sign (±1). Piecewise constant: derivative 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(-3.0);
        /// assert_eq!(x.signum().backward()[x], 0.0);
        /// ```
        signum => Signum, partial::piecewise_constant;
        /// Round down. Piecewise constant: derivative 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.5);
        /// assert_eq!(x.floor().backward()[x], 0.0);
        /// ```
        floor => Floor, partial::piecewise_constant;
        /// Round up. Piecewise constant: derivative 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.5);
        /// assert_eq!(x.ceil().backward()[x], 0.0);
        /// ```
        ceil => Ceil, partial::piecewise_constant;
        /// Round to nearest. Piecewise constant: derivative 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.3);
        /// assert_eq!(x.round().backward()[x], 0.0);
        /// ```
        round => Round, partial::piecewise_constant;
        /// Round toward zero. Piecewise constant: derivative 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.5);
        /// assert_eq!(x.trunc().backward()[x], 0.0);
        /// ```
        trunc => Trunc, partial::piecewise_constant;
        /// Fractional part x − trunc x. Derivative 1 (almost everywhere).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(2.5);
        /// assert_eq!(x.fract().backward()[x], 1.0);
        /// ```
        fract => Fract, partial::fract;
        /// Degrees to radians, x·π/180. Derivative π/180.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(90.0);
        /// assert_eq!(x.to_radians().backward()[x], std::f64::consts::PI / 180.0);
        /// ```
        to_radians => ToRadians, partial::to_radians;
        /// Radians to degrees, x·180/π. Derivative 180/π.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(1.0);
        /// assert_eq!(x.to_degrees().backward()[x], 180.0 / std::f64::consts::PI);
        /// ```
        to_degrees => ToDegrees, partial::to_degrees;
    }

    binary_methods! {
        /// Four-quadrant arctangent of `self / b`. ∂/∂a = b/(a² + b²), ∂/∂b = −a/(a² + b²);
        /// (0, 0) at the origin, where the angle jumps.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(3.0), t.var(4.0));
        /// let g = a.atan2(b).backward();
        /// assert_eq!((g[a], g[b]), (4.0 / 25.0, -3.0 / 25.0));
        /// ```
        atan2 => Atan2;
        /// Logarithm in base `b`. ∂/∂a = 1/(a ln b), ∂/∂b = −log_b a/(b ln b).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(8.0), t.var(2.0));
        /// let g = a.log(b).backward();
        /// let ln2 = std::f64::consts::LN_2;
        /// assert!((g[a] - 1.0 / (8.0 * ln2)).abs() < 1e-15);
        /// assert!((g[b] + 3.0 / (2.0 * ln2)).abs() < 1e-14);
        /// ```
        log => Log;
        /// `self` to the power `b`. ∂/∂a = b aᵇ⁻¹, ∂/∂b = aᵇ ln a.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(2.0), t.var(3.0));
        /// let g = a.powf(b).backward();
        /// assert_eq!(g[a], 12.0);
        /// assert!((g[b] - 8.0 * std::f64::consts::LN_2).abs() < 1e-14);
        /// ```
        powf => Powf;
        /// √(a² + b²). ∂/∂a = a/y, ∂/∂b = b/y (0 at the origin).
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(3.0), t.var(4.0));
        /// let g = a.hypot(b).backward();
        /// assert_eq!((g[a], g[b]), (0.6, 0.8));
        /// ```
        hypot => Hypot;
        /// Maximum. The derivative goes to the larger operand, half to each on a tie.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let x = t.var(-1.0);
        /// assert_eq!(x.max(0.0).backward()[x], 0.0); // ReLU below 0
        /// ```
        max => Max;
        /// Minimum. The derivative goes to the smaller operand, half to each on a tie.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(1.0), t.var(2.0));
        /// let g = a.min(b).backward();
        /// assert_eq!((g[a], g[b]), (1.0, 0.0));
        /// ```
        min => Min;
        /// `|self|` with the sign of `b`. ∂/∂a = sign(a)·sign(b) (0 at a = 0, as for `abs`),
        /// ∂/∂b = 0.
        /// ```
        /// let t = autodiff_runtime::Tape::new();
        /// let (a, b) = (t.var(3.0), t.var(-2.0));
        /// let g = a.copysign(b).backward();
        /// assert_eq!((g[a], g[b]), (-1.0, 0.0));
        /// ```
        copysign => Copysign;
    }

    /// Integer power. d xⁿ = n xⁿ⁻¹.
    /// ```
    /// let t = autodiff_runtime::Tape::new();
    /// let x = t.var(2.0);
    /// assert_eq!(x.powi(-2).backward()[x], -0.25); // −2/x³
    /// ```
    #[inline]
    pub fn powi(self, n: i32) -> Self {
        let y = self.value.powi(n);
        self.unary(Op::Powi, y, partial::powi(self.value, n, y))
    }

    /// The least non-negative remainder of `self / b` (`f64::rem_euclid`: an angle wrapped
    /// into `[0, 2π)`). ∂/∂a = 1, ∂/∂b = −`a.div_euclid(b)`.
    /// ```
    /// let t = autodiff_runtime::Tape::new();
    /// let (a, b) = (t.var(-7.5), t.var(2.0));
    /// let y = a.rem_euclid(b); // −7.5 = 2·(−4) + 0.5
    /// let g = y.backward();
    /// assert_eq!((y.value(), g[a], g[b]), (0.5, 1.0, 4.0));
    /// ```
    #[inline]
    pub fn rem_euclid(self, b: impl Operand<'t, T>) -> Self {
        let b = b.into_value(self.tape);
        let y = crate::dual::rem_euclid(self.value, b.value);
        self.binary(
            Op::RemEuclid,
            b,
            y,
            partial::rem_euclid(self.value, b.value, y),
        )
    }

    /// Fused `self · a + b`. Partials (a, self, 1).
    /// ```
    /// let t = autodiff_runtime::Tape::new();
    /// let (x, a, b) = (t.var(2.0), t.var(3.0), t.var(4.0));
    /// let y = x.mul_add(a, b);
    /// let g = y.backward();
    /// assert_eq!((y.value(), g[x], g[a], g[b]), (10.0, 3.0, 2.0, 1.0));
    /// ```
    #[inline]
    pub fn mul_add(self, a: impl Operand<'t, T>, b: impl Operand<'t, T>) -> Self {
        let (a, b) = (a.into_value(self.tape), b.into_value(self.tape));
        let y = self.value.mul_add(a.value, b.value);
        self.ternary(
            Op::MulAdd,
            a,
            b,
            y,
            partial::mul_add(self.value, a.value, b.value, y),
        )
    }

    /// `self` limited to `[lo, hi]`. The derivative goes to `self` inside the interval, else
    /// to the bound that is hit; a bound hit exactly shares it with `self`.
    /// ```
    /// let t = autodiff_runtime::Tape::new();
    /// let (x, hi) = (t.var(5.0), t.var(1.0));
    /// let g = x.clamp(0.0, hi).backward();
    /// assert_eq!((g[x], g[hi]), (0.0, 1.0));
    /// ```
    #[inline]
    pub fn clamp(self, lo: impl Operand<'t, T>, hi: impl Operand<'t, T>) -> Self {
        let (lo, hi) = (lo.into_value(self.tape), hi.into_value(self.tape));
        let y = self.value.clamp(lo.value, hi.value);
        self.ternary(
            Op::Clamp,
            lo,
            hi,
            y,
            partial::clamp(self.value, lo.value, hi.value, y),
        )
    }
}
