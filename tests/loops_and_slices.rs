//! Loops (with loop-carried and overwritten state), slices, local vectors and element
//! writes under `#[differentiate]`, checked against central differences and the other mode.

// The differentiated subset indexes in loops (iterator chains come in a later version).
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
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

#[test]
fn rosenbrock_gradient_jvp_and_hvp() {
    let x = rng_vec(7, 6, -1.5, 1.5);
    let (value, grad) = rosenbrock_grad(&x);
    assert_eq!(value, rosenbrock(&x));
    assert_grad(rosenbrock, &x, &grad);
    assert_dot_product(|v| rosenbrock_jvp(&x, v).1, &grad, 4);
    let v = rng_vec(8, 6, -1.0, 1.0);
    let (_, g2, hv) = rosenbrock_hvp(&x, &v);
    assert_same_sums(&g2, &grad);
    assert_hvp(|p| rosenbrock_grad(p).1, &x, &v, &hv);
}

/// Derivatives taken one after another reuse their tapes and `f_hvp`'s dual buffers from
/// the thread's pool (`autodiff::pool`): each call must still start from a clean buffer,
/// whatever length the last one left (longer, shorter, holding other values).
#[test]
fn repeated_calls_reuse_pooled_buffers_cleanly() {
    for (k, n) in [9, 4, 12, 4, 7].into_iter().enumerate() {
        let seed = 40 + 3 * k as u64;
        let (x, v) = (rng_vec(seed, n, -1.5, 1.5), rng_vec(seed + 1, n, -1.0, 1.0));
        let (_, grad) = rosenbrock_grad(&x);
        assert_grad(rosenbrock, &x, &grad);
        let (_, g2, hv) = rosenbrock_hvp(&x, &v);
        assert_same_sums(&g2, &grad);
        assert_hvp(|p| rosenbrock_grad(p).1, &x, &v, &hv);
        let c = rng_vec(seed + 2, n, -1.0, 1.0);
        let (_, x_bar, c_bar) = horner_grad(0.8, &c);
        let f = |p: &[f64]| horner(p[0], &p[1..]);
        let point: Vec<f64> = std::iter::once(0.8).chain(c.iter().copied()).collect();
        let grad: Vec<f64> = std::iter::once(x_bar).chain(c_bar).collect();
        assert_grad(f, &point, &grad);
        let (_, _, _, hv_x, hv_c) = horner_hvp(0.8, &c, 1.0, &v);
        let hv: Vec<f64> = std::iter::once(hv_x).chain(hv_c).collect();
        let dir: Vec<f64> = std::iter::once(1.0).chain(v.iter().copied()).collect();
        let grad_at = |p: &[f64]| {
            let (_, gx, gc) = horner_grad(p[0], &p[1..]);
            std::iter::once(gx).chain(gc).collect()
        };
        assert_hvp(grad_at, &point, &dir, &hv);
    }
}

/// An untyped index computed by a branch, saved for the reverse sweep: its kind is a guess
/// from the syntax (a float, at first sight), so its tape must not be one of the pooled
/// float tapes, which would not compile for a `usize`.
#[differentiate]
fn mirrored_squares(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..n {
        let j = if x[i] > 0.0 { i } else { n - 1 - i };
        s += x[j] * x[j] * x[i];
    }
    s
}

#[test]
fn a_saved_untyped_index_keeps_a_plain_tape() {
    let x = [0.5, -1.5, 2.0, -0.25, 0.75];
    let (_, grad) = mirrored_squares_grad(&x);
    assert_grad(mirrored_squares, &x, &grad);
}

/// Horner's rule: `acc` is overwritten every iteration and the old value is needed.
#[differentiate]
fn horner(x: f64, c: &[f64]) -> f64 {
    let mut acc = 0.0;
    for i in (0..c.len()).rev() {
        acc = acc * x + c[i];
    }
    acc
}

#[test]
fn overwritten_loop_carried_state() {
    let c = [1.0, -2.0, 0.5, 3.0];
    let x = 0.7;
    let (_, dx, dc) = horner_grad(x, &c);
    // d/dx Σ cᵢ xⁱ = Σ i cᵢ xⁱ⁻¹, d/dcᵢ = xⁱ
    let expected: f64 = (1..4).map(|i| i as f64 * c[i] * x.powi(i as i32 - 1)).sum();
    assert!((dx - expected).abs() < 1e-12);
    for (i, d) in dc.iter().enumerate() {
        assert!((d - x.powi(i as i32)).abs() < 1e-12);
    }
    let f = |v: &[f64]| horner(v[0], &v[1..]);
    let all: Vec<f64> = std::iter::once(dx).chain(dc.iter().copied()).collect();
    assert_dot_product(|v| horner_jvp(x, &c, v[0], &v[1..]).1, &all, 5);
    assert_grad(f, &[x, 1.0, -2.0, 0.5, 3.0], &all);
}

/// The Horner loop of `benches/rosenbrock.rs` (`acc = acc·x + cᵢ`, shared from
/// `benches/loops/horner.rs`).
#[path = "../benches/loops/horner.rs"]
mod horner_bench;

#[test]
fn horner_benchmark_gradient() {
    use horner_bench as h;
    // Central differences and the dot-product test on a short input.
    let (x, c) = (0.9, rng_vec(24, 40, -1.0, 1.0));
    let (_, x_bar, c_bar) = h::horner_grad(x, &c);
    let grad: Vec<f64> = std::iter::once(x_bar).chain(c_bar).collect();
    let point: Vec<f64> = std::iter::once(x).chain(c.iter().copied()).collect();
    assert_grad(|v| h::horner(v[0], &v[1..]), &point, &grad);
    assert_dot_product(|v| h::horner_jvp(x, &c, v[0], &v[1..]).1, &grad, 25);
    // The benchmark's size, against both hand-written gradients and the `Value` tape.
    let (x, c) = (0.9999, rng_vec(26, 100_000, -1.0, 1.0));
    let (value, x_bar, c_bar) = h::horner_grad(x, &c);
    let mut accs = Vec::new();
    let mut others = vec![];
    let mut gc = vec![0.0; c.len()];
    others.push((h::horner_grad_hand(x, &c, &mut accs, &mut gc), gc.clone()));
    others.push((h::horner_grad_hand_direct(x, &c, &mut gc), gc.clone()));
    let (mut tape, mut grads) = (autodiff::Tape::new(), autodiff::Gradients::new());
    others.push((
        h::horner_grad_tape(&mut tape, &mut grads, x, &c, &mut gc),
        gc.clone(),
    ));
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
    for ((v, xb), cb) in others {
        assert_eq!(v, value);
        assert!(close(xb, x_bar), "x̄: {xb} against the generated {x_bar}");
        assert!(cb.iter().zip(&c_bar).all(|(&a, &b)| close(a, b)));
    }
}

