//! Loop nests whose tapes are reserved before the outer loop (`emit/nest.rs`): their pushes
//! cannot grow a tape, so a miscounted reservation would abort the test. Branches, bulk
//! saves, inclusive, reversed and stepped inner ranges, three levels, loops that run no
//! iteration over bounds that would underflow if evaluated, and the nests that keep growing
//! tapes (triangular loops, bounds the outer loop changes, `while`, `break`). Each is
//! checked against central differences, the dot-product test and HVP against differences
//! of gradients (the generated `_gradcheck`), and one against a gradient worked by hand.

#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;

/// An inner loop over `x.len()` (the nest writes elements of `x`, never `x` whole) that
/// overwrites a scalar in every iteration and an element in either branch of an `if`.
#[differentiate(wrt(x0, w))]
fn relaxed(x0: &[f64], w: f64, sweeps: usize) -> f64 {
    let mut x = x0.to_vec();
    let mut energy = 0.0;
    for _ in 0..sweeps {
        let mut carry = 0.0;
        for i in 0..x.len() {
            carry = carry * w + x[i];
            if carry > 0.0 {
                x[i] = x[i] * w + 0.1 * carry;
            } else {
                let half = 0.5 * x[i];
                x[i] *= half;
            }
            energy += x[i] * x[i];
        }
        energy *= 0.5;
    }
    energy
}

#[test]
fn branches_and_carried_scalars_in_a_reserved_nest() {
    let x0 = [0.3, -0.8, 0.5, 1.1, -0.2];
    for sweeps in [0, 1, 4] {
        relaxed_gradcheck(&x0, 0.7, sweeps).unwrap();
    }
    relaxed_gradcheck(&[], 0.7, 3).unwrap();
}

/// Three levels: an inclusive middle loop, and inner loops stepped, reversed (a bulk save
/// run downwards) and inclusive, over bounds computed from `n` outside the nest.
#[differentiate(wrt(a))]
fn layered(a: &[f64], reps: usize, stride: usize) -> f64 {
    let n = a.len();
    let mut h = a.to_vec();
    let mut s = 0.0;
    for _ in 0..reps {
        for _ in 1..=2 {
            for i in (0..n).step_by(stride) {
                h[i] = (h[i] * 0.9).tanh() + 0.1 * h[i];
            }
            for i in (1..n).rev() {
                h[i] = h[i] * h[i - 1] * 0.5 + h[i];
            }
        }
        for i in 0..=n - 1 {
            s = s * 0.5 + h[i] * h[i];
        }
    }
    s
}

#[test]
fn three_levels_with_stepped_reversed_and_inclusive_ranges() {
    let a = [0.4, -0.3, 0.9, 0.2, -0.6, 0.1];
    for (reps, stride) in [(1, 1), (2, 2), (3, 4), (0, 1)] {
        layered_gradcheck(&a, reps, stride).unwrap();
    }
}

/// `n - 1` is evaluated only where the loops reach it: with `n = 0` the nest must not
/// evaluate it to size its reservation (it would overflow).
#[differentiate(wrt(a))]
fn guarded(a: &[f64], reps: usize, m: usize) -> f64 {
    let n = a.len();
    let mut x = a.to_vec();
    let mut s = 0.0;
    for _ in 0..reps {
        for _ in 0..m {
            for i in 0..n - 1 {
                x[i] *= x[i + 1];
            }
        }
        s += 1.0;
    }
    for i in 0..n {
        s += x[i];
    }
    s
}

#[test]
fn loops_that_do_not_run_do_not_size_the_reservation() {
    // Outer loop empty, then middle loop empty, with `n - 1` out of range each time.
    assert_eq!(guarded_grad(&[], 0, 3), (0.0, vec![]));
    assert_eq!(guarded_grad(&[], 2, 0), (2.0, vec![]));
    // Running: x₀ ← x₀x₁ twice, s = 1 + x₀x₁² + x₁, so ∂s/∂x₀ = x₁², ∂s/∂x₁ = 2x₀x₁ + 1.
    let (s, grad) = guarded_grad(&[3.0, 2.0], 1, 2);
    assert_eq!(s, 1.0 + 3.0 * 4.0 + 2.0);
    assert_eq!(grad, vec![4.0, 13.0]);
    guarded_gradcheck(&[0.5, -0.7, 1.2], 2, 3).unwrap();
}

/// Nests that keep growing tapes: a triangular loop (its bound is the outer index), an
/// inner bound the outer loop changes, a `while`, and an inner loop left by `break`.
#[differentiate(wrt(a))]
fn uncounted(a: &[f64], limit: f64) -> f64 {
    let n = a.len();
    let mut x = a.to_vec();
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..i {
            s = s * 0.9 + x[i] * x[j];
        }
    }
    let mut m = 1;
    for _ in 0..3 {
        for j in 0..m {
            x[j] = x[j] * 0.8 + 0.1;
        }
        m = (m * 2).min(n);
    }
    for _ in 0..2 {
        let mut k = 0;
        while k < n {
            s = s * 0.5 + x[k];
            k += 1;
        }
        for j in 0..n {
            s = s * 0.5 + x[j] * x[j];
            if s > limit {
                break;
            }
        }
    }
    s
}

#[test]
fn nests_that_cannot_be_counted_keep_growing_tapes() {
    let a = [0.6, -0.4, 0.8, 0.3];
    uncounted_gradcheck(&a, 100.0).unwrap();
    uncounted_gradcheck(&a, 0.2).unwrap();
}
