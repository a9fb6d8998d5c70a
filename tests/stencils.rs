//! Stencil loops (`x[i - 1]`, `x[i]`, `x[i + 1]` read in one iteration), whose reverse keeps
//! the adjoints in flight in registers (adjoint windows): every loop direction, inclusive
//! ranges, empty ranges, offsets with gaps or on one side only, a generic float type, a
//! callee taking elements, and the cases that must keep the plain reverse. Each is checked
//! against central differences, the dot-product test and HVP against differences of
//! gradients; one against the `Value` tape as well.

#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::num_traits::Float;
use autodiff::{differentiate, Tape, Value};
use common::*;

/// Checks `f`'s generated gradient, JVP and HVP at `x` (every function here takes one
/// slice); returns the gradient.
macro_rules! check {
    ($f:ident, $grad:ident, $jvp:ident, $hvp:ident, $x:expr) => {{
        let x: Vec<f64> = $x;
        let (value, grad) = $grad(&x);
        assert_eq!(value, $f(&x));
        assert_grad($f, &x, &grad);
        assert_dot_product(|v| $jvp(&x, v).1, &grad, 3);
        let v = rng_vec(99, x.len(), -1.0, 1.0);
        let (_, g2, hv) = $hvp(&x, &v);
        assert_same_sums(&g2, &grad);
        assert_hvp(|p| $grad(p).1, &x, &v, &hv);
        grad
    }};
}

/// `Σ (x[i−1] − 2x[i] + x[i+1])² (1 + x[i]²)`: offsets −1, 0, 1; the reverse runs down.
#[differentiate]
fn curvature(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 1..n - 1 {
        let d = x[i - 1] - 2.0 * x[i] + x[i + 1];
        s += d * d * (1.0 + x[i] * x[i]);
    }
    s
}

/// The same sum taken from the right: the reverse runs up.
#[differentiate]
fn curvature_rev(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in (1..n - 1).rev() {
        let d = x[i - 1] - 2.0 * x[i] + x[i + 1];
        s += d * d * (1.0 + x[i] * x[i]);
    }
    s
}

/// Inclusive ranges, both ways, over a nonlinear neighbour product.
#[differentiate]
fn inclusive(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 1..=n - 2 {
        s += (x[i - 1] * x[i + 1]).sin() + x[i];
    }
    for i in (1..=n - 2).rev() {
        s += x[i + 1].exp() * x[i - 1];
    }
    s
}

/// Offsets −2 and +2 with nothing between (registers for −1, 0 and 1 stay zero).
#[differentiate]
fn gapped(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 2..n - 2 {
        s += x[i - 2] * x[i + 2] * (0.5 + x[i - 2]).cos();
    }
    s
}

/// Offsets 1 and 2 only, from `i = 0`.
#[differentiate]
fn ahead(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..n - 2 {
        s += (x[i + 1] * x[i + 2]).tanh() + x[2 + i] * x[2 + i];
    }
    s
}

/// An explicit heat equation: `u` is read at three offsets (a window) while `next` is
/// written (no window), and both carry state from step to step; `kappa` is a scalar.
#[differentiate]
fn heat(u0: &[f64], kappa: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + kappa * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        for i in 1..n - 1 {
            u[i] = next[i] * next[i] * 0.5 + next[i];
        }
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] * u[i];
    }
    s
}

/// A read inside an `if` may not happen every iteration: no window, the plain reverse.
#[differentiate]
fn conditional(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 1..n - 1 {
        s += x[i] * x[i];
        if x[i] > 0.0 {
            s += x[i - 1] * x[i + 1];
        }
    }
    s
}

#[differentiate]
fn pair(a: f64, b: f64) -> f64 {
    a * b.sin()
}

/// Elements passed to a differentiated callee: their cotangents come back into the window.
#[differentiate]
fn through_callee(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 1..n - 1 {
        let p = pair(x[i - 1], x[i + 1]);
        s += p * x[i];
    }
    s
}

/// Generic over the float type: the window's registers are `T`s.
#[differentiate]
fn smooth<T: Float>(x: &[T]) -> T {
    let n = x.len();
    let mut s = T::zero();
    for i in 1..n - 1 {
        let d = x[i + 1] - x[i - 1];
        s = s + d * d * x[i];
    }
    s
}

#[test]
fn three_point_stencil_either_way() {
    for n in [3, 4, 9] {
        let x = rng_vec(n as u64, n, -1.0, 1.0);
        let down = check!(
            curvature,
            curvature_grad,
            curvature_jvp,
            curvature_hvp,
            x.clone()
        );
        let up = check!(
            curvature_rev,
            curvature_rev_grad,
            curvature_rev_jvp,
            curvature_rev_hvp,
            x
        );
        // The same sum in the other order: the same gradient up to rounding.
        for (a, b) in down.iter().zip(&up) {
            assert!((a - b).abs() <= 1e-12 * (1.0 + a.abs()), "{a} vs {b}");
        }
    }
}

