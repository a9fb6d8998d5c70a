//! What generated code calls for struct parameters (`p: &Params`, `&self`).
//!
//! `#[differentiate]` cannot see a struct's definition, so it infers each field's kind from
//! how the function uses it and binds the field through one of the `*_field` functions
//! below. Each accepts only that kind: a wrong inference is a compile error whose message
//! says how to state the field's type, never a wrong derivative.

use crate::Differentiable;
use num_traits::Float;

/// A field `#[differentiate]` read as an integer.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as an integer (a range bound, an index or a cast's operand), but it is `{Self}`",
    label = "read as an integer here",
    note = "if the field is a float, bind it with its type first: `let s: f64 = p.scale;`"
)]
pub trait IntField: Copy {}
macro_rules! int_fields {
    ($($t:ty),*) => {$(impl IntField for $t {})*};
}
int_fields!(usize, isize, u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

/// The field, checked to be an integer: a float read as one would lose its derivative.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::int_field(3_usize), 3);
/// ```
pub fn int_field<I: IntField>(i: I) -> I {
    i
}

/// A field `#[differentiate]` read as a float.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a float, but it is `{Self}`",
    label = "used as a float value here (an operand or a float method's receiver)",
    note = "if the field is an array, a `Vec` or a struct, bind it with its type first: `let w: &Array2<f64> = &p.w;`"
)]
pub trait FloatField: Copy {}
impl<T: Float> FloatField for T {}

/// A field `#[differentiate]` read as a sequence of floats (`Vec`, array).
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a `Vec` or array of floats (it is indexed), but it is `{Self}`",
    label = "indexed here",
    note = "bind the field with its type first: `let v: &Vec<f64> = &p.v;`"
)]
pub trait SeqField {}
impl<T: Float> SeqField for Vec<T> {}
impl<T: Float, const N: usize> SeqField for [T; N] {}

/// A field `#[differentiate]` read as an `ndarray` array.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as an `ndarray` array, but it is `{Self}`",
    label = "borrowed or used as an array here",
    note = "a field's kind comes from its use: bind it with its type first (`let v: &Vec<f64> = &p.v;`, `let m: &Mlp = &p.mlp;`)"
)]
pub trait ArrayField {}
impl<T: Float, D: ndarray::Dimension> ArrayField for ndarray::Array<T, D> {}

/// A field `#[differentiate]` read as a struct (or a `Vec` of structs) with a cotangent.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a `#[derive(Differentiable)]` struct, but `{Self}` is not `Differentiable`",
    label = "used as a struct here (a method receiver or an element passed by reference)",
    note = "derive `Differentiable` for it, or bind the field with its type first: `let w: &Array2<f64> = &p.w;`"
)]
pub trait StructField: Differentiable {}
impl<S: Differentiable> StructField for S {}

/// The field, checked to be a float.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::float_field(2.5_f64), 2.5);
/// ```
pub fn float_field<T: FloatField>(x: T) -> T {
    x
}

/// The field, checked to be a `Vec` or array of floats.
///
/// ```
/// let v = vec![1.0_f64, 2.0];
/// assert_eq!(autodiff_runtime::fields::seq_field(&v).len(), 2);
/// ```
pub fn seq_field<S: SeqField + ?Sized>(s: &S) -> &S {
    s
}

/// The field, checked to be an `ndarray` array of floats.
///
/// ```
/// let a = autodiff_runtime::ndarray::Array1::<f64>::zeros(3);
/// assert_eq!(autodiff_runtime::fields::array_field(&a).len(), 3);
/// ```
pub fn array_field<A: ArrayField>(a: &A) -> &A {
    a
}

/// The field, checked to be `Differentiable` (a derived struct, a `Vec` of them).
///
/// ```
/// let v = vec![1.0_f64, 2.0];
/// assert_eq!(autodiff_runtime::fields::struct_field(&v).len(), 2);
/// ```
pub fn struct_field<S: StructField>(s: &S) -> &S {
    s
}

/// The cotangent of a struct argument a differentiated call returned.
#[diagnostic::on_unimplemented(
    message = "this argument carries a derivative, but the called function's `wrt(…)` leaves its parameter out",
    label = "this value varies with the parameters being differentiated",
    note = "name the parameter in the callee's `#[differentiate(wrt(…))]`, or pass a constant struct"
)]
pub trait StructCotangent: Differentiable {}
impl<S: Differentiable> StructCotangent for S {}

/// A struct's cotangent from a differentiated call, passed through unchanged: generated
/// callers route each one through here so that a struct the callee's `wrt(…)` leaves out
/// (whose cotangent is `ExcludedByWrt`) is a compile error at the argument.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::struct_cotangent(vec![1.0_f64]), [1.0]);
/// ```
pub fn struct_cotangent<S: StructCotangent>(c: S) -> S {
    c
}

/// Whether `name` is a constant (`#[no_grad]`) field of `parent`'s type: the gathering of
/// field adjoints into a struct's cotangent skips it.
///
/// ```
/// assert!(!autodiff_runtime::fields::is_constant_field(&vec![1.0_f64], "x"));
/// ```
pub fn is_constant_field<S: Differentiable>(parent: &S, name: &str) -> bool {
    let _ = parent;
    S::is_constant_field(name)
}

/// `acc += g` for any `Differentiable` value: a struct's cotangent gathering a field's.
///
/// ```
/// let mut acc = vec![1.0_f64, 2.0];
/// autodiff_runtime::fields::accumulate_struct(&mut acc, &vec![0.5, 0.5]);
/// assert_eq!(acc, [1.5, 2.5]);
/// ```
pub fn accumulate_struct<S: Differentiable>(acc: &mut S, g: &S) {
    acc.accumulate(g);
}

/// `acc += g` for the adjoint of a float field: floats need no `Differentiable` (a struct
/// generic over `T: Float` holds `T` fields that a generic function cannot bound by it).
///
/// ```
/// let mut acc = 1.0_f64;
/// autodiff_runtime::fields::accumulate_float(&mut acc, 0.5);
/// assert_eq!(acc, 1.5);
/// ```
pub fn accumulate_float<T: Float>(acc: &mut T, g: T) {
    *acc = *acc + g;
}

/// `acc += g` for an array adjoint kept as an `Option` (`None`: nothing reached it).
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut acc = array![1.0_f64, 2.0];
/// autodiff_runtime::fields::accumulate_lazy(&mut acc, Some(array![1.0, 1.0]));
/// autodiff_runtime::fields::accumulate_lazy(&mut acc, None);
/// assert_eq!(acc, array![2.0, 3.0]);
/// ```
pub fn accumulate_lazy<S: Differentiable>(acc: &mut S, g: Option<S>) {
    if let Some(g) = g {
        acc.accumulate(&g);
    }
}
