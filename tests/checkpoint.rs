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

/// A loop relaxing a buffer in place, checkpointed and not: the hidden function the
/// in-place form is built on is emitted without the attribute too.
#[differentiate]
fn relax(y: &mut [f64], k: f64) {
    #[checkpoint(segments = 2)]
    for _ in 0..4 {
        for i in 0..y.len() {
            y[i] = (y[i] * k + y[(i + 1) % y.len()]).sin();
        }
    }
}

#[differentiate]
fn relax_plain(y: &mut [f64], k: f64) {
    for _ in 0..4 {
        for i in 0..y.len() {
            y[i] = (y[i] * k + y[(i + 1) % y.len()]).sin();
        }
    }
}

#[derive(autodiff::Differentiable, Clone, Debug, PartialEq)]
struct Oscillator {
    p: f64,
    v: f64,
}

impl Oscillator {
    /// A `&mut self` method's loop, checkpointed: its pure method is emitted without it.
    #[differentiate]
    fn run(&mut self, dt: f64) -> f64 {
        let mut e = 0.0;
        #[checkpoint(segments = 2)]
        for _ in 0..4 {
            let a = -self.p;
            self.v += a * dt;
            self.p += self.v * dt;
            e += self.p * self.p;
        }
        e
    }

    #[differentiate]
    fn run_plain(&mut self, dt: f64) -> f64 {
        let mut e = 0.0;
        for _ in 0..4 {
            let a = -self.p;
            self.v += a * dt;
            self.p += self.v * dt;
            e += self.p * self.p;
        }
        e
    }
}

#[test]
fn checkpoints_in_buffers_and_mut_self_methods() {
    let (y0, seed) = (vec![0.3, -0.7, 1.1], vec![0.5, -1.0, 0.25]);
    let (mut y, mut y_bar) = (y0.clone(), seed.clone());
    let k_bar = relax_vjp(&mut y, 0.9, &mut y_bar);
    let (mut y_plain, mut y_bar_plain) = (y0.clone(), seed.clone());
    let k_bar_plain = relax_plain_vjp(&mut y_plain, 0.9, &mut y_bar_plain);
    assert_eq!((y, y_bar, k_bar), (y_plain, y_bar_plain, k_bar_plain));
    let start = Oscillator { p: 0.7, v: 1.3 };
    let (mut a, mut b) = (start.clone(), start.clone());
    let (mut a_bar, mut b_bar) = (
        Oscillator { p: 0.2, v: -0.4 },
        Oscillator { p: 0.2, v: -0.4 },
    );
    let (e, dt_bar) = a.run_vjp(0.1, 1.0, &mut a_bar);
    let (e_plain, dt_bar_plain) = b.run_plain_vjp(0.1, 1.0, &mut b_bar);
    assert_eq!((e, dt_bar, a, a_bar), (e_plain, dt_bar_plain, b, b_bar));
    // And against central differences in dt (the state's seed taken as zero).
    let e_of = |dt: f64| start.clone().run_plain(dt);
    let (_, dt_only) = start
        .clone()
        .run_vjp(0.1, 1.0, &mut Oscillator { p: 0.0, v: 0.0 });
    let h = 1e-6;
    assert!((dt_only - (e_of(0.1 + h) - e_of(0.1 - h)) / (2.0 * h)).abs() < 1e-6);
}
