//! `f_vjp` (and so `f_grad`, and `f_hvp` on dual numbers) fuses a last loop that only adds
//! terms to accumulators with its reverse (`analysis::fusion`): each iteration's adjoint
//! runs right after its primal.
//! Inner loops and overwritten locals recording within an iteration, calls, branches,
//! windows in every direction, a prefix with a tape of its own, linear tails, empty
//! ranges, generic floats. Each is checked against central differences, the dot-product
//! test and HVP against differences of gradients (the generated `_gradcheck`); against
//! the split pullback, which runs the loop's reverse in reverse order; and one against a
//! gradient worked by hand.

#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use autodiff::num_traits::Float;
use common::*;

/// ½‖Ax − b‖² with A row-major m × n: an inner loop in the fused one.
#[differentiate(wrt(a, x))]
fn least_squares(a: &[f64], b: &[f64], x: &[f64]) -> f64 {
    let (m, n) = (b.len(), x.len());
    let mut s = 0.0;
    for i in 0..m {
        let mut r = -b[i];
        for j in 0..n {
            r += a[i * n + j] * x[j];
        }
        s += r * r;
    }
    0.5 * s
}

#[test]
fn least_squares_has_the_gradient_worked_by_hand() {
    let (m, n) = (4, 3);
    let a = rng_vec(1, m * n, -1.0, 1.0);
    let b = rng_vec(2, m, -1.0, 1.0);
    let x = rng_vec(3, n, -1.0, 1.0);
    // r = Ax − b; ∂/∂x = Aᵀr, ∂/∂A = r xᵀ.
    let r: Vec<f64> = (0..m)
        .map(|i| (0..n).map(|j| a[i * n + j] * x[j]).sum::<f64>() - b[i])
        .collect();
    let x_bar: Vec<f64> = (0..n)
        .map(|j| (0..m).map(|i| a[i * n + j] * r[i]).sum())
        .collect();
    let a_bar: Vec<f64> = (0..m * n).map(|k| r[k / n] * x[k % n]).collect();
    let (value, ga, gx) = least_squares_grad(&a, &b, &x);
    assert!((value - 0.5 * r.iter().map(|r| r * r).sum::<f64>()).abs() < 1e-14);
    assert_same_sums(&ga, &a_bar);
    assert_same_sums(&gx, &x_bar);
    least_squares_gradcheck(&a, &b, &x).unwrap();
}

/// Stencils whose fused reverse keeps its window running the way the loop runs: up, down
/// and inclusive; two accumulators, one subtracted from; a tail scaled by a literal and an
/// inactive parameter, with elements at constant indices.
#[differentiate(wrt(x))]
fn stencils(x: &[f64], weight: usize) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    let mut t = 0.0;
    for i in (1..n).rev() {
        let d = x[i] - x[i - 1];
        s += d * d * x[i];
    }
    for i in 1..=n - 2 {
        let c = x[i - 1] - 2.0 * x[i] + x[i + 1];
        s += c.tanh();
        t -= x[i + 1] * x[i - 1];
    }
    s - 0.5 * t * (weight as f64) + x[0] - x[weight - 2]
}

/// The same stencil up and down, and the inclusive one reversed, each the last loop.
#[differentiate]
fn stencil_up(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        let d = x[i] - x[i - 1] * x[i - 1];
        s += d * d;
    }
    s
}

#[differentiate]
fn stencil_down(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in (1..x.len()).rev() {
        let d = x[i] - x[i - 1] * x[i - 1];
        s += d * d;
    }
    s
}

#[differentiate]
fn stencil_down_inclusive(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in (2..=n - 1).rev() {
        s += x[i - 2] * x[i].sin() + x[i - 1];
    }
    s
}

#[test]
fn windows_run_with_the_fused_loop_in_every_direction() {
    for n in [3, 4, 9] {
        let x = rng_vec(10 + n as u64, n, -1.0, 1.0);
        stencils_gradcheck(&x, 3).unwrap();
        stencil_up_gradcheck(&x).unwrap();
        stencil_down_gradcheck(&x).unwrap();
        stencil_down_inclusive_gradcheck(&x).unwrap();
        // Up and down add the same terms: one gradient.
        assert_same_sums(&stencil_up_grad(&x).1, &stencil_down_grad(&x).1);
    }
    // Loops that run no iteration.
    assert_eq!(stencil_up_grad(&[]), (0.0, vec![]));
    assert_eq!(stencil_down_grad(&[0.5]), (0.0, vec![0.0]));
    assert_eq!(
        stencil_down_inclusive_grad(&[0.5, 0.2]),
        (0.0, vec![0.0, 0.0])
    );
}

#[differentiate]
fn softplus(z: f64) -> f64 {
    if z > 20.0 {
        z
    } else {
        z.exp().ln_1p()
    }
}