/// The simulation loop of `benches/loops_ratios.rs` (a driven, damped spring, shared from
/// `benches/loops/oscillator.rs`).
#[path = "../benches/loops/oscillator.rs"]
mod oscillator_bench;

#[test]
fn oscillator_benchmark_gradient() {
    use oscillator_bench as o;
    // Central differences and the dot-product test on a short run.
    let (k, c, f) = (4.0, 0.3, rng_vec(27, 30, -1.0, 1.0));
    let (_, k_bar, c_bar, f_bar) = o::oscillator_grad(k, c, &f);
    let grad: Vec<f64> = [k_bar, c_bar].into_iter().chain(f_bar).collect();
    let point: Vec<f64> = [k, c].into_iter().chain(f.iter().copied()).collect();
    assert_grad(|v| o::oscillator(v[0], v[1], &v[2..]), &point, &grad);
    assert_dot_product(
        |v| o::oscillator_jvp(k, c, &f, v[0], v[1], &v[2..]).1,
        &grad,
        28,
    );
    // The benchmark's size, against the hand-written adjoint and the `Value` tape.
    let f = rng_vec(29, 100_000, -1.0, 1.0);
    let (value, k_bar, c_bar, f_bar) = o::oscillator_grad(k, c, &f);
    let (mut xs, mut vs, mut gf) = (Vec::new(), Vec::new(), vec![0.0; f.len()]);
    let mut others = vec![(
        o::oscillator_grad_hand(k, c, &f, &mut xs, &mut vs, &mut gf),
        gf.clone(),
    )];
    let (mut tape, mut grads) = (autodiff::Tape::new(), autodiff::Gradients::new());
    others.push((
        o::oscillator_grad_tape(&mut tape, &mut grads, (k, c), &f, &mut gf),
        gf.clone(),
    ));
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
    for ((v, kb, cb), fb) in others {
        assert!(close(v, value));
        assert!(
            close(kb, k_bar) && close(cb, c_bar),
            "k̄, c̄: {kb}, {cb} against {k_bar}, {c_bar}"
        );
        assert!(fb.iter().zip(&f_bar).all(|(&a, &b)| close(a, b)));
    }
}

#[differentiate]
fn recurrence(x: &[f64], steps: usize) -> f64 {
    let mut h = x.to_vec();
    for _t in 0..steps {
        let mut nh = vec![0.0; h.len()];
        for i in 0..h.len() {
            let left = if i == 0 { h[h.len() - 1] } else { h[i - 1] };
            nh[i] = (0.5 * h[i] + 0.3 * left).tanh() + 0.1 * x[i];
        }
        h = nh;
    }
    let mut s = 0.0;
    for v in 0..h.len() {
        s += h[v] * h[v];
    }
    s
}

#[test]
fn whole_vector_reassignment_and_nested_loops() {
    let x = rng_vec(11, 5, -1.0, 1.0);
    let (_, grad) = recurrence_grad(&x, 7);
    assert_grad(|v| recurrence(v, 7), &x, &grad);
    assert_dot_product(|v| recurrence_jvp(&x, 7, v).1, &grad, 6);
    let v = rng_vec(12, 5, -1.0, 1.0);
    let (_, _, hv) = recurrence_hvp(&x, 7, &v);
    assert_hvp(|p| recurrence_grad(p, 7).1, &x, &v, &hv);
}

#[differentiate]
fn newton_sqrt(a: f64) -> f64 {
    let mut y = a;
    let mut k = 0;
    while (y * y - a).abs() > 1e-12 * a && k < 50 {
        y = 0.5 * (y + a / y);
        k += 1;
    }
    y
}

#[test]
fn while_loops_replay_their_trip_count() {
    for a in [2.0, 9.0, 0.3] {
        let (value, d) = newton_sqrt_grad(a);
        assert!((value - a.sqrt()).abs() < 1e-10);
        // The iteration converges to √a, whose derivative is 1/(2√a).
        assert!((d - 0.5 / a.sqrt()).abs() < 1e-6, "{d}");
        assert!((newton_sqrt_jvp(a, 1.0).1 - d).abs() < 1e-12);
    }
}

#[differentiate(wrt(x))]
fn breaks_and_continues(x: &[f64], limit: f64) -> f64 {
    let mut s = 0.0;
    let mut i = 0;
    loop {
        if i >= x.len() {
            break;
        }
        let v = x[i];
        i += 1;
        if v < 0.0 {
            continue;
        }
        s += v.sqrt() * s + v;
        if s > limit {
            break;
        }
    }
    s
}

#[test]
fn loop_break_continue() {
    let x = [0.5, -1.0, 2.0, 0.1, -0.3, 1.5, 3.0];
    for limit in [1.0, 4.0, 100.0] {
        let (_, grad) = breaks_and_continues_grad(&x, limit);
        assert_grad(|v| breaks_and_continues(v, limit), &x, &grad);
        assert_dot_product(|v| breaks_and_continues_jvp(&x, limit, v).1, &grad, 7);
    }
}

#[differentiate]
fn step_loops(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in (0..x.len()).step_by(2) {
        s += x[i] * x[i];
    }
    for i in (1..=x.len() - 1).rev() {
        s = s * 0.5 + x[i].sin();
    }
    s
}

#[test]
fn stepped_inclusive_and_reversed_ranges() {
    let x = rng_vec(13, 7, -1.0, 1.0);
    let (_, grad) = step_loops_grad(&x);
    assert_grad(step_loops, &x, &grad);
}

#[differentiate]
fn build_vec(x: &[f64]) -> Vec<f64> {
    let mut out = Vec::with_capacity(x.len());
    for i in 0..x.len() {
        out.push(x[i] * x[i]);
    }
    let mut w = vec![1.0; x.len()];
    w[1] = out[0] + out[1];
    w[2] *= out[2];
    w[0] += w[1] * 2.0;
    out.push(w[0] + w[2]);
    out
}

#[test]
fn vec_outputs_push_and_element_writes() {
    let x = [0.5, -1.5, 2.0];
    let dout = vec![1.0, 0.5, -0.25, 2.0];
    let (value, xb) = build_vec_vjp(&x, dout.clone());
    assert_eq!(value, build_vec(&x));
    // Jᵀ ȳ against central differences of ⟨ȳ, f(x)⟩.
    let f = |v: &[f64]| {
        build_vec(v)
            .iter()
            .zip(&dout)
            .map(|(a, b)| a * b)
            .sum::<f64>()
    };
    assert_grad(f, &x, &xb);
    // ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩
    let v = [0.3, -0.7, 1.1];
    let (_, jv) = build_vec_jvp(&x, &v);
    let lhs: f64 = jv.iter().zip(&dout).map(|(a, b)| a * b).sum();
    let rhs: f64 = xb.iter().zip(&v).map(|(a, b)| a * b).sum();
    assert!((lhs - rhs).abs() < 1e-12);
}

