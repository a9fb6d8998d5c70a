//! Forward mode's shortcuts, checked against central differences of the primal: products of
//! multiples of one tangent (`(α v + u β) ẋ` instead of the term-by-term product rule),
//! tangent statements emitted after the primal ones they do not depend on, sums of tangents
//! with a product fused into them (`__ad::mul_add`), and the check of a sequence tangent's
//! length.

#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use common::*;

/// `(f(x + h v) − f(x − h v)) / 2h`, the directional derivative the JVP must match.
fn directional(f: impl Fn(&[f64]) -> f64, x: &[f64], v: &[f64]) -> f64 {
    let h = 1e-6;
    let shifted = |s: f64| -> Vec<f64> { x.iter().zip(v).map(|(a, b)| a + s * h * b).collect() };
    (f(&shifted(1.0)) - f(&shifted(-1.0))) / (2.0 * h)
}

fn assert_close(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-6 * (1.0 + want.abs()),
        "JVP {got} against central differences {want}"
    );
}

/// Products whose factors are multiples of one tangent, with signs and constants on
/// either side, squares, and sums of such multiples.
#[differentiate]
fn multiples(x: f64, y: f64) -> f64 {
    let a = 100.0 * x * x;
    let b = (2.0 * x) * (x * 5.0);
    let c = -x * x + x * -x;
    let d = (-(3.0 * y)) * (y * 0.5);
    let e = 2.0 * x.sin() * 3.0 * x.sin();
    let g = 2.0 * x - 3.0 * x + x * 4.0 * y;
    let h = (x * y) * (x * y) - (1.0 - x) * (1.0 - x);
    let k = x.exp() * 3.0 * x.exp().powi(2);
    a + b + c + d + e + g + h + k
}

#[test]
fn products_of_multiples_of_one_tangent() {
    for (x, y) in [(0.7, 1.3), (-1.1, 0.4), (2.0, -0.6)] {
        let (value, dx, dy) = multiples_grad(x, y);
        assert_eq!(value, multiples(x, y));
        let f = |p: &[f64]| multiples(p[0], p[1]);
        assert_grad(f, &[x, y], &[dx, dy]);
        for v in [[1.0, 0.0], [0.0, 1.0], [0.3, -0.8]] {
            let (jvp_value, jv) = multiples_jvp(x, y, v[0], v[1]);
            assert_eq!(jvp_value, value);
            assert_close(jv, directional(f, &[x, y], &v));
        }
        assert_dot_product(|v| multiples_jvp(x, y, v[0], v[1]).1, &[dx, dy], 3);
    }
}

/// Statements whose tangents must not move past the primal assignment that overwrites what
/// they read: a scalar read then overwritten, `*=` and `/=` on a value a tangent reads, an
/// element overwritten after a tangent read it, and an index changed after use.
#[differentiate]
fn overwrites(x: f64, v: &[f64]) -> f64 {
    let mut w = v.to_vec();
    let mut s = x;
    let a = s * s * v[0];
    s = s * 3.0 + a;
    let b = s * x;
    s *= b;
    s /= 1.0 + x * x;
    let c = w[1] * w[1];
    w[1] = w[0] * x;
    w[0] = 3.0 * w[1] + c;
    let mut i = 0;
    let d = w[i] * x;
    i += 1;
    let e = w[i] * d;
    a + b + s + c + d + e + w[0] * w[1]
}

#[test]
fn tangents_wait_only_where_the_primal_lets_them() {
    let x = 0.6;
    let v = [0.9, -0.4, 1.2];
    let (value, x_bar, v_bar) = overwrites_grad(x, &v);
    let f = |p: &[f64]| overwrites(p[0], &p[1..]);
    let point = [x, v[0], v[1], v[2]];
    let mut grad = vec![x_bar];
    grad.extend(&v_bar);
    assert_grad(f, &point, &grad);
    for dir in [[1.0, 0.0, 0.0, 0.0], [0.2, -0.5, 0.7, 1.0]] {
        let (jvp_value, jv) = overwrites_jvp(x, &v, dir[0], &dir[1..]);
        assert_eq!(jvp_value, value);
        assert_close(jv, directional(f, &point, &dir));
    }
}

/// The same shortcuts in `f32` and in a generic float.
#[differentiate]
fn generic_multiples<T: autodiff::num_traits::Float>(x: T, y: T) -> T {
    let two = T::one() + T::one();
    let a = two * x * x * y;
    let b = (x * two) * (two * x);
    a + b
}