/// A prefix with a tape of its own (an overwritten vector), then a fused loop with a call,
/// a branch, locals overwritten within the iteration and an inactive counter.
#[differentiate(wrt(x, w))]
fn prefixed(x: &[f64], w: f64, passes: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    for _ in 0..passes {
        for i in 1..n {
            h[i] = (h[i] * w + h[i - 1]).tanh();
        }
    }
    let mut s = 0.0;
    let mut k = 0;
    for i in 0..n {
        let mut y = h[i] * w;
        y = y.sin() * y;
        let p = softplus(y);
        if h[i] > 0.0 {
            s += p * x[i];
        } else {
            s -= p;
        }
        y = y * y;
        s += y;
        k += 1;
    }
    s + 0.0 * (k as f64)
}

#[test]
fn a_prefix_with_its_tape_calls_branches_and_overwritten_locals() {
    let x = [0.4, -0.9, 1.3, 0.2, -0.1];
    for passes in [0, 1, 3] {
        prefixed_gradcheck(&x, 0.8, passes).unwrap();
        prefixed_gradcheck(&x, -1.1, passes).unwrap();
    }
    prefixed_gradcheck(&[], 0.8, 2).unwrap();
}

/// `f_vjp` scales by its seed and agrees with the split pullback, whose reverse adds the
/// same terms in the opposite order.
#[test]
fn the_fused_vjp_agrees_with_the_split_pullback() {
    let x = rng_vec(21, 7, -1.0, 1.0);
    for dout in [1.0, -2.5, 0.0] {
        let (value, x_bar, w_bar) = prefixed_vjp(&x, 0.8, 2, dout);
        let (split_value, pullback) = prefixed_pullback(&x, 0.8, 2);
        let (split_x_bar, split_w_bar) = pullback(&x, dout);
        assert_eq!(value, split_value);
        assert_same_sums(&x_bar, &split_x_bar);
        assert_same_sums(&[w_bar], &[split_w_bar]);
        let (_, x_grad, w_grad) = prefixed_grad(&x, 0.8, 2);
        let scaled: Vec<f64> = x_grad.iter().map(|g| dout * g).collect();
        assert_same_sums(&x_bar, &scaled);
        assert_same_sums(&[w_bar], &[dout * w_grad]);
    }
}

/// Generic over the float type: the fused body at `f32` and `f64`.
#[differentiate]
fn generic_energy<T: Float + std::ops::AddAssign>(x: &[T], k: T) -> T {
    let mut e = T::zero();
    for i in 1..x.len() {
        let d = x[i] - x[i - 1] - k;
        e += d * d;
    }
    e
}

#[test]
fn generic_floats_fuse_at_f32_and_f64() {
    let x = [0.3, 1.1, 0.7, 2.0];
    generic_energy_gradcheck(&x, 0.5).unwrap();
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let (_, g64, k64) = generic_energy_grad(&x, 0.5);
    let (_, g32, k32) = generic_energy_grad(&x32, 0.5f32);
    for (a, b) in g64.iter().zip(&g32) {
        assert!((a - f64::from(*b)).abs() < 1e-5, "{a} against {b}");
    }
    assert!((k64 - f64::from(k32)).abs() < 1e-5);
}

#[differentiate]
fn log_sum_exp(v: &[f64]) -> f64 {
    let mut m = v[0];
    for i in 1..v.len() {
        if v[i] > m {
            m = v[i];
        }
    }
    let mut s = 0.0;
    for i in 0..v.len() {
        s += (v[i] - m).exp();
    }
    s.ln() + m
}

/// GMM's shape (`benches/gmm/objective.rs`, smaller): scratch vectors written whole
/// before they are read in every iteration, directly or in each iteration of an inner
/// loop; a call in the fused loop; after it, a call, a second fused loop and a tail linear
/// in both sums. Both loops fuse; the early tail runs before the first.
#[differentiate(wrt(mu, a))]
fn mixture(x: &[f64], mu: &[f64], a: &[f64], d: usize) -> f64 {
    let k = a.len();
    let n = x.len() / d;
    let mut xc = vec![0.0; d];
    let mut terms = vec![0.0; k];
    let mut total = 0.0;
    for ix in 0..n {
        for ik in 0..k {
            for j in 0..d {
                xc[j] = x[ix * d + j] - mu[ik * d + j];
            }
            let mut sq = 0.0;
            for j in 0..xc.len() {
                sq += xc[j] * xc[j] * (1.0 + a[ik] * a[ik]);
            }
            terms[ik] = a[ik] - 0.5 * sq;
        }
        total += log_sum_exp(&terms);
    }
    let norm = log_sum_exp(a);
    let mut prior = 0.0;
    for ik in 0..k {
        prior += a[ik] * a[ik] * mu[ik * d];
    }
    total - (n as f64) * norm + 0.1 * prior
}

#[test]
fn scratch_vectors_a_call_and_two_fused_loops() {
    let (d, k, n) = (3, 4, 5);
    let x = rng_vec(31, n * d, -1.0, 1.0);
    let mu = rng_vec(32, k * d, -1.0, 1.0);
    let a = rng_vec(33, k, -0.5, 0.5);
    mixture_gradcheck(&x, &mu, &a, d).unwrap();
    for dout in [1.0, 0.3] {
        let (value, mu_bar, a_bar) = mixture_vjp(&x, &mu, &a, d, dout);
        let (split_value, pullback) = mixture_pullback(&x, &mu, &a, d);
        let (split_mu_bar, split_a_bar) = pullback(&x, &mu, &a, dout);
        assert_eq!(value, split_value);
        assert_same_sums(&mu_bar, &split_mu_bar);
        assert_same_sums(&a_bar, &split_a_bar);
    }
    // No data: neither loop runs.
    mixture_gradcheck(&[], &mu, &a, d).unwrap();
}

