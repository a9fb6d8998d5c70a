//! A differentiable simulation with vector state: a chain of masses joined by springs
//! (stiffness `kᵢ` between masses `i` and `i + 1`, the end masses held fixed), damped,
//! integrated by semi-implicit Euler steps, with a loss summed along the trajectory. The
//! positions `x` and velocities `v` are loop-carried and overwritten element by element
//! every step; the reverse sweep needs the old positions (`k̄ᵢ += āᵢ (xᵢ₊₁ − xᵢ) − …`), so
//! the generated gradient keeps them on a tape, as the hand-written adjoint does. The shape
//! of the mass–spring systems differentiable physics engines optimise. Written four ways
//! (`#[differentiate]`, hand-written adjoints in scatter and in gather form, the runtime
//! `Value` tape), shared by
//! `benches/loops_ratios.rs` and `tests/loops_and_slices.rs`.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// The time step.
pub const DT: f64 = 0.01;
/// The damping coefficient.
pub const DAMPING: f64 = 0.1;

/// `Σₜ Σᵢ xᵢ²` along the trajectory of the chain from rest at `x0`, for `steps` steps; `k`
/// has one stiffness per spring (`x0.len() − 1`).
#[differentiate(wrt(k, x0))]
pub fn mass_chain(k: &[f64], x0: &[f64], steps: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut v = vec![0.0; n];
    let mut loss = 0.0;
    for _ in 0..steps {
        // Velocities first, from the old positions; then positions, from the new velocities.
        for i in 1..n - 1 {
            let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1]) - DAMPING * v[i];
            v[i] += DT * a;
        }
        for i in 1..n - 1 {
            x[i] += DT * v[i];
            loss += x[i] * x[i];
        }
    }
    loss
}

/// The hand-written adjoints' forward sweep: the primal, storing every step's positions in
/// `xs`. Returns the loss and the final positions. `xs` is sized before the loop, and each
/// position stored as the position loop reaches it: with a copy of `x` in every step (a
/// `memcpy`, a call) LLVM keeps `loss` in stack memory inside the position loop, which made
/// this sweep take 2.8× the primal where it now takes about the primal's time.
fn forward_sweep(k: &[f64], x0: &[f64], steps: usize, xs: &mut Vec<f64>) -> (f64, Vec<f64>) {
    let n = x0.len();
    xs.clear();
    xs.resize(steps * n, 0.0);
    let mut x = x0.to_vec();
    let mut v = vec![0.0; n];
    let mut loss = 0.0;
    for t in 0..steps {
        let saved = &mut xs[t * n..(t + 1) * n];
        // The end masses never move.
        saved[0] = x[0];
        saved[n - 1] = x[n - 1];
        for i in 1..n - 1 {
            let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1]) - DAMPING * v[i];
            v[i] += DT * a;
        }
        for i in 1..n - 1 {
            saved[i] = x[i];
            x[i] += DT * v[i];
            loss += x[i] * x[i];
        }
    }
    (loss, x)
}

/// The adjoint by hand: a forward sweep storing every step's positions in `xs` (kept by the
/// caller, so no allocation per call), then the reverse sweep. Writes `k̄` into `gk` and
/// `x̄0` into `gx`; returns the loss.
pub fn mass_chain_grad_hand(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    xs: &mut Vec<f64>,
    gk: &mut [f64],
    gx: &mut [f64],
) -> f64 {
    let n = x0.len();
    let (loss, mut x) = forward_sweep(k, x0, steps, xs);
    // Step: aᵢ = kᵢ (xᵢ₊₁ − xᵢ) − kᵢ₋₁ (xᵢ − xᵢ₋₁) − d vᵢ, vᵢ' = vᵢ + dt aᵢ, xᵢ' = xᵢ + dt vᵢ',
    // loss += xᵢ'². Reverse: x̄ᵢ' += 2xᵢ'; v̄ᵢ' += dt x̄ᵢ'; āᵢ = dt v̄ᵢ'; v̄ᵢ = v̄ᵢ' − d āᵢ;
    // k̄ᵢ += āᵢ (xᵢ₊₁ − xᵢ), k̄ᵢ₋₁ −= āᵢ (xᵢ − xᵢ₋₁); x̄ᵢ₊₁ += āᵢ kᵢ, x̄ᵢ −= āᵢ (kᵢ + kᵢ₋₁),
    // x̄ᵢ₋₁ += āᵢ kᵢ₋₁.
    gk.fill(0.0);
    gx.fill(0.0);
    let mut v_bar = vec![0.0; n];
    let mut a_bar = vec![0.0; n];
    for t in (0..steps).rev() {
        for i in 1..n - 1 {
            gx[i] += 2.0 * x[i];
            v_bar[i] += DT * gx[i];
        }
        let old = &xs[t * n..(t + 1) * n];
        for i in 1..n - 1 {
            a_bar[i] = DT * v_bar[i];
            v_bar[i] -= DAMPING * a_bar[i];
        }
        for i in 1..n - 1 {
            let ab = a_bar[i];
            gk[i] += ab * (old[i + 1] - old[i]);
            gk[i - 1] -= ab * (old[i] - old[i - 1]);
            gx[i + 1] += ab * k[i];
            gx[i] -= ab * (k[i] + k[i - 1]);
            gx[i - 1] += ab * k[i - 1];
        }
        x.copy_from_slice(old);
    }
    loss
}

