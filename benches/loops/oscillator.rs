//! A simulation loop: a damped spring driven by a force `fᵢ`, integrated by semi-implicit
//! Euler steps, with a loss summed along the trajectory. Its state (position `x`, velocity
//! `v`) is loop-carried and overwritten every step, and the reverse sweep needs the old
//! values (`k̄ −= ā x`, `c̄ −= ā v`): the typical shape of a differentiable simulation.
//! Written four ways (`#[differentiate]`, plain, a hand-written adjoint and the runtime
//! `Value` tape), shared by `benches/rosenbrock.rs`, `benches/loops_ratios.rs` and
//! `tests/loops_and_slices.rs`.

// `#[differentiate]` takes indexed loops, not iterator chains.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// The time step.
pub const DT: f64 = 0.01;

/// `Σᵢ xᵢ²` along the trajectory of `ẍ = fᵢ − k x − c ẋ` from `x = 1`, `ẋ = 0`, one step per
/// force.
#[differentiate]
pub fn oscillator(k: f64, c: f64, f: &[f64]) -> f64 {
    let mut x = 1.0;
    let mut v = 0.0;
    let mut loss = 0.0;
    for i in 0..f.len() {
        let a = f[i] - k * x - c * v;
        v += DT * a;
        x += DT * v;
        loss += x * x;
    }
    loss
}

/// The adjoint by hand: a forward sweep storing the positions and velocities before each
/// step in `xs`, `vs` (kept by the caller), then the reverse sweep. Writes `f̄` into `gf`;
/// returns `(loss, k̄, c̄)`.
pub fn oscillator_grad_hand(
    k: f64,
    c: f64,
    f: &[f64],
    xs: &mut Vec<f64>,
    vs: &mut Vec<f64>,
    gf: &mut [f64],
) -> (f64, f64, f64) {
    xs.clear();
    vs.clear();
    let (mut x, mut v, mut loss) = (1.0, 0.0, 0.0);
    for &fi in f {
        xs.push(x);
        vs.push(v);
        let a = fi - k * x - c * v;
        v += DT * a;
        x += DT * v;
        loss += x * x;
    }
    // Step i: a = fᵢ − k x − c v, v' = v + dt a, x' = x + dt v', loss += x'².
    // x̄' += 2x'; v̄' += dt x̄'; ā = dt v̄'; f̄ᵢ = ā; k̄ −= ā x; c̄ −= ā v; x̄ = x̄' − ā k;
    // v̄ = v̄' − ā c.
    let (mut x_bar, mut v_bar, mut k_bar, mut c_bar) = (0.0, 0.0, 0.0, 0.0);
    let mut x_next = x;
    for i in (0..f.len()).rev() {
        x_bar += 2.0 * x_next;
        v_bar += DT * x_bar;
        let a_bar = DT * v_bar;
        gf[i] = a_bar;
        k_bar -= a_bar * xs[i];
        c_bar -= a_bar * vs[i];
        x_bar -= a_bar * k;
        v_bar -= a_bar * c;
        x_next = xs[i];
    }
    (loss, k_bar, c_bar)
}

/// The same function on tape values: 10 nodes a step.
pub fn oscillator_value<'t>(k: Value<'t>, c: Value<'t>, f: &[Value<'t>]) -> Value<'t> {
    let tape = k.tape();
    let (mut x, mut v, mut loss) = (tape.constant(1.0), tape.constant(0.0), tape.constant(0.0));
    for &fi in f {
        let a = fi - k * x - c * v;
        v += DT * a;
        x += DT * v;
        loss += x * x;
    }
    loss
}

/// Gradient through the tape, reusing one tape and one adjoint buffer between calls. Writes
/// `f̄` into `gf`; returns `(loss, k̄, c̄)`.
pub fn oscillator_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    (k, c): (f64, f64),
    f: &[f64],
    gf: &mut [f64],
) -> (f64, f64, f64) {
    tape.clear();
    let (kv, cv) = (tape.var(k), tape.var(c));
    let fs = tape.vars(f);
    let loss = oscillator_value(kv, cv, &fs);
    loss.backward_into(grads);
    for (g, &fi) in gf.iter_mut().zip(&fs) {
        *g = grads[fi];
    }
    (loss.value(), grads[kv], grads[cv])
}