#[differentiate]
fn arrays(p: [f64; 3], q: &[f64; 3]) -> f64 {
    let mut m = [0.0; 3];
    for i in 0..3 {
        m[i] = p[i] * q[i];
    }
    m[0] * m[1] + m[2]
}

#[test]
fn array_parameters_get_array_cotangents() {
    let (p, q) = ([1.0, 2.0, 3.0], [0.5, -1.0, 2.0]);
    let (_, pb, qb): (f64, [f64; 3], [f64; 3]) = arrays_grad(p, &q);
    // f = p₀q₀·p₁q₁ + p₂q₂: ∂f/∂p₀ = q₀·p₁q₁, ∂f/∂p₁ = p₀q₀·q₁, ∂f/∂p₂ = q₂ (and p ↔ q).
    assert_eq!(pb, [0.5 * -2.0, -0.5, 2.0]);
    assert_eq!(qb, [-2.0, 0.5 * 2.0, 3.0]);
}

// `&Vec<f64>` on purpose: users write it, and its cotangent is a `Vec`.
#[allow(clippy::ptr_arg)]
#[differentiate]
fn with_vec_param(x: &Vec<f64>, scale: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] * scale).exp();
    }
    s.ln()
}

#[test]
fn vec_reference_parameters() {
    let x = vec![0.1, 0.2, -0.3];
    let (_, xb, sb) = with_vec_param_grad(&x, 1.5);
    let f = |v: &[f64]| with_vec_param(&v[..3].to_vec(), v[3]);
    let all: Vec<f64> = xb.iter().copied().chain([sb]).collect();
    assert_grad(f, &[0.1, 0.2, -0.3, 1.5], &all);
}

/// An element read after it is overwritten, an integer index carried by the loop, and a
/// `while` that pushes: the reverse sweep must restore each before reading it.
#[differentiate]
fn restores(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = vec![0.0; n];
    v[0] = x[0];
    for i in 1..n {
        v[i] = v[i - 1] * x[i] + v[i - 1].sin();
        v[i - 1] *= v[i];
    }
    let mut j = 0;
    let mut s = 0.0;
    for _k in 0..n / 2 {
        s = s * v[j] + x[j + 1];
        j += 2;
    }
    let mut tail = Vec::new();
    let mut t = s;
    while tail.len() < 3 {
        t = t * 0.5 + x[tail.len()];
        tail.push(t * t);
    }
    tail[0] + tail[1] * tail[2] + s
}

#[test]
fn overwritten_elements_and_carried_indices_are_restored() {
    let x = rng_vec(21, 6, 0.2, 1.2);
    let (_, grad) = restores_grad(&x);
    assert_grad(restores, &x, &grad);
    assert_dot_product(|v| restores_jvp(&x, v).1, &grad, 22);
    let v = rng_vec(23, 6, -1.0, 1.0);
    let (_, _, hv) = restores_hvp(&x, &v);
    assert_hvp(|p| restores_grad(p).1, &x, &v, &hv);
}

/// Loops that overwrite `x[i]` once in iteration `i`: their forward sweep saves the
/// elements they will overwrite in one copy before they start (in the order one push per
/// iteration would have made): running up, down, over an inclusive range, reading the
/// neighbour an earlier iteration has just overwritten, and not at all.
#[differentiate(wrt(x0, r))]
fn sweeps(x0: &[f64], r: f64, steps: usize, first: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    for _ in 0..steps {
        for i in (first..n).rev() {
            x[i] = (x[i] * r).sin() + x[i];
        }
        for i in 1..=n - 1 {
            x[i] = x[i] * x[i - 1] * r + x[i];
        }
        for i in first..n {
            x[i] = x[i] * x[i] * 0.5;
        }
    }
    let mut s = 0.0;
    for i in 0..n {
        s += x[i] * (i as f64 + 1.0);
    }
    s
}

#[test]
fn elements_overwritten_once_per_iteration_are_saved_before_the_loop() {
    // `first == n`: the first and last loops do not run.
    for (n, first) in [(5, 0), (5, 2), (4, 4)] {
        let (x0, r, steps) = (rng_vec(90 + n as u64, n, 0.1, 0.6), 0.7, 3);
        let (value, x0_bar, r_bar) = sweeps_grad(&x0, r, steps, first);
        assert_eq!(value, sweeps(&x0, r, steps, first));
        let f = |p: &[f64]| sweeps(&p[1..], p[0], steps, first);
        let point: Vec<f64> = std::iter::once(r).chain(x0.iter().copied()).collect();
        let grad: Vec<f64> = std::iter::once(r_bar).chain(x0_bar).collect();
        assert_grad(f, &point, &grad);
        assert_dot_product(
            |v| sweeps_jvp(&x0, r, steps, first, &v[1..], v[0]).1,
            &grad,
            7,
        );
        let dir = rng_vec(95, n + 1, -1.0, 1.0);
        let (_, _, _, hv_x0, hv_r) = sweeps_hvp(&x0, r, steps, first, &dir[1..], dir[0]);
        let hv: Vec<f64> = std::iter::once(hv_r).chain(hv_x0).collect();
        let grad_at = |p: &[f64]| {
            let (_, gx, gr) = sweeps_grad(&p[1..], p[0], steps, first);
            std::iter::once(gr).chain(gx).collect()
        };
        assert_hvp(grad_at, &point, &dir, &hv);
    }
}

/// Loops whose reverse puts their bulk-saved elements back after it is done, in one copy
/// (the overwriting statement reads no old element, and later ones only elements already
/// overwritten), running up, down, over an inclusive range and not at all, beside loops
/// that must put them back one by one (a read ahead of the loop, a read before the
/// overwrite).
#[differentiate(wrt(x0, v))]
fn restored_late(x0: &[f64], v: &[f64], dt: f64, steps: usize, first: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut s = 0.0;
    for _ in 0..steps {
        for i in 1..n {
            x[i] += dt * v[i];
            s += x[i] * x[i - 1];
        }
        for i in (0..n - 1).rev() {
            x[i] -= dt * v[i] * v[i];
            s += x[i] * x[i + 1];
        }
        for i in first..=n - 1 {
            x[i] = (v[i] * dt).sin() + dt;
            s += x[i] * s;
        }
        for i in first..n {
            x[i] += dt * v[i];
        }
        for i in 0..n - 1 {
            x[i] += dt * v[i];
            s += x[i] * x[i + 1];
        }
        for i in 0..n {
            s += x[i] * x[i];
            x[i] += dt;
        }
    }
    s
}

