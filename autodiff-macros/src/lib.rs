//! The `#[differentiate]` attribute of `autodiff`: a small compiler from a Rust function
//! to its derivative functions, at compile time.
//!
//! Stages, one module each: `parse` (attribute arguments, types) → `ir::lower` (syn to
//! the IR) → `analysis` (activity, what the reverse sweep reads) → `emit` (forward and
//! reverse code). `expand` runs them in order. Use it through the `autodiff` crate, which
//! re-exports it with its documentation.

mod analysis;
mod crate_path;
mod derive;
mod emit;
mod expand;
mod fallible;
mod float_impl;
mod impl_generics;
mod in_place;
mod ir;
mod lent;
mod local_rows;
mod parse;
mod rules;
mod state;
mod tokens;
mod types;

use proc_macro::TokenStream;

/// Writes the derivative functions of an ordinary Rust function beside it, at compile time.
///
/// For `#[differentiate] fn f(<params>) -> R` the function stays as written, and these
/// appear beside it with the same visibility and generics (active parameters are the float,
/// float-slice, `Vec` and array ones, or those named by `wrt(…)`):
///
/// | item | returns |
/// |---|---|
/// | `f_jvp(<params>, <tangent per active param>)` | `(R, R)`: value and directional derivative |
/// | `f_vjp(<params>, dout: R)` | `(R, <cotangent per active param>)` |
/// | `f_pullback(<params>)` | `(R, pullback)`: the split reverse mode callers use |
/// | `f_grad(<params>)` (R a float) | `(R, <gradient per active param>)` |
/// | `f_hvp(<params>, <direction per active param>)` (R a float) | `(R, <gradients>, <H·v per active param>)` |
/// | `f_gradcheck(<params>)`, `f_gradcheck_with(<params>, tol)` (R a float of `f64`, `f32` or `T`) | `Result<(), GradcheckReport>`: every derivative against central differences, with steps and a default tolerance for the float type |
///
/// Cotangents: `f64` → `f64`, `&[f64]`/`&Vec<f64>`/`Vec<f64>` → `Vec<f64>`, `[f64; N]` and
/// `&[f64; N]` → `[f64; N]`; the same for `f32` and a generic `T: Float`.
///
/// ```
/// use autodiff::differentiate;
///
/// #[differentiate(wrt(x))]
/// fn horner(x: f64, c: &[f64]) -> f64 {
///     let mut acc = 0.0;
///     for i in (0..c.len()).rev() {
///         acc = acc * x + c[i];
///     }
///     acc
/// }
///
/// // p(x) = 1 + 2x + 3x², p'(x) = 2 + 6x, p''(x) = 6
/// let c = [1.0, 2.0, 3.0];
/// assert_eq!(horner_grad(2.0, &c), (17.0, 14.0));
/// assert_eq!(horner_jvp(2.0, &c, 1.0), (17.0, 14.0));
/// assert_eq!(horner_hvp(2.0, &c, 1.0), (17.0, 14.0, 6.0));
/// ```
///
/// The reverse mode is real adjoint code: `horner_pullback` runs the loop once, pushing
/// the overwritten `acc` on a tape, and returns a closure whose reverse sweep reads:
///
/// ```text
/// for i in lo..hi {
///     let g0 = acc_bar;
///     acc = acc_tape.pop();
///     acc_bar = g0 * x;
///     x_bar += g0 * acc;
/// }
/// ```
///
/// (`tests/expand/` holds this and other expansions in full.) `f_vjp` and `f_grad` know
/// the seed before the forward sweep runs: a loop that only adds terms to sums
/// (`s += …`) which the rest of the function reads linearly runs each iteration's adjoint
/// right after its primal, one pass as a hand-written gradient makes
/// (`tests/expand/rosenbrock.expanded.rs`); `f_hvp` runs the same fused body on dual
/// numbers (the hidden `f_dual_vjp`).
///
/// `#[differentiate(custom)]` on a function generic over its float type declares that its
/// derivatives are the hand-written `f_jvp` and `f_vjp` beside it; the macro then only adds
/// `f_pullback` (and its dual-number twin) so differentiated callers can call it.
///
/// In an `impl`, the generated items are associated items beside `f` and call each other as
/// `Self::f_…`. A method (`&self`) or a function that names `Self` is known to be in one;
/// any other associated function must say so with `#[differentiate(associated)]`, since the
/// attribute sees the function alone:
///
/// ```
/// use autodiff::differentiate;
///
/// struct Spring;
///
/// impl Spring {
///     #[differentiate(associated)]
///     fn energy(k: f64, x: f64) -> f64 {
///         0.5 * k * x * x
///     }
/// }
///
/// assert_eq!(Spring::energy_grad(2.0, 3.0), (9.0, 4.5, 6.0));
/// ```
///
/// A method of a generic `impl` gets `f_hvp` when it asks with `#[differentiate(hvp)]`: it
/// runs the `impl` on dual numbers, whose bounds the attribute cannot see, so the user
/// vouches that they hold at `Dual<T>`:
///
/// ```
/// use autodiff::num_traits::Float;
/// use autodiff::{differentiate, Differentiable};
///
/// #[derive(Differentiable, Clone, Debug, PartialEq)]
/// struct Spring<T: Float> {
///     k: T,
/// }
///
/// impl<T: Float + 'static> Spring<T> {
///     #[differentiate(hvp)]
///     fn energy(&self, x: T) -> T {
///         self.k * x * x * x
///     }
/// }
///
/// // e = k x³: ∇e = (x³, 3k x²); H·(v_k, v_x) = (3x² v_x, 3x² v_k + 6k x v_x).
/// let s = Spring { k: 2.0 };
/// let (e, s_bar, x_bar, s_hv, x_hv) = s.energy_hvp(1.0, &Spring { k: 1.0 }, 0.5);
/// assert_eq!((e, s_bar.k, x_bar), (2.0, 1.0, 6.0));
/// assert_eq!((s_hv.k, x_hv), (1.5, 3.0 + 6.0));
/// ```
///
/// `#[differentiate(nested)]` makes `f_grad`, `f_jvp` and `f_vjp` callable from other
/// differentiated functions, which are then differentiated in either mode (their
/// derivatives are `f_hvp`'s); `f`'s parameters are floats and its result a float:
///
/// ```
/// use autodiff::differentiate;
/// use autodiff::num_traits::Float;
///
/// #[differentiate(nested)]
/// fn f<T: Float>(a: T, b: T) -> T {
///     a * a * b
/// }
///
/// // g(x) = ∂f/∂a (x, 3x) = 6x², so g′(x) = 12x.
/// #[differentiate]
/// fn g(x: f64) -> f64 {
///     let (_, da, _) = f_grad(x, 3.0 * x);
///     da
/// }
///
/// assert_eq!(g_grad(2.0), (24.0, 24.0));
/// assert_eq!(g_jvp(2.0, 0.5), (24.0, 12.0));
/// ```
///
/// Unsupported Rust is a compile error naming the construct and what to write instead.
#[proc_macro_attribute]
pub fn differentiate(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::differentiate(args.into(), item.into()).into()
}