/// A worked closed form: n = 3 has one term, d = x0 − 2x1 + x2, s = d²(1 + x1²), so
/// ∂s/∂x0 = 2d(1 + x1²), ∂s/∂x1 = −4d(1 + x1²) + 2d²x1, ∂s/∂x2 = 2d(1 + x1²).
#[test]
fn three_point_stencil_closed_form() {
    let (x0, x1, x2) = (0.3, -0.7, 1.1);
    let d: f64 = x0 - 2.0 * x1 + x2;
    let w = 1.0 + x1 * x1;
    let (_, g) = curvature_grad(&[x0, x1, x2]);
    let expected = [2.0 * d * w, -4.0 * d * w + 2.0 * d * d * x1, 2.0 * d * w];
    for (a, b) in g.iter().zip(expected) {
        assert!((a - b).abs() < 1e-14, "{a} vs {b}");
    }
}

#[test]
fn inclusive_ranges() {
    for n in [3, 5, 8] {
        check!(
            inclusive,
            inclusive_grad,
            inclusive_jvp,
            inclusive_hvp,
            rng_vec(10 + n as u64, n, -1.0, 1.0)
        );
    }
}

#[test]
fn offsets_with_a_gap_and_on_one_side() {
    for n in [5, 6, 11] {
        check!(
            gapped,
            gapped_grad,
            gapped_jvp,
            gapped_hvp,
            rng_vec(20 + n as u64, n, -1.0, 1.0)
        );
    }
    for n in [3, 4, 10] {
        check!(
            ahead,
            ahead_grad,
            ahead_jvp,
            ahead_hvp,
            rng_vec(30 + n as u64, n, -1.0, 1.0)
        );
    }
}

/// Loops that do not run: no element is written after them (one would be out of bounds).
#[test]
fn empty_ranges() {
    assert_eq!(curvature_grad(&[0.5, 2.0]), (0.0, vec![0.0, 0.0]));
    assert_eq!(curvature_rev_grad(&[0.5, 2.0]), (0.0, vec![0.0, 0.0]));
    assert_eq!(gapped_grad(&[0.5; 4]), (0.0, vec![0.0; 4]));
    assert_eq!(ahead_grad(&[0.5, 2.0]), (0.0, vec![0.0, 0.0]));
    let (_, g, hv) = curvature_hvp(&[0.5, 2.0], &[1.0, 1.0]);
    assert_eq!((g, hv), (vec![0.0; 2], vec![0.0; 2]));
}

#[test]
fn heat_equation() {
    let u0 = rng_vec(41, 7, -1.0, 1.0);
    let (kappa, steps) = (0.2, 5);
    let (value, u0_bar, kappa_bar) = heat_grad(&u0, kappa, steps);
    assert_eq!(value, heat(&u0, kappa, steps));
    let f = |p: &[f64]| heat(&p[1..], p[0], steps);
    let point: Vec<f64> = std::iter::once(kappa).chain(u0.iter().copied()).collect();
    let grad: Vec<f64> = std::iter::once(kappa_bar).chain(u0_bar).collect();
    assert_grad(f, &point, &grad);
    assert_dot_product(|v| heat_jvp(&u0, kappa, steps, &v[1..], v[0]).1, &grad, 5);
    let dir = rng_vec(42, 8, -1.0, 1.0);
    let (_, _, _, hv_u0, hv_kappa) = heat_hvp(&u0, kappa, steps, &dir[1..], dir[0]);
    let hv: Vec<f64> = std::iter::once(hv_kappa).chain(hv_u0).collect();
    let grad_at = |p: &[f64]| {
        let (_, gu, gk) = heat_grad(&p[1..], p[0], steps);
        std::iter::once(gk).chain(gu).collect()
    };
    assert_hvp(grad_at, &point, &dir, &hv);
}

#[test]
fn reads_under_a_condition() {
    check!(
        conditional,
        conditional_grad,
        conditional_jvp,
        conditional_hvp,
        rng_vec(50, 9, -1.0, 1.0)
    );
}

#[test]
fn elements_passed_to_a_callee() {
    check!(
        through_callee,
        through_callee_grad,
        through_callee_jvp,
        through_callee_hvp,
        rng_vec(60, 8, -1.0, 1.0)
    );
}

#[test]
fn generic_float_type() {
    let x = rng_vec(70, 8, -1.0, 1.0);
    let grad = check!(smooth, smooth_grad, smooth_jvp, smooth_hvp, x.clone());
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let (_, g32) = smooth_grad(&x32);
    for (a, b) in grad.iter().zip(&g32) {
        assert!((a - f64::from(*b)).abs() < 1e-5, "{a} vs {b}");
    }
}

fn curvature_on_tape<'t>(x: &[Value<'t>]) -> Value<'t> {
    let mut s = x[0].tape().constant(0.0);
    for i in 1..x.len() - 1 {
        let d = x[i - 1] - 2.0 * x[i] + x[i + 1];
        s += d * d * (1.0 + x[i] * x[i]);
    }
    s
}

#[test]
fn agrees_with_the_tape() {
    let x = rng_vec(80, 12, -1.0, 1.0);
    let (_, grad) = curvature_grad(&x);
    let tape = Tape::new();
    let xs = tape.vars(&x);
    let g = curvature_on_tape(&xs).backward();
    for (i, &xi) in xs.iter().enumerate() {
        assert!(
            (grad[i] - g[xi]).abs() < 1e-12,
            "x[{i}]: {} vs {}",
            grad[i],
            g[xi]
        );
    }
}
