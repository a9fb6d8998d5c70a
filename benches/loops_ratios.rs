//! The loop ratios of `benches/rosenbrock.rs` (Rosenbrock, the `tanh` recurrence and Horner's
//! rule at n = 10⁵), of three simulation loops (a driven, damped spring over 10⁵ steps; a
//! chain of 100 masses over 1 000 steps; Lorenz-96 on a ring of 40 over 2 500 steps),
//! measured so that they survive a busy machine: each
//! function's timings alternate (primal, hand-written gradient, `f_grad`, …) for 40 to 200 rounds and each is the
//! minimum over the rounds, so a time slice lost to another process inflates some rounds but
//! not the minimum, and a slow stretch of the run hits numerator and denominator alike.
//!
//! D-LSTM (ADBench's recurrent model on its l = 2, c = 1024 input) and ADBench's GMM
//! objective (d = 10, K = 25, n = 1000) are timed the same way.
//!
//! `cargo bench --bench loops_ratios` prints one line per function, with its ratios, and
//! last Horner's `f_grad` / primal timed first, alone, in a fresh process. The
//! Hessian-vector product (`hvp/grad`: forward-over-reverse against the gradient) is timed
//! in rounds of its own: interleaved with the others, its larger allocations change the
//! allocator's state (freed memory handed back to the system) and every other call's
//! allocations then page-fault, which would distort the other ratios.

use std::hint::black_box;
use std::time::{Duration, Instant};

use autodiff::gradcheck::Rng;
use autodiff::{Gradients, Tape};

#[path = "gmm/objective.rs"]
mod gmm;
#[path = "loops/horner.rs"]
mod horner;
#[path = "loops/lorenz96.rs"]
mod lorenz96;
#[path = "lstm/objective.rs"]
mod lstm;
#[path = "loops/mass_chain.rs"]
mod mass_chain;
#[path = "loops/oscillator.rs"]
mod oscillator;
#[path = "loops/recurrence.rs"]
mod recurrence;
#[allow(dead_code)] // the iterator-chain primal, timed by `rosenbrock.rs` only
#[path = "loops/rosenbrock.rs"]
mod rosenbrock;
use horner::*;
use lorenz96::*;
use lstm::*;
use mass_chain::*;
use oscillator::*;
use recurrence::*;
use rosenbrock::*;

const N: usize = 100_000;

/// How long `f` takes; its result is dropped after the clock stops.
fn time<O>(f: impl FnOnce() -> O) -> Duration {
    let start = Instant::now();
    let out = black_box(f());
    let elapsed = start.elapsed();
    drop(out);
    elapsed
}

/// The minimum time of each case over `rounds` rounds that run every case once, in order.
fn minima(rounds: usize, cases: &mut [&mut dyn FnMut() -> Duration]) -> Vec<f64> {
    let mut best = vec![Duration::MAX; cases.len()];
    for _ in 0..rounds {
        for (b, case) in best.iter_mut().zip(cases.iter_mut()) {
            *b = (*b).min(case());
        }
    }
    best.iter().map(Duration::as_secs_f64).collect()
}

/// `hvp/grad` from rounds that interleave the two only.
fn hvp_ratio(
    rounds: usize,
    grad: &mut dyn FnMut() -> Duration,
    hvp: &mut dyn FnMut() -> Duration,
) -> f64 {
    let t = minima(rounds, &mut [grad, hvp]);
    t[1] / t[0]
}

fn print(name: &str, ratios: &[(&str, f64)]) {
    let cells: Vec<String> = ratios.iter().map(|(r, v)| format!("{r} {v:.2}")).collect();
    println!("{name:11} {}", cells.join("   "));
}

