//! A callee's pullback called by a caller that cannot count its accumulators.
//!
//! The callers' pullback of a differentiated function (`g::pullback_all`) takes, after the
//! arguments passed again and the seed, one accumulator per sequence parameter of `g`
//! (see [`SeqAdjoint`]). A caller counts them by the kinds of its arguments, which it reads
//! off syntax. For a value whose type it cannot see (a parameter typed by an alias,
//! `v: &V3` with `type V3 = [f64; 3]`; a row of a struct's field, `&m.w[0]`), that count
//! can be wrong, and rustc would report the call's arity against generated code. Such a
//! caller wraps the pullback with [`lending_nothing`], naming only how many values it
//! passes, and calls it: every accumulator the pullback takes is given nothing
//! ([`SeqAdjoint::nothing`]), however many its type says there are, so rustc decides.
//! The cotangents then come back as results, and the caller adds them where they belong.
//!
//! ```
//! use autodiff_runtime::lending::lending_nothing;
//! // A pullback taking a slice again, the seed, and an accumulator for the slice.
//! let pullback = |x: &[f64], g: f64, mut acc: Vec<f64>| {
//!     if acc.len() != x.len() {
//!         acc = vec![0.0; x.len()];
//!     }
//!     acc[0] += g * 2.0 * x[0];
//!     acc
//! };
//! let x = vec![3.0, 1.0];
//! // The caller passes two values (the slice and the seed); the accumulator is filled in.
//! let x_bar = lending_nothing::<(_, _), _, _>(pullback).call(&x, 1.0);
//! assert_eq!(x_bar, vec![6.0, 0.0]);
//! ```

use crate::support::SeqAdjoint;
use std::marker::PhantomData;

/// A pullback taking the values `Given` (the arguments passed again and the seed), then
/// the accumulators `Accs`: implemented for every closure or function of that shape.
pub trait Splits<Given, Accs> {}

/// A pullback whose accumulators are lent nothing: made by [`lending_nothing`], called with
/// `call(given…)`.
pub struct LendingNothing<F, Given, Accs> {
    pullback: F,
    shape: PhantomData<fn(Given, Accs)>,
}

/// Wraps `pullback`, which takes the values `Given` then accumulators: the caller names
/// `Given`'s length by a tuple of placeholders (`lending_nothing::<(_, _, _), _, _>`), and
/// rustc finds the accumulators from the pullback's type.
#[inline]
pub fn lending_nothing<Given, Accs, F: Splits<Given, Accs>>(
    pullback: F,
) -> LendingNothing<F, Given, Accs> {
    LendingNothing {
        pullback,
        shape: PhantomData,
    }
}

/// The most values a caller may pass (`Given`) and the most accumulators a pullback may
/// take through [`lending_nothing`]; a call past them counts its accumulators
/// (`autodiff-macros`' `emit::callers::counts_accumulators` reads these numbers).
pub const MAX_GIVEN: usize = 16;
/// See [`MAX_GIVEN`].
pub const MAX_ACCUMULATORS: usize = 10;

/// The impls for `Given` of the listed names, with 0 to [`MAX_ACCUMULATORS`] accumulators.
macro_rules! lending {
    ($($a:ident)*) => {
        lending!(@ ($($a)*) ());
        lending!(@ ($($a)*) (C0));
        lending!(@ ($($a)*) (C0 C1));
        lending!(@ ($($a)*) (C0 C1 C2));
        lending!(@ ($($a)*) (C0 C1 C2 C3));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4 C5));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4 C5 C6));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4 C5 C6 C7));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4 C5 C6 C7 C8));
        lending!(@ ($($a)*) (C0 C1 C2 C3 C4 C5 C6 C7 C8 C9));
    };
    (@ ($($a:ident)*) ($($c:ident)*)) => {
        impl<F, R, $($a,)* $($c: SeqAdjoint,)*> Splits<($($a,)*), ($($c,)*)> for F
        where
            F: FnOnce($($a,)* $($c,)*) -> R,
        {
        }

        // (A pullback takes as many arguments as its function, and more.)
        #[allow(non_snake_case, clippy::too_many_arguments)]
        impl<F, R, $($a,)* $($c: SeqAdjoint,)*> LendingNothing<F, ($($a,)*), ($($c,)*)>
        where
            F: FnOnce($($a,)* $($c,)*) -> R,
        {
            /// Calls the pullback with `given`, lending each accumulator nothing.
            #[inline]
            pub fn call(self, $($a: $a,)*) -> R {
                (self.pullback)($($a,)* $($c::nothing(),)*)
            }
        }
    };
}

lending!(A0);
lending!(A0 A1);
lending!(A0 A1 A2);
lending!(A0 A1 A2 A3);
lending!(A0 A1 A2 A3 A4);
lending!(A0 A1 A2 A3 A4 A5);
lending!(A0 A1 A2 A3 A4 A5 A6);
lending!(A0 A1 A2 A3 A4 A5 A6 A7);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14);
lending!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15);

#[cfg(test)]
mod tests {
    use super::lending_nothing;

    /// A pullback of `a · b` over arrays, with an accumulator for each: the arrays'
    /// cotangents are `b ḡ` and `a ḡ` whether the caller counted the accumulators or not.
    #[test]
    #[allow(clippy::needless_borrow)] // (the borrow is what generated code passes)
    fn fills_in_every_accumulator() {
        let pullback = |a: &[f64; 2], b: &[f64; 2], g: f64, mut ca: [f64; 2], mut cb: [f64; 2]| {
            for i in 0..2 {
                ca[i] += g * b[i];
                cb[i] += g * a[i];
            }
            (ca, cb)
        };
        let (a, b) = ([1.0, 2.0], [3.0, 5.0]);
        let a_ref = &a;
        // `&a_ref` is `&&[f64; 2]`: the call coerces it as a direct call would.
        let (ca, cb) = lending_nothing::<(_, _, _), _, _>(pullback).call(&a_ref, &b, 2.0);
        assert_eq!(ca, [6.0, 10.0]);
        assert_eq!(cb, [2.0, 4.0]);
    }

    /// A boxed pullback (a recursive callee's) with no accumulator is called as it is.
    #[test]
    fn takes_boxed_pullbacks_without_accumulators() {
        type Boxed = Box<dyn FnOnce(&f64, f64) -> f64>;
        let pullback: Boxed = Box::new(|x: &f64, g: f64| g * 3.0 * x);
        assert_eq!(
            lending_nothing::<(_, _), _, _>(pullback).call(&2.0, 0.5),
            3.0
        );
    }
}
