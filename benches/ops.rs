//! Benchmark: the closed-form matrix rules of `autodiff::ops` at 256×256, each rule's
//! forward pass against its VJP. Three timings per rule, each of them the rule alone: inputs
//! (the cotangent's copy, the pullback) are made outside the timed call, and outputs are dropped
//! outside it, the same way for all three (`iter_batched`, one call per batch):
//!
//! - `forward`: the value alone (`ops::matmul(&a, &b)`);
//! - `vjp`: value and cotangents in one call (`ops::matmul_vjp`, i.e. pullback + apply);
//! - `backward`: applying an already built pullback to a cotangent: the reverse sweep alone,
//!   what a caller pays on top of its forward pass (the pullback and its cotangent are made
//!   right before each timed call, so the cotangent is as warm in cache as a fresh one).
//!
//! README reports two ratios per rule: `backward / forward` (the pullback given its saved
//! statistics) and `vjp / forward`. Targets (issue 4): `backward / forward` ≤ 2.2 for matmul
//! (two GEMMs against one), ≤ 1.5 for softmax and LayerNorm.

use std::hint::black_box;
use std::time::Duration;

use autodiff::gradcheck::Rng;
use autodiff::ndarray::{Array1, Array2};
use autodiff::ops;
use criterion::{criterion_group, criterion_main, BatchSize, Bencher, Criterion};

const N: usize = 256;
const EPS: f64 = 1e-5;

fn matrix(rng: &mut Rng, rows: usize, cols: usize) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), rng.vector(rows * cols, -1.0, 1.0)).unwrap()
}

fn bench_ops(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    let (a, b, g) = (
        matrix(&mut rng, N, N),
        matrix(&mut rng, N, N),
        matrix(&mut rng, N, N),
    );
    let x = matrix(&mut rng, N, N).mapv(|v| 4.0 * v);
    let gamma = Array1::from(rng.vector(N, 0.5, 1.5));
    let beta = Array1::from(rng.vector(N, -0.5, 0.5));

    let mut group = c.benchmark_group("matmul 256");
    group.bench_function("forward", |t| {
        timed(t, || (), |()| ops::matmul(black_box(&a), black_box(&b)))
    });
    group.bench_function("vjp", |t| {
        timed(
            t,
            || g.clone(),
            |g| ops::matmul_vjp(black_box(&a), black_box(&b), g),
        )
    });
    group.bench_function("backward", |t| {
        timed(
            t,
            || (ops::matmul_pullback(&a, &b).1, g.clone()),
            |(pb, g)| pb(black_box(&a), black_box(&b), g),
        )
    });
    group.finish();

    let mut group = c.benchmark_group("softmax 256");
    group.bench_function("forward", |t| {
        timed(t, || (), |()| ops::softmax(black_box(&x)))
    });
    group.bench_function("vjp", |t| {
        timed(t, || g.clone(), |g| ops::softmax_vjp(black_box(&x), g))
    });
    group.bench_function("backward", |t| {
        timed(
            t,
            || (ops::softmax_pullback(&x).1, g.clone()),
            |(pb, g)| pb(black_box(&x), g),
        )
    });
    group.finish();

    let mut group = c.benchmark_group("layer_norm 256");
    group.bench_function("forward", |t| {
        timed(
            t,
            || (),
            |()| ops::layer_norm(black_box(&x), &gamma, &beta, EPS),
        )
    });
    group.bench_function("vjp", |t| {
        timed(
            t,
            || g.clone(),
            |g| ops::layer_norm_vjp(black_box(&x), &gamma, &beta, EPS, g),
        )
    });
    group.bench_function("backward", |t| {
        timed(
            t,
            || {
                (
                    ops::layer_norm_pullback(&x, &gamma, &beta, EPS).1,
                    g.clone(),
                )
            },
            |(pb, g)| pb(black_box(&x), &gamma, &beta, g),
        )
    });
    group.finish();

    let mut group = c.benchmark_group("rms_norm 256");
    group.bench_function("forward", |t| {
        timed(t, || (), |()| ops::rms_norm(black_box(&x), &gamma, EPS))
    });
    group.bench_function("vjp", |t| {
        timed(
            t,
            || g.clone(),
            |g| ops::rms_norm_vjp(black_box(&x), &gamma, EPS, g),
        )
    });
    group.bench_function("backward", |t| {
        timed(
            t,
            || (ops::rms_norm_pullback(&x, &gamma, EPS).1, g.clone()),
            |(pb, g)| pb(black_box(&x), &gamma, g),
        )
    });
    group.finish();
}

/// Times `routine` alone: its input is made by `setup` before the clock starts and its output
/// is dropped after it stops.
fn timed<I, O>(t: &mut Bencher, setup: impl FnMut() -> I, routine: impl FnMut(I) -> O) {
    t.iter_batched(setup, routine, BatchSize::PerIteration)
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = bench_ops
}
criterion_main!(benches);
