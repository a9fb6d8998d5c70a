//! Benchmark: gradient of the n-dimensional Rosenbrock function, n = 10⁵, by hand, by the
//! runtime reverse-mode tape and by `#[differentiate]`, against the cost of the function
//! itself; then the same for a loop with nonlinear, loop-carried, overwritten state.
//!
//! f(x) = Σ_{i<n−1} 100(x_{i+1} − x_i²)² + (1 − x_i)²
//!
//! recurrence: h₀ = 0, h_{i+1} = tanh(0.9 h_i + x_i) · x_i + 0.1 h_i, result h_n.
//!
//! Horner: acc₀ = 0, acc_{i+1} = acc_i · x + c_i, result acc_n, gradient in x and c:
//! loop-carried, overwritten state again, but an arithmetic step.
//!
//! The three functions, each written every way it is timed, are in `loops/` (shared with
//! `loops_ratios.rs`, which measures the same ratios interleaved, for a busy machine).

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use std::hint::black_box;
use std::time::Duration;

use autodiff::gradcheck::Rng;
use autodiff::{differentiate, Gradients, Tape};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "loops/horner.rs"]
mod horner;
#[path = "loops/recurrence.rs"]
mod recurrence;
#[path = "loops/rosenbrock.rs"]
mod rosenbrock;
use horner::*;
use recurrence::*;
use rosenbrock::*;

const N: usize = 100_000;

fn bench_rosenbrock(c: &mut Criterion) {
    let x = point(N);
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
    let (f_ad, g_ad) = rosenbrock_ad_grad(&x);
    assert!(f_ad == rosenbrock_ad(&x) && (f_hand - f_ad).abs() <= 1e-9 * f_hand.abs());
    assert!(close(&g_hand, &g_ad));
    let v = Rng::new(1).vector(N, -1.0, 1.0);
    let (_, jv) = rosenbrock_ad_jvp(&x, &v);
    let gv: f64 = g_hand.iter().zip(&v).map(|(g, v)| g * v).sum();
    assert!((jv - gv).abs() <= 1e-9 * gv.abs().max(1.0));

    let mut group = c.benchmark_group("rosenbrock_n1e5");
    configure(&mut group);
    group.bench_function("primal", |b| b.iter(|| rosenbrock(black_box(&x))));
    // The same function as the annotated one (indexed loop, bounds checks): the primal
    // the AD ratios are taken against.
    group.bench_function("primal_indexed", |b| {
        b.iter(|| rosenbrock_ad(black_box(&x)))
    });
    group.bench_function("hand_gradient", |b| {
        b.iter(|| rosenbrock_grad_hand(black_box(&x), &mut g_hand))
    });
    group.bench_function("value_tape_gradient", |b| {
        b.iter(|| rosenbrock_grad_tape(&mut tape, &mut grads, black_box(&x), &mut g_tape))
    });
    group.bench_function("ad_grad", |b| b.iter(|| rosenbrock_ad_grad(black_box(&x))));
    group.bench_function("ad_jvp", |b| {
        b.iter(|| rosenbrock_ad_jvp(black_box(&x), black_box(&v)))
    });
    group.finish();
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= 1e-9 * x.abs().max(1.0))
}

fn bench_recurrence(c: &mut Criterion) {
    let x = Rng::new(2).vector(N, -1.0, 1.0);
    let v = Rng::new(3).vector(N, -1.0, 1.0);
    let (mut g_hand, mut g_tape) = (vec![0.0; N], vec![0.0; N]);
    let mut hs = Vec::with_capacity(N);
    let mut tape = Tape::with_capacity(9 * N);
    let mut grads = Gradients::new();

    let f = recurrence(&x);
    let f_hand = recurrence_grad_hand(&x, &mut hs, &mut g_hand);
    let f_tape = recurrence_grad_tape(&mut tape, &mut grads, &x, &mut g_tape);
    let (f_ad, g_ad) = recurrence_grad(&x);
    assert!(f == f_hand && f == f_ad && (f - f_tape).abs() <= 1e-12);
    assert!(close(&g_hand, &g_tape) && close(&g_hand, &g_ad));
    let (_, jv) = recurrence_jvp(&x, &v);
    let gv: f64 = g_hand.iter().zip(&v).map(|(g, v)| g * v).sum();
    assert!((jv - gv).abs() <= 1e-9 * gv.abs().max(1.0));

    let mut group = c.benchmark_group("recurrence_n1e5");
    configure(&mut group);
    group.bench_function("primal", |b| b.iter(|| recurrence(black_box(&x))));
    group.bench_function("hand_gradient", |b| {
        b.iter(|| recurrence_grad_hand(black_box(&x), &mut hs, &mut g_hand))
    });
    group.bench_function("ad_grad", |b| b.iter(|| recurrence_grad(black_box(&x))));
    group.bench_function("ad_jvp", |b| {
        b.iter(|| recurrence_jvp(black_box(&x), black_box(&v)))
    });
    group.bench_function("value_tape_gradient", |b| {
        b.iter(|| recurrence_grad_tape(&mut tape, &mut grads, black_box(&x), &mut g_tape))
    });
    group.finish();
}