/// Implements `Differentiable` for a struct of parameters: its gradient is a value of the same
/// struct, and optimizers (`autodiff::optim`) update it leaf by leaf.
///
/// Every field is differentiable (a float, a `Vec` or array of them, an `ndarray` array, a
/// struct deriving `Differentiable`, …, all with the same float type) unless marked
/// `#[no_grad]`: such a constant is cloned by `zero_like` and skipped by the other methods.
/// The leaves are the fields' leaves, in declaration order. Named-field and tuple structs are
/// supported, generic ones too; enums and unions are refused.
///
/// ```
/// use autodiff::ndarray::{array, Array1};
/// use autodiff::optim::Sgd;
/// use autodiff::Differentiable;
///
/// #[derive(Differentiable, Clone, Debug, PartialEq)]
/// struct Line {
///     w: Array1<f64>,
///     b: f64,
///     #[no_grad]
///     name: String,
/// }
///
/// let mut p = Line { w: array![1.0, 2.0], b: 0.5, name: "line".into() };
/// let g = Line { w: array![1.0, -1.0], b: 2.0, ..p.zero_like() };
/// assert_eq!(p.num_params(), 3);
/// assert_eq!(g.to_flat(), [1.0, -1.0, 2.0]);
/// Sgd::new(0.5).step(&mut p, &g);
/// assert_eq!(p, Line { w: array![0.5, 2.5], b: -0.5, name: "line".into() });
/// ```
#[proc_macro_derive(Differentiable, attributes(no_grad, differentiable))]
pub fn derive_differentiable(item: TokenStream) -> TokenStream {
    derive::differentiable(item.into()).into()
}
