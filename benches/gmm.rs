//! Benchmark: ADBench's GMM objective (github.com/microsoft/ADBench, MIT licence) on its
//! d = 10, K = 25, n = 1000 input, and its full gradient (alphas, means, icf: 1650 numbers)
//! by `#[differentiate]`. ADBench reports the gradient/objective time ratio; its published
//! figures are 1.9–7.2 for hand-written C++ and 3.7–15.5 for Tapenade.

#[path = "gmm/objective.rs"]
mod objective;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use objective::{gmm_objective, gmm_objective_grad, GmmInput};

const INPUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/benches/data/gmm/1k/gmm_d10_K25.txt"
);

fn bench_gmm(c: &mut Criterion) {
    let g = GmmInput::read(INPUT);
    assert_eq!((g.d, g.k, g.n), (10, 25, 1000));
    // The gradient is checked against ADBench's golden values and central differences in
    // tests/adbench_gmm.rs; here only that it runs and agrees with the primal.
    let (f, grad) = g.gradient();
    assert_eq!(f, g.objective());
    assert!(grad.len() == 1650 && grad.iter().all(|v| v.is_finite()));

    let mut group = c.benchmark_group("gmm_d10_K25");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    group.bench_function("objective", |b| {
        b.iter(|| {
            gmm_objective(
                g.d,
                g.k,
                g.n,
                black_box(&g.alphas),
                black_box(&g.means),
                black_box(&g.icf),
                &g.x,
                g.gamma,
                g.m,
            )
        })
    });
    group.bench_function("ad_grad", |b| {
        b.iter(|| {
            gmm_objective_grad(
                g.d,
                g.k,
                g.n,
                black_box(&g.alphas),
                black_box(&g.means),
                black_box(&g.icf),
                &g.x,
                g.gamma,
                g.m,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench_gmm);
criterion_main!(benches);
