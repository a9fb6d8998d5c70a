//! Checkpoint schedules on a 10⁴-step loop: what the √n schedule keeps (peak heap, measured
//! by a counting global allocator), how many steps each schedule runs (a counter called from
//! the loop body), and the gradients (bitwise those of the unchecked reverse pass, and right
//! by central differences).
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::checkpoint::{binomial_advances, segment_len, Schedule};
use autodiff::differentiate;
use common::*;
use std::cell::Cell;

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

thread_local! {
    static STEPS_RUN: Cell<u64> = const { Cell::new(0) };
}

/// Called once per step from the loop body (its argument is an integer, so the call is
/// inactive and is kept as written): counts every time a step runs, plain or recording.
fn tick(t: usize) -> usize {
    STEPS_RUN.with(|c| c.set(c.get() + 1));
    t
}

/// The number of loop steps `f` runs.
fn steps_run<R>(f: impl FnOnce() -> R) -> (R, u64) {
    STEPS_RUN.with(|c| c.set(0));
    let r = f();
    (r, STEPS_RUN.with(Cell::get))
}

/// One variant of the recurrence per annotation (the attribute takes a literal):
/// h₀ = x, h_{t+1}[i] = tanh(w[i]·h_t[i] + 0.1·h_t[i+1 mod n]) + 0.01·x[i], f = Σ h_T[i]².
macro_rules! recurrence {
    ($name:ident $(, #[$checkpoint:meta])?) => {
        #[differentiate(wrt(x, w))]
        fn $name(x: &[f64], w: &[f64], steps: usize) -> f64 {
            let n = x.len();
            let mut h = x.to_vec();
            $(#[$checkpoint])?
            for t in 0..steps {
                let _k = tick(t);
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
recurrence!(segments7, #[checkpoint(segments = 7)]);
recurrence!(binomial3, #[checkpoint(snapshots = 3)]);
recurrence!(binomial10, #[checkpoint(snapshots = 10)]);

type Grad = fn(&[f64], &[f64], usize) -> (f64, Vec<f64>, Vec<f64>);
type Primal = fn(&[f64], &[f64], usize) -> f64;

const CHECKPOINTED: [(&str, Primal, Grad); 4] = [
    ("√n", sqrt_n, sqrt_n_grad),
    ("segments = 7", segments7, segments7_grad),
    ("snapshots = 3", binomial3, binomial3_grad),
    ("snapshots = 10", binomial10, binomial10_grad),
];

/// The loop length.
const N: usize = 10_000;
/// The state width (the whole file runs in about 2 s in a debug build).
const WIDTH: usize = 64;

fn bits(g: &(f64, Vec<f64>, Vec<f64>)) -> Vec<u64> {
    std::iter::once(g.0)
        .chain(g.1.iter().copied())
        .chain(g.2.iter().copied())
        .map(f64::to_bits)
        .collect()
}

fn inputs(width: usize) -> (Vec<f64>, Vec<f64>) {
    (rng_vec(71, width, -1.0, 1.0), rng_vec(72, width, 0.5, 1.5))
}

#[test]
fn sqrt_schedule_keeps_about_sqrt_n_states_and_one_segment() {
    let (x, w) = inputs(WIDTH);
    // The carried state is `h`: a `Vec<f64>` of WIDTH floats.
    let state = WIDTH * std::mem::size_of::<f64>();
    let seg = segment_len(N, Schedule::Sqrt);
    assert_eq!(seg, 100);

    let (expected, plain_peak) = peak_during(|| plain_grad(&x, &w, N));
    let (got, peak) = peak_during(|| sqrt_n_grad(&x, &w, N));
    assert_eq!(
        bits(&got),
        bits(&expected),
        "√n changes no bit of the gradient"
    );

    // One segment's recording, measured: the unchecked gradient of a √n-step loop holds
    // what the reverse sweep of one segment holds (its tape, `h`, `nh`, the adjoints and
    // the returned gradient).
    let (_, segment) = peak_during(|| plain_grad(&x, &w, seg));
    // The √n schedule holds, at its peak, that plus the states kept at segment starts:
    // ⌈n / seg⌉ = 100 clones of `h` (100 · 512 B) and the `Vec` of their 24-byte headers
    // (capacity 128): about 105 states (measured: 177 152 B for the segment + 53 856 B).
    // The bound allows 3√n = 300 states, so a schedule that kept anything per step
    // (10⁴ states) or a second copy of the segment states would fail.
    let bound = 3 * seg * state + segment;
    assert!(
        peak <= bound,
        "√n peak {peak} B > 3·√n·{state} B + one segment's recording {segment} B = {bound} B"
    );
    // The measure measures: the unchecked pass keeps at least every step's state
    // (measured: 21.4 MB, about 4 states a step, 92× the √n peak).
    assert!(plain_peak >= N * state, "plain peak {plain_peak} B");
    assert!(plain_peak >= 10 * peak, "plain {plain_peak} B, √n {peak} B");
}

#[test]
fn every_schedule_matches_the_unchecked_gradient_bitwise_at_ten_thousand_steps() {
    let (x, w) = inputs(WIDTH);
    let expected = plain_grad(&x, &w, N);
    for (name, primal, grad) in CHECKPOINTED {
        assert_eq!(primal(&x, &w, N).to_bits(), expected.0.to_bits(), "{name}");
        if name == "snapshots = 3" {
            continue; // ≈ 39 forward passes at 10⁴ steps; checked on shorter loops below
        }
        assert_eq!(bits(&grad(&x, &w, N)), bits(&expected), "{name}");
    }
    for steps in [0, 1, 2, 3, 4, 17, 100, 1_001] {
        let expected = plain_grad(&x, &w, steps);
        for (name, _, grad) in CHECKPOINTED {
            assert_eq!(
                bits(&grad(&x, &w, steps)),
                bits(&expected),
                "{name}, {steps} steps"
            );
        }
    }
}

/// Steps run by each schedule: the unchecked pass records each step once; √n and fixed
/// segments run each step twice (plain in the forward sweep, recording in the reverse);
/// the binomial schedule runs the forward sweep, then from the start state its advances
/// (at most `binomial_advances(n, S)`, the binomial bound) and each step once recording.
#[test]
fn steps_run_stay_within_each_schedules_bound() {
    let (x, w) = inputs(4);
    let (_, plain_steps) = steps_run(|| plain_grad(&x, &w, N));
    assert_eq!(plain_steps, N as u64);
    for (name, grad) in [("√n", sqrt_n_grad as Grad), ("segments", segments7_grad)] {
        let (_, run) = steps_run(|| grad(&x, &w, N));
        assert_eq!(run, 2 * N as u64, "{name}");
    }
    let (_, run) = steps_run(|| binomial10_grad(&x, &w, N));
    let bound = binomial_advances(N, 10);
    assert_eq!(bound, 57_624);
    assert!(
        run <= 2 * N as u64 + bound,
        "S = 10: {run} steps run, bound 2n + {bound}"
    );
    let (_, run) = steps_run(|| binomial3_grad(&x, &w, 1_000));
    assert!(run <= 2_000 + binomial_advances(1_000, 3), "S = 3: {run}");
}

#[test]
fn every_schedule_passes_gradcheck() {
    let (x, w) = inputs(5);
    for steps in [1, 7, 40] {
        for (name, primal, grad) in CHECKPOINTED {
            let (_, gx, gw) = grad(&x, &w, steps);
            eprintln!("gradcheck: {name}, {steps} steps");
            assert_grad(|p| primal(p, &w, steps), &x, &gx);
            assert_grad(|p| primal(&x, p, steps), &w, &gw);
        }
    }
}
