//! Calls between differentiated functions (split: each callee's forward runs once), calls
//! in loops, and custom rules written by hand.

// The differentiated subset indexes in loops (iterator chains come in a later version).
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use common::*;

#[differentiate]
fn inner(a: f64, b: f64) -> f64 {
    a * b.sin()
}

#[differentiate]
fn middle(x: f64) -> f64 {
    let t = inner(x, x * 2.0);
    t * t + inner(1.5, x)
}

#[differentiate]
fn outer(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += middle(x[i]) * (i as f64 + 1.0);
    }
    s
}

#[test]
fn nested_calls_and_calls_in_loops() {
    let x = [0.3, -0.6, 1.1];
    let (_, grad) = outer_grad(&x);
    assert_grad(outer, &x, &grad);
    assert_dot_product(|v| outer_jvp(&x, v).1, &grad, 9);
    let v = [0.5, 1.0, -0.25];
    let (_, _, hv) = outer_hvp(&x, &v);
    assert_hvp(|p| outer_grad(p).1, &x, &v, &hv);
}

#[differentiate]
fn norm(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s.sqrt()
}

#[differentiate]
fn normalized_sum(x: &[f64], w: f64) -> f64 {
    let n = norm(x);
    let scaled = vec![w; 2];
    let m = norm(&scaled);
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] / n;
    }
    s * m
}

#[test]
fn calls_with_slice_arguments() {
    let x = [1.0, 2.0, -0.5];
    let (_, gx, gw) = normalized_sum_grad(&x, 0.7);
    let f = |v: &[f64]| normalized_sum(&v[..3], v[3]);
    let all: Vec<f64> = gx.iter().copied().chain([gw]).collect();
    assert_grad(f, &[1.0, 2.0, -0.5, 0.7], &all);
}

use autodiff::num_traits::Float;

/// A custom rule: `softplus` written by hand with a numerically stable derivative. It is
/// generic over the float type, so callers' `_hvp` can run it on dual numbers.
#[differentiate(custom)]
fn softplus<T: Float>(x: T) -> T {
    if x > T::from(30.0).unwrap() {
        x
    } else {
        x.exp().ln_1p()
    }
}

fn softplus_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
    (softplus(x), x_dot * sigmoid(x))
}

fn softplus_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    (softplus(x), dout * sigmoid(x))
}

fn sigmoid<T: Float>(x: T) -> T {
    T::one() / (T::one() + (-x).exp())
}

#[differentiate]
fn uses_custom(x: f64, y: f64) -> f64 {
    softplus(x * y) + softplus(100.0 * x)
}

#[test]
fn custom_rules_are_called_like_generated_ones() {
    for (x, y) in [(0.5, 2.0), (-1.0, 0.3), (0.4, -3.0)] {
        let (_, dx, dy) = uses_custom_grad(x, y);
        let s = sigmoid(x * y);
        assert!((dx - (y * s + 100.0 * sigmoid(100.0 * x))).abs() < 1e-12);
        assert!((dy - x * s).abs() < 1e-12);
        assert_dot_product(|v| uses_custom_jvp(x, y, v[0], v[1]).1, &[dx, dy], 10);
        let grad = |p: &[f64]| {
            let (_, a, b) = uses_custom_grad(p[0], p[1]);
            vec![a, b]
        };
        let (_, _, _, hx, hy) = uses_custom_hvp(x, y, 0.5, 1.0);
        assert_hvp(grad, &[x, y], &[0.5, 1.0], &[hx, hy]);
    }
}

/// A chain of eight nested calls: each forward pass runs once.
#[differentiate]
fn c1(x: f64) -> f64 {
    x.sin() + 1.0
}
#[differentiate]
fn c2(x: f64) -> f64 {
    c1(x) * c1(x + 1.0)
}
#[differentiate]
fn c3(x: f64) -> f64 {
    c2(x) * c2(x * 0.5)
}
#[differentiate]
fn c4(x: f64) -> f64 {
    c3(x).sqrt()
}

#[test]
fn deep_call_chains() {
    for x in [0.1, 0.9, 2.0] {
        let (_, d) = c4_grad(x);
        assert_grad(|v| c4(v[0]), &[x], &[d]);
        let (_, _, h) = c4_hvp(x, 1.0);
        assert_hvp(|p| vec![c4_grad(p[0]).1], &[x], &[1.0], &[h]);
    }
}

