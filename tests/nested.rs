//! Nested differentiation: `#[differentiate(nested)]` makes a function's `_grad`, `_jvp` and
//! `_vjp` callable from differentiated functions, which are then differentiated forward
//! and in reverse (all four combinations of outer and inner mode). Checked against closed
//! forms worked out by hand, against central differences of the outer function, and
//! against the other mode (⟨ḡ, ẋ⟩ from `_grad` against `_jvp`).

mod common;

use autodiff::differentiate;
use autodiff::num_traits::Float;
use common::{assert_close, assert_grad, assert_hvp};

/// f(a, b) = a²b + sin b: ∂f/∂a = 2ab, ∂f/∂b = a² + cos b;
/// ∂²f/∂a² = 2b, ∂²f/∂a∂b = 2a, ∂²f/∂b² = −sin b.
#[differentiate(nested)]
fn f<T: Float>(a: T, b: T) -> T {
    a * a * b + b.sin()
}

/// The same at `f64`: its entry points have no dual-number form.
#[differentiate(nested)]
fn f_concrete(a: f64, b: f64) -> f64 {
    a * a * b + b.sin()
}

/// g(x) = ∂f/∂a (x, 3x) = 6x², through the inner reverse mode: g′ = 12x.
#[differentiate]
fn through_grad(x: f64) -> f64 {
    let (_, da, _) = f_grad(x, 3.0 * x);
    da
}

/// g(x) = ∂f/∂b (x, x²) through the inner forward mode, along (0, 1): x² + cos x², whose
/// derivative is 2x − 2x sin x².
#[differentiate]
fn through_jvp(x: f64) -> f64 {
    let (_, db) = f_jvp(x, x * x, 0.0, 1.0);
    db
}

/// g(x, s) = f(x, s) + s·∂f/∂b (x, s)·x via `f_vjp` seeded with x:
/// (value, x·2xs, x·(x² + cos s)) summed as value + second + third.
#[differentiate]
fn through_vjp(x: f64, s: f64) -> f64 {
    let (value, wa, wb) = f_vjp(x, s, x);
    value + wa + wb
}

#[test]
fn the_derivative_of_a_gradient_is_a_second_derivative() {
    for x in [-1.3, 0.4, 2.0] {
        let (v, g) = through_grad_grad(x);
        assert!((v - 6.0 * x * x).abs() < 1e-12);
        assert!((g - 12.0 * x).abs() < 1e-12, "{g} against {}", 12.0 * x);
        let (_, t) = through_grad_jvp(x, 0.5);
        assert!((t - 6.0 * x).abs() < 1e-12);
        // f is generic, so the caller's `_hvp` runs: g″ = 12.
        let (_, _, hv) = through_grad_hvp(x, 1.0);
        assert!((hv - 12.0).abs() < 1e-10, "{hv}");
        through_grad_gradcheck(x).unwrap();
    }
}

#[test]
fn the_derivative_of_a_directional_derivative() {
    for x in [-0.8, 0.3, 1.7] {
        let want = 2.0 * x - 2.0 * x * (x * x).sin();
        let (v, g) = through_jvp_grad(x);
        assert!((v - (x * x + (x * x).cos())).abs() < 1e-12);
        assert!((g - want).abs() < 1e-10, "{g} against {want}");
        let (_, t) = through_jvp_jvp(x, 1.0);
        assert!((t - want).abs() < 1e-10);
        through_jvp_gradcheck(x).unwrap();
    }
}

#[test]
fn the_derivative_of_a_vector_jacobian_product() {
    // g = x²s + sin s + 2x²s + x³ + x cos s.
    let by_hand = |x: f64, s: f64| {
        (
            2.0 * x * s + 4.0 * x * s + 3.0 * x * x + s.cos(),
            x * x + s.cos() + 2.0 * x * x - x * s.sin(),
        )
    };
    for (x, s) in [(0.7, -1.2), (-1.1, 0.4)] {
        let (_, gx, gs) = through_vjp_grad(x, s);
        let (wx, ws) = by_hand(x, s);
        assert!((gx - wx).abs() < 1e-10 && (gs - ws).abs() < 1e-10);
        let (_, t) = through_vjp_jvp(x, s, 0.3, -0.4);
        assert!((t - (0.3 * wx - 0.4 * ws)).abs() < 1e-10);
        through_vjp_gradcheck(x, s).unwrap();
    }
}

/// The entry points of `f_concrete`'s items work for first derivatives; the caller's
/// `_hvp` would need third derivatives of `f_concrete`, and says so when it runs.
#[differentiate]
fn through_concrete(x: f64) -> f64 {
    let (_, da, _) = f_concrete_grad(x, 3.0 * x);
    let (_, db) = f_concrete_jvp(x, x, 0.0, 1.0);
    da + db
}

#[test]
fn a_concrete_inner_function_gives_first_derivatives_of_its_callers() {
    // 6x² + x² + cos x: derivative 14x − sin x.
    for x in [-0.6, 1.4] {
        let (_, g) = through_concrete_grad(x);
        assert!((g - (14.0 * x - x.sin())).abs() < 1e-10);
        let (_, t) = through_concrete_jvp(x, 2.0);
        assert!((t - 2.0 * (14.0 * x - x.sin())).abs() < 1e-10);
    }
}

