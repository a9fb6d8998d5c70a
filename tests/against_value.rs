//! The compile-time reverse mode against the runtime tape: the same functions written once
//! for `#[differentiate]` and once over `Value`, two independent reverse modes that must
//! give the same gradient.
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::{differentiate, Tape, Value};

#[differentiate]
fn mixed(x: &[f64], w: f64) -> f64 {
    let mut h = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        h = (h * w + x[i]).tanh();
        if h > 0.0 {
            s += h * x[i];
        } else {
            s -= (h * h + 1.0).ln();
        }
    }
    s / (x.len() as f64) + w.exp()
}

fn mixed_on_tape<'t>(x: &[Value<'t>], w: Value<'t>) -> Value<'t> {
    let tape = w.tape();
    let mut h = tape.constant(0.0);
    let mut s = tape.constant(0.0);
    for i in 0..x.len() {
        h = (h * w + x[i]).tanh();
        if h > 0.0 {
            s += h * x[i];
        } else {
            s -= (h * h + 1.0).ln();
        }
    }
    s / (x.len() as f64) + w.exp()
}

#[test]
fn differentiate_and_the_tape_agree() {
    for seed in 0..20 {
        let x = common::rng_vec(seed, 9, -2.0, 2.0);
        let w = 0.3 + 0.05 * seed as f64;
        let (value, gx, gw) = mixed_grad(&x, w);
        let tape = Tape::new();
        let xs = tape.vars(&x);
        let wv = tape.var(w);
        let out = mixed_on_tape(&xs, wv);
        let g = out.backward();
        assert!((value - out.value()).abs() < 1e-12);
        for (i, &xi) in xs.iter().enumerate() {
            assert!(
                (gx[i] - g[xi]).abs() < 1e-12,
                "seed {seed}, x[{i}]: {} vs {}",
                gx[i],
                g[xi]
            );
        }
        assert!(
            (gw - g[wv]).abs() < 1e-12,
            "seed {seed}, w: {gw} vs {}",
            g[wv]
        );
    }
}
