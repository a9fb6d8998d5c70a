//! The model data assimilation tests its adjoints on: Lorenz-96, `n` variables on a ring,
//! `ẋᵢ = (xᵢ₊₁ − xᵢ₋₂) xᵢ₋₁ − xᵢ + F`, integrated by explicit Euler steps, with the 4D-Var
//! cost `Σₜ Σᵢ (xᵢ − oₜᵢ)²` against an observation of every variable at every step. The
//! state is loop-carried and overwritten every step, and the reverse sweep needs the old
//! state (the tendency is quadratic in it), so the generated gradient keeps it on a tape,
//! as the hand-written adjoint does. Unlike the spring and Horner's rule, a step is wide:
//! the `n` tendencies are independent of one another. Written three ways
//! (`#[differentiate]`, a hand-written adjoint, the runtime `Value` tape), shared by
//! `benches/loops_ratios.rs` and `tests/loops_and_slices.rs`.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// The time step.
pub const DT: f64 = 0.01;

/// The 4D-Var cost of the trajectory from `x0` under forcing `forcing` against `obs` (one
/// row of `x0.len()` observations per step; the step count is `obs.len() / x0.len()`).
#[differentiate(wrt(x0, forcing))]
pub fn lorenz96(x0: &[f64], forcing: f64, obs: &[f64]) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut tendency = vec![0.0; n];
    let mut cost = 0.0;
    for t in 0..obs.len() / n {
        // The ring's neighbours without `%`, whose division would dominate the step, and
        // written here rather than through `neighbours`: the reverse sweep recomputes
        // these `if`s (`analysis::remat`), which this benchmark exercises.
        for i in 0..n {
            let next = if i + 1 == n { 0 } else { i + 1 };
            let prev = if i == 0 { n - 1 } else { i - 1 };
            let prev2 = if i < 2 { i + n - 2 } else { i - 2 };
            tendency[i] = (x[next] - x[prev2]) * x[prev] - x[i] + forcing;
        }
        for i in 0..n {
            x[i] += DT * tendency[i];
            let misfit = x[i] - obs[t * n + i];
            cost += misfit * misfit;
        }
    }
    cost
}

/// The ring neighbours `(i + 1, i − 1, i − 2) mod n`.
fn neighbours(i: usize, n: usize) -> (usize, usize, usize) {
    let next = if i + 1 == n { 0 } else { i + 1 };
    let prev = if i == 0 { n - 1 } else { i - 1 };
    let prev2 = if i < 2 { i + n - 2 } else { i - 2 };
    (next, prev, prev2)
}

/// The adjoint by hand: a forward sweep storing every step's state in `xs` (kept by the
/// caller, so no allocation per call), then the reverse sweep. Writes `x̄0` into `gx`;
/// returns `(cost, F̄)`.
pub fn lorenz96_grad_hand(
    x0: &[f64],
    forcing: f64,
    obs: &[f64],
    xs: &mut Vec<f64>,
    gx: &mut [f64],
) -> (f64, f64) {
    let n = x0.len();
    let steps = obs.len() / n;
    xs.clear();
    xs.resize(steps * n, 0.0);
    let mut x = x0.to_vec();
    let mut tendency = vec![0.0; n];
    let mut cost = 0.0;
    for t in 0..steps {
        xs[t * n..(t + 1) * n].copy_from_slice(&x);
        for i in 0..n {
            let (next, prev, prev2) = neighbours(i, n);
            tendency[i] = (x[next] - x[prev2]) * x[prev] - x[i] + forcing;
        }
        for i in 0..n {
            x[i] += DT * tendency[i];
            let misfit = x[i] - obs[t * n + i];
            cost += misfit * misfit;
        }
    }
    // Step: dᵢ = (xᵢ₊₁ − xᵢ₋₂) xᵢ₋₁ − xᵢ + F, xᵢ' = xᵢ + dt dᵢ, cost += (xᵢ' − oᵢ)².
    // Reverse: x̄ᵢ' += 2 (xᵢ' − oᵢ); d̄ᵢ = dt x̄ᵢ' (and x̄ᵢ' flows on to x̄ᵢ); F̄ += d̄ᵢ;
    // x̄ᵢ₊₁ += d̄ᵢ xᵢ₋₁; x̄ᵢ₋₂ −= d̄ᵢ xᵢ₋₁; x̄ᵢ₋₁ += d̄ᵢ (xᵢ₊₁ − xᵢ₋₂); x̄ᵢ −= d̄ᵢ.
    gx.fill(0.0);
    let mut forcing_bar = 0.0;
    let mut tendency_bar = vec![0.0; n];
    for t in (0..steps).rev() {
        for i in 0..n {
            gx[i] += 2.0 * (x[i] - obs[t * n + i]);
            tendency_bar[i] = DT * gx[i];
        }
        let old = &xs[t * n..(t + 1) * n];
        for i in 0..n {
            let (next, prev, prev2) = neighbours(i, n);
            let d_bar = tendency_bar[i];
            forcing_bar += d_bar;
            gx[next] += d_bar * old[prev];
            gx[prev2] -= d_bar * old[prev];
            gx[prev] += d_bar * (old[next] - old[prev2]);
            gx[i] -= d_bar;
        }
        x.copy_from_slice(old);
    }
    (cost, forcing_bar)
}

/// The same function on tape values: 9 nodes per variable and step.
pub fn lorenz96_value<'t>(x0: &[Value<'t>], forcing: Value<'t>, obs: &[f64]) -> Value<'t> {
    let tape = forcing.tape();
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut tendency = vec![tape.constant(0.0); n];
    let mut cost = tape.constant(0.0);
    for t in 0..obs.len() / n {
        for i in 0..n {
            let (next, prev, prev2) = neighbours(i, n);
            tendency[i] = (x[next] - x[prev2]) * x[prev] - x[i] + forcing;
        }
        for i in 0..n {
            x[i] += DT * tendency[i];
            let misfit = x[i] - obs[t * n + i];
            cost += misfit * misfit;
        }
    }
    cost
}

/// Gradient through the tape, reusing one tape and one adjoint buffer between calls. Writes
/// `x̄0` into `gx`; returns `(cost, F̄)`.
pub fn lorenz96_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    (x0, forcing, obs): (&[f64], f64, &[f64]),
    gx: &mut [f64],
) -> (f64, f64) {
    tape.clear();
    let (xv, fv) = (tape.vars(x0), tape.var(forcing));
    let cost = lorenz96_value(&xv, fv, obs);
    cost.backward_into(grads);
    for (g, &xi) in gx.iter_mut().zip(&xv) {
        *g = grads[xi];
    }
    (cost.value(), grads[fv])
}