fn bench_horner(c: &mut Criterion) {
    // x^n = e^(−10): the powers, the adjoints and p stay well inside the normal range.
    let x = 0.9999;
    let coef = Rng::new(4).vector(N, -1.0, 1.0);
    let (dx, dc) = (0.3, Rng::new(5).vector(N, -1.0, 1.0));
    let (mut g_hand, mut g_direct, mut g_tape) = (vec![0.0; N], vec![0.0; N], vec![0.0; N]);
    let mut accs = Vec::with_capacity(N);
    let mut tape = Tape::with_capacity(3 * N);
    let mut grads = Gradients::new();

    let f = horner(x, &coef);
    let (f_hand, x_hand) = horner_grad_hand(x, &coef, &mut accs, &mut g_hand);
    let (f_direct, x_direct) = horner_grad_hand_direct(x, &coef, &mut g_direct);
    let (f_tape, x_tape) = horner_grad_tape(&mut tape, &mut grads, x, &coef, &mut g_tape);
    let (f_ad, x_ad, g_ad) = horner_grad(x, &coef);
    assert!(f == f_hand && f == f_direct && f == f_tape && f == f_ad);
    assert!(close(&[x_hand], &[x_direct]) && close(&[x_hand], &[x_tape]));
    assert!(close(&[x_hand], &[x_ad]));
    assert!(close(&g_hand, &g_direct) && close(&g_hand, &g_tape) && close(&g_hand, &g_ad));
    let (_, jv) = horner_jvp(x, &coef, dx, &dc);
    let gv = x_hand * dx + g_hand.iter().zip(&dc).map(|(g, v)| g * v).sum::<f64>();
    assert!((jv - gv).abs() <= 1e-9 * gv.abs().max(1.0));

    let mut group = c.benchmark_group("horner_n1e5");
    configure(&mut group);
    group.bench_function("primal", |b| {
        b.iter(|| horner(black_box(x), black_box(&coef)))
    });
    group.bench_function("hand_gradient", |b| {
        b.iter(|| horner_grad_hand(black_box(x), black_box(&coef), &mut accs, &mut g_hand))
    });
    group.bench_function("hand_gradient_direct", |b| {
        b.iter(|| horner_grad_hand_direct(black_box(x), black_box(&coef), &mut g_direct))
    });
    group.bench_function("ad_grad", |b| {
        b.iter(|| horner_grad(black_box(x), black_box(&coef)))
    });
    group.bench_function("ad_jvp", |b| {
        b.iter(|| {
            horner_jvp(
                black_box(x),
                black_box(&coef),
                black_box(dx),
                black_box(&dc),
            )
        })
    });
    group.bench_function("value_tape_gradient", |b| {
        b.iter(|| {
            horner_grad_tape(
                &mut tape,
                &mut grads,
                black_box(x),
                black_box(&coef),
                &mut g_tape,
            )
        })
    });
    group.finish();
}

/// Small samples, so that the whole file runs in about a minute.
fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
}

/// A chain of eight differentiated functions, each calling the previous one: with split
/// calls the gradient re-runs no callee's forward pass, so its cost stays a constant
/// multiple of the primal's however deep the chain.
#[differentiate]
fn chain1(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] * 1.1).sin();
    }
    s
}

macro_rules! chain_level {
    ($name:ident, $callee:ident, $k:literal) => {
        #[differentiate]
        fn $name(x: &[f64]) -> f64 {
            let inner = $callee(x);
            let mut s = 0.0;
            for i in 0..x.len() {
                s += (x[i] * $k).sin();
            }
            s + 0.5 * inner
        }
    };
}

chain_level!(chain2, chain1, 1.2);
chain_level!(chain3, chain2, 1.3);
chain_level!(chain4, chain3, 1.4);
chain_level!(chain5, chain4, 1.5);
chain_level!(chain6, chain5, 1.6);
chain_level!(chain7, chain6, 1.7);
chain_level!(chain8, chain7, 1.8);

fn bench_call_chain(c: &mut Criterion) {
    let x = point(N);
    let (value, grad) = chain8_grad(&x);
    assert_eq!(value, chain8(&x));
    // ∂/∂xᵢ Σₖ wₖ sin(cₖ xᵢ) with wₖ = 0.5^(8−k), cₖ = 1 + k/10.
    let expected = |xi: f64| {
        (1..=8)
            .map(|k| {
                0.5f64.powi(8 - k) * (1.0 + k as f64 / 10.0) * ((1.0 + k as f64 / 10.0) * xi).cos()
            })
            .sum::<f64>()
    };
    assert!(x
        .iter()
        .zip(&grad)
        .all(|(&xi, &g)| (g - expected(xi)).abs() < 1e-9));
    let mut group = c.benchmark_group("call_chain8_n1e5");
    configure(&mut group);
    group.bench_function("primal", |b| b.iter(|| chain8(black_box(&x))));
    group.bench_function("ad_grad", |b| b.iter(|| chain8_grad(black_box(&x))));
    group.finish();
}

criterion_group!(
    benches,
    bench_rosenbrock,
    bench_recurrence,
    bench_horner,
    bench_call_chain
);
criterion_main!(benches);
