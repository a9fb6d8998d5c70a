//! Horner's rule, `acc = acc·x + cᵢ`: a loop whose loop-carried state is overwritten every
//! step by arithmetic alone (no transcendental). Reverse mode needs every old `acc`
//! (`x̄ += ācc·acc_old`), so the generated gradient keeps them on a tape. Shared by
//! `benches/rosenbrock.rs`, `benches/loops_ratios.rs` and `tests/loops_and_slices.rs`; each
//! function is the same
//! computation written a different way: `#[differentiate]`, two hand-written gradients and
//! the runtime `Value` tape.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// `p(x) = Σᵢ cᵢ x^(n−1−i)` by Horner's rule.
#[differentiate]
pub fn horner(x: f64, c: &[f64]) -> f64 {
    let mut acc = 0.0;
    for i in 0..c.len() {
        acc = acc * x + c[i];
    }
    acc
}

/// The adjoint by hand, the algorithm reverse mode follows: a forward sweep that stores the
/// old `acc` values in `accs` (kept by the caller, so no allocation per call), then a
/// reverse sweep. Writes `c̄` into `gc`; returns `(p, x̄)`.
pub fn horner_grad_hand(x: f64, c: &[f64], accs: &mut Vec<f64>, gc: &mut [f64]) -> (f64, f64) {
    accs.clear();
    let mut acc = 0.0;
    for &ci in c {
        accs.push(acc);
        acc = acc * x + ci;
    }
    // acc' = acc·x + cᵢ: c̄ᵢ = ācc', x̄ += ācc'·acc, ācc = ācc'·x.
    let (mut acc_bar, mut x_bar) = (1.0, 0.0);
    for i in (0..c.len()).rev() {
        gc[i] = acc_bar;
        x_bar += acc_bar * accs[i];
        acc_bar *= x;
    }
    (acc, x_bar)
}

/// The gradient as one would write it for Horner's rule specifically, with no stored
/// states: `p′(x)` by the derivative recurrence `d = d·x + acc` in the forward loop, and
/// `c̄ᵢ = x^(n−1−i)` by a loop of powers from the end. Writes `c̄` into `gc`; returns `(p, x̄)`.
pub fn horner_grad_hand_direct(x: f64, c: &[f64], gc: &mut [f64]) -> (f64, f64) {
    let (mut acc, mut d) = (0.0, 0.0);
    for &ci in c {
        d = d * x + acc;
        acc = acc * x + ci;
    }
    let mut power = 1.0;
    for g in gc.iter_mut().rev() {
        *g = power;
        power *= x;
    }
    (acc, d)
}

/// The same function on tape values: 2 nodes a step.
pub fn horner_value<'t>(x: Value<'t>, c: &[Value<'t>]) -> Value<'t> {
    let mut acc = x.tape().constant(0.0);
    for &ci in c {
        acc = acc * x + ci;
    }
    acc
}

/// Gradient through the tape, reusing one tape and one adjoint buffer between calls. Writes
/// `c̄` into `gc`; returns `(p, x̄)`.
pub fn horner_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    x: f64,
    c: &[f64],
    gc: &mut [f64],
) -> (f64, f64) {
    tape.clear();
    let xv = tape.var(x);
    let cs = tape.vars(c);
    let y = horner_value(xv, &cs);
    y.backward_into(grads);
    for (g, &ci) in gc.iter_mut().zip(&cs) {
        *g = grads[ci];
    }
    (y.value(), grads[xv])
}