#[test]
fn shortcuts_in_f32_and_generic_floats() {
    let (x, y) = (0.7f32, 1.3f32);
    // d/dx (2x²y + 4x²) = 4xy + 8x; d/dy = 2x².
    let (_, jv) = generic_multiples_jvp(x, y, 1.0, 0.0);
    assert!((jv - (4.0 * x * y + 8.0 * x)).abs() < 1e-5);
    let (_, jv) = generic_multiples_jvp(x, y, 0.0, 1.0);
    assert!((jv - 2.0 * x * x).abs() < 1e-5);
    let (_, jv) = generic_multiples_jvp(0.7f64, 1.3, 0.5, -2.0);
    let want = 0.5 * (4.0 * 0.7 * 1.3 + 8.0 * 0.7) - 2.0 * 2.0 * 0.7 * 0.7;
    assert!((jv - want).abs() < 1e-12);
}

/// Sums and differences of tangents where a scaled tangent sits on either side, with either
/// sign, beside sums of two general tangents; products and quotients of two varied values.
#[differentiate]
fn fused_sums(x: f64, y: f64, z: f64) -> f64 {
    let a = 3.0 * x - y.sin();
    let b = x.exp() - 2.0 * y;
    let c = -(2.0 * x) + y * z;
    let d = y.cos() - -(z * 4.0);
    let e = x * y / (z + 2.0) - (x - z) * (y + z);
    let f = a * b + c / d - (-(x * 0.5) - z * 3.0);
    let g = x - 2.0 * y + (x * y + z) - -(z * 3.0);
    f + e * x.tanh() + g * g
}

#[test]
fn fused_tangent_sums_match_differences_and_the_gradient() {
    for (x, y, z) in [(0.7, 1.3, -0.4), (-1.1, 0.4, 0.9), (2.0, -0.6, 1.7)] {
        let (value, dx, dy, dz) = fused_sums_grad(x, y, z);
        let f = |p: &[f64]| fused_sums(p[0], p[1], p[2]);
        assert_grad(f, &[x, y, z], &[dx, dy, dz]);
        for v in [
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0],
            [0.3, -0.8, 0.5],
        ] {
            let (jvp_value, jv) = fused_sums_jvp(x, y, z, v[0], v[1], v[2]);
            assert_eq!(jvp_value, value);
            assert_close(jv, directional(f, &[x, y, z], &v));
        }
    }
}

/// The same fused sums in a generic float, run at `f32` and at dual numbers (whose
/// `mul_add` carries its own tangent).
#[differentiate]
fn generic_fused<T: autodiff::num_traits::Float>(x: T, y: T) -> T {
    let two = T::one() + T::one();
    x * y - two * x.sin() + y / x
}

#[test]
fn fused_sums_in_generic_floats_and_duals() {
    use autodiff::Dual;
    // d/dx (xy − 2 sin x + y/x) = y − 2 cos x − y/x²; d/dy = x + 1/x.
    let dfdx = |x: f64, y: f64| y - 2.0 * x.cos() - y / (x * x);
    let (_, jv) = generic_fused_jvp(0.7f32, 1.3f32, 1.0, 0.0);
    assert!((jv as f64 - dfdx(0.7, 1.3)).abs() < 1e-5);
    // At x = 0.7 + ε, y = 1.3: the JVP in direction (1, 0) as a dual number; its own
    // tangent is the second derivative ∂²f/∂x² = 2 sin x + 2y/x³.
    let x = Dual::new(0.7, 1.0);
    let y = Dual::new(1.3, 0.0);
    let (_, jv) = generic_fused_jvp(x, y, Dual::new(1.0, 0.0), Dual::new(0.0, 0.0));
    assert!((jv.primal - dfdx(0.7, 1.3)).abs() < 1e-12);
    let d2 = 2.0 * 0.7f64.sin() + 2.0 * 1.3 / 0.7f64.powi(3);
    assert!(
        (jv.tangent - d2).abs() < 1e-12,
        "{} against {d2}",
        jv.tangent
    );
}

#[differentiate]
fn sum_of_squares(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i];
    }
    s
}

#[test]
#[should_panic(expected = "the tangent `x_dot` has length 2, but `x` has length 3")]
fn a_tangent_of_the_wrong_length_is_refused_on_entry() {
    sum_of_squares_jvp(&[1.0, 2.0, 3.0], &[1.0, 0.0]);
}
