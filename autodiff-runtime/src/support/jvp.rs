//! What `f_jvp`'s tangent code calls besides the rules: the check of a tangent's length on
//! entry, and `a·b + c` fused where the target makes that cheap.

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