/// The adjoint as a performance engineer would write it: [`mass_chain_grad_hand`]'s
/// algorithm with the reverse of the force loop turned from scatters (`x̄ᵢ₋₁`, `x̄ᵢ`, `x̄ᵢ₊₁`
/// updated by every mass) into gathers over the springs, so that no iteration reads what the
/// one before wrote. Spring `i` pulls with `fᵢ = kᵢ (xᵢ₊₁ − xᵢ)` on mass `i` and `−fᵢ` on mass `i + 1`:
/// `f̄ᵢ = āᵢ − āᵢ₊₁`, `k̄ᵢ += f̄ᵢ (xᵢ₊₁ − xᵢ)`, `x̄ᵢ += f̄ᵢ₋₁ kᵢ₋₁ − f̄ᵢ kᵢ`. Same outputs.
pub fn mass_chain_grad_gather(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    xs: &mut Vec<f64>,
    gk: &mut [f64],
    gx: &mut [f64],
) -> f64 {
    let n = x0.len();
    let (loss, mut x) = forward_sweep(k, x0, steps, xs);
    gk.fill(0.0);
    gx.fill(0.0);
    let (mut v_bar, mut a_bar, mut f_bar) = (vec![0.0; n], vec![0.0; n], vec![0.0; n - 1]);
    for t in (0..steps).rev() {
        for i in 1..n - 1 {
            gx[i] += 2.0 * x[i];
            v_bar[i] += DT * gx[i];
            a_bar[i] = DT * v_bar[i];
            v_bar[i] -= DAMPING * a_bar[i];
        }
        let old = &xs[t * n..(t + 1) * n];
        for i in 0..n - 1 {
            f_bar[i] = a_bar[i] - a_bar[i + 1];
            gk[i] += f_bar[i] * (old[i + 1] - old[i]);
        }
        gx[0] -= f_bar[0] * k[0];
        for i in 1..n - 1 {
            gx[i] += f_bar[i - 1] * k[i - 1] - f_bar[i] * k[i];
        }
        gx[n - 1] += f_bar[n - 2] * k[n - 2];
        x.copy_from_slice(old);
    }
    loss
}

/// The same function on tape values: 13 nodes per mass and step.
pub fn mass_chain_value<'t>(k: &[Value<'t>], x0: &[Value<'t>], steps: usize) -> Value<'t> {
    let tape = x0[0].tape();
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut v = vec![tape.constant(0.0); n];
    let mut loss = tape.constant(0.0);
    for _ in 0..steps {
        for i in 1..n - 1 {
            let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1]) - DAMPING * v[i];
            v[i] += DT * a;
        }
        for i in 1..n - 1 {
            x[i] += DT * v[i];
            loss += x[i] * x[i];
        }
    }
    loss
}

/// Gradient through the tape, reusing one tape and one adjoint buffer between calls. Writes
/// `k̄` into `gk` and `x̄0` into `gx`; returns the loss.
pub fn mass_chain_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    (k, x0, steps): (&[f64], &[f64], usize),
    gk: &mut [f64],
    gx: &mut [f64],
) -> f64 {
    tape.clear();
    let (kv, xv) = (tape.vars(k), tape.vars(x0));
    let loss = mass_chain_value(&kv, &xv, steps);
    loss.backward_into(grads);
    for (g, &ki) in gk.iter_mut().zip(&kv) {
        *g = grads[ki];
    }
    for (g, &xi) in gx.iter_mut().zip(&xv) {
        *g = grads[xi];
    }
    loss.value()
}
