//! Shared harness of the `ops_*` tests: a rule is seen as a map between flat vectors of all
//! its differentiable inputs and of its output, in any float type, and checked
//!
//! - VJP against central differences of `x ↦ ⟨ȳ, f(x)⟩` (gradcheck, f64),
//! - JVP against VJP by the dot-product test `⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩` (f64, tight),
//! - the values `_jvp` and `_vjp` return against the plain function,
//! - f32 against f64 at the same (f32-representable) point, to f32 precision.
#![allow(dead_code)]

use autodiff_runtime::gradcheck::{dot_product_test, gradcheck, Rng, Tolerance};
use autodiff_runtime::ndarray::{Array, Array1, Array2, Dimension, Ix2};
use autodiff_runtime::num_traits::Float;
pub use autodiff_runtime::ops::Scalar;

/// A rule under test, on flat vectors.
pub trait Rule {
    fn name(&self) -> String;
    /// The point to check at (the differentiable inputs, packed).
    fn point(&self, rng: &mut Rng) -> Vec<f64>;
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T>;
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>);
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>);
}

pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Asserts `a ≈ b` elementwise within `abs + rel·max|b|` (a vector-wide scale).
#[track_caller]
pub fn assert_close(what: &str, a: &[f64], b: &[f64], abs: f64, rel: f64) {
    assert_eq!(a.len(), b.len(), "{what}: lengths differ");
    let scale = b.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!(
            (x - y).abs() <= abs + rel * scale,
            "{what}: element {i}: {x} vs {y} (scale {scale})"
        );
    }
}

fn to<T: Float, U: Float>(x: &[T]) -> Vec<U> {
    x.iter().map(|v| U::from(*v).unwrap()).collect()
}

/// Runs every first-order check on `rule`.
#[track_caller]
pub fn check<R: Rule>(rule: &R) {
    let name = rule.name();
    let mut rng = Rng::new(0x5eed ^ name.len() as u64);
    // A point representable in f32, so the f32 and f64 runs see the same input.
    let x: Vec<f64> = to::<f32, f64>(&to::<f64, f32>(&rule.point(&mut rng)));
    let y = rule.value::<f64>(&x);
    let ybar = rng.vector(y.len(), -1.0, 1.0);
    let v = rng.vector(x.len(), -1.0, 1.0);

    let (y_vjp, xbar) = rule.vjp::<f64>(&x, &ybar);
    let (y_jvp, _) = rule.jvp::<f64>(&x, &v);
    assert_close(&format!("{name}: value of _vjp"), &y_vjp, &y, 1e-14, 1e-12);
    assert_close(&format!("{name}: value of _jvp"), &y_jvp, &y, 1e-14, 1e-12);

    gradcheck(
        |x| dot(&ybar, &rule.value(x)),
        &x,
        &xbar,
        Tolerance::default(),
    )
    .map_err(|r| r.with_label(format!("{name} x̄")))
    .unwrap();

    dot_product_test(
        |v| rule.jvp(&x, v).1,
        |yb| rule.vjp(&x, yb).1,
        x.len(),
        y.len(),
        7,
        Tolerance::new(1e-11, 1e-9),
    )
    .map_err(|r| r.with_label(format!("{name} ⟨ȳ, Jv⟩")))
    .unwrap();

    // f32 against f64.
    let (x32, ybar32, v32) = (
        to::<f64, f32>(&x),
        to::<f64, f32>(&ybar),
        to::<f64, f32>(&v),
    );
    let ybar64 = to::<f32, f64>(&ybar32);
    let v64 = to::<f32, f64>(&v32);
    let (y32, xbar32) = rule.vjp::<f32>(&x32, &ybar32);
    let (_, xbar64) = rule.vjp::<f64>(&x, &ybar64);
    let (_, jv32) = rule.jvp::<f32>(&x32, &v32);
    let (_, jv64) = rule.jvp::<f64>(&x, &v64);
    let tol = 2e-5;
    assert_close(&format!("{name}: f32 value"), &to(&y32), &y, tol, tol);
    assert_close(&format!("{name}: f32 x̄"), &to(&xbar32), &xbar64, tol, tol);
    assert_close(&format!("{name}: f32 Jv"), &to(&jv32), &jv64, tol, tol);
}

/// Reads arrays off the front of a flat vector.
pub struct Unpack<'a, T> {
    rest: &'a [T],
}

impl<'a, T: Copy> Unpack<'a, T> {
    pub fn new(x: &'a [T]) -> Self {
        Self { rest: x }
    }
    fn take(&mut self, n: usize) -> &'a [T] {
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        head
    }
    pub fn mat(&mut self, rows: usize, cols: usize) -> Array2<T> {
        Array2::from_shape_vec((rows, cols), self.take(rows * cols).to_vec()).unwrap()
    }
    pub fn vec(&mut self, n: usize) -> Array1<T> {
        Array1::from(self.take(n).to_vec())
    }
    pub fn scalar(&mut self) -> T {
        self.take(1)[0]
    }
    pub fn shape<D: Dimension>(&mut self, shape: D) -> Array<T, D> {
        let n = shape.size();
        Array::from_shape_vec(shape, self.take(n).to_vec()).unwrap()
    }
}

/// Writes arrays one after another into a flat vector.
#[derive(Default)]
pub struct Pack<T>(pub Vec<T>);

impl<T: Copy> Pack<T> {
    pub fn new() -> Self {
        Self(Vec::new())
    }
    pub fn nd<D: Dimension>(mut self, a: &Array<T, D>) -> Self {
        self.0.extend(a.iter().copied());
        self
    }
    pub fn scalar(mut self, s: T) -> Self {
        self.0.push(s);
        self
    }
    pub fn done(self) -> Vec<T> {
        self.0
    }
}

pub fn flat<T: Copy, D: Dimension>(a: &Array<T, D>) -> Vec<T> {
    a.iter().copied().collect()
}

/// Shapes every rule is tried on: tiny, odd and ordinary.
pub const SHAPES: [(usize, usize); 4] = [(1, 1), (3, 5), (4, 2), (2, 7)];

pub fn mat_shape(r: usize, c: usize) -> Ix2 {
    Ix2(r, c)
}
