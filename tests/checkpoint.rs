//! `#[checkpoint]`: the same gradients (to the last bit) with and without checkpointing,
//! for every schedule, on loops, `while` loops, blocks, nested regions and calls.
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use common::*;

/// A deep recurrence: a 64-wide state through `steps` nonlinear steps.
#[differentiate(wrt(x, w))]
fn plain(x: &[f64], w: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
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

#[differentiate(wrt(x, w))]
fn sqrt_schedule(x: &[f64], w: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    #[checkpoint]
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

#[differentiate(wrt(x, w))]
fn fixed_segments(x: &[f64], w: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    #[checkpoint(segments = 7)]
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

#[differentiate(wrt(x, w))]
fn binomial(x: &[f64], w: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    #[checkpoint(snapshots = 4)]
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

#[test]
fn every_schedule_gives_the_same_gradient_to_the_last_bit() {
    let x = rng_vec(31, 8, -1.0, 1.0);
    let w = rng_vec(32, 8, 0.5, 1.5);
    for steps in [0, 1, 2, 9, 50] {
        let expected = plain_grad(&x, &w, steps);
        assert_eq!(
            sqrt_schedule_grad(&x, &w, steps),
            expected,
            "√n, {steps} steps"
        );
        assert_eq!(
            fixed_segments_grad(&x, &w, steps),
            expected,
            "segments, {steps} steps"
        );
        assert_eq!(
            binomial_grad(&x, &w, steps),
            expected,
            "binomial, {steps} steps"
        );
        let v = rng_vec(33, 8, -1.0, 1.0);
        assert_eq!(
            binomial_hvp(&x, &w, steps, &v, &v),
            plain_hvp(&x, &w, steps, &v, &v)
        );
        assert_eq!(
            sqrt_schedule_jvp(&x, &w, steps, &v, &v),
            plain_jvp(&x, &w, steps, &v, &v)
        );
    }
    let (_, gx, _) = sqrt_schedule_grad(&x, &w, 20);
    assert_grad(|p| sqrt_schedule(p, &w, 20), &x, &gx);
}

#[differentiate]
fn inner_step(a: f64, b: f64) -> f64 {
    (a * b).sin() + a
}

/// A `while` loop, a call inside a checkpointed region, a nested region and a block.
#[differentiate]
fn mixed_regions(x: f64, y: f64) -> f64 {
    let mut a = x;
    let mut k = 0;
    #[checkpoint]
    while k < 37 {
        a = inner_step(a, y) * 0.5;
        k += 1;
    }
    let mut b = a;
    #[checkpoint]
    for _i in 0..5 {
        #[checkpoint(snapshots = 2)]
        for _j in 0..6 {
            b = (b * y).cos() + b * 0.5;
        }
    }
    let mut c = b;
    #[checkpoint]
    {
        let t = c * c;
        c = t.sin() + x;
    }
    c * a
}

#[differentiate]
fn mixed_regions_plain(x: f64, y: f64) -> f64 {
    let mut a = x;
    let mut k = 0;
    while k < 37 {
        a = inner_step(a, y) * 0.5;
        k += 1;
    }
    let mut b = a;
    for _i in 0..5 {
        for _j in 0..6 {
            b = (b * y).cos() + b * 0.5;
        }
    }
    let mut c = b;
    {
        let t = c * c;
        c = t.sin() + x;
    }
    c * a
}

#[test]
fn while_loops_blocks_calls_and_nesting() {
    for (x, y) in [(0.3, 0.8), (-1.2, 0.4)] {
        assert_eq!(mixed_regions_grad(x, y), mixed_regions_plain_grad(x, y));
        assert_eq!(
            mixed_regions_hvp(x, y, 1.0, -0.5),
            mixed_regions_plain_hvp(x, y, 1.0, -0.5)
        );
        let (_, dx, dy) = mixed_regions_grad(x, y);
        assert_grad(|p| mixed_regions(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}