#[test]
fn elements_saved_in_bulk_are_put_back_after_the_loop_where_no_reverse_reads_them() {
    for (n, first) in [(5, 0), (4, 2), (3, 3)] {
        let (x0, v) = (
            rng_vec(60 + n as u64, n, -0.8, 0.8),
            rng_vec(70, n, -0.5, 0.5),
        );
        restored_late_gradcheck(&x0, &v, 0.3, 2, first).unwrap();
    }
    // By hand, one step with n = 1 and first = 0: the first, second and fifth loops run no
    // iteration; the third sets x₀ = sin(v₀ dt) + dt and adds x₀·0 to s; the fourth adds
    // dt v₀; the last adds x₀² to s. So s = x₀², ∂s/∂x0₀ = 0 and
    // ∂s/∂v₀ = 2x₀ (dt cos(v₀ dt) + dt).
    let (v0, dt) = (0.4_f64, 0.3_f64);
    let x = (v0 * dt).sin() + dt + dt * v0;
    let (s, gx0, gv) = restored_late_grad(&[0.9], &[v0], dt, 1, 0);
    assert!((s - x * x).abs() < 1e-15);
    assert_eq!(gx0, vec![0.0]);
    assert!((gv[0] - 2.0 * x * (dt * (v0 * dt).cos() + dt)).abs() < 1e-14);
}

/// A scratch vector made afresh in every iteration and written at the index: it has no
/// elements to save before the loop (found in review: the bulk save named it before its
/// `let`, which did not compile).
#[differentiate]
fn scratch_in_body(a: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        let mut t = vec![1.0; a.len()];
        t[i] = a[i] * a[i];
        s += t[i] * a[i];
    }
    s
}

#[test]
fn a_vector_made_in_the_body_is_saved_as_before() {
    // s = Σ aᵢ³, ∂s/∂aᵢ = 3aᵢ².
    let a = [0.5, -1.25, 2.0];
    let (_, grad) = scratch_in_body_grad(&a);
    assert_eq!(grad, vec![0.75, 4.6875, 12.0]);
    scratch_in_body_gradcheck(&a).unwrap();
}

#[test]
fn generated_gradchecks_cover_every_parameter_shape() {
    rosenbrock_gradcheck(&[0.5, -1.2, 0.8, 1.5]).unwrap();
    horner_gradcheck(0.7, &[1.0, -2.0, 0.5, 3.0]).unwrap();
    arrays_gradcheck([1.0, 2.0, 3.0], &[0.5, -1.0, 2.0]).unwrap();
    with_vec_param_gradcheck(&vec![0.1, 0.2, -0.3], 1.5).unwrap();
    restores_gradcheck(&[0.3, 0.5, 0.7, 0.9, 1.1, 0.4]).unwrap();
}

/// Arrays whose length is a const parameter, by value and by reference (no `f_gradcheck`:
/// it could not rebuild them from a flat vector).
#[differentiate]
fn ring<const N: usize>(x: [f64; N], w: &[f64; N]) -> f64 {
    let mut s = 0.0;
    for i in 0..N {
        s += w[i] * x[i].sin() * x[(i + 1) % N];
    }
    s
}

#[test]
fn const_generic_arrays() {
    let w = [0.7, -1.2, 0.4, 2.0];
    let x = rng_vec(21, 4, -1.0, 1.0);
    let arr = |p: &[f64]| -> [f64; 4] { p.try_into().unwrap() };
    let (value, gx, gw) = ring_grad(arr(&x), &w);
    assert_eq!(value, ring(arr(&x), &w));
    assert_grad(|p| ring(arr(p), &w), &x, &gx);
    assert_grad(|p| ring(arr(&x), &arr(p)), &w, &gw);
    assert_dot_product(|v| ring_jvp(arr(&x), &w, arr(v), &[0.0; 4]).1, &gx, 22);
    let v = rng_vec(23, 4, -1.0, 1.0);
    let (_, _, _, hx, _) = ring_hvp(arr(&x), &w, arr(&v), &[0.0; 4]);
    assert_hvp(|p| ring_grad(arr(p), &w).1.to_vec(), &x, &v, &hx);
}

/// A local array filled element by element and returned: on dual numbers (callers' `_hvp`)
/// it stays an array (it was lifted to a `Vec`, which did not compile).
#[differentiate]
fn corners(x: &[f64]) -> [f64; 2] {
    let mut out = [0.0; 2];
    out[0] = x[0] * x[1];
    out[1] = x[0].sin();
    out
}

#[differentiate]
fn corners_energy(x: &[f64]) -> f64 {
    let c: [f64; 2] = corners(x);
    c[0] * c[0] + c[1]
}

#[test]
fn returned_local_array() {
    let x = [0.6, -1.3];
    // ȳ·J by hand: J = [[x₁, x₀], [cos x₀, 0]].
    let (y, x_bar) = corners_vjp(&x, [0.5, 2.0]);
    assert_eq!(y, [0.6 * -1.3, 0.6_f64.sin()]);
    assert!((x_bar[0] - (0.5 * -1.3 + 2.0 * 0.6_f64.cos())).abs() < 1e-15);
    assert!((x_bar[1] - 0.5 * 0.6).abs() < 1e-15);
    let (_, g) = corners_energy_grad(&x);
    assert_grad(corners_energy, &x, &g);
    let v = [0.3, 0.9];
    let (_, _, hv) = corners_energy_hvp(&x, &v);
    assert_hvp(|p| corners_energy_grad(p).1, &x, &v, &hv);
}

/// The vector-state simulation of `benches/loops_ratios.rs` (a chain of masses and springs,
/// shared from `benches/loops/mass_chain.rs`).
#[path = "../benches/loops/mass_chain.rs"]
mod mass_chain_bench;

