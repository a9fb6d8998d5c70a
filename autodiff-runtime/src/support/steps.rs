//! What the derived items of a `&mut self` method made of steps pass between steps: each
//! argument's tangent and cotangent *slot*. A step `g` takes, per argument, a
//! [`TangentSlot`] and a [`CotangentSlot`] where it differentiates that parameter, and a
//! [`Constant`] where it does not; a caller passes `Some(x_dot)` / `Some(&mut x_bar)` for a
//! value carrying a derivative and [`Constant`] for one that does not, so rustc matches
//! them, and a value with a derivative given to a parameter the step leaves out (its own
//! `wrt`) is rustc's error naming [`NoDerivative`], never a derivative dropped. A field of
//! `self` passed to a step has the slots its type gives ([`FieldArg`]: floats carry a
//! derivative unless the field is `#[no_grad]`, integers and flags none).

use num_traits::Float;

/// The slot of an argument that carries no derivative (a constant, an integer).
///
/// ```
/// use autodiff_runtime::support::{Constant, TangentSlot};
/// assert_eq!(TangentSlot::<f64>::tangent(Constant), 0.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Constant;

/// A tangent passed to a step for a parameter it differentiates.
///
/// ```
/// use autodiff_runtime::support::TangentSlot;
/// assert_eq!(Some(2.0_f64).tangent(), 2.0);
/// assert_eq!(None::<f32>.tangent(), 0.0);
/// ```
pub trait TangentSlot<F> {
    /// The tangent (zero where none).
    fn tangent(self) -> F;
}

impl<F: Float> TangentSlot<F> for Option<F> {
    fn tangent(self) -> F {
        self.unwrap_or_else(F::zero)
    }
}

impl<F: Float> TangentSlot<F> for Constant {
    fn tangent(self) -> F {
        F::zero()
    }
}

/// Where a step adds the cotangent of a parameter it differentiates.
///
/// ```
/// use autodiff_runtime::support::CotangentSlot;
/// let mut bar = 1.0_f64;
/// Some(&mut bar).add(0.5);
/// assert_eq!(bar, 1.5);
/// ```
pub trait CotangentSlot<F> {
    /// Adds `v` where the caller gathers the cotangent (nowhere for a constant).
    fn add(self, v: F);
}

impl<F: Float> CotangentSlot<F> for Option<&mut F> {
    fn add(self, v: F) {
        if let Some(c) = self {
            *c = *c + v;
        }
    }
}

impl<F: Float> CotangentSlot<F> for Constant {
    fn add(self, _: F) {}
}

/// The slot of a parameter a step does not differentiate: only [`Constant`] fits it.
///
/// ```
/// fn takes<T: autodiff_runtime::support::NoDerivative>(_: T) {}
/// takes(autodiff_runtime::support::Constant);
/// ```
#[diagnostic::on_unimplemented(
    message = "a value carrying a derivative is passed to a step for a parameter the step does not differentiate",
    label = "the step's `#[differentiate(wrt(…))]` leaves this parameter out",
    note = "name the parameter in the step's `wrt(…)`, or pass `autodiff::stop_gradient(…)` of the value"
)]
pub trait NoDerivative {}

impl NoDerivative for Constant {}

/// A field of `self` passed to a step: the slots its type gives, and its zero.
///
/// ```
/// use autodiff_runtime::support::FieldArg;
/// assert_eq!(FieldArg::tangent(&2.0_f64, false), Some(2.0));
/// assert_eq!(FieldArg::tangent(&2.0_f64, true), None);
/// ```
pub trait FieldArg: Sized {
    /// `Option<F>` for a float, [`Constant`] otherwise.
    type Tangent;
    /// `Option<&mut F>` for a float, [`Constant`] otherwise.
    type Cotangent<'a>
    where
        Self: 'a;
    /// The field's tangent (`None` where the field is a constant, `#[no_grad]`).
    fn tangent(&self, constant: bool) -> Self::Tangent;
    /// Where the step adds the field's cotangent.
    fn cotangent(gathered: &mut Self, constant: bool) -> Self::Cotangent<'_>;
    /// A zero to gather the cotangent in.
    fn zero(&self) -> Self;
    /// The gathered cotangent added to the state's.
    fn add_into(bar: &mut Self, gathered: Self, constant: bool);
}

macro_rules! float_field_arg {
    ($($f:ty),*) => {$(
        impl FieldArg for $f {
            type Tangent = Option<$f>;
            type Cotangent<'a> = Option<&'a mut $f>;
            fn tangent(&self, constant: bool) -> Self::Tangent {
                (!constant).then_some(*self)
            }
            fn cotangent(gathered: &mut Self, constant: bool) -> Self::Cotangent<'_> {
                (!constant).then_some(gathered)
            }
            fn zero(&self) -> Self {
                0.0
            }
            fn add_into(bar: &mut Self, gathered: Self, constant: bool) {
                if !constant {
                    *bar += gathered;
                }
            }
        }
    )*};
}

macro_rules! constant_field_arg {
    ($($t:ty),*) => {$(
        impl FieldArg for $t {
            type Tangent = Constant;
            type Cotangent<'a> = Constant;
            fn tangent(&self, _: bool) -> Constant {
                Constant
            }
            fn cotangent(_: &mut Self, _: bool) -> Constant {
                Constant
            }
            fn zero(&self) -> Self {
                *self
            }
            fn add_into(_: &mut Self, _: Self, _: bool) {}
        }
    )*};
}

float_field_arg!(f32, f64);
constant_field_arg!(usize, isize, u8, u16, u32, u64, i8, i16, i32, i64, bool);

/// Whether the field `name` of `S` is a constant (`#[no_grad]`).
///
/// ```
/// assert!(!autodiff_runtime::support::constant_field::<Vec<f64>>("x"));
/// ```
pub fn constant_field<S: crate::Differentiable>(name: &str) -> bool {
    S::is_constant_field(name)
}

/// Stops a derived item at a step of a `#[no_grad]` field of `S` (`self.meter.update(y)`),
/// whose derivatives through its inputs and its state the field says it has none of: a
/// panic naming the field, never a derivative dropped. Nothing for any other field.
///
/// ```
/// autodiff_runtime::support::refuse_constant_step::<Vec<f64>>("meter", "update");
/// ```
#[track_caller]
pub fn refuse_constant_step<S: crate::Differentiable>(field: &str, method: &str) {
    if S::is_constant_field(field) {
        panic!("`self.{field}.{method}(…)` steps a `#[no_grad]` field inside a differentiated method: its derivatives through its inputs and its state cannot be followed; remove `#[no_grad]` from `{field}` (its own fields may be `#[no_grad]`), or step it outside this method");
    }
}