fn main() {
    // First, before any other allocation: the gradient called in a loop of its own, as a
    // program that takes one gradient after another does. The allocator's state then is a
    // fresh process's, in which a freed tape was handed back to the system and the next
    // call faulted its pages in again (before tapes came from a pool).
    let coef = Rng::new(4).vector(N, -1.0, 1.0);
    let t = minima(
        100,
        &mut [
            &mut || time(|| horner(black_box(0.9999), black_box(&coef))),
            &mut || time(|| horner_grad(black_box(0.9999), black_box(&coef))),
        ],
    );
    let alone = t[1] / t[0];

    let x = point(N);
    let v = Rng::new(1).vector(N, -1.0, 1.0);
    let (mut g_hand, mut g_tape, mut g_direct) = (vec![0.0; N], vec![0.0; N], vec![0.0; N]);
    let mut tape = Tape::with_capacity(9 * N);
    let mut grads = Gradients::new();
    let t = minima(
        200,
        &mut [
            &mut || time(|| rosenbrock_ad(black_box(&x))),
            &mut || time(|| rosenbrock_grad_hand(black_box(&x), &mut g_hand)),
            &mut || time(|| rosenbrock_ad_grad(black_box(&x))),
            &mut || time(|| rosenbrock_ad_jvp(black_box(&x), black_box(&v))),
            &mut || {
                time(|| rosenbrock_grad_tape(&mut tape, &mut grads, black_box(&x), &mut g_tape))
            },
        ],
    );
    print(
        "rosenbrock",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("tape/grad", t[4] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || time(|| rosenbrock_ad_grad(black_box(&x))),
                    &mut || time(|| rosenbrock_ad_hvp(black_box(&x), black_box(&v))),
                ),
            ),
        ],
    );

    let x = Rng::new(2).vector(N, -1.0, 1.0);
    let v = Rng::new(3).vector(N, -1.0, 1.0);
    let mut hs = Vec::with_capacity(N);
    let t = minima(
        40,
        &mut [
            &mut || time(|| recurrence(black_box(&x))),
            &mut || time(|| recurrence_grad_hand(black_box(&x), &mut hs, &mut g_hand)),
            &mut || time(|| recurrence_grad(black_box(&x))),
            &mut || time(|| recurrence_jvp(black_box(&x), black_box(&v))),
            &mut || {
                time(|| recurrence_grad_tape(&mut tape, &mut grads, black_box(&x), &mut g_tape))
            },
        ],
    );
    print(
        "recurrence",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("tape/grad", t[4] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    40,
                    &mut || time(|| recurrence_grad(black_box(&x))),
                    &mut || time(|| recurrence_hvp(black_box(&x), black_box(&v))),
                ),
            ),
        ],
    );

    let (x, coef) = (0.9999, Rng::new(4).vector(N, -1.0, 1.0));
    let (dx, dc) = (0.3, Rng::new(5).vector(N, -1.0, 1.0));
    let mut accs = Vec::with_capacity(N);
    let t = minima(
        200,
        &mut [
            &mut || time(|| horner(black_box(x), black_box(&coef))),
            &mut || {
                time(|| horner_grad_hand(black_box(x), black_box(&coef), &mut accs, &mut g_hand))
            },
            &mut || time(|| horner_grad_hand_direct(black_box(x), black_box(&coef), &mut g_direct)),
            &mut || time(|| horner_grad(black_box(x), black_box(&coef))),
            &mut || time(|| horner_jvp(black_box(x), black_box(&coef), dx, black_box(&dc))),
            &mut || {
                time(|| horner_grad_tape(&mut tape, &mut grads, x, black_box(&coef), &mut g_tape))
            },
        ],
    );
    print(
        "horner",
        &[
            ("grad/primal", t[3] / t[0]),
            ("grad/hand", t[3] / t[1]),
            ("grad/hand_direct", t[3] / t[2]),
            ("tape/grad", t[5] / t[3]),
            ("jvp/primal", t[4] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || time(|| horner_grad(black_box(x), black_box(&coef))),
                    &mut || time(|| horner_hvp(black_box(x), black_box(&coef), dx, black_box(&dc))),
                ),
            ),
        ],
    );

    let (k, c) = (4.0, 0.3);
    let f = Rng::new(6).vector(N, -1.0, 1.0);
    let (dk, dc, df) = (0.2, -0.1, Rng::new(7).vector(N, -1.0, 1.0));
    let (mut xs, mut vs) = (Vec::with_capacity(N), Vec::with_capacity(N));
    let t = minima(
        100,
        &mut [
            &mut || time(|| oscillator(black_box(k), black_box(c), black_box(&f))),
            &mut || {
                time(|| oscillator_grad_hand(k, c, black_box(&f), &mut xs, &mut vs, &mut g_hand))
            },
            &mut || time(|| oscillator_grad(black_box(k), black_box(c), black_box(&f))),
            &mut || time(|| oscillator_jvp(k, c, black_box(&f), dk, dc, black_box(&df))),
            &mut || {
                time(|| {
                    oscillator_grad_tape(&mut tape, &mut grads, (k, c), black_box(&f), &mut g_tape)
                })
            },
        ],
    );
    print(
        "oscillator",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("tape/grad", t[4] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || time(|| oscillator_grad(black_box(k), black_box(c), black_box(&f))),
                    &mut || time(|| oscillator_hvp(k, c, black_box(&f), dk, dc, black_box(&df))),
                ),
            ),
        ],
    );

    // 100 masses (98 moving) over 1 000 steps: about 10⁵ mass-steps.
    let (k, x0, steps) = (
        Rng::new(9).vector(99, 2.0, 4.0),
        Rng::new(10).vector(100, -1.0, 1.0),
        1_000,
    );
    let (dk, dx0) = (
        Rng::new(11).vector(99, -1.0, 1.0),
        Rng::new(12).vector(100, -1.0, 1.0),
    );
    let (mut gk, mut gx, mut xs) = (vec![0.0; 99], vec![0.0; 100], Vec::new());
    let (mut gk_tape, mut gx_tape) = (gk.clone(), gx.clone());
    let (mut gk_gather, mut gx_gather, mut xs_gather) = (gk.clone(), gx.clone(), Vec::new());
    let t = minima(
        100,
        &mut [
            &mut || time(|| mass_chain(black_box(&k), black_box(&x0), steps)),
            &mut || {
                time(|| mass_chain_grad_hand(black_box(&k), &x0, steps, &mut xs, &mut gk, &mut gx))
            },
            &mut || time(|| mass_chain_grad(black_box(&k), black_box(&x0), steps)),
            &mut || time(|| mass_chain_jvp(black_box(&k), &x0, steps, &dk, &dx0)),
            &mut || {
                time(|| {
                    let (xs, gk, gx) = (&mut xs_gather, &mut gk_gather, &mut gx_gather);
                    mass_chain_grad_gather(black_box(&k), &x0, steps, xs, gk, gx)
                })
            },
            &mut || {
                time(|| {
                    let args = (black_box(&k[..]), &x0[..], steps);
                    mass_chain_grad_tape(&mut tape, &mut grads, args, &mut gk_tape, &mut gx_tape)
                })
            },
        ],
    );
    print(
        "mass chain",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("grad/hand_gather", t[2] / t[4]),
            ("tape/grad", t[5] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || time(|| mass_chain_grad(black_box(&k), black_box(&x0), steps)),
                    &mut || time(|| mass_chain_hvp(black_box(&k), &x0, steps, &dk, &dx0)),
                ),
            ),
        ],
    );

    // Lorenz-96's standard ring of 40 under its standard forcing, 2 500 steps: 10⁵
    // variable-steps.
    let (n, forcing, steps) = (40, 8.0, 2_500);
    let (x0, obs) = (
        Rng::new(13).vector(n, -2.0, 2.0),
        Rng::new(14).vector(steps * n, -2.0, 2.0),
    );
    let (dx0, df) = (Rng::new(15).vector(n, -1.0, 1.0), 0.3);
    let (mut gx, mut gx_tape, mut xs) = (vec![0.0; n], vec![0.0; n], Vec::new());
    let t = minima(
        100,
        &mut [
            &mut || time(|| lorenz96(black_box(&x0), black_box(forcing), &obs)),
            &mut || time(|| lorenz96_grad_hand(black_box(&x0), forcing, &obs, &mut xs, &mut gx)),
            &mut || time(|| lorenz96_grad(black_box(&x0), black_box(forcing), &obs)),
            &mut || time(|| lorenz96_jvp(black_box(&x0), forcing, &obs, &dx0, df)),
            &mut || {
                time(|| {
                    let args = (black_box(&x0[..]), forcing, &obs[..]);
                    lorenz96_grad_tape(&mut tape, &mut grads, args, &mut gx_tape)
                })
            },
        ],
    );
    print(
        "lorenz-96",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("tape/grad", t[4] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || time(|| lorenz96_grad(black_box(&x0), black_box(forcing), &obs)),
                    &mut || time(|| lorenz96_hvp(black_box(&x0), forcing, &obs, &dx0, df)),
                ),
            ),
        ],
    );

    let g = LstmInput::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/lstm/lstm_l2_c1024.txt"
    ));
    let (l, c, b) = (g.l, g.c, g.b);
    let (main, extra, state, seq) = (&g.main_params, &g.extra_params, &g.state, &g.sequence);
    let mut rng = Rng::new(8);
    let (v_main, v_extra) = (
        rng.vector(main.len(), -1.0, 1.0),
        rng.vector(extra.len(), -1.0, 1.0),
    );
    let (mut gm, mut ge) = (vec![0.0; main.len()], vec![0.0; extra.len()]);
    let (mut gm_tape, mut ge_tape) = (gm.clone(), ge.clone());
    let mut saved = LstmSaved::default();
    let t = minima(
        100,
        &mut [
            &mut || time(|| lstm_objective(l, c, b, black_box(main), extra, state, seq)),
            &mut || {
                time(|| {
                    lstm_grad_hand(
                        l,
                        c,
                        b,
                        black_box(main),
                        extra,
                        state,
                        seq,
                        &mut saved,
                        &mut gm,
                        &mut ge,
                    )
                })
            },
            &mut || time(|| lstm_objective_grad(l, c, b, black_box(main), extra, state, seq)),
            &mut || {
                time(|| {
                    lstm_objective_jvp(
                        l,
                        c,
                        b,
                        black_box(main),
                        extra,
                        state,
                        seq,
                        &v_main,
                        &v_extra,
                    )
                })
            },
            &mut || {
                time(|| {
                    lstm_grad_tape(
                        &mut tape,
                        &mut grads,
                        black_box(&g),
                        &mut gm_tape,
                        &mut ge_tape,
                    )
                })
            },
        ],
    );
    print(
        "d-lstm",
        &[
            ("grad/primal", t[2] / t[0]),
            ("grad/hand", t[2] / t[1]),
            ("tape/grad", t[4] / t[2]),
            ("jvp/primal", t[3] / t[0]),
            (
                "hvp/grad",
                hvp_ratio(
                    100,
                    &mut || {
                        time(|| lstm_objective_grad(l, c, b, black_box(main), extra, state, seq))
                    },
                    &mut || {
                        time(|| {
                            lstm_objective_hvp(
                                l,
                                c,
                                b,
                                black_box(main),
                                extra,
                                state,
                                seq,
                                &v_main,
                                &v_extra,
                            )
                        })
                    },
                ),
            ),
        ],
    );

    let g = gmm::GmmInput::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/gmm/1k/gmm_d10_K25.txt"
    ));
    let (alphas, means, icf) = (&g.alphas, &g.means, &g.icf);
    let t = minima(
        30,
        &mut [
            &mut || {
                time(|| {
                    gmm::gmm_objective(
                        g.d,
                        g.k,
                        g.n,
                        black_box(alphas),
                        means,
                        icf,
                        &g.x,
                        g.gamma,
                        g.m,
                    )
                })
            },
            &mut || {
                time(|| {
                    gmm::gmm_objective_grad(
                        g.d,
                        g.k,
                        g.n,
                        black_box(alphas),
                        means,
                        icf,
                        &g.x,
                        g.gamma,
                        g.m,
                    )
                })
            },
        ],
    );
    print("gmm d10 K25", &[("grad/objective", t[1] / t[0])]);

    print("horner", &[("grad/primal, first and alone", alone)]);
}