#[test]
fn mass_chain_benchmark_gradient() {
    use mass_chain_bench as m;
    // Central differences and the dot-product test on a small chain and a short run.
    let (k, x0) = (rng_vec(30, 5, 2.0, 4.0), rng_vec(31, 6, -1.0, 1.0));
    let (_, k_bar, x0_bar) = m::mass_chain_grad(&k, &x0, 40);
    let grad: Vec<f64> = k_bar.iter().chain(&x0_bar).copied().collect();
    let point: Vec<f64> = k.iter().chain(&x0).copied().collect();
    assert_grad(|p| m::mass_chain(&p[..5], &p[5..], 40), &point, &grad);
    assert_dot_product(
        |v| m::mass_chain_jvp(&k, &x0, 40, &v[..5], &v[5..]).1,
        &grad,
        32,
    );
    // H·v against differences of gradients.
    let v = rng_vec(35, 11, -1.0, 1.0);
    let (_, _, _, hk, hx) = m::mass_chain_hvp(&k, &x0, 40, &v[..5], &v[5..]);
    let hv: Vec<f64> = hk.into_iter().chain(hx).collect();
    let grad = |p: &[f64]| {
        let (_, gk, gx) = m::mass_chain_grad(&p[..5], &p[5..], 40);
        gk.into_iter().chain(gx).collect()
    };
    assert_hvp(grad, &point, &v, &hv);
    // The benchmark's step count (and 64 masses), against the hand-written adjoints and the
    // `Value` tape.
    let (k, x0) = (rng_vec(33, 63, 2.0, 4.0), rng_vec(34, 64, -1.0, 1.0));
    let (value, k_bar, x0_bar) = m::mass_chain_grad(&k, &x0, 1_000);
    let (mut gk, mut gx) = (vec![0.0; k.len()], vec![0.0; x0.len()]);
    let mut xs = Vec::new();
    let hand = m::mass_chain_grad_hand(&k, &x0, 1_000, &mut xs, &mut gk, &mut gx);
    let mut others = vec![(hand, gk.clone(), gx.clone())];
    let gather = m::mass_chain_grad_gather(&k, &x0, 1_000, &mut xs, &mut gk, &mut gx);
    others.push((gather, gk.clone(), gx.clone()));
    let (mut tape, mut grads) = (autodiff::Tape::new(), autodiff::Gradients::new());
    let args = (&k[..], &x0[..], 1_000);
    let taped = m::mass_chain_grad_tape(&mut tape, &mut grads, args, &mut gk, &mut gx);
    others.push((taped, gk, gx));
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
    for (v, kb, xb) in others {
        assert!(close(v, value), "loss {v} against {value}");
        assert!(kb.iter().zip(&k_bar).all(|(&a, &b)| close(a, b)));
        assert!(xb.iter().zip(&x0_bar).all(|(&a, &b)| close(a, b)));
    }
}

/// Lorenz-96 under a 4D-Var cost (shared from `benches/loops/lorenz96.rs`): a wide step
/// on a ring, its state overwritten every step and read quadratically by the next.
#[path = "../benches/loops/lorenz96.rs"]
mod lorenz96_bench;

#[test]
fn lorenz96_benchmark_gradient() {
    use lorenz96_bench as l;
    // A ring of 6 over 30 steps: central differences, the dot-product test, H·v against
    // differences of gradients. The forcing is the last coordinate.
    let (n, forcing) = (6, 8.0);
    let x0 = rng_vec(70, n, -2.0, 2.0);
    let obs = rng_vec(71, 30 * n, -2.0, 2.0);
    let (_, x0_bar, forcing_bar) = l::lorenz96_grad(&x0, forcing, &obs);
    let grad: Vec<f64> = x0_bar.iter().copied().chain([forcing_bar]).collect();
    let point: Vec<f64> = x0.iter().copied().chain([forcing]).collect();
    assert_grad(|p| l::lorenz96(&p[..n], p[n], &obs), &point, &grad);
    assert_dot_product(
        |v| l::lorenz96_jvp(&x0, forcing, &obs, &v[..n], v[n]).1,
        &grad,
        72,
    );
    let v = rng_vec(73, n + 1, -1.0, 1.0);
    let (_, _, _, hx, hf) = l::lorenz96_hvp(&x0, forcing, &obs, &v[..n], v[n]);
    let hv: Vec<f64> = hx.into_iter().chain([hf]).collect();
    let grad = |p: &[f64]| {
        let (_, gx, gf) = l::lorenz96_grad(&p[..n], p[n], &obs);
        gx.into_iter().chain([gf]).collect()
    };
    assert_hvp(grad, &point, &v, &hv);
    // A ring of 40 over 500 steps, against the hand-written adjoint and the `Value` tape.
    let (n, steps) = (40, 500);
    let x0 = rng_vec(74, n, -2.0, 2.0);
    let obs = rng_vec(75, steps * n, -2.0, 2.0);
    let (value, x0_bar, forcing_bar) = l::lorenz96_grad(&x0, forcing, &obs);
    let mut gx = vec![0.0; n];
    let hand = l::lorenz96_grad_hand(&x0, forcing, &obs, &mut Vec::new(), &mut gx);
    let mut others = vec![(hand, gx.clone())];
    let (mut tape, mut grads) = (autodiff::Tape::new(), autodiff::Gradients::new());
    let taped = l::lorenz96_grad_tape(&mut tape, &mut grads, (&x0, forcing, &obs), &mut gx);
    others.push((taped, gx));
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
    for ((v, fb), xb) in others {
        assert!(close(v, value), "cost {v} against {value}");
        assert!(close(fb, forcing_bar), "F̄ {fb} against {forcing_bar}");
        assert!(xb.iter().zip(&x0_bar).all(|(&a, &b)| close(a, b)));
    }
}

/// A float declared in a loop body and overwritten in inner loops (`y`): each iteration's
/// reverse reads its own `y`, kept when the body ended, so the overwrites that only later
/// statements of the same iteration read save nothing; `y = y * 0.5 + w[j]`, whose reverse
/// reads nothing of `y` either, neither. Split (a tail reading the sum non-linearly) and
/// fused (`f_vjp` of the linear tail).
#[differentiate(wrt(w))]
fn per_sample_split(w: &[f64], data: &[f64], m: usize) -> f64 {
    let n = data.len() / m;
    let mut loss = 0.0;
    for s in 0..n {
        let mut y = 0.0;
        for j in 0..m {
            y += w[j] * data[s * m + j];
        }
        y = y.tanh();
        for j in 0..m {
            y = y * 0.5 + w[j] * y;
        }
        loss += y.sin() * y;
    }
    (1.0 + loss * loss).sqrt()
}

#[differentiate(wrt(w))]
fn per_sample_fused(w: &[f64], data: &[f64], m: usize) -> f64 {
    let n = data.len() / m;
    let mut loss = 0.0;
    for s in 0..n {
        let mut y = 0.0;
        for j in 0..m {
            y += w[j] * data[s * m + j];
        }
        y = y.tanh();
        for j in 0..m {
            y = y * 0.5 + w[j] * y;
        }
        loss += y.sin() * y;
    }
    loss
}

#[test]
fn floats_declared_in_a_loop_body_save_only_what_their_own_iteration_reads() {
    let (m, n) = (3, 4);
    let w = rng_vec(61, m, -1.0, 1.0);
    let data = rng_vec(62, m * n, -1.0, 1.0);
    per_sample_split_gradcheck(&w, &data, m).unwrap();
    per_sample_fused_gradcheck(&w, &data, m).unwrap();
    // √(1 + L²) has the gradient L ∇L / √(1 + L²).
    let (loss, grad) = per_sample_fused_grad(&w, &data, m);
    let (_, split) = per_sample_split_grad(&w, &data, m);
    let scale = loss / (1.0 + loss * loss).sqrt();
    let scaled: Vec<f64> = grad.iter().map(|g| g * scale).collect();
    assert_same_sums(&split, &scaled);
}

/// A parameter typed by an alias the macro cannot see into (`type Vector = Vec<f64>`
/// elsewhere in the crate): indexing and `len` say it is a sequence.
type Vector = Vec<f64>;

