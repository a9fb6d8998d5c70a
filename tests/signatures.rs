//! Signatures beyond the plain ones. Parameter types that read as a slice or a struct
//! through more than one layer (`&&[F]`, `&&Vec<F>`, `&Box<[F]>`, `Box<[F]>` by value,
//! `&&Params`): the derived items take the single reference, which a caller's double
//! reference or boxed slice coerces to; a boxed slice by value keeps its type. Tuple
//! results mixing floats and integers: the integers' tangents and seeds are `()`, in the
//! function's own items and in differentiated callers. Gradients are checked against
//! closed forms, and the generated `_gradcheck` compares them with central differences.

// The calls pass the primal's own argument types (`&xs` for `&&[f64]`), which coerce to the
// derived items' single reference; clippy calls that borrow needless.
#![allow(clippy::needless_borrow)]

mod common;
use autodiff::{differentiate, Differentiable};
use common::assert_close;

// f = Σ xᵢ²·w₀: ∂f/∂xᵢ = 2xᵢw₀, ∂f/∂w₀ = Σ xᵢ².
#[differentiate]
fn through_two_refs(x: &&[f64], w: &&Vec<f64>) -> f64 {
    x.iter().map(|v| v * v).sum::<f64>() * w[0]
}

#[allow(clippy::borrowed_box)] // the parameter type under test
#[differentiate]
fn boxed_by_ref(x: &Box<[f64]>) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        s += x[i] * x[i - 1];
    }
    s
}

#[allow(clippy::boxed_local)] // the parameter type under test
#[differentiate]
fn boxed_by_value(x: Box<[f64]>, k: f64) -> f64 {
    x.iter().map(|v| (k * v).sin()).sum()
}

#[allow(clippy::boxed_local)]
#[differentiate]
fn boxed_f32(x: Box<[f32]>) -> f32 {
    x.iter().map(|v| v * v * v).sum()
}

#[derive(Differentiable, Clone, Debug)]
struct Spring {
    k: f64,
    rest: f64,
}

#[differentiate]
fn spring_energy(s: &&Spring, x: f64) -> f64 {
    0.5 * s.k * (x - s.rest) * (x - s.rest)
}

#[test]
fn double_references() {
    let (x, w) = (vec![0.5, -1.5, 2.0], vec![1.5, 9.0]);
    let (xs, ws): (&[f64], &Vec<f64>) = (&x, &w);
    let (v, gx, gw) = through_two_refs_grad(&xs, &ws);
    let sq: f64 = x.iter().map(|v| v * v).sum();
    assert!((v - sq * 1.5).abs() < 1e-12);
    let want: Vec<f64> = x.iter().map(|v| 2.0 * v * 1.5).collect();
    assert_close(&gx, &want);
    assert_close(&gw, &[sq, 0.0]);
    through_two_refs_gradcheck(&xs, &ws).unwrap();
    // Along ẋ = (1, 0, 0), ẇ = 0: 2·x₀·w₀.
    let (_, t) = through_two_refs_jvp(&xs, &ws, &[1.0, 0.0, 0.0], &vec![0.0, 0.0]);
    assert!((t - 2.0 * 0.5 * 1.5).abs() < 1e-12);
}

#[test]
fn boxed_slices() {
    let x: Box<[f64]> = vec![0.5, -1.5, 2.0, 0.25].into_boxed_slice();
    let (_, g) = boxed_by_ref_grad(&x);
    // ∂/∂xᵢ Σ xⱼxⱼ₋₁ = xᵢ₋₁ + xᵢ₊₁.
    assert_close(&g, &[-1.5, 0.5 + 2.0, -1.5 + 0.25, 2.0]);
    boxed_by_ref_gradcheck(&x).unwrap();

    let k = 0.7;
    let (v, gx, gk) = boxed_by_value_grad(x.clone(), k);
    let want_v: f64 = x.iter().map(|v| (k * v).sin()).sum();
    assert!((v - want_v).abs() < 1e-12);
    let want: Vec<f64> = x.iter().map(|v| k * (k * v).cos()).collect();
    assert_close(&gx, &want);
    let want_k: f64 = x.iter().map(|v| v * (k * v).cos()).sum();
    assert!((gk - want_k).abs() < 1e-12);
    boxed_by_value_gradcheck(x.clone(), k).unwrap();

    let y: Box<[f32]> = vec![0.5f32, -1.0].into_boxed_slice();
    let (_, gy) = boxed_f32_grad(y.clone());
    assert!(
        (gy[0] - 0.75).abs() < 1e-6 && (gy[1] - 3.0).abs() < 1e-6,
        "{gy:?}"
    );
    boxed_f32_gradcheck(y).unwrap();
}

