//! The ratios of `benches/ops.rs` (backward / forward and VJP / forward of each rule, 256×256),
//! measured so that they survive a busy machine: the timings of one rule alternate (forward,
//! backward, VJP, forward, …) for a few hundred rounds, and each is the minimum over the rounds,
//! so a time slice lost to another process inflates some rounds but not the minimum, and a slow
//! stretch of the run hits the numerator and the denominator alike. As in `ops.rs`, only the
//! rule itself is timed: the pullback and the copy of the cotangent are made before the clock
//! starts, and outputs are dropped after it stops.
//!
//! `cargo bench --bench ops_ratios` prints one line per rule.

use std::hint::black_box;
use std::time::{Duration, Instant};

use autodiff::gradcheck::Rng;
use autodiff::ndarray::{Array1, Array2};
use autodiff::ops;

const N: usize = 256;
const EPS: f64 = 1e-5;

fn matrix(rng: &mut Rng, rows: usize, cols: usize) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), rng.vector(rows * cols, -1.0, 1.0)).unwrap()
}

/// One timed call: `setup` runs before the clock starts, the output is dropped after it stops.
fn once<I, O>(setup: impl FnOnce() -> I, routine: impl FnOnce(I) -> O) -> Duration {
    let input = setup();
    let start = Instant::now();
    let output = black_box(routine(black_box(input)));
    let elapsed = start.elapsed();
    drop(output);
    elapsed
}

/// Minimum times of `[forward, backward, vjp]` over interleaved rounds.
fn ratios(name: &str, rounds: usize, mut case: impl FnMut(usize) -> Duration) {
    let mut best = [Duration::MAX; 3];
    for _ in 0..rounds {
        for (k, b) in best.iter_mut().enumerate() {
            *b = (*b).min(case(k));
        }
    }
    let [forward, backward, vjp] = best.map(|d| d.as_secs_f64());
    println!(
        "{name:10} forward {:8.1} µs   backward / forward {:5.2}   vjp / forward {:5.2}",
        forward * 1e6,
        backward / forward,
        vjp / forward
    );
}

fn main() {
    let mut rng = Rng::new(1);
    let (a, b, g) = (
        matrix(&mut rng, N, N),
        matrix(&mut rng, N, N),
        matrix(&mut rng, N, N),
    );
    let x = matrix(&mut rng, N, N).mapv(|v| 4.0 * v);
    let gamma = Array1::from(rng.vector(N, 0.5, 1.5));
    let beta = Array1::from(rng.vector(N, -0.5, 0.5));

    ratios("matmul", 100, |k| match k {
        0 => once(|| (), |()| ops::matmul(&a, &b)),
        1 => once(
            || (ops::matmul_pullback(&a, &b).1, g.clone()),
            |(pb, g)| pb(&a, &b, g),
        ),
        _ => once(|| g.clone(), |g| ops::matmul_vjp(&a, &b, g)),
    });
    ratios("softmax", 300, |k| match k {
        0 => once(|| (), |()| ops::softmax(&x)),
        1 => once(
            || (ops::softmax_pullback(&x).1, g.clone()),
            |(pb, g)| pb(&x, g),
        ),
        _ => once(|| g.clone(), |g| ops::softmax_vjp(&x, g)),
    });
    ratios("layer_norm", 500, |k| match k {
        0 => once(|| (), |()| ops::layer_norm(&x, &gamma, &beta, EPS)),
        1 => once(
            || {
                let pb = ops::layer_norm_pullback(&x, &gamma, &beta, EPS).1;
                (pb, g.clone())
            },
            |(pb, g)| pb(&x, &gamma, &beta, g),
        ),
        _ => once(
            || g.clone(),
            |g| ops::layer_norm_vjp(&x, &gamma, &beta, EPS, g),
        ),
    });
    ratios("rms_norm", 500, |k| match k {
        0 => once(|| (), |()| ops::rms_norm(&x, &gamma, EPS)),
        1 => once(
            || (ops::rms_norm_pullback(&x, &gamma, EPS).1, g.clone()),
            |(pb, g)| pb(&x, &gamma, g),
        ),
        _ => once(|| g.clone(), |g| ops::rms_norm_vjp(&x, &gamma, EPS, g)),
    });
}