/// A caller of `mixture`: its `_hvp` runs `mixture`'s split pullback on dual numbers
/// (what callers run), where `mixture_hvp` runs the fused body on dual numbers.
#[differentiate(wrt(mu, a))]
fn mixture_caller(x: &[f64], mu: &[f64], a: &[f64], d: usize) -> f64 {
    mixture(x, mu, a, d)
}

#[test]
fn the_fused_hvp_agrees_with_the_split_one_callers_run() {
    let (d, k, n) = (3, 4, 5);
    let x = rng_vec(34, n * d, -1.0, 1.0);
    let mu = rng_vec(35, k * d, -1.0, 1.0);
    let a = rng_vec(36, k, -0.5, 0.5);
    let (mu_dot, a_dot) = (rng_vec(37, k * d, -1.0, 1.0), rng_vec(38, k, -1.0, 1.0));
    let (value, g_mu, g_a, h_mu, h_a) = mixture_hvp(&x, &mu, &a, d, &mu_dot, &a_dot);
    let split = mixture_caller_hvp(&x, &mu, &a, d, &mu_dot, &a_dot);
    assert_eq!(value, split.0);
    assert_same_sums(&g_mu, &split.1);
    assert_same_sums(&g_a, &split.2);
    assert_same_sums(&h_mu, &split.3);
    assert_same_sums(&h_a, &split.4);
}

/// A scratch vector declared between two fused loops: its adjoint is declared after it,
/// before the second loop uses it (found by generated programs, seed 43).
#[differentiate]
fn late_scratch(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i];
    }
    let mut v = vec![0.0; x.len()];
    let mut t = 0.0;
    for r in 0..2 {
        for j in 0..x.len() {
            v[j] = x[j] * (r as f64 + 1.0);
        }
        t += v[0] * v[x.len() - 1];
    }
    s + t
}

#[test]
fn a_scratch_vector_declared_between_fused_loops() {
    // s = Σx², t = (1 + 4)·x₀x_{n−1}: ∂/∂x₀ = 2x₀ + 5x_{n−1}, ∂/∂x_{n−1} = 2x_{n−1} + 5x₀.
    let (value, grad) = late_scratch_grad(&[1.0, 2.0, 3.0]);
    assert_eq!(value, 14.0 + 15.0);
    assert_eq!(grad, vec![2.0 + 15.0, 4.0, 6.0 + 5.0]);
    late_scratch_gradcheck(&[0.4, -0.3, 0.9, 1.2]).unwrap();
}

/// `u` reads the sum the second loop then adds to: its reverse must run after that loop's.
#[differentiate]
fn sum_read_early(x: &[f64], s0: f64) -> f64 {
    let mut s = s0 * s0;
    let mut t = 0.0;
    for i in 0..x.len() {
        t += x[i];
    }
    let u = 2.0 * s;
    for j in 0..x.len() {
        s += x[j] * x[j];
    }
    s + u + t
}

#[test]
fn a_sum_read_between_fused_loops() {
    // f = 3s0² + Σx² + Σx: ∂/∂s0 = 6s0, ∂/∂xᵢ = 2xᵢ + 1.
    let (value, x_bar, s0_bar) = sum_read_early_grad(&[1.0, -2.0], 0.5);
    assert_eq!(value, 0.75 + 5.0 - 1.0);
    assert_eq!((x_bar, s0_bar), (vec![3.0, -3.0], 3.0));
    sum_read_early_gradcheck(&[0.3, 0.7, -1.1], 0.4).unwrap();
}

/// A vector built by pushes after the first fused loop: its adjoint takes its final
/// length, after the primal (declared where it was declared, it had none: found by the
/// checked-in generated programs).
#[differentiate]
fn pushed_after_fused(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i].sin();
    }
    let mut h = Vec::new();
    for i in 0..x.len() {
        h.push(x[i] * x[i]);
    }
    let p = h[0] * h[x.len() - 1];
    s + p
}

#[test]
fn a_vector_pushed_to_after_a_fused_loop() {
    // f = Σ sin xᵢ + x₀² x₂²: ∂/∂x₀ = cos x₀ + 2x₀x₂², ∂/∂x₁ = cos x₁, ∂/∂x₂ = cos x₂ + 2x₀²x₂.
    let x = [0.5, -0.3, 1.2];
    let (_, grad) = pushed_after_fused_grad(&x);
    let expected = [
        x[0].cos() + 2.0 * x[0] * x[2] * x[2],
        x[1].cos(),
        x[2].cos() + 2.0 * x[0] * x[0] * x[2],
    ];
    assert_same_sums(&grad, &expected);
    pushed_after_fused_gradcheck(&x).unwrap();
}