#[differentiate]
fn weighted_norm(a: &Vector, w: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += w * a[i] * a[i];
    }
    s.sqrt()
}

#[test]
fn a_sequence_behind_a_type_alias() {
    let a: Vector = vec![0.3, -1.2, 2.0];
    weighted_norm_gradcheck(&a, 1.7).unwrap();
    // ∂/∂aᵢ √(w Σ a²) = w aᵢ / √(w Σ a²)
    let (value, a_bar, _) = weighted_norm_grad(&a, 1.7);
    let expected: Vec<f64> = a.iter().map(|ai| 1.7 * ai / value).collect();
    assert_close(&a_bar, &expected);
}

/// A layer's input copied from the state, as stacked recurrent layers do:
/// `copy_from_slice` of a part, and a part's `to_vec()`.
#[differentiate(wrt(x))]
fn stacked_input(x: &[f64], h: usize) -> f64 {
    let mut input = [0.0; 2];
    input.copy_from_slice(&x[h..h + 2]);
    let tail = x[h..].to_vec();
    input[0] * input[1] + tail[tail.len() - 1] * 3.0
}

/// At x = (0.5, −1, 2, 0.25), h = 1: input = (−1, 2), tail = (−1, 2, 0.25),
/// f = −2 + 0.75; ∇f = (0, input₁, input₀, 3) = (0, 2, −1, 3).
#[test]
fn copy_from_slice_and_a_parts_to_vec() {
    let x = [0.5, -1.0, 2.0, 0.25];
    let (f, g) = stacked_input_grad(&x, 1);
    assert_eq!(f, -1.25);
    assert_eq!(g, vec![0.0, 2.0, -1.0, 3.0]);
    stacked_input_gradcheck(&x, 1).unwrap();
    let (_, _, hv) = stacked_input_hvp(&x, 1, &[0.0, 1.0, 0.0, 0.0]);
    // ∂²f/∂x₁∂x₂ = 1: H·e₁ = e₂.
    assert_eq!(hv, vec![0.0, 0.0, 1.0, 0.0]);
}

/// `copy_from_slice` inside a loop and from a whole slice parameter (both rustc errors about
/// generated code before, found by a reviewer): s = Σₖ x[k]·x[k+1] over k = 0, 1, then
/// f = s + Σ y² with y = x: ∇f = (x₁, x₀ + x₂, x₁) + 2x.
#[differentiate]
fn windows_copied(x: &[f64]) -> f64 {
    let mut y = [0.0; 2];
    let mut s = 0.0;
    for k in 0..2 {
        y.copy_from_slice(&x[k..k + 2]);
        s += y[0] * y[1];
    }
    let mut z = vec![0.0; x.len()];
    z.copy_from_slice(x);
    s + z.iter().map(|v| v * v).sum::<f64>()
}

#[test]
fn copy_from_slice_in_a_loop_and_from_a_parameter() {
    let x = [0.5, -1.5, 2.0];
    let (f, g) = windows_copied_grad(&x);
    assert!((f - (x[0] * x[1] + x[1] * x[2] + x.iter().map(|v| v * v).sum::<f64>())).abs() < 1e-12);
    let want = [
        x[1] + 2.0 * x[0],
        x[0] + x[2] + 2.0 * x[1],
        x[1] + 2.0 * x[2],
    ];
    for i in 0..3 {
        assert!((g[i] - want[i]).abs() < 1e-12, "{g:?}");
    }
    windows_copied_gradcheck(&x).unwrap();
}

/// `(a..b).rev().step_by(k)`: from `b − 1` down, every `k`-th index, the bound read once.
#[differentiate]
fn every_other_from_the_top(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in (0..x.len()).rev().step_by(2) {
        s = s * 0.5 + x[i] * x[i];
    }
    s
}

#[differentiate]
fn every_third_from_the_top_inclusive(x: &[f64], lo: usize) -> f64 {
    let mut hi = x.len() - 1;
    let mut s = 0.0;
    for i in (lo..=hi).rev().step_by(3) {
        s += x[i] * (i as f64 + 1.0);
        // Rust read `hi` once, before the loop: changing it here changes nothing.
        hi = 0;
    }
    s + hi as f64
}

#[test]
fn reversed_then_stepped_ranges() {
    let x = [1.0, 2.0, 3.0, -0.5, 0.25];
    // Indices 4, 2, 0: s = ((x4²)·0.5 + x2²)·0.5 + x0².
    let (v, g) = every_other_from_the_top_grad(&x);
    assert_eq!(v, (0.0625 * 0.5 + 9.0) * 0.5 + 1.0);
    assert_eq!(g, vec![2.0, 0.0, 3.0, 0.0, 0.125]);
    every_other_from_the_top_gradcheck(&x).unwrap();
    // Indices 4 and 1 of lo..=4 with lo = 1: s = 5·x4 + 2·x1.
    let (v, g) = every_third_from_the_top_inclusive_grad(&x, 1);
    assert_eq!(v, 5.0 * 0.25 + 2.0 * 2.0);
    assert_eq!(g, vec![0.0, 2.0, 0.0, 0.0, 5.0]);
    // An empty range: lo above hi.
    assert_eq!(
        every_third_from_the_top_inclusive_grad(&x, 5).1,
        vec![0.0; 5]
    );
    assert_eq!(every_other_from_the_top_grad(&[]).1, Vec::<f64>::new());
}

/// `swap`, `reverse` and `extend_from_slice` on a local copy: the element moves.
#[differentiate]
fn moved_elements(x: &[f64], w: &[f64]) -> f64 {
    let mut y = x.to_vec();
    y.swap(0, 2);
    y.reverse();
    y.extend_from_slice(w);
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * (i as f64 + 1.0);
    }
    s * y[0]
}

#[test]
fn swapped_reversed_and_extended() {
    let (x, w) = ([0.3, -0.4, 0.8, 1.5], [2.0, -1.0]);
    // y = [x2, x1, x0, x3] reversed = [x3, x0, x1, x2], then w0, w1:
    // s = x3 + 2x0 + 3x1 + 4x2 + 5w0 + 6w1, f = s·x3.
    let s = x[3] + 2.0 * x[0] + 3.0 * x[1] + 4.0 * x[2] + 5.0 * w[0] + 6.0 * w[1];
    let (v, gx, gw) = moved_elements_grad(&x, &w);
    assert!((v - s * x[3]).abs() < 1e-14);
    let expected_x = [2.0 * x[3], 3.0 * x[3], 4.0 * x[3], s + x[3]];
    for (g, e) in gx.iter().zip(expected_x) {
        assert!((g - e).abs() < 1e-14);
    }
    assert!((gw[0] - 5.0 * x[3]).abs() < 1e-14 && (gw[1] - 6.0 * x[3]).abs() < 1e-14);
    moved_elements_gradcheck(&x, &w).unwrap();
}

