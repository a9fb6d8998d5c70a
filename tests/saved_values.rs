//! What the forward sweep keeps for the reverse sweep, where a mistake would be a wrong
//! derivative rather than a compile error: results of costly functions kept instead of
//! recomputed (`analysis::residuals`), and overwritten values saved only when a reverse that
//! runs before the overwrite reads them (flow-sensitive saving, `analysis::needed`). Each
//! function is checked against central differences, forward mode and differences of its
//! gradient.

// `s = s + x` and `s += x` are different statements to the macro: both forms are tested.
#![allow(
    clippy::needless_range_loop,
    clippy::assign_op_pattern,
    clippy::useless_vec
)]

mod common;
use autodiff::differentiate;
use autodiff::ndarray::{array, Array2};
use common::*;

/// Gradient, JVP and HVP of `f` at `x`, each against an independent check.
fn check_all(
    f: impl Fn(&[f64]) -> f64,
    grad: impl Fn(&[f64]) -> (f64, Vec<f64>),
    jvp: impl Fn(&[f64], &[f64]) -> f64,
    hvp: impl Fn(&[f64], &[f64]) -> Vec<f64>,
    x: &[f64],
) {
    let (value, g) = grad(x);
    assert_eq!(value, f(x));
    assert_grad(&f, x, &g);
    assert_dot_product(|v| jvp(x, v), &g, 11);
    let v = rng_vec(12, x.len(), -1.0, 1.0);
    assert_hvp(|p| grad(p).1, x, &v, &hvp(x, &v));
}

/// `sum` is overwritten in the loop and read only after it: the reverse of `ln` and `sqrt`
/// runs first, on the final `sum`, so no old value is saved; the `exp`s are kept.
#[differentiate]
fn log_sum_exp(x: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..x.len() {
        sum += x[i].exp();
    }
    (sum + 2.0).ln() * sum.sqrt()
}

/// Overwritten in an inner loop and read after it by the outer loop's body: the outer
/// loop's earlier iterations read it before the later overwrites, which must save it.
#[differentiate]
fn nested_reset(x: &[f64]) -> f64 {
    let mut total = 0.0;
    let mut s = 0.0;
    for j in 0..3 {
        s = 0.5 * s;
        for i in 0..x.len() {
            s += x[i] * (j as f64 + 1.0);
        }
        total += s * s;
    }
    total
}

/// Read later in the same loop body: an earlier iteration's read precedes each overwrite.
#[differentiate]
fn running_square(x: &[f64]) -> f64 {
    let mut s = 0.0;
    let mut t = 0.0;
    for i in 0..x.len() {
        s = s + x[i];
        t += s * s;
    }
    t
}

/// Read before the overwrite in straight-line code.
#[differentiate]
fn read_then_overwrite(x: &[f64]) -> f64 {
    let mut s = x[0] * x[1];
    let a = s * x[2];
    s = s * 0.5 + x[3];
    a * s
}

/// Each overwrite's own reverse reads the value it overwrites (`s * s`, `s * x₁`).
#[differentiate]
fn overwritten_by_itself(x: &[f64]) -> f64 {
    let mut s = x[0] + x[1] * x[2];
    s = s * s + x[0];
    s = s.sin() * x[1];
    s
}

/// Element writes and branches in a loop, with costly results inside both.
#[differentiate]
fn branches_and_elements(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    let mut acc = 0.0;
    for i in 1..v.len() {
        if v[i - 1] > 0.0 {
            v[i] = v[i] * v[i - 1].tanh();
        } else {
            acc += v[i].exp();
        }
        acc += v[i] * 0.5;
    }
    let n = v.len();
    acc + (v[n - 1] * v[n - 1] + 1.0).sqrt()
}

#[differentiate]
fn helper(a: f64, b: f64) -> f64 {
    a * b.exp()
}

#[differentiate]
fn pair(a: f64) -> (f64, f64) {
    (a.exp(), a.tanh() * a)
}

