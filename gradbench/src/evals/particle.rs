//! `particle`: a charged particle, Euler-integrated under the force `−∇ₓp` of two charges,
//! one at `(10, 10 − w)`; the control `w` that makes it cross the x axis at the origin is
//! found by gradient descent on `x₀(t_f)²` (Pearlmutter and Siskind's nested-AD example).
//! The first letter of the function is the mode of the outer derivative (in `w`), the
//! second that of the inner one, the force: `miss_reverse`'s force is `potential_grad`,
//! `miss_forward`'s two `potential_jvp`s; the outer derivative is `miss_*_grad` (reverse)
//! or `miss_*_jvp` (forward). Every derivative is a generated item (`nested` on
//! `potential` lets the trajectories call its `_grad` and `_jvp`).

use super::gd::argmin;
use super::{float, timed, unknown, Evaluated, Runs};
use autodiff::differentiate;
use autodiff::num_traits::Float;
use serde_json::{json, Value};

/// p(x; w) = 1/‖x − (10, 10 − w)‖ + 1/‖x − (10, 0)‖.
#[differentiate(nested)]
pub fn potential<T: Float>(x0: T, x1: T, w: T) -> T {
    let ten = T::from(10.0).unwrap();
    let d1 = ((x0 - ten) * (x0 - ten) + (x1 - (ten - w)) * (x1 - (ten - w))).sqrt();
    let d2 = ((x0 - ten) * (x0 - ten) + x1 * x1).sqrt();
    T::one() / d1 + T::one() / d2
}

/// Euler steps of 0.1 from x = (0, 8), ẋ = (0.75, 0) while the next position is above the
/// axis; then the crossing by linear interpolation, `x_f = x + t_f ẋ` with
/// `t_f = −x₁/ẋ₁`, and its squared distance from the origin. The force by reverse mode.
#[differentiate]
pub fn miss_reverse(w: f64) -> f64 {
    let (mut x0, mut x1) = (0.0, 8.0);
    let (mut v0, mut v1) = (0.75, 0.0);
    let dt = 0.1;
    loop {
        let (_, p0, p1, _) = potential_grad(x0, x1, w);
        let (next0, next1) = (x0 + dt * v0, x1 + dt * v1);
        if next1 > 0.0 {
            x0 = next0;
            x1 = next1;
            v0 -= dt * p0;
            v1 -= dt * p1;
        } else {
            let t_f = -x1 / v1;
            let x_f = x0 + t_f * v0;
            return x_f * x_f;
        }
    }
}

/// [`miss_reverse`] with the force by forward mode, one `potential_jvp` per coordinate.
#[differentiate]
pub fn miss_forward(w: f64) -> f64 {
    let (mut x0, mut x1) = (0.0, 8.0);
    let (mut v0, mut v1) = (0.75, 0.0);
    let dt = 0.1;
    loop {
        let (_, p0) = potential_jvp(x0, x1, w, 1.0, 0.0, 0.0);
        let (_, p1) = potential_jvp(x0, x1, w, 0.0, 1.0, 0.0);
        let (next0, next1) = (x0 + dt * v0, x1 + dt * v1);
        if next1 > 0.0 {
            x0 = next0;
            x1 = next1;
            v0 -= dt * p0;
            v1 -= dt * p1;
        } else {
            let t_f = -x1 / v1;
            let x_f = x0 + t_f * v0;
            return x_f * x_f;
        }
    }
}

/// The outer and inner modes, as GradBench names the functions.
pub const MODES: [&str; 4] = ["rr", "rf", "fr", "ff"];

/// The final `w` from `w0`, with the outer and inner modes of `function`.
pub fn solve(function: &str, w0: f64) -> Option<f64> {
    let w = match function {
        "rr" => argmin(
            |w| miss_reverse(w[0]),
            |w| vec![miss_reverse_grad(w[0]).1],
            &[w0],
        ),
        "rf" => argmin(
            |w| miss_forward(w[0]),
            |w| vec![miss_forward_grad(w[0]).1],
            &[w0],
        ),
        "fr" => argmin(
            |w| miss_reverse(w[0]),
            |w| vec![miss_reverse_jvp(w[0], 1.0).1],
            &[w0],
        ),
        "ff" => argmin(
            |w| miss_forward(w[0]),
            |w| vec![miss_forward_jvp(w[0], 1.0).1],
            &[w0],
        ),
        _ => return None,
    };
    Some(w[0])
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let w0 = float(input, "w")?;
    let runs = Runs::of(input);
    if !MODES.contains(&function) {
        return Err(unknown("particle", function));
    }
    let (w, nanos) = timed(runs, || solve(function, w0));
    Ok((json!(w), nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn every_mode_differentiates_the_trajectory_as_central_differences_do() {
        for w in [0.0, 0.15, 0.25] {
            let forward = |x: &[f64]| miss_forward(x[0]);
            let reverse = |x: &[f64]| miss_reverse(x[0]);
            assert_gradient(reverse, &[w], &[miss_reverse_grad(w).1], 1e-6);
            assert_gradient(forward, &[w], &[miss_forward_grad(w).1], 1e-6);
            assert_gradient(reverse, &[w], &[miss_reverse_jvp(w, 1.0).1], 1e-6);
            assert_gradient(forward, &[w], &[miss_forward_jvp(w, 1.0).1], 1e-6);
        }
    }

    #[test]
    fn every_mode_finds_the_published_control() {
        for mode in ["rr", "rf", "fr", "ff"] {
            let w = solve(mode, 0.0).unwrap();
            assert!((w - 0.2071918746486116).abs() < 1e-4, "{mode}: {w}");
        }
    }
}