/// A delay line's shift, `rotate_right`, and its inverse `rotate_left`, on a local copy and
/// on the state of a `&mut self` filter step.
#[differentiate]
fn rotated(x: &[f64], k: usize) -> f64 {
    let mut y = x.to_vec();
    y.rotate_right(k);
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * (i as f64 + 1.0);
    }
    y.rotate_left(1);
    s * y[0]
}

#[derive(autodiff::Differentiable)]
struct DelayLine {
    taps: Vec<f64>,
    buffer: Vec<f64>,
}

impl DelayLine {
    /// y = Σ tapsᵢ · bufferᵢ after shifting the input in.
    #[differentiate]
    fn step(&mut self, input: f64) -> f64 {
        self.buffer.rotate_right(1);
        self.buffer[0] = input;
        let mut y = 0.0;
        for i in 0..self.taps.len() {
            y += self.taps[i] * self.buffer[i];
        }
        y
    }
}

#[test]
fn rotated_left_and_right() {
    let x = [0.3, -0.4, 0.8, 1.5];
    // rotate_right(1): y = [x3, x0, x1, x2]; s = x3 + 2x0 + 3x1 + 4x2; then rotate_left(1)
    // puts x0 first: f = s·x0.
    let s = x[3] + 2.0 * x[0] + 3.0 * x[1] + 4.0 * x[2];
    let (v, g) = rotated_grad(&x, 1);
    assert!((v - s * x[0]).abs() < 1e-14);
    let expected = [s + 2.0 * x[0], 3.0 * x[0], 4.0 * x[0], x[0]];
    for (g, e) in g.iter().zip(expected) {
        assert!((g - e).abs() < 1e-14);
    }
    rotated_gradcheck(&x, 3).unwrap();
    // The filter: y = t0·u + t1·b0 + t2·b1, so ∂y/∂u = t0, and the state moves one along.
    let mut line = DelayLine {
        taps: vec![0.5, -0.25, 2.0],
        buffer: vec![1.0, 3.0, -7.0],
    };
    let (y, _, u_bar) = line.step_grad(4.0);
    assert_eq!(y, 0.5 * 4.0 - 0.25 * 1.0 + 2.0 * 3.0);
    assert_eq!(u_bar, 0.5);
    assert_eq!(line.buffer, vec![4.0, 1.0, 3.0]);
}

/// `extend` by an iterator chain and by literals (`&[…]`, `vec![…]`), `extend_from_slice`
/// of a literal: a push of each item.
#[differentiate]
fn extended_by_chains(x: &[f64]) -> f64 {
    let mut v = Vec::new();
    v.extend(x.iter().map(|a| a * a));
    v.extend(x.iter().rev().copied());
    v.extend(&[1.0, 2.0]);
    v.extend_from_slice(&[x[1] * 2.0, 3.0]);
    v.extend(vec![x[0], x[1] * x[0]]);
    let mut s = 0.0;
    for (i, e) in v.iter().enumerate() {
        s += e * (i as f64 + 1.0);
    }
    s
}

#[test]
fn extended_by_an_iterator_chain() {
    let x = [1.0, 2.0];
    // v = [x0², x1², x1, x0, 1, 2, 2x1, 3, x0, x1x0]:
    // s = x0² + 2x1² + 3x1 + 4x0 + 5 + 12 + 14x1 + 24 + 9x0 + 10x0x1.
    let (v, g) = extended_by_chains_grad(&x);
    assert_eq!(
        v,
        1.0 + 8.0 + 6.0 + 4.0 + 5.0 + 12.0 + 28.0 + 24.0 + 9.0 + 20.0
    );
    assert_eq!(
        g,
        vec![
            2.0 * x[0] + 4.0 + 9.0 + 10.0 * x[1],
            4.0 * x[1] + 3.0 + 14.0 + 10.0 * x[0]
        ]
    );
    extended_by_chains_gradcheck(&x).unwrap();
}

/// `(1..=5).rev().step_by(2)` with untyped bounds, whose type the loop variable's use
/// decides (`powi` takes an `i32`).
#[differentiate]
fn odd_powers_from_the_top(x: f64) -> f64 {
    let mut s = 0.0;
    for k in (1..=5).rev().step_by(2) {
        s += x.powi(k);
    }
    s
}

#[test]
fn reversed_and_stepped_bounds_typed_by_their_use() {
    let x = 0.7f64;
    let (v, d) = odd_powers_from_the_top_grad(x);
    assert!((v - (x.powi(5) + x.powi(3) + x)).abs() < 1e-15);
    assert!((d - (5.0 * x.powi(4) + 3.0 * x * x + 1.0)).abs() < 1e-14);
    odd_powers_from_the_top_gradcheck(x).unwrap();
}

/// Consecutive indices as two ranges zipped, `(0..n).zip(1..n)`, as rebalancing code walks
/// neighbouring entries.
#[differentiate]
fn neighbour_growth(x: &[f64]) -> f64 {
    let mut total = 0.0;
    for (prev, cur) in (0..x.len()).zip(1..x.len()) {
        total += x[cur] / x[prev];
    }
    total
}

/// An array's entries with their indices (`indexed_iter()`), of a vector and of a matrix.
#[differentiate]
fn log_likelihood_at(p: &autodiff::ndarray::Array1<f64>, label: usize) -> f64 {
    let mut total = 0.0;
    for (index, &v) in p.indexed_iter() {
        if index == label {
            total -= v.ln();
        }
    }
    total
}

#[differentiate]
fn weighted_by_position(m: &autodiff::ndarray::Array2<f64>) -> f64 {
    let mut total = 0.0;
    for ((i, j), &v) in m.indexed_iter() {
        total += (i as f64 + 2.0 * j as f64) * v * v;
    }
    total
}

#[test]
fn zipped_ranges_and_indexed_entries() {
    use autodiff::ndarray::array;
    // Σ x[k+1]/x[k]: ∂/∂x0 = -x1/x0², ∂/∂x1 = 1/x0 - x2/x1², ∂/∂x2 = 1/x1.
    let (v, g) = neighbour_growth_grad(&[2.0, 4.0, 2.0]);
    assert_eq!(v, 2.5);
    assert_eq!(g, vec![-1.0, 0.5 - 0.125, 0.25]);
    neighbour_growth_gradcheck(&[1.5, 2.5, 0.7, 3.0]).unwrap();
    let p = array![0.2, 0.5, 0.3];
    let (v, p_bar) = log_likelihood_at_grad(&p, 1);
    assert_eq!((v, p_bar), (-(0.5f64.ln()), array![0.0, -2.0, 0.0]));
    let m = array![[1.0, 2.0], [3.0, 4.0]];
    // weight (i + 2j): [[0, 2], [1, 3]]; ∂/∂m = 2 w m.
    let (v, m_bar) = weighted_by_position_grad(&m);
    assert_eq!(v, 2.0 * 4.0 + 9.0 + 3.0 * 16.0);
    assert_eq!(m_bar, array![[0.0, 8.0], [6.0, 24.0]]);
    weighted_by_position_gradcheck(&m).unwrap();
}

