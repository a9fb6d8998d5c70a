//! Checkpointing, measured: the same deep recurrence (a 64-wide nonlinear state through
//! thousands of steps) differentiated with no checkpoint, with `#[checkpoint]` (√n segments)
//! and with `#[checkpoint(snapshots = S)]` (the binomial schedule) for a few S. For each it
//! prints the peak heap of the reverse pass (a counting global allocator), the time, both
//! relative to the plain reverse pass, and whether the gradient is bitwise the plain one.
//!
//! Run: `cargo run --release --example checkpointing`
//!      `cargo run --release --example checkpointing -- --quick`   (CI: a few seconds,
//!      also with `AUTODIFF_QUICK=1`; `--steps N` sets the number of steps)
#![allow(clippy::needless_range_loop)]

use autodiff::checkpoint::binomial_advances;
use autodiff::differentiate;
use autodiff::gradcheck::Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Peak heap bytes this thread allocates while `f` runs, above what was live before
/// (`allocation-counter`'s counting allocator, which counts each thread on its own).
fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let mut result = None;
    let info = allocation_counter::measure(|| result = Some(f()));
    let result = result.expect("`measure` runs its closure once");
    (
        result,
        usize::try_from(info.bytes_max).unwrap_or(usize::MAX),
    )
}

/// One variant of the recurrence per checkpoint annotation (the attribute takes a
/// literal): `#[differentiate]` sees the ordinary function below, attribute included.
///
/// h₀ = x, h_{t+1}[i] = tanh(w[i]·h_t[i] + 0.1·h_t[i+1 mod n]) + 0.01·x[i], f = Σ h_T[i]².
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
recurrence!(binomial4, #[checkpoint(snapshots = 4)]);
recurrence!(binomial10, #[checkpoint(snapshots = 10)]);
recurrence!(binomial32, #[checkpoint(snapshots = 32)]);

type Grad = fn(&[f64], &[f64], usize) -> (f64, Vec<f64>, Vec<f64>);

/// A schedule: its name, its gradient, and its snapshot count if binomial.
const SCHEDULES: [(&str, Grad, Option<usize>); 5] = [
    ("none", plain_grad, None),
    ("√n segments", sqrt_n_grad, None),
    ("binomial, S = 4", binomial4_grad, Some(4)),
    ("binomial, S = 10", binomial10_grad, Some(10)),
    ("binomial, S = 32", binomial32_grad, Some(32)),
];

/// The best of `runs` wall-clock times of `f`.
fn best_time(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Bitwise equality of two gradients (value included), so that −0.0 ≠ 0.0 and NaN = NaN.
fn same_bits(a: &(f64, Vec<f64>, Vec<f64>), b: &(f64, Vec<f64>, Vec<f64>)) -> bool {
    let bits = |g: &(f64, Vec<f64>, Vec<f64>)| {
        std::iter::once(g.0)
            .chain(g.1.iter().copied())
            .chain(g.2.iter().copied())
            .map(f64::to_bits)
            .collect::<Vec<_>>()
    };
    bits(a) == bits(b)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick")
        || std::env::var("AUTODIFF_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let steps = match args.iter().position(|a| a == "--steps") {
        Some(k) => args
            .get(k + 1)
            .and_then(|s| s.parse().ok())
            .expect("--steps takes a number"),
        None if quick => 1_000,
        None => 4_000,
    };
    let (width, runs) = if quick { (16, 1) } else { (64, 5) };

    let x = Rng::new(1).vector(width, -1.0, 1.0);
    let w = Rng::new(2).vector(width, 0.5, 1.5);
    let state = width * std::mem::size_of::<f64>();
    println!(
        "Reverse pass of a {steps}-step recurrence over a {width}-wide state \
         ({state} B a state, {} KiB for all {steps} states); best of {runs} run(s).\n",
        steps * state / 1024
    );

    let primal = best_time(runs, || {
        black_box(plain(black_box(&x), black_box(&w), steps));
    });
    let (reference, _) = peak_during(|| plain_grad(&x, &w, steps));
    let mut plain_stats = None;
    println!(
        "{:<18} | {:>15} | {:>12} | {:>12} | {:>15} | {:>22}",
        "schedule",
        "peak heap (KiB)",
        "peak / plain",
        "time / plain",
        "bitwise = plain",
        "binomial_advances(n,S)"
    );
    println!(
        "{:-<18}-+-{:->15}-+-{:->12}-+-{:->12}-+-{:->15}-+-{:->22}",
        "", "", "", "", "", ""
    );
    for (name, grad, snapshots) in SCHEDULES {
        let (g, peak) = peak_during(|| grad(&x, &w, steps));
        let time = best_time(runs, || {
            black_box(grad(black_box(&x), black_box(&w), steps));
        });
        let (plain_peak, plain_time) = *plain_stats.get_or_insert((peak, time));
        // The bound on the steps a binomial schedule recomputes.
        let advances = match snapshots {
            Some(s) => format!(
                "{} ({:.2} n)",
                binomial_advances(steps, s),
                binomial_advances(steps, s) as f64 / steps as f64
            ),
            None => String::new(),
        };
        println!(
            "{name:<18} | {:>15.1} | {:>12.3} | {:>12.2} | {:>15} | {advances:>22}",
            peak as f64 / 1024.0,
            peak as f64 / plain_peak as f64,
            time.as_secs_f64() / plain_time.as_secs_f64(),
            if same_bits(&g, &reference) {
                "yes"
            } else {
                "NO"
            },
        );
    }
    let (_, plain_time) = plain_stats.unwrap();
    println!(
        "\nplain reverse pass {:.2} ms, primal {:.2} ms ({:.1}× the primal).",
        plain_time.as_secs_f64() * 1e3,
        primal.as_secs_f64() * 1e3,
        plain_time.as_secs_f64() / primal.as_secs_f64()
    );
}
