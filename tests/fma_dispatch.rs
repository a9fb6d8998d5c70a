//! `f_jvp` runs its tangent code fused where the CPU has FMA and separate otherwise
//! (`autodiff::fma`). Both forms are run here (`set_fused` turns the fused one off for the
//! process, so this file holds one test) and each is checked against the gradient.

#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use autodiff::fma::{set_fused, use_fused};
use common::*;

#[differentiate]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

/// Products and quotients of two varied values in a loop (only loops are dispatched),
/// generic over the float type.
#[differentiate]
fn ratio<T: autodiff::num_traits::Float>(x: T, y: T) -> T {
    let mut s = T::zero();
    let mut c = T::one();
    for _ in 0..3 {
        s = s + (x * y + y) / (x * x + c);
        c = c + T::one();
    }
    s
}

#[test]
fn fused_and_separate_tangents_match_the_gradient() {
    let x = rng_vec(1, 9, -1.5, 1.5);
    let v = rng_vec(2, 9, -1.0, 1.0);
    let (value, grad) = rosenbrock_grad(&x);
    let expected: f64 = grad.iter().zip(&v).map(|(g, v)| g * v).sum();
    let (x0, y0, dx, dy) = (0.7_f64, -1.3_f64, 0.4_f64, 0.9_f64);
    let (_, gx, gy) = ratio_grad(x0, y0);

    let mut tangents = vec![];
    for fused in [true, false] {
        set_fused(fused);
        if !fused {
            assert!(!use_fused());
        }
        let (y, dot) = rosenbrock_jvp(&x, &v);
        assert_eq!(y, value, "the primal is never fused");
        assert!(
            (dot - expected).abs() <= 1e-12 * expected.abs(),
            "{dot} vs {expected}"
        );
        let (r, r_dot) = ratio_jvp(x0, y0, dx, dy);
        assert_eq!(r, ratio(x0, y0));
        let r_expected = gx * dx + gy * dy;
        assert!(
            (r_dot - r_expected).abs() <= 1e-14,
            "{r_dot} vs {r_expected}"
        );
        let (_, r32) = ratio_jvp(0.7_f32, -1.3, 0.4, 0.9);
        assert!((r32 as f64 - r_expected).abs() <= 1e-5);
        tangents.push(dot);
    }
    set_fused(true);
    // With FMA the two forms round differently; without it both are the separate form.
    if !use_fused() {
        assert_eq!(tangents[0], tangents[1]);
    }
}
