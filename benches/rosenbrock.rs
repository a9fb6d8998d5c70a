//! Benchmark: gradient of the n-dimensional Rosenbrock function, n = 10⁵, by hand and by
//! the runtime reverse-mode tape, against the cost of the function itself.
//!
//! f(x) = Σ_{i<n−1} 100(x_{i+1} − x_i²)² + (1 − x_i)²

use std::hint::black_box;
use std::time::Duration;

use autodiff::{Gradients, Tape, Value};
use criterion::{criterion_group, criterion_main, Criterion};

const N: usize = 100_000;

/// The primal, plain `f64`.
fn rosenbrock(x: &[f64]) -> f64 {
    x.windows(2)
        .map(|w| {
            let (a, b) = (w[1] - w[0] * w[0], 1.0 - w[0]);
            100.0 * a * a + b * b
        })
        .sum()
}

/// Hand-written gradient into `g`; returns f(x).
/// ∂f/∂x_i = −400 x_i (x_{i+1} − x_i²) − 2(1 − x_i) + 200 (x_i − x_{i−1}²), where defined.
fn rosenbrock_grad_hand(x: &[f64], g: &mut [f64]) -> f64 {
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
fn rosenbrock_value<'t>(x: &[Value<'t>]) -> Value<'t> {
    let mut sum = x[0].tape().constant(0.0);
    for w in x.windows(2) {
        let (a, b) = (w[1] - w[0] * w[0], 1.0 - w[0]);
        sum += 100.0 * a * a + b * b;
    }
    sum
}

/// Gradient through the tape as a user would write it for repeated evaluations: one tape
/// and one adjoint buffer, cleared and reused.
fn rosenbrock_grad_tape(tape: &mut Tape, grads: &mut Gradients, x: &[f64], g: &mut [f64]) -> f64 {
    tape.clear();
    let xs = tape.vars(x);
    let y = rosenbrock_value(&xs);
    y.backward_into(grads);
    for (gi, &xi) in g.iter_mut().zip(&xs) {
        *gi = grads[xi];
    }
    y.value()
}

fn point() -> Vec<f64> {
    (0..N).map(|i| 0.5 + 0.3 * (i as f64).sin()).collect()
}

fn bench_rosenbrock(c: &mut Criterion) {
    let x = point();
    let (mut g_hand, mut g_tape) = (vec![0.0; N], vec![0.0; N]);
    let mut tape = Tape::with_capacity(9 * N);
    let mut grads = Gradients::new();

    // A benchmark of a wrong gradient is worthless: check once before timing.
    let f_hand = rosenbrock_grad_hand(&x, &mut g_hand);
    let f_tape = rosenbrock_grad_tape(&mut tape, &mut grads, &x, &mut g_tape);
    assert!((f_hand - rosenbrock(&x)).abs() <= 1e-9 * f_hand.abs());
    assert!((f_hand - f_tape).abs() <= 1e-9 * f_hand.abs());
    assert!(g_hand
        .iter()
        .zip(&g_tape)
        .all(|(h, t)| (h - t).abs() <= 1e-9 * h.abs().max(1.0)));

    let mut group = c.benchmark_group("rosenbrock_n1e5");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    group.bench_function("primal", |b| b.iter(|| rosenbrock(black_box(&x))));
    group.bench_function("hand_gradient", |b| {
        b.iter(|| rosenbrock_grad_hand(black_box(&x), &mut g_hand))
    });
    group.bench_function("value_tape_gradient", |b| {
        b.iter(|| rosenbrock_grad_tape(&mut tape, &mut grads, black_box(&x), &mut g_tape))
    });
    group.finish();
}

criterion_group!(benches, bench_rosenbrock);
criterion_main!(benches);