#[test]
fn generated_gradchecks_pass_on_correct_derivatives() {
    outer_gradcheck(&[0.3, -0.6, 1.1]).unwrap();
    normalized_sum_gradcheck(&[1.0, 2.0, -0.5], 0.7).unwrap();
    uses_custom_gradcheck(0.5, 2.0).unwrap();
    c4_gradcheck(0.9).unwrap();
}

/// A custom rule with a deliberate mistake in its reverse mode: `f_gradcheck` must catch it.
#[differentiate(custom)]
fn bad_square<T: Float>(x: T) -> T {
    x * x
}

fn bad_square_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
    (x * x, (x + x) * x_dot)
}

fn bad_square_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    (x * x, (x + x + x) * dout)
}

#[differentiate]
fn uses_bad(x: f64, y: f64) -> f64 {
    bad_square(x) + y
}

#[test]
fn generated_gradchecks_name_the_wrong_parameter() {
    let report = uses_bad_gradcheck(1.5, 2.0).unwrap_err();
    assert_eq!(report.label(), Some("x"));
    let text = report.to_string();
    assert!(
        text.contains("x[0]") && text.contains("4.5") && text.contains("3"),
        "{text}"
    );
}

/// The same mistake reached through a function generic over its float type: its
/// `f_gradcheck` runs at `f64`.
#[differentiate]
fn uses_bad_generic<T: Float>(x: T, y: &[T]) -> T {
    bad_square(x) * y[0] + y[1]
}

/// Every parameter shape of a generic function, checked at `f64`: scalar, slice, `&Vec`,
/// owned `Vec`, array; a constant integer passes through.
#[allow(clippy::ptr_arg)] // `&Vec<T>` is the shape under test
#[differentiate]
fn generic_shapes<T: Float>(a: T, s: &[T], v: &Vec<T>, o: Vec<T>, r: [T; 2], n: usize) -> T {
    let mut acc = a.sin() * r[0] - r[1] * r[1];
    for i in 0..n {
        acc = acc + s[i] * v[i] * o[i].exp() + softplus(a * s[i]);
    }
    acc
}

#[test]
fn generic_functions_are_checked_at_f64() {
    let (s, v, o) = (
        vec![0.3, -0.7, 1.1],
        vec![0.5, 0.2, -0.4],
        vec![0.1, 0.9, -0.3],
    );
    generic_shapes_gradcheck(0.8, &s, &v, o, [1.5, -0.5], 3).unwrap();
    let report = uses_bad_generic_gradcheck(1.5, &[2.0, 1.0]).unwrap_err();
    assert_eq!(report.label(), Some("x"));
}

/// A bound that `f64` does not meet: `f_gradcheck` (which needs `T: AtF64`) still compiles,
/// the function's other derivatives work at the type that meets it, and so does the check,
/// at `f32`.
trait SinglePrecision {}
impl SinglePrecision for f32 {}

#[differentiate]
fn single_only<T: Float + SinglePrecision>(x: T) -> T {
    x * x.cos()
}

#[test]
fn a_bound_f64_does_not_meet_leaves_the_other_derivatives_usable() {
    let (_, dx) = single_only_grad(0.5f32);
    assert!((dx - (0.5f32.cos() - 0.5 * 0.5f32.sin())).abs() < 1e-6);
    single_only_gradcheck(0.5f32).unwrap();
}

/// Functions computing in `f32`: checked from `f64` points with `f32` steps
/// (`∛ε₃₂`, where `f64`'s would drown in `f32` rounding) and `Tolerance::for_f32()`.
#[allow(clippy::ptr_arg)] // `&Vec<f32>` is a shape under test
#[differentiate]
fn rosenbrock32(x: &[f32], v: &Vec<f32>, r: [f32; 2], scale: f32) -> f32 {
    let mut s = r[0] * r[1].sin();
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = v[i] - x[i];
        s += scale * a * a + b * b;
    }
    s
}

#[differentiate]
fn uses_bad32(x: f32, y: f32) -> f32 {
    bad_square(x) + y
}

