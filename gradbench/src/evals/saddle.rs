//! `saddle`: the saddle point of f(x, y) = |x|² − |y|² by gradient descent, as
//! `min_x max_y f(x, y)`: the outer descent on `x` differentiates `max_y f(x, y)`, itself a
//! gradient ascent on `y` (nested differentiation); then the ascent on `y` at the `x`
//! found. The first letter of the function is the mode of the outer derivative (and of the
//! final ascent), the second that of the inner ascent's: `max_reverse` ascends with
//! `objective_grad`, `max_forward` with two `objective_jvp`s, and the outer derivative is
//! their `_grad` (reverse) or two `_jvp`s (forward). Every derivative is a generated item.

use super::gd::{argmax, argmin};
use super::{timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use autodiff::num_traits::Float;
use serde_json::{json, Value};

/// f(x, y) = (x₁² + x₂²) − (y₁² + y₂²), as GradBench's `saddle.hpp` writes it.
#[differentiate(nested)]
pub fn objective<T: Float>(x1: T, x2: T, y1: T, y2: T) -> T {
    (x1 * x1 + x2 * x2) - (y1 * y1 + y2 * y2)
}

/// `max_y f(x, y)` from `y = start`: `gd.hpp`'s `multivariate_argmax` (descent on −f),
/// written out over this function's floats so that it is differentiated step by step, the
/// ascent's gradient by reverse mode.
#[differentiate]
pub fn max_reverse(x1: f64, x2: f64, start1: f64, start2: f64) -> f64 {
    let (mut y1, mut y2) = (start1, start2);
    let mut fy = -objective(x1, x2, y1, y2);
    let (_, _, _, g1, g2) = objective_grad(x1, x2, y1, y2);
    let (mut g1, mut g2) = (-g1, -g2);
    let mut accepted = 0;
    let mut eta = 1e-5;
    loop {
        if (g1 * g1 + g2 * g2).sqrt() <= 1e-5 {
            break;
        }
        if accepted == 10 {
            eta *= 2.0;
            accepted = 0;
            continue;
        }
        let (p1, p2) = (y1 - eta * g1, y2 - eta * g2);
        if ((y1 - p1) * (y1 - p1) + (y2 - p2) * (y2 - p2)).sqrt() <= 1e-5 {
            break;
        }
        let fp = -objective(x1, x2, p1, p2);
        if fp < fy {
            y1 = p1;
            y2 = p2;
            fy = fp;
            let (_, _, _, h1, h2) = objective_grad(x1, x2, y1, y2);
            g1 = -h1;
            g2 = -h2;
            accepted += 1;
        } else {
            eta /= 2.0;
            accepted = 0;
        }
    }
    objective(x1, x2, y1, y2)
}

/// [`max_reverse`] with the ascent's gradient by forward mode, one `objective_jvp` per
/// coordinate of `y`.
#[differentiate]
pub fn max_forward(x1: f64, x2: f64, start1: f64, start2: f64) -> f64 {
    let (mut y1, mut y2) = (start1, start2);
    let mut fy = -objective(x1, x2, y1, y2);
    let (_, g1) = objective_jvp(x1, x2, y1, y2, 0.0, 0.0, 1.0, 0.0);
    let (_, g2) = objective_jvp(x1, x2, y1, y2, 0.0, 0.0, 0.0, 1.0);
    let (mut g1, mut g2) = (-g1, -g2);
    let mut accepted = 0;
    let mut eta = 1e-5;
    loop {
        if (g1 * g1 + g2 * g2).sqrt() <= 1e-5 {
            break;
        }
        if accepted == 10 {
            eta *= 2.0;
            accepted = 0;
            continue;
        }
        let (p1, p2) = (y1 - eta * g1, y2 - eta * g2);
        if ((y1 - p1) * (y1 - p1) + (y2 - p2) * (y2 - p2)).sqrt() <= 1e-5 {
            break;
        }
        let fp = -objective(x1, x2, p1, p2);
        if fp < fy {
            y1 = p1;
            y2 = p2;
            fy = fp;
            let (_, h1) = objective_jvp(x1, x2, y1, y2, 0.0, 0.0, 1.0, 0.0);
            let (_, h2) = objective_jvp(x1, x2, y1, y2, 0.0, 0.0, 0.0, 1.0);
            g1 = -h1;
            g2 = -h2;
            accepted += 1;
        } else {
            eta /= 2.0;
            accepted = 0;
        }
    }
    objective(x1, x2, y1, y2)
}

/// The outer and inner modes, as GradBench names the functions.
pub const MODES: [&str; 4] = ["rr", "rf", "fr", "ff"];

/// `[x₁, x₂, y₁, y₂]`: the saddle point from `start`, with the modes of `function`.
pub fn solve(function: &str, s: [f64; 2]) -> Option<Vec<f64>> {
    let outer_reverse = function.starts_with('r');
    let inner_reverse = function.ends_with('r');
    let max = |x: &[f64]| match inner_reverse {
        true => max_reverse(x[0], x[1], s[0], s[1]),
        false => max_forward(x[0], x[1], s[0], s[1]),
    };
    // ∂/∂x of max_y f(x, y): the outer mode over the inner one.
    let max_gradient = |x: &[f64]| match (outer_reverse, inner_reverse) {
        (true, true) => {
            let (_, g1, g2, _, _) = max_reverse_grad(x[0], x[1], s[0], s[1]);
            vec![g1, g2]
        }
        (true, false) => {
            let (_, g1, g2, _, _) = max_forward_grad(x[0], x[1], s[0], s[1]);
            vec![g1, g2]
        }
        (false, true) => vec![
            max_reverse_jvp(x[0], x[1], s[0], s[1], 1.0, 0.0, 0.0, 0.0).1,
            max_reverse_jvp(x[0], x[1], s[0], s[1], 0.0, 1.0, 0.0, 0.0).1,
        ],
        (false, false) => vec![
            max_forward_jvp(x[0], x[1], s[0], s[1], 1.0, 0.0, 0.0, 0.0).1,
            max_forward_jvp(x[0], x[1], s[0], s[1], 0.0, 1.0, 0.0, 0.0).1,
        ],
    };
    let x = argmin(max, max_gradient, &s);
    // The final ascent on y at that x, in the outer mode.
    let f = |y: &[f64]| objective(x[0], x[1], y[0], y[1]);
    let y_gradient = |y: &[f64]| match outer_reverse {
        true => {
            let (_, _, _, g1, g2) = objective_grad(x[0], x[1], y[0], y[1]);
            vec![g1, g2]
        }
        false => vec![
            objective_jvp(x[0], x[1], y[0], y[1], 0.0, 0.0, 1.0, 0.0).1,
            objective_jvp(x[0], x[1], y[0], y[1], 0.0, 0.0, 0.0, 1.0).1,
        ],
    };
    let y = argmax(f, y_gradient, &s);
    MODES
        .contains(&function)
        .then(|| vec![x[0], x[1], y[0], y[1]])
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let start = vector(input, "start")?;
    let [s1, s2] = start[..] else {
        return Err(format!("`start` has {} numbers, not 2", start.len()));
    };
    if !MODES.contains(&function) {
        return Err(unknown("saddle", function));
    }
    let runs = Runs::of(input);
    let (point, nanos) = timed(runs, || solve(function, [s1, s2]));
    Ok((json!(point), nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn every_mode_differentiates_the_inner_max_as_central_differences_do() {
        for x in [[1.0, 1.0], [0.4, -0.7], [-1.3, 0.2]] {
            let (s1, s2) = (1.0, 1.0);
            let forward = |x: &[f64]| max_forward(x[0], x[1], s1, s2);
            let reverse = |x: &[f64]| max_reverse(x[0], x[1], s1, s2);
            let (_, a, b, _, _) = max_reverse_grad(x[0], x[1], s1, s2);
            assert_gradient(reverse, &x, &[a, b], 1e-6);
            let (_, a, b, _, _) = max_forward_grad(x[0], x[1], s1, s2);
            assert_gradient(forward, &x, &[a, b], 1e-6);
            let a = max_reverse_jvp(x[0], x[1], s1, s2, 1.0, 0.0, 0.0, 0.0).1;
            let b = max_forward_jvp(x[0], x[1], s1, s2, 0.0, 1.0, 0.0, 0.0).1;
            assert_gradient(
                reverse,
                &x,
                &[a, max_reverse_grad(x[0], x[1], s1, s2).2],
                1e-6,
            );
            assert_gradient(
                forward,
                &x,
                &[max_forward_grad(x[0], x[1], s1, s2).1, b],
                1e-6,
            );
        }
    }

    #[test]
    fn every_mode_finds_the_saddle_point() {
        for mode in MODES {
            let point = solve(mode, [1.0, 1.0]).unwrap();
            for v in point {
                assert!((v - 8.246324826140356e-06).abs() < 1e-4, "{mode}: {v}");
            }
        }
    }
}
