//! Benchmark: the transformer block of `examples/transformer_block.rs` (LayerNorm → single-head
//! causal attention → residual → RMSNorm → MLP with GELU → residual → cross-entropy) at 256
//! tokens × width 256, MLP 1024, where GEMM dominates (13 GEMMs of 256³ multiply-adds forward:
//! 3 for Q, K, V, 2 in attention, 8 in the MLP). Three timings:
//!
//! - `forward`: the primal function `block`;
//! - `grad`: `block_grad`, forward sweep and reverse sweep;
//! - `backward`: the pullback of `block_pullback` alone, applied to the seed 1 (the forward
//!   sweep runs untimed before each call).
//!
//! Target (issue 4): `grad / forward` ≤ 3. Each GEMM of the forward pass costs two in the
//! reverse sweep, so pure GEMM work would give exactly 3: whatever the elementwise rules and
//! the generated code add on top shows up as the excess.

use std::hint::black_box;
use std::time::Duration;

use autodiff::gradcheck::Rng;
use autodiff::ndarray::{Array1, Array2};
use autodiff::{differentiate, ops};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};

const TOKENS: usize = 256;
const WIDTH: usize = 256;
const MLP: usize = 1024;

#[allow(clippy::too_many_arguments)]
#[differentiate(wrt(x, wq, wk, wv, w1, w2, g1, b1, g2))]
fn block(
    x: &Array2<f64>,
    wq: &Array2<f64>,
    wk: &Array2<f64>,
    wv: &Array2<f64>,
    w1: &Array2<f64>,
    w2: &Array2<f64>,
    g1: &Array1<f64>,
    b1: &Array1<f64>,
    g2: &Array1<f64>,
    targets: &[usize],
) -> f64 {
    let h = ops::layer_norm(x, g1, b1, 1e-5);
    let q = h.dot(wq);
    let k = h.dot(wk);
    let v = h.dot(wv);
    let a = ops::attention(&q, &k, &v, true);
    let r = x + &a;
    let n = ops::rms_norm(&r, g2, 1e-5);
    let m = ops::gelu(&n.dot(w1)).dot(w2);
    let out = &r + &m;
    ops::cross_entropy(&out, targets)
}

fn matrix(rng: &mut Rng, rows: usize, cols: usize, scale: f64) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), rng.vector(rows * cols, -scale, scale)).unwrap()
}

fn vector(rng: &mut Rng, n: usize, lo: f64, hi: f64) -> Array1<f64> {
    Array1::from(rng.vector(n, lo, hi))
}

fn bench_block(c: &mut Criterion) {
    let (t, d, f) = (TOKENS, WIDTH, MLP);
    let mut rng = Rng::new(1);
    let (sd, sf) = (1.0 / (d as f64).sqrt(), 1.0 / (f as f64).sqrt());
    let x = matrix(&mut rng, t, d, 1.0);
    let (wq, wk, wv) = (
        matrix(&mut rng, d, d, sd),
        matrix(&mut rng, d, d, sd),
        matrix(&mut rng, d, d, sd),
    );
    let (w1, w2) = (matrix(&mut rng, d, f, sd), matrix(&mut rng, f, d, sf));
    let (g1, b1, g2) = (
        vector(&mut rng, d, 0.5, 1.5),
        vector(&mut rng, d, -0.2, 0.2),
        vector(&mut rng, d, 0.5, 1.5),
    );
    let targets: Vec<usize> = (0..t)
        .map(|_| (rng.next_u64() % d as u64) as usize)
        .collect();

    let mut group = c.benchmark_group(format!("transformer block {t}x{d} mlp {f}"));
    // Tens of milliseconds per call: the same number of calls in every sample.
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("forward", |b| {
        b.iter(|| {
            block(
                black_box(&x),
                &wq,
                &wk,
                &wv,
                &w1,
                &w2,
                &g1,
                &b1,
                &g2,
                &targets,
            )
        })
    });
    group.bench_function("grad", |b| {
        b.iter(|| {
            block_grad(
                black_box(&x),
                &wq,
                &wk,
                &wv,
                &w1,
                &w2,
                &g1,
                &b1,
                &g2,
                &targets,
            )
        })
    });
    group.bench_function("backward", |b| {
        b.iter_batched(
            || block_pullback(&x, &wq, &wk, &wv, &w1, &w2, &g1, &b1, &g2, &targets).1,
            |pb| {
                pb(
                    black_box(&x),
                    &wq,
                    &wk,
                    &wv,
                    &w1,
                    &w2,
                    &g1,
                    &b1,
                    &g2,
                    &targets,
                    1.0,
                )
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    targets = bench_block
}
criterion_main!(benches);