#[test]
fn f32_functions_are_checked_with_f32_steps() {
    let (x, v) = ([0.5f32, -1.2, 0.8], vec![0.3f32, 0.1]);
    rosenbrock32_gradcheck(&x, &v, [0.7, -0.4], 10.0).unwrap();
    let strict = autodiff::Tolerance::new(0.0, 0.0);
    assert!(rosenbrock32_gradcheck_with(&x, &v, [0.7, -0.4], 10.0, strict).is_err());
    // The custom rule's wrong reverse (3x for 2x) is caught at f32's tolerance too.
    let report = uses_bad32_gradcheck(1.5, 2.0).unwrap_err();
    assert_eq!(report.label(), Some("x"));
    // A generic function, checked at `T = f32`.
    let (s, w, o) = (
        vec![0.3f32, -0.7, 1.1],
        vec![0.5f32, 0.2, -0.4],
        vec![0.1f32, 0.9, -0.3],
    );
    generic_shapes_gradcheck(0.8f32, &s, &w, o, [1.5, -0.5], 3).unwrap();
    let report = uses_bad_generic_gradcheck(1.5f32, &[2.0, 1.0]).unwrap_err();
    assert_eq!(report.label(), Some("x"));
}

#[differentiate]
fn weighted(x: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * w[i] * x[i];
    }
    s
}

/// `w` is inactive here but active in the callee: the dual twin lifts it.
#[differentiate(wrt(x))]
fn calls_with_inactive_slice(x: &[f64], w: &[f64]) -> f64 {
    let v = x.to_vec();
    weighted(&v, w) + weighted(x, &v)
}

#[test]
fn inactive_arguments_of_active_callees() {
    calls_with_inactive_slice_gradcheck(&[0.5, -1.0, 2.0], &[1.0, 2.0, 3.0]).unwrap();
}

// ---- callees declared with `wrt(…)` ---------------------------------------------------

#[differentiate(wrt(a))]
fn scaled(a: f64, b: f64) -> f64 {
    a * b
}

/// A callee whose `wrt` leaves `b` out, called with a constant there.
#[differentiate]
fn calls_scaled(x: f64) -> f64 {
    scaled(x, 2.0)
}

/// `wrt` leaves out a scalar `c` and the slice `ys`: constants, for callers too.
#[differentiate(wrt(xs))]
fn mixes(xs: &[f64], c: f64, ys: &[f64], n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += (xs[i] * c).sin() + xs[i] * ys[i] * ys[i];
    }
    s
}

/// Constants for `c` and `ys`: literals, a local without derivatives, a parameter `wrt`
/// leaves out.
#[differentiate(wrt(x, w))]
fn calls_mixes(x: &[f64], w: f64, data: &[f64]) -> f64 {
    let ys = vec![0.5, 1.5, 1.0];
    mixes(x, 0.7, &ys, 3) * w + mixes(x, data[0], data, 2)
}

/// A value with a derivative, made a constant by `stop_gradient`.
#[differentiate]
fn calls_mixes_stopped(x: &[f64], w: f64) -> f64 {
    let ys = vec![1.0, 2.0];
    mixes(x, autodiff::stop_gradient(w.cos()), &ys, 2)
}

/// A `wrt` caller of a `wrt` callee, the callee returning a `Vec`; the caller's own
/// inactive parameter `v` goes to the parameter `spread` leaves out.
#[differentiate(wrt(b))]
fn spread(a: f64, b: f64, n: usize) -> Vec<f64> {
    let mut out = vec![0.0; n];
    for i in 0..n {
        out[i] = a * (i as f64) + b * b;
    }
    out
}

#[differentiate(wrt(u))]
fn calls_spread(u: f64, v: f64) -> f64 {
    let s: Vec<f64> = spread(v, u, 3);
    s[0] + s[1] * s[2] * u
}

/// A custom rule declared with `wrt`: `c` is a constant of its derivatives.
#[differentiate(custom, wrt(x))]
fn scale_by<T: Float>(x: T, c: T) -> T {
    x * c
}

fn scale_by_jvp<T: Float>(x: T, c: T, x_dot: T) -> (T, T) {
    (x * c, x_dot * c)
}

fn scale_by_vjp<T: Float>(x: T, c: T, dout: T) -> (T, T) {
    (x * c, dout * c)
}

#[differentiate]
fn calls_scale_by(x: f64) -> f64 {
    scale_by(x * x, 3.0)
}

