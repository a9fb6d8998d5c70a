//! The n-dimensional Rosenbrock function, f(x) = Σ_{i<n−1} 100(x_{i+1} − x_i²)² + (1 − x_i)²,
//! written four ways: plain `f64`, a hand-written gradient, the runtime `Value` tape and
//! `#[differentiate]`. Shared by `benches/rosenbrock.rs` and `benches/loops_ratios.rs`.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// The primal, plain `f64`.
pub fn rosenbrock(x: &[f64]) -> f64 {
    x.windows(2)
        .map(|w| {
            let (a, b) = (w[1] - w[0] * w[0], 1.0 - w[0]);
            100.0 * a * a + b * b
        })
        .sum()
}

/// Hand-written gradient into `g`; returns f(x).
/// ∂f/∂x_i = −400 x_i (x_{i+1} − x_i²) − 2(1 − x_i) + 200 (x_i − x_{i−1}²), where defined.
pub fn rosenbrock_grad_hand(x: &[f64], g: &mut [f64]) -> f64 {
    g.fill(0.0);
    let mut f = 0.0;
    for i in 0..x.len().saturating_sub(1) {
        let (a, b) = (x[i + 1] - x[i] * x[i], 1.0 - x[i]);
        f += 100.0 * a * a + b * b;
        g[i] += -400.0 * x[i] * a - 2.0 * b;
        g[i + 1] += 200.0 * a;
    }
    f
}

/// The same function on tape values: 8 nodes a term.
pub fn rosenbrock_value<'t>(x: &[Value<'t>]) -> Value<'t> {
    let mut sum = x[0].tape().constant(0.0);
    for w in x.windows(2) {
        let (a, b) = (w[1] - w[0] * w[0], 1.0 - w[0]);
        sum += 100.0 * a * a + b * b;
    }
    sum
}

/// Gradient through the tape as a user would write it for repeated evaluations: one tape
/// and one adjoint buffer, cleared and reused.
pub fn rosenbrock_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    x: &[f64],
    g: &mut [f64],
) -> f64 {
    tape.clear();
    let xs = tape.vars(x);
    let y = rosenbrock_value(&xs);
    y.backward_into(grads);
    for (gi, &xi) in g.iter_mut().zip(&xs) {
        *gi = grads[xi];
    }
    y.value()
}

/// The same function as ordinary indexed Rust, differentiated at compile time.
#[differentiate]
pub fn rosenbrock_ad(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

/// The point the benchmarks differentiate at.
pub fn point(n: usize) -> Vec<f64> {
    (0..n).map(|i| 0.5 + 0.3 * (i as f64).sin()).collect()
}