#[test]
#[should_panic(expected = "third derivatives of `f_concrete`")]
fn the_hvp_of_a_caller_of_a_concrete_nested_function_says_why_it_cannot_run() {
    let _ = through_concrete_hvp(0.5, 1.0);
}

/// The potential of two unit charges at (10, 10 − w) and (10, 0), as GradBench's
/// `particle` has it.
#[differentiate(nested)]
fn potential<T: Float>(x0: T, x1: T, w: T) -> T {
    let ten = T::from(10.0).unwrap();
    let d1 = ((x0 - ten) * (x0 - ten) + (x1 - (ten - w)) * (x1 - (ten - w))).sqrt();
    let d2 = ((x0 - ten) * (x0 - ten) + x1 * x1).sqrt();
    T::one() / d1 + T::one() / d2
}

/// A charged particle under the force −∇ₓp, Euler steps until it crosses the x axis, then
/// the square of where it crosses: the force by the inner reverse mode.
#[differentiate]
fn miss_reverse(w: f64) -> f64 {
    let (mut x0, mut x1) = (0.0, 8.0);
    let (mut v0, mut v1) = (0.75, 0.0);
    let dt = 0.1;
    loop {
        let (_, p0, p1, _) = potential_grad(x0, x1, w);
        let (n0, n1) = (x0 + dt * v0, x1 + dt * v1);
        if n1 > 0.0 {
            x0 = n0;
            x1 = n1;
            v0 -= dt * p0;
            v1 -= dt * p1;
        } else {
            let t_f = -x1 / v1;
            let x_f = x0 + t_f * v0;
            return x_f * x_f;
        }
    }
}

/// The same with the force by the inner forward mode, one `_jvp` per coordinate.
#[differentiate]
fn miss_forward(w: f64) -> f64 {
    let (mut x0, mut x1) = (0.0, 8.0);
    let (mut v0, mut v1) = (0.75, 0.0);
    let dt = 0.1;
    loop {
        let (_, p0) = potential_jvp(x0, x1, w, 1.0, 0.0, 0.0);
        let (_, p1) = potential_jvp(x0, x1, w, 0.0, 1.0, 0.0);
        let (n0, n1) = (x0 + dt * v0, x1 + dt * v1);
        if n1 > 0.0 {
            x0 = n0;
            x1 = n1;
            v0 -= dt * p0;
            v1 -= dt * p1;
        } else {
            let t_f = -x1 / v1;
            let x_f = x0 + t_f * v0;
            return x_f * x_f;
        }
    }
}

#[test]
fn all_four_modes_of_a_nested_trajectory_agree_with_central_differences() {
    for w in [0.0, 0.1, 0.3] {
        let wrap = |f: fn(f64) -> f64| move |x: &[f64]| f(x[0]);
        // rr and rf: the outer reverse mode.
        assert_grad(wrap(miss_reverse), &[w], &[miss_reverse_grad(w).1]);
        assert_grad(wrap(miss_forward), &[w], &[miss_forward_grad(w).1]);
        // fr and ff: the outer forward mode.
        assert_grad(wrap(miss_reverse), &[w], &[miss_reverse_jvp(w, 1.0).1]);
        assert_grad(wrap(miss_forward), &[w], &[miss_forward_jvp(w, 1.0).1]);
        // The two inner modes compute the same force, so the same trajectory.
        assert_close(&[miss_reverse(w)], &[miss_forward(w)]);
        // Reverse over forward-over-reverse over reverse: the caller's `_hvp`.
        let (_, _, hv) = miss_reverse_hvp(w, 1.0);
        assert_hvp(|x| vec![miss_reverse_grad(x[0]).1], &[w], &[1.0], &[hv]);
    }
}

/// GradBench's `saddle`: max over y of f(x, y) = (x₁² + y₁²) − (x₂² + y₂²), by gradient
/// ascent on y (the inner gradient by reverse mode), whose value at x is x₁² − x₂² plus
/// what the ascent leaves of y's terms. Its derivative in x runs through every step.
#[differentiate(nested)]
fn saddle_objective<T: Float>(x1: T, x2: T, y1: T, y2: T) -> T {
    (x1 * x1 + y1 * y1) - (x2 * x2 + y2 * y2)
}

#[differentiate]
fn inner_max(x1: f64, x2: f64, start1: f64, start2: f64) -> f64 {
    let (mut y1, mut y2) = (start1, start2);
    for _ in 0..20 {
        let (_, _, _, g1, g2) = saddle_objective_grad(x1, x2, y1, y2);
        // A step that depends on x: the ascent's path moves with x.
        y1 += 0.1 * x1 * g1;
        y2 += 0.1 * g2;
    }
    saddle_objective(x1, x2, y1, y2)
}

#[test]
fn a_max_found_by_gradient_steps_is_differentiated_through_its_steps() {
    for (x1, x2) in [(0.5, 0.3), (-0.2, 0.9), (1.1, -0.4)] {
        let f = |x: &[f64]| inner_max(x[0], x[1], 0.7, -0.3);
        let (_, g1, g2, _, _) = inner_max_grad(x1, x2, 0.7, -0.3);
        assert_grad(f, &[x1, x2], &[g1, g2]);
        let (_, t) = inner_max_jvp(x1, x2, 0.7, -0.3, 0.6, -0.8, 0.0, 0.0);
        assert!((t - (0.6 * g1 - 0.8 * g2)).abs() < 1e-10 * (1.0 + t.abs()));
    }
}
