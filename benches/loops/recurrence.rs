//! A recurrence with nonlinear, loop-carried, overwritten state, h₀ = 0,
//! h_{i+1} = tanh(0.9 h_i + x_i) · x_i + 0.1 h_i, result h_n, written three ways:
//! `#[differentiate]`, a hand-written adjoint and the runtime `Value` tape. Shared by
//! `benches/rosenbrock.rs` and `benches/loops_ratios.rs`.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// A recurrence with nonlinear, loop-carried, overwritten state: the reverse sweep needs
/// every old `h`, which the generated code keeps on a tape.
#[differentiate]
pub fn recurrence(x: &[f64]) -> f64 {
    let mut h = 0.0;
    for i in 0..x.len() {
        h = (h * 0.9 + x[i]).tanh() * x[i] + 0.1 * h;
    }
    h
}

/// Hand-written adjoint of [`recurrence`] into `g`, with the `h` values stored in `hs`
/// (kept by the caller, so no allocation per call); returns the value.
pub fn recurrence_grad_hand(x: &[f64], hs: &mut Vec<f64>, g: &mut [f64]) -> f64 {
    hs.clear();
    let mut h = 0.0;
    for &xi in x {
        hs.push(h);
        h = (h * 0.9 + xi).tanh() * xi + 0.1 * h;
    }
    // h' = t·xᵢ + 0.1 h with t = tanh(u), u = 0.9 h + xᵢ:
    // x̄ᵢ = h̄'·t + h̄'·xᵢ·(1 − t²), h̄ = h̄'·xᵢ·(1 − t²)·0.9 + 0.1 h̄'.
    let mut hb = 1.0;
    for i in (0..x.len()).rev() {
        let (hi, xi) = (hs[i], x[i]);
        let t = (hi * 0.9 + xi).tanh();
        let ub = hb * xi * (1.0 - t * t);
        g[i] = hb * t + ub;
        hb = ub * 0.9 + 0.1 * hb;
    }
    h
}

pub fn recurrence_value<'t>(x: &[Value<'t>]) -> Value<'t> {
    let mut h = x[0].tape().constant(0.0);
    for &xi in x {
        h = (h * 0.9 + xi).tanh() * xi + 0.1 * h;
    }
    h
}

pub fn recurrence_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    x: &[f64],
    g: &mut [f64],
) -> f64 {
    tape.clear();
    let xs = tape.vars(x);
    let y = recurrence_value(&xs);
    y.backward_into(grads);
    for (gi, &xi) in g.iter_mut().zip(&xs) {
        *gi = grads[xi];
    }
    y.value()
}