#[test]
fn struct_through_two_refs() {
    let s = Spring { k: 3.0, rest: 0.5 };
    let r = &s;
    let (_, gs, gx) = spring_energy_grad(&r, 1.25);
    // E = ½k(x − r)²: ∂E/∂k = ½(x − r)², ∂E/∂r = −k(x − r), ∂E/∂x = k(x − r).
    assert!((gs.k - 0.5 * 0.75 * 0.75).abs() < 1e-12);
    assert!((gs.rest + 3.0 * 0.75).abs() < 1e-12);
    assert!((gx - 3.0 * 0.75).abs() < 1e-12);
    spring_energy_gradcheck(&r, 1.25).unwrap();
}

// A result tuple mixing a float and an index: the index carries no derivative, so its
// tangent and seed are `()`.
#[differentiate]
fn largest_scaled(x: &[f64], k: f64) -> (f64, usize) {
    let mut best = 0;
    for i in 1..x.len() {
        if x[i] > x[best] {
            best = i;
        }
    }
    (k * x[best] * x[best], best)
}

#[test]
fn mixed_tuple_results() {
    let x = [0.5, 3.0, -1.0];
    let ((v, i), gx, gk) = largest_scaled_vjp(&x, 2.0, (1.0, ()));
    assert_eq!((v, i), (18.0, 1));
    // v = k·x₁²: ∂v/∂x₁ = 2k·x₁, ∂v/∂k = x₁².
    assert_close(&gx, &[0.0, 12.0, 0.0]);
    assert!((gk - 9.0).abs() < 1e-12);
    let ((_, i), (t, ())) = largest_scaled_jvp(&x, 2.0, &[0.0, 1.0, 0.0], 1.0);
    assert_eq!(i, 1);
    assert!((t - (12.0 + 9.0)).abs() < 1e-12);
}

// Callers of a mixed tuple: the index is known by its written type, or by its uses (an
// index, a cast).
#[differentiate]
fn typed_caller(x: &[f64], k: f64) -> f64 {
    let (v, i): (f64, usize) = largest_scaled(x, k);
    v + x[i]
}

#[differentiate]
fn untyped_caller(x: &[f64], k: f64) -> f64 {
    let (v, i) = largest_scaled(x, k);
    v * (i as f64 + 1.0) + x[i]
}

#[test]
fn callers_of_mixed_tuples() {
    let x = [0.5, 3.0, -1.0];
    // typed: k·x₁² + x₁; untyped: (k·x₁²)·2 + x₁.
    let (v, gx, gk) = typed_caller_grad(&x, 2.0);
    assert!((v - 21.0).abs() < 1e-12);
    assert_close(&gx, &[0.0, 13.0, 0.0]);
    assert!((gk - 9.0).abs() < 1e-12);
    typed_caller_gradcheck(&x, 2.0).unwrap();
    let (v, gx, gk) = untyped_caller_grad(&x, 2.0);
    assert!((v - 39.0).abs() < 1e-12);
    assert_close(&gx, &[0.0, 25.0, 0.0]);
    assert!((gk - 18.0).abs() < 1e-12);
    untyped_caller_gradcheck(&x, 2.0).unwrap();
}

// A type parameter bounded by a float trait of the user's own (the attribute cannot see it
// is `Float`): the derived items exist for `f64` and `f32`.
pub trait OwnFloat: autodiff::num_traits::Float {}
impl OwnFloat for f64 {}
impl OwnFloat for f32 {}

#[differentiate]
fn scaled_square<T: OwnFloat>(x: T, y: &[T]) -> T {
    x * x + y[0] * x
}

// `ArrayBase<ViewRepr<&f64>, Ix1>`, a view written out, as `ArrayView1<f64>`.
#[differentiate]
fn view_norm(
    a: autodiff::ndarray::ArrayBase<autodiff::ndarray::ViewRepr<&f64>, autodiff::ndarray::Ix1>,
) -> f64 {
    a.iter().map(|v| v * v).sum::<f64>().sqrt()
}

// A struct by value whose fields are read, not `Clone`: the gradcheck copies it through
// `Differentiable`.
#[derive(autodiff::Differentiable)]
pub struct Rectangle {
    pub w: f64,
    pub h: f64,
}

#[differentiate]
fn rectangle_area(r: Rectangle) -> f64 {
    r.w * r.h
}

#[test]
fn own_float_traits_written_out_views_and_structs_by_value() {
    // x² + y₀x: ∂x = 2x + y₀, ∂y₀ = x.
    assert_eq!(scaled_square_grad(1.5_f64, &[2.0]), (5.25, 5.0, vec![1.5]));
    scaled_square_gradcheck(1.5_f64, &[2.0]).unwrap();
    let a = autodiff::ndarray::Array1::from(vec![3.0, 4.0]);
    let (norm, g) = view_norm_grad(&a);
    assert_eq!(norm, 5.0);
    assert_close(g.as_slice().unwrap(), &[0.6, 0.8]);
    view_norm_gradcheck(&a).unwrap();
    let r = Rectangle { w: 2.0, h: 3.0 };
    rectangle_area_gradcheck(&r).unwrap();
    let (area, r_bar) = rectangle_area_grad(&r);
    assert_eq!((area, r_bar.w, r_bar.h), (6.0, 3.0, 2.0));
}
