//! Throughput of `batch::sum_gradients` on every core against one thread (the `rayon`
//! feature): the summed gradient of a two-layer perceptron's squared error over 256
//! examples, in rayon pools of 1 thread and of every available core, timed in alternating
//! rounds, each keeping its minimum (a time slice lost to another process inflates some
//! rounds, not the minimum). The two sums are also compared bit for bit.
//!
//! `cargo bench --features rayon --bench batch_threads`

use std::hint::black_box;
use std::time::{Duration, Instant};

use autodiff::batch::sum_gradients;
use autodiff::differentiate;
use autodiff::gradcheck::Rng;

const INPUT: usize = 32;
const HIDDEN: usize = 64;
const EXAMPLES: usize = 256;

/// `(Σ_j v_j tanh(Σ_i w_ji x_i) − y)²`, with `w` row-major `HIDDEN × INPUT`.
#[differentiate(wrt(w, v))]
fn example_loss(w: &[f64], v: &[f64], x: &[f64], y: f64) -> f64 {
    let mut out = 0.0;
    for j in 0..v.len() {
        let mut z = 0.0;
        for i in 0..x.len() {
            z += w[j * x.len() + i] * x[i];
        }
        out += v[j] * z.tanh();
    }
    (out - y) * (out - y)
}

fn main() {
    let mut rng = Rng::new(7);
    let w = rng.vector(HIDDEN * INPUT, -0.3, 0.3);
    let v = rng.vector(HIDDEN, -0.3, 0.3);
    let data: Vec<(Vec<f64>, f64)> = (0..EXAMPLES)
        .map(|_| (rng.vector(INPUT, -1.0, 1.0), rng.uniform(-1.0, 1.0)))
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let (one, all) = (pool(1), pool(cores));
    let run = |p: &rayon::ThreadPool| {
        p.install(|| {
            sum_gradients(&data, 8, |(x, y)| {
                let (l, gw, gv) = example_loss_grad(&w, &v, x, *y);
                (l, (gw, gv))
            })
        })
        .unwrap()
    };
    let bits = |r: &(f64, (Vec<f64>, Vec<f64>))| {
        let mut b = vec![r.0.to_bits()];
        b.extend(r.1 .0.iter().chain(&r.1 .1).map(|g| g.to_bits()));
        b
    };
    assert_eq!(
        bits(&run(&one)),
        bits(&run(&all)),
        "the sums differ in their bits"
    );
    let (mut best_one, mut best_all) = (Duration::MAX, Duration::MAX);
    for _ in 0..30 {
        let t = Instant::now();
        black_box(run(&one));
        best_one = best_one.min(t.elapsed());
        let t = Instant::now();
        black_box(run(&all));
        best_all = best_all.min(t.elapsed());
    }
    println!(
        "sum_gradients over {EXAMPLES} examples: 1 thread {:.2} ms, {cores} threads {:.2} ms, speed-up {:.2}×",
        best_one.as_secs_f64() * 1e3,
        best_all.as_secs_f64() * 1e3,
        best_one.as_secs_f64() / best_all.as_secs_f64()
    );
}
