//! What `f_jvp`'s tangent code calls besides the rules: the check of a tangent's length on
//! entry, `a·b + c` fused where the target makes that cheap, and a derivative through `as`
//! to a type the attribute cannot see (`through_cast`, the reverse sweep's too).

use num_traits::Float;

/// Checks that the tangent `name` of a sequence parameter has the parameter's length, as
/// `f_jvp` does on entry: a clear message instead of an index error deep in the loop, and,
/// once checked, the optimiser knows the tangent's indices are in bounds wherever the
/// primal's are.
///
/// ```should_panic
/// // the tangent `x_dot` has length 2, but `x` has length 3
/// autodiff_runtime::support::check_tangent_len(3, 2, "x_dot", "x");
/// ```
#[inline(always)]
#[track_caller]
pub fn check_tangent_len(primal: usize, tangent: usize, name: &str, param: &str) {
    if primal != tangent {
        tangent_len_mismatch(primal, tangent, name, param)
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn tangent_len_mismatch(primal: usize, tangent: usize, name: &str, param: &str) -> ! {
    panic!("the tangent `{name}` has length {tangent}, but `{param}` has length {primal}: a tangent has its parameter's shape")
}

/// `a·b + c`, fused into one rounding where the target has fused multiply-add (x86-64 built
/// with the `fma` feature, e.g. by `-C target-cpu=native`; every aarch64) and as a product
/// and a sum where it has not (where `mul_add` would be a slow library call).
/// Tangent code uses it for `αẋ + β`: the derivative's rounding may then differ by build
/// target, the primal's never does. The choice is made for the whole build; an `f_jvp`
/// with a loop instead chooses when it runs ([`crate::fma`]), and this serves the rest
/// (methods, straight-line code, the callers' entry points).
///
/// ```
/// use autodiff_runtime::support::mul_add;
/// assert_eq!(mul_add(2.0_f64, 3.0, 1.0), 7.0);
/// ```
#[inline(always)]
pub fn mul_add<T: Float>(a: T, b: T, c: T) -> T {
    if cfg!(any(target_feature = "fma", target_arch = "aarch64")) {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// Whether a value converted by `as` to this type keeps its derivative: a float does, an
/// integer does not (`x as i64` truncates). Generated code asks it where the target is a
/// name the attribute cannot see (`x as Idx`, `type Idx = i64;` elsewhere), so that rustc,
/// which sees the alias, decides.
pub trait CastTarget {
    /// `true` for `f32` and `f64`.
    const KEEPS_DERIVATIVE: bool;
    /// What a dual number `D` converted to this type is in the dual twin: the dual number
    /// itself for a float (value and tangent pass), the integer its value converts to
    /// otherwise.
    type Lifted<D>;
    /// Converts a dual number as `as` converts its value.
    fn lifted_cast<D: num_traits::ToPrimitive>(d: D) -> Self::Lifted<D>;
    /// Converts such a value back to a dual number (`k as f64` of `let k = x as Idx;`): a
    /// float is the dual number it was, an integer a constant.
    fn unlift<D: Float>(v: Self::Lifted<D>) -> D;
    /// The value of such a value, of this type (`k as usize`: `k` read for its value).
    fn lifted_value<D: num_traits::ToPrimitive>(v: Self::Lifted<D>) -> Self;
}

macro_rules! cast_targets {
    (floats: $($t:ty),*) => {$(
        impl CastTarget for $t {
            const KEEPS_DERIVATIVE: bool = true;
            type Lifted<D> = D;
            fn lifted_cast<D: num_traits::ToPrimitive>(d: D) -> D {
                d
            }
            fn unlift<D: Float>(v: D) -> D {
                v
            }
            fn lifted_value<D: num_traits::ToPrimitive>(v: D) -> $t {
                <$t as num_traits::NumCast>::from(v).unwrap_or(<$t>::NAN)
            }
        }
    )*};
    (integers: $($t:ty),*) => {$(
        impl CastTarget for $t {
            const KEEPS_DERIVATIVE: bool = false;
            type Lifted<D> = $t;
            // (Through `f64`, which holds every `f32` and `f64` value exactly, so that the
            // integer is the one `as` gives: truncated, saturated, 0 for NaN.)
            fn lifted_cast<D: num_traits::ToPrimitive>(d: D) -> $t {
                d.to_f64().map_or(0 as $t, |v| v as $t)
            }
            fn unlift<D: Float>(v: $t) -> D {
                D::from(v).unwrap_or_else(D::zero)
            }
            fn lifted_value<D: num_traits::ToPrimitive>(v: $t) -> $t {
                v
            }
        }
    )*};
}
cast_targets!(floats: f32, f64);
cast_targets!(integers: i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// The derivative (a tangent or a cotangent) `d` of a value converted by `as` to `A`: `d`
/// itself where `A` is a float, zero where it is an integer.
///
/// ```
/// use autodiff_runtime::support::through_cast;
/// type Idx = i64;
/// type Real = f64;
/// assert_eq!(through_cast::<Idx, f64>(2.5), 0.0);
/// assert_eq!(through_cast::<Real, f64>(2.5), 2.5);
/// ```
pub fn through_cast<A: CastTarget, T: num_traits::Zero>(d: T) -> T {
    if A::KEEPS_DERIVATIVE {
        d
    } else {
        T::zero()
    }
}

/// A dual number `d` converted by `as` to `A`, in the dual twin: `d` itself where `A` is a
/// float (`(x * y) as Real`, `type Real = f64;`, keeps its tangent), the integer `as` gives
/// of its value where `A` is an integer.
///
/// ```
/// use autodiff_runtime::{support::lifted_cast, Dual};
/// type Real = f64;
/// type Idx = i64;
/// let d = Dual::new(2.5, 1.0);
/// assert_eq!(lifted_cast::<Real, _>(d).tangent, 1.0);
/// assert_eq!(lifted_cast::<Idx, _>(d), 2);
/// ```
pub fn lifted_cast<A: CastTarget, D: num_traits::ToPrimitive>(d: D) -> A::Lifted<D> {
    A::lifted_cast(d)
}

/// A value [`lifted_cast`] made, converted back to the dual number type `D` (`k as f64` of
/// `let k = x as Idx;`): the dual number itself where `A` is a float, a constant where it is
/// an integer.
///
/// ```
/// use autodiff_runtime::{support::{lifted_cast, unlifted_cast}, Dual};
/// type Idx = i64;
/// let k = lifted_cast::<Idx, _>(Dual::new(2.5, 1.0));
/// let back: Dual<f64> = unlifted_cast::<Idx, _>(k);
/// assert_eq!((back.primal, back.tangent), (2.0, 0.0));
/// ```
pub fn unlifted_cast<A: CastTarget, D: Float>(v: A::Lifted<D>) -> D {
    A::unlift(v)
}

/// The value, of type `A`, of a value [`lifted_cast`] made (`k as usize` of `let k = x as
/// Idx;`): the dual number's primal where `A` is a float, the integer itself otherwise.
///
/// ```
/// use autodiff_runtime::{support::{lifted_cast, lifted_value}, Dual};
/// type Idx = i64;
/// type Real = f64;
/// let d = Dual::new(2.5, 1.0);
/// assert_eq!(lifted_value::<Idx, Dual<f64>>(lifted_cast::<Idx, _>(d)), 2);
/// assert_eq!(lifted_value::<Real, Dual<f64>>(lifted_cast::<Real, _>(d)), 2.5);
/// ```
pub fn lifted_value<A: CastTarget, D: num_traits::ToPrimitive>(v: A::Lifted<D>) -> A {
    A::lifted_value(v)
}