#[test]
fn callees_declared_with_wrt() {
    calls_scale_by_gradcheck(0.7).unwrap();
    calls_scaled_gradcheck(0.7).unwrap();
    assert_eq!(calls_scaled_grad(0.7), (1.4, 2.0));
    calls_mixes_gradcheck(&[0.3, -0.8, 1.2], 0.6, &[1.0, 2.0, 3.0]).unwrap();
    let (x, w, data) = ([0.3, -0.8, 1.2], 0.6, [1.0, 2.0, 3.0]);
    // `stop_gradient`: no derivative through `w.cos()`, so none for `w` at all.
    let (_, _, dw) = calls_mixes_stopped_grad(&x, w);
    assert_eq!(dw, 0.0);
    calls_spread_gradcheck(0.4, 1.3).unwrap();
    calls_spread_gradcheck(-0.9, 0.2).unwrap();
    // The callees' own items still differentiate only what `wrt` names.
    let (_, da) = scaled_grad(0.7, 2.0);
    let (_, _, hv) = scaled_hvp(0.7, 2.0, 1.0);
    assert_eq!((da, hv), (2.0, 0.0));
    let (_, dxs) = mixes_grad(&x, 0.6, &data, 3);
    let (_, t) = mixes_jvp(&x, 0.6, &data, 3, &[1.0, 0.0, 0.0]);
    assert!((t - dxs[0]).abs() < 1e-12);
    let (_, db) = spread_vjp(0.5, 1.5, 2, vec![1.0, 1.0]);
    assert_eq!(db, 6.0);
}

// ---- accumulators lent to callees -----------------------------------------------------
// A caller lends the adjoint of a sequence it passes to the callee's pullback, which adds
// into it: every way a sequence reaches a callee must still add up.

#[differentiate]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i] * b[i];
    }
    s
}

/// A callee that overwrites its sequence parameter: its reverse takes and clears adjoint
/// elements, so it cannot start from the caller's accumulator.
#[differentiate]
fn damp(mut v: Vec<f64>, k: f64) -> f64 {
    for i in 0..v.len() {
        v[i] = v[i] * k + 0.5 * v[i] * v[i];
    }
    v[0] * v[1] + v[2]
}

#[differentiate]
fn sum3(a: &[f64; 3]) -> f64 {
    a[0] * a[1] + a[2].sin()
}

#[differentiate]
fn lends(x: &[f64], k: f64) -> f64 {
    // the same vector twice, a local vector, a copy into an owned parameter
    let v = vec![x[0] * k, x[1], x[2] + k];
    let mut s = dot(x, x) + dot(&v, x) + damp(x.to_vec(), k) + damp(v.clone(), 0.5);
    // an array where an array is taken, and where a slice is taken
    let a = [x[2], k, x[0]];
    s += sum3(&a) + dot(&a, x);
    // an argument that is no variable
    s += dot(&[k, k * k, 1.0], x);
    // calls in a loop: each iteration's pullback lends the same adjoint
    for i in 0..2 {
        s += dot(x, &v) * (i as f64 + 1.0);
    }
    s
}

#[differentiate]
fn lends_in_chain(x: &[f64]) -> f64 {
    let w = vec![x[1], x[2], x[0]];
    lends(&w, x[0]) * lends(x, 0.3)
}

#[test]
fn accumulators_lent_to_callees() {
    let x = [0.3, -0.7, 1.1];
    lends_gradcheck(&x, 0.8).unwrap();
    lends_in_chain_gradcheck(&x).unwrap();
    // The user's items lend nothing: the same gradients as the callers' entry point.
    let (_, g) = lends_in_chain_grad(&x);
    let (_, pb) = lends_in_chain::pullback_all(&x);
    let (lent,) = pb(&x, 1.0, vec![1.0, 2.0, 3.0]);
    for i in 0..3 {
        assert!((lent[i] - (g[i] + (i + 1) as f64)).abs() < 1e-12);
    }
    let (_, pb) = lends_in_chain::pullback_all(&x);
    assert_eq!(pb(&x, 1.0, Vec::new()).0, g);
}

#[differentiate]
fn sum_of_squares_owned(v: Vec<f64>) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s
}

#[differentiate]
fn doubled(x: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; x.len()];
    for i in 0..x.len() {
        out[i] = 2.0 * x[i];
    }
    out
}

