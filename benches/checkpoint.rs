//! Benchmark: the price of checkpointing. The gradient of a 10⁴-step recurrence over a
//! 64-wide state with no checkpoint, with `#[checkpoint]` (√n segments: one extra forward
//! pass, target ≤ 2.2× the plain reverse pass) and with `#[checkpoint(snapshots = 10)]`
//! (binomial: `binomial_advances(10⁴, 10)` = 57 624 extra steps, about 5.8 forward passes),
//! against the primal.
//!
//! h₀ = x, h_{t+1}[i] = tanh(w[i]·h_t[i] + 0.1·h_t[i+1 mod n]) + 0.01·x[i], f = Σ h_T[i]².
//!
//! Peak memory of the same schedules is printed by `examples/checkpointing.rs` and asserted
//! in `tests/checkpoint_schedules.rs` (a counting allocator here would tax every timing).
#![allow(clippy::needless_range_loop)]

use std::hint::black_box;
use std::time::Duration;

use autodiff::differentiate;
use autodiff::gradcheck::Rng;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};

const STEPS: usize = 10_000;
const WIDTH: usize = 64;

/// The recurrence, once per annotation (the attribute takes a literal).
macro_rules! recurrence {
    ($name:ident $(, #[$checkpoint:meta])?) => {
        #[differentiate(wrt(x, w))]
        fn $name(x: &[f64], w: &[f64], steps: usize) -> f64 {
            let n = x.len();
            let mut h = x.to_vec();
            $(#[$checkpoint])?
            for _t in 0..steps {
                let mut nh = vec![0.0; n];
                for i in 0..n {
                    nh[i] = (h[i] * w[i] + 0.1 * h[(i + 1) % n]).tanh() + 0.01 * x[i];
                }
                h = nh;
            }
            let mut s = 0.0;
            for i in 0..n {
                s += h[i] * h[i];
            }
            s
        }
    };
}

recurrence!(plain);
recurrence!(sqrt_n, #[checkpoint]);
recurrence!(binomial10, #[checkpoint(snapshots = 10)]);

fn bench_checkpoint(c: &mut Criterion) {
    let x = Rng::new(1).vector(WIDTH, -1.0, 1.0);
    let w = Rng::new(2).vector(WIDTH, 0.5, 1.5);

    // A benchmark of a wrong gradient is worthless: check once before timing. Checkpointing
    // runs the same arithmetic, so the gradients agree to the last bit.
    let expected = plain_grad(&x, &w, STEPS);
    assert_eq!(expected.0, plain(&x, &w, STEPS));
    assert_eq!(sqrt_n_grad(&x, &w, STEPS), expected, "√n schedule");
    assert_eq!(
        binomial10_grad(&x, &w, STEPS),
        expected,
        "binomial schedule"
    );

    let mut group = c.benchmark_group("checkpoint_n1e4_w64");
    // Small, flat samples (each gradient takes 0.05–0.3 s), so the file runs in about a minute.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(7))
        .warm_up_time(Duration::from_millis(500));
    group.bench_function("primal", |b| {
        b.iter(|| plain(black_box(&x), black_box(&w), STEPS))
    });
    group.bench_function("plain_grad", |b| {
        b.iter(|| plain_grad(black_box(&x), black_box(&w), STEPS))
    });
    group.bench_function("sqrt_grad", |b| {
        b.iter(|| sqrt_n_grad(black_box(&x), black_box(&w), STEPS))
    });
    group.bench_function("binomial10_grad", |b| {
        b.iter(|| binomial10_grad(black_box(&x), black_box(&w), STEPS))
    });
    group.finish();
}

criterion_group!(benches, bench_checkpoint);
criterion_main!(benches);