/// Costly results nested in each other and in arithmetic, in pushed values, call
/// arguments and a tuple, and a `let` whose whole initialiser is one (kept, not hoisted).
#[differentiate]
fn nested_results(x: &[f64]) -> f64 {
    let a = (x[0] * x[1].exp()).tanh() + x[2].sqrt() * x[1].powf(x[0]);
    let mut out = Vec::new();
    out.push(x[0].exp_m1());
    for i in 0..x.len() {
        let h = (a * x[i]).tanh().exp();
        out.push(h.cbrt() + x[i].hypot(a));
    }
    let (p, q) = pair(x[3].tanh());
    let c = helper(x[2].exp(), p.sqrt());
    let mut s = c * q;
    for i in 0..out.len() {
        s += out[i] * out[i];
    }
    s
}

/// `1.0 / t` in its literal forms becomes `t.recip()`, whose partial is written with its
/// result; a `1.5 / t` stays a division.
#[differentiate]
fn logistic_mix(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let p = 1.0 / (1.0 + (-x[i]).exp());
        s += p * (1. / x[i].cosh()) + 1f64 / (2.0 + s * s) - 1.5 / (1.0 + p);
    }
    s
}

/// Restoring an overwritten element evaluates its index again, here a float's cast, even
/// though the write is inactive: the later overwrites of `pos` must save it (a review
/// found the index missing from the reads, and a wrong gradient).
#[differentiate]
fn deposit(x: &[f64]) -> f64 {
    let mut grid = vec![1.0; 8];
    let mut pos = 0.5;
    let mut y = 0.0;
    for k in 0..x.len() {
        y += grid[k % 8] * x[k] * x[k];
        grid[pos as usize % 8] += 0.25;
        pos = pos * 1.7 + 0.3;
    }
    y
}

/// An array reassigned with another shape: its adjoint takes its shape from the value the
/// reverse sweep finds, so the whole reassignment is saved (a review found it unsaved, and
/// a panic).
#[differentiate]
fn nd_reshaped(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
    let mut a = x.to_owned();
    let s = a[[0, 0]] + a[[0, 1]];
    a = x.dot(w);
    s * a.sum()
}

/// A vector reassigned with another length, likewise.
#[differentiate]
fn resized(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    let a = v[x.len() - 1] * v[0];
    v = vec![a; 2];
    v[1] = v[0] * x[1];
    a + v[1]
}

/// A loop-carried state through `tanh` and `exp`, overwritten every step of a `while`.
#[differentiate]
fn carried_through_costly(x: &[f64]) -> f64 {
    let mut h = 0.1;
    let mut k = 0;
    while k < x.len() {
        h = (h * x[0] + x[k]).tanh();
        h = 0.3 * (h - 0.5).exp();
        k += 1;
    }
    h
}

macro_rules! check {
    ($f:ident, $grad:ident, $jvp:ident, $hvp:ident, $x:expr) => {
        check_all($f, $grad, |x, v| $jvp(x, v).1, |x, v| $hvp(x, v).2, &$x)
    };
}

#[test]
fn read_only_after_the_loop() {
    let x = rng_vec(1, 7, -1.0, 1.0);
    check!(
        log_sum_exp,
        log_sum_exp_grad,
        log_sum_exp_jvp,
        log_sum_exp_hvp,
        x
    );
}

#[test]
fn read_by_an_enclosing_loop() {
    let x = rng_vec(2, 5, -1.0, 1.0);
    check!(
        nested_reset,
        nested_reset_grad,
        nested_reset_jvp,
        nested_reset_hvp,
        x
    );
}

#[test]
fn read_later_in_the_loop_body() {
    let x = rng_vec(3, 6, -1.0, 1.0);
    check!(
        running_square,
        running_square_grad,
        running_square_jvp,
        running_square_hvp,
        x
    );
}

#[test]
fn read_before_a_straight_line_overwrite() {
    let x = rng_vec(4, 4, -1.0, 1.0);
    check!(
        read_then_overwrite,
        read_then_overwrite_grad,
        read_then_overwrite_jvp,
        read_then_overwrite_hvp,
        x
    );
}