// A local `Vec` moved into a callee that takes it by value.
#[differentiate]
fn moves_a_local(x: &[f64]) -> f64 {
    let w = x.to_vec();
    sum_of_squares_owned(w)
}

// A call returning a `Vec`, bound without a type: indexing it says it is a sequence.
#[differentiate]
fn untyped_sequence_result(x: &[f64]) -> f64 {
    let d = doubled(x);
    d[0] * d[1] + d.len() as f64
}

#[test]
fn locals_moved_into_callees_and_untyped_sequence_results() {
    let x = [1.0, 2.0, -0.5];
    let (value, g) = moves_a_local_grad(&x);
    assert_eq!(value, 5.25);
    assert_eq!(g, vec![2.0, 4.0, -1.0]);
    // d₀d₁ = 4 x₀x₁: gradient (4x₁, 4x₀, 0).
    let (value, g) = untyped_sequence_result_grad(&x);
    assert_eq!(value, 8.0 + 3.0);
    assert_eq!(g, vec![8.0, 4.0, 0.0]);
    assert_grad(untyped_sequence_result, &x, &g);
    let (_, jv) = untyped_sequence_result_jvp(&x, &[1.0, 0.0, 0.0]);
    assert_eq!(jv, 8.0);
}

// A name indexed as a slice before it is rebound to an untyped float call result: only the
// uses after the `let` say what the result is.
#[differentiate]
fn rebinds_a_slice_name(x: &[f64]) -> f64 {
    let a = x[0];
    let x = inner(a, 2.0);
    x * 3.0
}

#[test]
fn an_earlier_use_of_the_name_does_not_decide_a_call_result() {
    let (value, g) = rebinds_a_slice_name_grad(&[0.5, 1.0]);
    assert_eq!(value, rebinds_a_slice_name(&[0.5, 1.0]));
    assert_grad(rebinds_a_slice_name, &[0.5, 1.0], &g);
}

#[differentiate]
fn square_of_ref(x: &f64) -> f64 {
    x * x
}

// A callee taking `&f64`, called with a reference to a local and to a parameter.
#[differentiate]
fn calls_by_reference(y: f64) -> f64 {
    let a = y + 1.0;
    square_of_ref(&a) + 3.0 * square_of_ref(&y)
}

#[test]
fn floats_passed_by_reference() {
    // (y + 1)² + 3y²: ∂/∂y = 2(y + 1) + 6y.
    let (_, g) = calls_by_reference_grad(0.5);
    assert!((g - (3.0 + 3.0)).abs() < 1e-12);
    calls_by_reference_gradcheck(0.5).unwrap();
}

fn all_positive(v: &[f64]) -> bool {
    v.iter().all(|&x| x > 0.0)
}

fn large(x: f64) -> bool {
    x > 10.0
}

// Predicates without derivatives called in tests (`if !all_positive(v)`): they run on the
// values, and nothing flows back through a `bool`.
#[differentiate]
fn guarded_log(v: &[f64]) -> f64 {
    if !all_positive(v) {
        return 0.0;
    }
    let mut s = v[0].ln() * v[1];
    if large(v[1]) && all_positive(&v[1..]) {
        s *= v[1];
    }
    s
}

#[test]
fn predicates_called_in_tests() {
    for x in [[1.5, 12.0], [1.5, 2.0]] {
        guarded_log_gradcheck(&x).unwrap();
        let dir = [0.3, -0.7];
        let (_, _, hv) = guarded_log_hvp(&x, &dir);
        assert_hvp(|p| guarded_log_grad(p).1, &x, &dir, &hv);
    }
    // ln(x₀) x₁ below 10: ∂/∂x₀ = x₁ / x₀.
    let (_, g) = guarded_log_grad(&[1.5, 2.0]);
    assert!((g[0] - 2.0 / 1.5).abs() < 1e-12);
    assert_eq!(guarded_log_grad(&[-1.0, 2.0]).1, vec![0.0, 0.0]);
}

fn in_unit_interval(values: &[f64]) -> bool {
    values.iter().all(|&x| (0.0..=1.0).contains(&x))
}

// A range's `contains` in a test, inside the function and in a plain helper.
#[differentiate]
fn clipped_log_loss(p: &[f64], y: &[f64]) -> f64 {
    if !in_unit_interval(p) {
        return 0.0;
    }
    let mut total = 0.0;
    for i in 0..p.len() {
        if (0.0..1.0).contains(&y[i]) && !(..0.05).contains(&p[i]) {
            total -= y[i] * p[i].ln() + (1.0 - y[i]) * (1.0 - p[i]).ln();
        }
    }
    total
}

