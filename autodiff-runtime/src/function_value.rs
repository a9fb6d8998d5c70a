//! Function values with their derivatives: what the derived items of a differentiated
//! function take in place of a parameter holding a function of floats (`f: fn(f64) -> f64`,
//! `f: impl Fn(f64, f64) -> f64`, `F: Fn(f64) -> f64`) that it calls on values carrying a
//! derivative, as an integrator, a quadrature rule or a root finder does.
//!
//! A macro cannot see the derivative of a function it is handed at run time, so the derived
//! items ask for one that brings its derivatives along: `g::with_derivatives()` of a
//! `#[differentiate]` function `g` of one to four float parameters returning a float, or a
//! type of the user's implementing [`Function1`] … [`Function4`] by hand. The primal keeps
//! the plain function. Each trait carries what a differentiated caller calls: the value,
//! forward mode (`call_jvp_all`), the split reverse mode (`call_pullback_all`) and the
//! reverse mode on dual numbers that `_hvp` runs (`call_dual_pullback_all`), with a tangent
//! and a cotangent for every parameter, as the entry points of `#[differentiate]` functions
//! have them.
//!
//! A hand-written one, f(x) = sin x:
//!
//! ```
//! use autodiff_runtime::function_value::Function1;
//! use autodiff_runtime::Dual;
//! use num_traits::Float;
//!
//! #[derive(Clone, Copy)]
//! struct Sine;
//!
//! impl<T: Float> Function1<T> for Sine {
//!     fn call(self, x: T) -> T {
//!         x.sin()
//!     }
//!     fn call_jvp_all(self, x: T, x_dot: T) -> (T, T) {
//!         (x.sin(), x.cos() * x_dot)
//!     }
//!     fn call_pullback_all(self, x: T) -> (T, impl FnOnce(T) -> (T,)) {
//!         (x.sin(), move |y_bar: T| (y_bar * x.cos(),))
//!     }
//!     fn call_dual_pullback_all(
//!         self,
//!         x: Dual<T>,
//!     ) -> (Dual<T>, impl FnOnce(Dual<T>) -> (Dual<T>,)) {
//!         (x.sin(), move |y_bar: Dual<T>| (y_bar * x.cos(),))
//!     }
//!     fn primal(self) -> fn(T) -> T {
//!         |x| x.sin()
//!     }
//! }
//!
//! let (y, pullback) = Sine.call_pullback_all(0.5_f64);
//! assert_eq!(y, 0.5_f64.sin());
//! assert_eq!(pullback(2.0).0, 2.0 * 0.5_f64.cos());
//! ```

use crate::Dual;
use num_traits::Float;

/// The type `T` for each of the macro's parameter names (in type position).
macro_rules! each_t {
    ($x:ident) => {
        T
    };
}

macro_rules! function_trait {
    ($(#[$doc:meta])* $name:ident, $message:literal, $note:literal; $($x:ident $t:ident),+) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(
            message = $message,
            label = "a function value passed to a derived item must bring its derivatives",
            note = $note,
        )]
        #[allow(clippy::too_many_arguments)]
        pub trait $name<T: Float>: Copy {
            /// The value, as the primal computes it.
            fn call(self, $($x: T),+) -> T;
            /// The value and its tangent along the arguments' tangents.
            fn call_jvp_all(self, $($x: T,)+ $($t: T),+) -> (T, T);
            /// The value and its pullback, which maps the result's cotangent to a cotangent
            /// for every argument.
            fn call_pullback_all(self, $($x: T),+) -> (T, impl FnOnce(T) -> ($(each_t!($x),)+));
            /// [`Self::call_pullback_all`] on dual numbers (forward-over-reverse), which the
            /// `_hvp` of a differentiated caller runs.
            fn call_dual_pullback_all(
                self,
                $($x: Dual<T>),+
            ) -> (Dual<T>, impl FnOnce(Dual<T>) -> ($(Dual<each_t!($x)>,)+));
            /// The function itself, which `_gradcheck` hands to the primal.
            fn primal(self) -> fn($(each_t!($x)),+) -> T;
        }

        /// A reference to one, as a function passed on by reference is.
        impl<T: Float, F: $name<T>> $name<T> for &F {
            fn call(self, $($x: T),+) -> T {
                (*self).call($($x),+)
            }
            fn call_jvp_all(self, $($x: T,)+ $($t: T),+) -> (T, T) {
                (*self).call_jvp_all($($x,)+ $($t),+)
            }
            fn call_pullback_all(self, $($x: T),+) -> (T, impl FnOnce(T) -> ($(each_t!($x),)+)) {
                (*self).call_pullback_all($($x),+)
            }
            fn call_dual_pullback_all(
                self,
                $($x: Dual<T>),+
            ) -> (Dual<T>, impl FnOnce(Dual<T>) -> ($(Dual<each_t!($x)>,)+)) {
                (*self).call_dual_pullback_all($($x),+)
            }
            fn primal(self) -> fn($(each_t!($x)),+) -> T {
                (*self).primal()
            }
        }
    };
}

function_trait!(
    /// A function of one float with its derivatives (see the [module](self)).
    Function1,
    "`{Self}` is not a function of one float with derivatives",
    "pass `g::with_derivatives()` for a `#[differentiate]` function `g` of one float parameter returning a float (the primal takes `g` itself), or implement `autodiff::function_value::Function1` for a type of your own"; x0 t0
);
function_trait!(
    /// A function of two floats with its derivatives (see the [module](self)).
    Function2,
    "`{Self}` is not a function of two floats with derivatives",
    "pass `g::with_derivatives()` for a `#[differentiate]` function `g` of two float parameters returning a float (the primal takes `g` itself), or implement `autodiff::function_value::Function2` for a type of your own"; x0 t0, x1 t1
);
function_trait!(
    /// A function of three floats with its derivatives (see the [module](self)).
    Function3,
    "`{Self}` is not a function of three floats with derivatives",
    "pass `g::with_derivatives()` for a `#[differentiate]` function `g` of three float parameters returning a float (the primal takes `g` itself), or implement `autodiff::function_value::Function3` for a type of your own"; x0 t0, x1 t1, x2 t2
);
function_trait!(
    /// A function of four floats with its derivatives (see the [module](self)).
    Function4,
    "`{Self}` is not a function of four floats with derivatives",
    "pass `g::with_derivatives()` for a `#[differentiate]` function `g` of four float parameters returning a float (the primal takes `g` itself), or implement `autodiff::function_value::Function4` for a type of your own"; x0 t0, x1 t1, x2 t2, x3 t3
);