#[test]
fn read_by_the_overwrite_itself() {
    let x = rng_vec(7, 3, -1.0, 1.0);
    check!(
        overwritten_by_itself,
        overwritten_by_itself_grad,
        overwritten_by_itself_jvp,
        overwritten_by_itself_hvp,
        x
    );
}

#[test]
fn element_writes_in_branches() {
    // Both branches taken: signs alternate.
    let x = vec![0.7, -0.4, 0.9, 0.3, -1.1, 0.5, 0.8];
    check!(
        branches_and_elements,
        branches_and_elements_grad,
        branches_and_elements_jvp,
        branches_and_elements_hvp,
        x
    );
}

#[test]
fn nested_costly_results() {
    // Positive, for `sqrt` and `powf`.
    let x = rng_vec(5, 5, 0.2, 1.2);
    check!(
        nested_results,
        nested_results_grad,
        nested_results_jvp,
        nested_results_hvp,
        x
    );
}

#[test]
fn reciprocals() {
    let x = rng_vec(8, 6, -2.0, 2.0);
    check!(
        logistic_mix,
        logistic_mix_grad,
        logistic_mix_jvp,
        logistic_mix_hvp,
        x
    );
}

#[test]
fn loop_carried_costly_state() {
    let x = rng_vec(6, 8, -1.0, 1.0);
    check!(
        carried_through_costly,
        carried_through_costly_grad,
        carried_through_costly_jvp,
        carried_through_costly_hvp,
        x
    );
}

#[test]
fn float_read_by_an_index() {
    let x = rng_vec(3, 8, -1.0, 1.0);
    check!(deposit, deposit_grad, deposit_jvp, deposit_hvp, x);
}

#[test]
fn whole_reassignments_with_another_shape() {
    let x = array![[0.3, -0.7], [1.1, 0.4]];
    let w = array![[0.5, -0.2, 0.9], [-1.3, 0.6, 0.1]];
    nd_reshaped_gradcheck(&x, &w).unwrap();
    let x = rng_vec(9, 5, -1.0, 1.0);
    check!(resized, resized_grad, resized_jvp, resized_hvp, x);
}

/// Values set by both arms of a branch from the loop index and unchanged values (a ring
/// neighbour, a weight read from the parameter): the reverse sweep computes each again as
/// one `if` (`analysis::remat`) instead of popping it. `far` is made from `shift`, which the
/// loop changes, so it is recorded.
#[differentiate]
fn ring_energy(x: &[f64]) -> f64 {
    let n = x.len();
    let mut e = 0.0;
    let mut shift = 1;
    for i in 0..n {
        let next = if i + 1 == n { 0 } else { i + 1 };
        let w = if i % 2 == 0 { x[0] } else { x[n - 1] * 0.5 };
        let far = if shift < n { shift } else { 0 };
        e += w * x[i] * x[next] + (x[far] * x[i]).sin();
        shift += 2;
        if shift >= n {
            shift -= n;
        }
    }
    e
}

#[test]
fn branch_initialised_indices_and_weights() {
    let x = rng_vec(14, 7, -1.0, 1.0);
    check!(
        ring_energy,
        ring_energy_grad,
        ring_energy_jvp,
        ring_energy_hvp,
        x
    );
}

/// GMM's `qxcentered` in small: `q` is written whole, updated in place, then read, in
/// every iteration. The whole write saves the previous iteration's `q` for its reverse;
/// the updates save nothing, no reverse between them and the whole write reading `q`. The
/// tail is not linear, so `f_vjp` keeps the split form.
#[differentiate(wrt(x, w))]
fn covered_then_updated(x: &[f64], w: &[f64]) -> f64 {
    let d = w.len();
    let mut c = vec![0.0; d];
    let mut q = vec![0.0; d];
    let mut total = 0.0;
    for k in 0..x.len() / d {
        for j in 0..d {
            c[j] = x[k * d + j] - w[j];
        }
        for j in 0..d {
            q[j] = c[j] * c[j];
        }
        for i in 0..d {
            for j in i + 1..d {
                q[j] += w[i] * c[i];
            }
        }
        let mut norm = 0.0;
        for j in 0..d {
            norm += q[j] * q[j];
        }
        total += norm.sqrt();
    }
    (1.0 + total).ln()
}