#[test]
fn range_contains_in_tests() {
    let (p, y) = ([0.8, 0.3, 0.02], [0.9, 0.2, 1.0]);
    clipped_log_loss_gradcheck(&p, &y).unwrap();
    // p₂ is below 0.05 and y₂ is 1, outside [0, 1): only the first two terms count.
    let (_, gp, _) = clipped_log_loss_grad(&p, &y);
    assert!((gp[0] - (-0.9 / 0.8 + 0.1 / 0.2)).abs() < 1e-12);
    assert_eq!(gp[2], 0.0);
    assert_eq!(
        clipped_log_loss_grad(&[1.5, 0.5], &[0.5, 0.5]).1,
        vec![0.0, 0.0]
    );
}

fn large_total(a: &autodiff::ndarray::Array1<f64>) -> bool {
    a.sum() > 10.0
}

// An array predicate in a test, in every generated item (the `_hvp` runs it on the
// primals of its dual numbers).
#[differentiate]
fn sum_or_square(a: &autodiff::ndarray::Array1<f64>) -> f64 {
    if large_total(a) {
        a.sum()
    } else {
        a.dot(a)
    }
}

#[test]
fn an_array_predicate_in_a_test() {
    let a = autodiff::ndarray::array![1.0, 2.0];
    sum_or_square_gradcheck(&a).unwrap();
    // a·a below 10: H = 2I, so H v = 2v.
    let v = autodiff::ndarray::array![0.5, -1.0];
    let (_, _, hv) = sum_or_square_hvp(&a, &v);
    assert_eq!(hv, autodiff::ndarray::array![1.0, -2.0]);
}

/// A table of constants built by an unmarked helper, walked by `for c in &v`.
fn cash_flows(n: usize) -> Vec<f64> {
    (0..n).map(|i| 100.0 + 10.0 * i as f64).collect()
}

#[differentiate]
fn present_value_of_flows(rate: f64, years: usize) -> f64 {
    let flows = cash_flows(years);
    let mut total = 0.0;
    let mut discount = 1.0;
    for c in &flows {
        discount /= 1.0 + rate;
        total += c * discount;
    }
    total
}

#[test]
fn a_table_from_an_unmarked_helper_walked_by_a_loop() {
    // PV = Σₜ cₜ (1 + r)^-(t+1): ∂PV/∂r = −Σₜ (t + 1) cₜ (1 + r)^-(t+2).
    let r = 0.05;
    let flows = cash_flows(4);
    let want: f64 = flows
        .iter()
        .enumerate()
        .map(|(t, c)| -((t + 1) as f64) * c * (1.0 + r).powi(-(t as i32) - 2))
        .sum();
    let (_, r_bar) = present_value_of_flows_grad(r, 4);
    assert!((r_bar - want).abs() < 1e-10, "{r_bar} against {want}");
    present_value_of_flows_gradcheck(r, 4).unwrap();
}

/// A predicate and a count marked as the helpers of a differentiated function are: their
/// results carry no derivative, so they stay as written, and the caller reads them on its
/// values.
#[differentiate]
fn approx_equal(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[differentiate]
fn steps_below(x: f64, limit: f64) -> usize {
    (limit / x).floor() as usize
}

#[differentiate]
fn repaid(balance: f64, payment: f64) -> f64 {
    let mut left = balance;
    for _ in 0..steps_below(payment, balance) {
        if approx_equal(left, 0.0) {
            break;
        }
        left -= payment;
    }
    left * left
}

#[test]
fn marked_helpers_of_a_bool_and_a_count() {
    // 10 − 3·3 = 1 left after ⌊10 / 3⌋ = 3 payments: (b − 3p)², ∂/∂b = 2, ∂/∂p = −6.
    let (v, b_bar, p_bar) = repaid_grad(10.0, 3.0);
    assert_eq!((v, b_bar, p_bar), (1.0, 2.0, -6.0));
    assert!(approx_equal(0.1 + 0.2, 0.3));
    assert_eq!(steps_below(3.0, 10.0), 3);
    repaid_gradcheck(10.0, 3.0).unwrap();
}
