//! ADBench D-LSTM (github.com/microsoft/ADBench, MIT licence): the gradient `#[differentiate]`
//! writes for the objective in `benches/lstm/objective.rs`, against ADBench's expected values
//! for its unit-test input (l = 2, c = 1024, b = 14), central differences, forward mode (the
//! dot-product test), the `Value` tape and the hand-written adjoint.

#[path = "../benches/lstm/objective.rs"]
mod lstm;

use autodiff::gradcheck::{gradcheck, Rng, Tolerance};
use autodiff::{Gradients, Tape};
use lstm::*;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/lstm");

/// ADBench's expected objective (`LstmTests.cpp`, checked there to an absolute 1e-8).
const EXPECTED_OBJECTIVE: f64 = 0.66666518;

/// The golden gradient is printed to 16–17 significant digits, so the two differ by the
/// rounding of a different order of operations: `|ours − golden| ≤ 1e-12 · max(1, |golden|)`.
const GOLDEN_TOL: f64 = 1e-12;

fn input() -> LstmInput {
    LstmInput::read(&format!("{DATA}/lstm_l2_c1024.txt"))
}

fn golden_gradient() -> Vec<f64> {
    let path = format!("{DATA}/lstm_l2_c1024_grad.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect()
}

fn params(g: &LstmInput) -> Vec<f64> {
    [g.main_params.clone(), g.extra_params.clone()].concat()
}

#[test]
fn objective_matches_adbench() {
    let g = input();
    assert_eq!((g.l, g.c, g.b), (2, 1024, 14));
    let f = g.objective();
    assert!((f - EXPECTED_OBJECTIVE).abs() <= 1e-8, "objective {f:.17}");
}

#[test]
fn gradient_matches_adbench_golden() {
    let g = input();
    let (f, grad) = g.gradient();
    assert_eq!(f, g.objective(), "the gradient's value is the primal's");
    let golden = golden_gradient();
    assert_eq!(grad.len(), golden.len());
    assert_eq!(golden.len(), 2 * g.l * 4 * g.b + 3 * g.b);
    let mut worst = 0.0_f64;
    for (i, (&ours, &expected)) in grad.iter().zip(&golden).enumerate() {
        let err = (ours - expected).abs() / expected.abs().max(1.0);
        worst = worst.max(err);
        assert!(
            err <= GOLDEN_TOL,
            "gradient[{i}]: ours {ours:.17}, ADBench {expected:.17} (error {err:.2e})"
        );
    }
    eprintln!("worst difference from ADBench's golden gradient: {worst:.2e}");
}

/// Central differences on a short prefix of the sequence (the full one makes each
/// difference a 1024-step run; the loop is the same), every parameter.
#[test]
fn gradient_matches_central_differences() {
    let full = input();
    let g = LstmInput {
        c: 12,
        sequence: full.sequence[..12 * full.b].to_vec(),
        ..full
    };
    let (_, grad) = g.gradient();
    let f = |p: &[f64]| g.with_params(p).objective();
    if let Err(report) = gradcheck(f, &params(&g), &grad, Tolerance::default()) {
        panic!("{report}");
    }
}

/// ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ with ȳ = 1: the tangent of a random direction is the gradient's
/// inner product with it.
#[test]
fn forward_mode_agrees_with_reverse_mode() {
    let g = input();
    let mut rng = Rng::new(7);
    let v_main = rng.vector(g.main_params.len(), -1.0, 1.0);
    let v_extra = rng.vector(g.extra_params.len(), -1.0, 1.0);
    let (f, tangent) = lstm_objective_jvp(
        g.l,
        g.c,
        g.b,
        &g.main_params,
        &g.extra_params,
        &g.state,
        &g.sequence,
        &v_main,
        &v_extra,
    );
    let (f_rev, grad) = g.gradient();
    assert_eq!(f, f_rev);
    let v = [v_main, v_extra].concat();
    let dot: f64 = grad.iter().zip(&v).map(|(a, b)| a * b).sum();
    assert!(
        (tangent - dot).abs() <= 1e-12 * tangent.abs().max(1e-3),
        "J·v {tangent:e} vs ∇f·v {dot:e}"
    );
}

/// The hand-written adjoint and the `Value` tape (both used by `benches/loops_ratios.rs`)
/// compute the same gradient as ADBench's golden values.
#[test]
fn hand_written_and_tape_gradients_match_golden() {
    let g = input();
    let golden = golden_gradient();
    let nm = g.main_params.len();
    let (mut g_main, mut g_extra) = (vec![0.0; nm], vec![0.0; g.extra_params.len()]);
    let mut saved = LstmSaved::default();
    let f = lstm_grad_hand(
        g.l,
        g.c,
        g.b,
        &g.main_params,
        &g.extra_params,
        &g.state,
        &g.sequence,
        &mut saved,
        &mut g_main,
        &mut g_extra,
    );
    assert!((f - EXPECTED_OBJECTIVE).abs() <= 1e-8);
    let hand = [g_main.clone(), g_extra.clone()].concat();

    let (mut tape, mut grads) = (Tape::new(), Gradients::new());
    let f_tape = lstm_grad_tape(&mut tape, &mut grads, &g, &mut g_main, &mut g_extra);
    assert!((f_tape - EXPECTED_OBJECTIVE).abs() <= 1e-8);
    let taped = [g_main, g_extra].concat();
    for (i, ((&h, &t), &expected)) in hand.iter().zip(&taped).zip(&golden).enumerate() {
        let scale = expected.abs().max(1.0);
        assert!(
            (h - expected).abs() <= GOLDEN_TOL * scale,
            "hand-written [{i}]: {h:e}"
        );
        assert!(
            (t - expected).abs() <= GOLDEN_TOL * scale,
            "tape [{i}]: {t:e}"
        );
    }
}