/// [`covered_then_updated`] with a read of `q` between its whole write and its updates,
/// whose reverse runs after theirs: the updates save the elements they overwrite.
#[differentiate(wrt(x, w))]
fn covered_read_then_updated(x: &[f64], w: &[f64]) -> f64 {
    let d = w.len();
    let mut c = vec![0.0; d];
    let mut q = vec![0.0; d];
    let mut total = 0.0;
    for k in 0..x.len() / d {
        for j in 0..d {
            c[j] = x[k * d + j] - w[j];
        }
        for j in 0..d {
            q[j] = c[j] * c[j];
        }
        total += q[d - 1].sin();
        for i in 0..d {
            for j in i + 1..d {
                q[j] += w[i] * c[i];
            }
        }
        let mut norm = 0.0;
        for j in 0..d {
            norm += q[j] * q[j];
        }
        total += norm.sqrt();
    }
    (1.0 + total).ln()
}

/// GMM's main loop in small, fused in `f_vjp`: `m` is written whole in every iteration
/// and read by a call; the joint body saves none of it (the earlier iterations' reverses
/// have run), the split form (`f_hvp`'s) saves it for them.
#[differentiate(wrt(x, w))]
fn fused_scratch_in_a_call(x: &[f64], w: &[f64]) -> f64 {
    let d = w.len();
    let mut c = vec![0.0; d];
    let mut m = vec![0.0; d];
    let mut total = 0.0;
    for k in 0..x.len() / d {
        for i in 0..d {
            for j in 0..d {
                c[j] = x[k * d + j] * w[i];
            }
            let mut s = 0.0;
            for j in 0..d {
                s += c[j] * c[j].sin();
            }
            m[i] = s;
        }
        for j in 1..d {
            m[j] += m[j - 1] * 0.5;
        }
        total += softplus_sum(&m);
    }
    total
}

#[differentiate]
fn softplus_sum(m: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..m.len() {
        s += (1.0 + m[i].exp()).ln() * m[i];
    }
    s
}

#[test]
fn vectors_written_whole_save_only_for_the_reverses_that_read_them() {
    const D: usize = 3;
    fn split(p: &[f64]) -> (&[f64], &[f64]) {
        p.split_at(4 * D)
    }
    let point = rng_vec(15, 4 * D + D, -1.0, 1.0);
    let cat = |a: Vec<f64>, b: Vec<f64>| a.into_iter().chain(b).collect::<Vec<f64>>();
    macro_rules! check_two {
        ($f:ident, $grad:ident, $jvp:ident, $hvp:ident) => {
            check_all(
                |p| $f(split(p).0, split(p).1),
                |p| {
                    let (v, gx, gw) = $grad(split(p).0, split(p).1);
                    (v, cat(gx, gw))
                },
                |p, v| $jvp(split(p).0, split(p).1, split(v).0, split(v).1).1,
                |p, v| {
                    let (_, _, _, hx, hw) = $hvp(split(p).0, split(p).1, split(v).0, split(v).1);
                    cat(hx, hw)
                },
                &point,
            )
        };
    }
    check_two!(
        covered_then_updated,
        covered_then_updated_grad,
        covered_then_updated_jvp,
        covered_then_updated_hvp
    );
    check_two!(
        covered_read_then_updated,
        covered_read_then_updated_grad,
        covered_read_then_updated_jvp,
        covered_read_then_updated_hvp
    );
    check_two!(
        fused_scratch_in_a_call,
        fused_scratch_in_a_call_grad,
        fused_scratch_in_a_call_jvp,
        fused_scratch_in_a_call_hvp
    );
    // The fused gradient against the split pullback's.
    let (x, w) = split(&point);
    let (value, pullback) = fused_scratch_in_a_call_pullback(x, w);
    let (gx, gw) = pullback(x, w, 1.0);
    let (fused_value, fx, fw) = fused_scratch_in_a_call_grad(x, w);
    assert_eq!(value, fused_value);
    assert_same_sums(&cat(gx, gw), &cat(fx, fw));
}