/// dbsampler's `ddot` (antonio-leitao/dbsampler, `src/linalg.rs`), as written: slices cut to
/// a common length, walked eight entries at a time by narrowing them (`x = &x[8..]`), then
/// what is left by a fold. The derivatives read them through an offset.
use std::cmp;
// Shift slices in place and add 8 elements at a time.
#[differentiate]
pub fn ddot(x: &[f64], y: &[f64]) -> f64 {
    let n = cmp::min(x.len(), y.len());
    let (mut x, mut y) = (&x[..n], &y[..n]);

    let mut sum = 0.0;
    while x.len() >= 8 {
        sum += x[0] * y[0]
            + x[1] * y[1]
            + x[2] * y[2]
            + x[3] * y[3]
            + x[4] * y[4]
            + x[5] * y[5]
            + x[6] * y[6]
            + x[7] * y[7];
        x = &x[8..];
        y = &y[8..];
    }

    // Take care of any left over elements (if len is not divisible by 8).
    x.iter()
        .zip(y.iter())
        .fold(sum, |sum, (&ex, &ey)| sum + (ex * ey))
}

/// A slice parameter narrowed by a step that reads its length, and lent to a helper.
#[differentiate]
fn tail_weighted(mut x: &[f64], k: f64) -> f64 {
    let mut total = 0.0;
    while !x.is_empty() {
        total += k * x[0] * x.len() as f64;
        x = &x[if x.len() > 2 { 2 } else { 1 }..];
    }
    total + sum_of_squares(x)
}

#[differentiate]
fn sum_of_squares(v: &[f64]) -> f64 {
    v.iter().map(|a| a * a).sum()
}

#[test]
fn slices_narrowed_as_they_are_walked() {
    let x: Vec<f64> = (0..19).map(|i| 0.3 + 0.17 * i as f64).collect();
    let y: Vec<f64> = (0..21).map(|i| (0.7 * i as f64).sin() + 0.2).collect();
    for (xs, ys) in [(&x[..], &y[..]), (&x[..5], &y[..5]), (&x[..16], &y[..])] {
        // ∂/∂xᵢ = yᵢ and ∂/∂yᵢ = xᵢ for i < n = min(len x, len y), 0 beyond.
        let (v, x_bar, y_bar) = ddot_grad(xs, ys);
        assert_eq!(v.to_bits(), ddot(xs, ys).to_bits());
        let n = xs.len().min(ys.len());
        for i in 0..xs.len() {
            assert_eq!(x_bar[i], if i < n { ys[i] } else { 0.0 });
        }
        for i in 0..ys.len() {
            assert_eq!(y_bar[i], if i < n { xs[i] } else { 0.0 });
        }
        ddot_gradcheck(xs, ys).unwrap();
    }
    // Steps of 2 from 5 entries: x₀·5, x₂·3, x₄·1 (the last step of 1), nothing left.
    let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
    let (v, x_bar, k_bar) = tail_weighted_grad(&xs, 2.0);
    assert_eq!(v, tail_weighted(&xs, 2.0));
    assert_eq!(x_bar, vec![10.0, 0.0, 6.0, 0.0, 2.0]);
    assert_eq!(k_bar, 5.0 + 9.0 + 5.0);
    tail_weighted_gradcheck(&[0.5, -1.0, 2.0, 0.25], 1.5).unwrap();
}

/// An integer stepped by a value bound in the loop's body (`k += if … { 2 } else { 1 }`):
/// the reverse sweep restores `k` from its tape, since the step may differ from turn to turn.
#[differentiate]
fn every_other_while_long(x: &[f64]) -> f64 {
    let mut k = 0usize;
    let mut t = 0.0;
    while k < x.len() {
        t += x[k] * x[k];
        let step = if x.len() - k > 2 { 2 } else { 1 };
        k += step;
    }
    t
}

#[test]
fn an_integer_stepped_by_a_value_of_the_turn() {
    // Read: x₀, x₂, x₄ (5 − 4 = 1 is not more than 2: step 1), so ∂/∂xᵢ = 2xᵢ there.
    let x = [1.0, 2.0, 3.0, 4.0, 5.0];
    let (v, g) = every_other_while_long_grad(&x);
    assert_eq!(v, 1.0 + 9.0 + 25.0);
    assert_eq!(g, vec![2.0, 0.0, 6.0, 0.0, 10.0]);
}

/// A narrowed slice read at computed indices (`x[i >> 1]`: the offset is added to the
/// whole index), checked in an assertion, walked by `for`, asked its `first()`, and a
/// narrowed parameter `wrt` leaves out.
#[differentiate]
fn narrowed_reads(mut x: &[f64]) -> f64 {
    x = &x[2..];
    assert!(x.len() >= 2, "{} left", x.len());
    let mut s = 0.0;
    for i in 0..2 {
        s += x[i >> 1] * x[i & 1] + x[i | 1];
    }
    for v in x {
        s += v * v;
    }
    s + x.first().unwrap()
}

#[differentiate(wrt(x))]
fn narrowed_beside_a_constant(mut x: &[f64], mut y: &[f64]) -> f64 {
    let mut s = 0.0;
    while !x.is_empty() {
        s += x[0] * y[0] * x[0];
        x = &x[1..];
        y = &y[1..];
    }
    s
}

#[test]
fn narrowed_slices_read_every_way() {
    // With a = x₂, b = x₃: f = (a² + b) + (ab + b) + (a² + b²) + a = 2a² + ab + b² + a + 2b.
    let x = [0.7, -1.3, 0.4, 1.1];
    let (a, b) = (0.4, 1.1);
    let (v, g) = narrowed_reads_grad(&x);
    assert!((v - (2.0 * a * a + a * b + b * b + a + 2.0 * b)).abs() < 1e-12);
    assert_eq!(v, narrowed_reads(&x));
    let expected = [0.0, 0.0, 4.0 * a + b + 1.0, a + 2.0 * b + 2.0];
    for (gi, ei) in g.iter().zip(expected) {
        assert!((gi - ei).abs() < 1e-12, "{g:?}");
    }
    narrowed_reads_gradcheck(&x).unwrap();
    // f = Σ xᵢ² yᵢ: ∂/∂xᵢ = 2 xᵢ yᵢ.
    let (v, g) = narrowed_beside_a_constant_grad(&[1.0, 2.0], &[3.0, 4.0]);
    assert_eq!((v, g), (19.0, vec![6.0, 16.0]));
}
