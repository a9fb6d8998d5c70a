//! Calls whose arguments are values the caller cannot see the type of: a parameter typed by
//! an alias declared elsewhere, a row of a struct's field, a field passed whole. The callee
//! sees a sequence or an array there; the caller, which counts the callee's accumulators by
//! its arguments' kinds, lets rustc fill them in (`lending::lending_nothing`). Each gradient
//! is checked against a closed form worked by hand and against central differences.

use autodiff::ndarray::{array, Array1};
use autodiff::{differentiate, Differentiable};

/// A 3-vector, declared away from the functions that take it: their attributes cannot see
/// that it is an array.
pub type V3 = [f64; 3];

#[differentiate]
fn dot3(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

mod geometry {
    use super::*;

    /// The alias-typed parameter is only passed on.
    #[differentiate]
    pub fn norm(v: &V3) -> f64 {
        dot3(v, v).sqrt()
    }
}

#[differentiate]
fn sdot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(p, q)| p * q).sum()
}

#[derive(Differentiable, Clone, Debug)]
pub struct Net {
    w: Vec<Vec<f64>>,
    b: Vec<f64>,
}

/// A row of a field and a `Vec` field, each passed whole to a function taking a slice.
#[differentiate]
fn first_row(m: &Net, x: &[f64]) -> f64 {
    sdot(&m.w[0], x) + sdot(&m.b, x)
}

#[test]
fn an_alias_parameter_passed_on() {
    let v: V3 = [1.0, 2.0, 2.0];
    let (n, g) = geometry::norm_grad(&v);
    // ∇|v| = v / |v|.
    assert_eq!(n, 3.0);
    for i in 0..3 {
        assert!((g[i] - v[i] / 3.0).abs() < 1e-15);
    }
    geometry::norm_gradcheck(&v).unwrap();
}

#[test]
fn a_row_and_a_vec_field_passed_whole() {
    let m = Net {
        w: vec![vec![1.0, 2.0], vec![3.0, 4.0]],
        b: vec![0.5, 0.25],
    };
    let x = [1.0, 3.0];
    let (value, m_bar, x_bar) = first_row_grad(&m, &x);
    // f = w₀ · x + b · x: ∂f/∂w₀ = ∂f/∂b = x, ∂f/∂w₁ = 0, ∂f/∂x = w₀ + b.
    assert_eq!(value, 7.0 + 1.25);
    assert_eq!(m_bar.w, vec![vec![1.0, 3.0], vec![0.0, 0.0]]);
    assert_eq!(m_bar.b, vec![1.0, 3.0]);
    assert_eq!(x_bar, vec![1.5, 2.25]);
    first_row_gradcheck(&m, &x).unwrap();
}

#[derive(Differentiable, Clone, Debug)]
pub struct Chain {
    k: Array1<f64>,
}

#[differentiate]
fn spring_sum(k: &Array1<f64>, s: f64) -> f64 {
    k.dot(k) * s
}

/// An `ndarray` field lent whole by a function that names no type at all.
#[differentiate]
fn chain_energy(c: &Chain, s: f64) -> f64 {
    spring_sum(&c.k, s) * 0.5
}

#[test]
fn an_array_field_lent_by_a_function_naming_no_type() {
    let c = Chain {
        k: array![1.0, -2.0, 0.5],
    };
    let (value, c_bar, s_bar) = chain_energy_grad(&c, 2.0);
    // f = s k·k / 2: ∂f/∂k = s k, ∂f/∂s = k·k / 2.
    assert_eq!(value, 5.25);
    assert_eq!(c_bar.k, array![2.0, -4.0, 1.0]);
    assert_eq!(s_bar, 2.625);
    chain_energy_gradcheck(&c, 2.0).unwrap();
}

#[derive(Differentiable, Clone, Debug)]
pub struct Gain {
    a: f64,
}

#[differentiate]
#[allow(clippy::too_many_arguments)]
fn seven_slices(
    q: &Gain,
    x1: &[f64],
    x2: &[f64],
    x3: &[f64],
    x4: &[f64],
    x5: &[f64],
    x6: &[f64],
    x7: &[f64],
) -> f64 {
    q.a * (x1[0] * x2[0] + x3[0] * x4[0] + x5[0] * x6[0] * x7[0])
}

/// A struct and seven slices in one call: more accumulators than the runtime's uncounted
/// calls take, so the call counts them (a reviewer's rustc error).
#[differentiate]
fn through_seven(q: &Gain, x: &[f64]) -> f64 {
    seven_slices(q, x, x, x, x, x, x, x)
}

#[test]
fn a_struct_beside_many_sequences() {
    let q = Gain { a: 1.5 };
    let x = [0.5];
    // f = a (2x² + x³): ∂f/∂a = 2x² + x³, ∂f/∂x = a (4x + 3x²).
    let (value, q_bar, x_bar) = through_seven_grad(&q, &x);
    assert_eq!(value, 1.5 * 0.625);
    assert_eq!(q_bar.a, 0.625);
    assert_eq!(x_bar, vec![1.5 * 2.75]);
    through_seven_gradcheck(&q, &x).unwrap();
}
