//! In-place buffers: a `&mut [f64]` or `&mut Vec<f64>` parameter whose entry contents the
//! body reads maps them to its contents on exit. `f_jvp` takes the buffer's tangent in and
//! out (`y_dot`), `f_vjp` its cotangent (`y_bar`: that of the contents on exit in, that of
//! the entry contents out). Each function is checked as the map from its inputs (entry
//! contents included) to its outputs (contents on exit, and its result): `f_vjp` against
//! central differences of a random projection, `f_jvp` against `f_vjp` by the dot-product
//! identity ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.

// The functions are written as their authors write them.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

mod common;

use autodiff::differentiate;
use autodiff::num_traits::Float;
use common::{assert_grad, rng_vec};

/// An explicit Euler step, as integrators write it.
#[differentiate]
fn euler_step(y: &mut [f64], dydt: &[f64], h: f64) {
    for i in 0..y.len() {
        y[i] += h * dydt[i];
    }
}

/// Normalisation in place through `iter_mut`, returning the norm.
#[differentiate]
fn normalize(v: &mut [f64]) -> f64 {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    for x in v.iter_mut() {
        *x /= norm;
    }
    norm
}

/// A stable softmax in place.
#[differentiate]
fn softmax_in_place(x: &mut Vec<f64>) {
    let m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let mut s = 0.0;
    for v in x.iter_mut() {
        *v = (*v - m).exp();
        s += *v;
    }
    for v in x.iter_mut() {
        *v /= s;
    }
}

/// Two buffers stepped together (a leapfrog / symplectic Euler step of springs).
#[differentiate]
fn leapfrog(x: &mut [f64], v: &mut [f64], k: f64, dt: f64) {
    for i in 0..x.len() {
        v[i] -= dt * k * x[i];
    }
    for i in 0..x.len() {
        x[i] += dt * v[i];
    }
}

/// `wrt` leaving the buffer out: its entry contents are constants.
#[differentiate(wrt(h))]
fn scaled_step(y: &mut [f64], h: f64) {
    for i in 0..y.len() {
        y[i] = y[i] * (1.0 + h * y[i]);
    }
}

/// Generic over the float type.
#[differentiate]
fn damp<T: Float>(y: &mut [T], c: T) {
    for i in 1..y.len() {
        y[i] = y[i] - c * y[i - 1];
    }
}

struct Decay {
    rate: f64,
}

impl Decay {
    /// A method with an in-place buffer; `self` holds a constant.
    #[differentiate(wrt(y, dt))]
    fn advance(&self, y: &mut [f64], dt: f64) {
        for v in y.iter_mut() {
            *v *= (-self.rate * dt).exp();
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

#[test]
fn an_euler_step_in_place() {
    let (y0, dydt, h) = (vec![1.0, -0.5, 2.0], vec![0.3, 0.7, -1.1], 0.1);
    let seed = rng_vec(11, 3, -1.0, 1.0);
    let mut y = y0.clone();
    let mut y_bar = seed.clone();
    let (dydt_bar, h_bar) = euler_step_vjp(&mut y, &dydt, h, &mut y_bar);
    let mut expected = y0.clone();
    euler_step(&mut expected, &dydt, h);
    assert_eq!(y, expected, "the buffer holds the step's result");
    // Closed form: ∂y'/∂y = I, ∂y'/∂k = h I, ∂y'/∂h = k.
    assert_eq!(y_bar, seed);
    let want_dydt: Vec<f64> = seed.iter().map(|s| s * h).collect();
    assert_eq!(dydt_bar, want_dydt);
    assert!((h_bar - dot(&seed, &dydt)).abs() < 1e-15);
    // Forward mode, against the cotangents.
    let (v_y, v_k, v_h) = (rng_vec(12, 3, -1.0, 1.0), rng_vec(13, 3, -1.0, 1.0), 0.4);
    let mut y = y0.clone();
    let mut y_dot = v_y.clone();
    euler_step_jvp(&mut y, &dydt, h, &v_k, v_h, &mut y_dot);
    assert_eq!(y, expected);
    let lhs = dot(&seed, &y_dot);
    let rhs = dot(&y_bar, &v_y) + dot(&dydt_bar, &v_k) + h_bar * v_h;
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} vs {rhs}");
}

#[test]
fn a_normalisation_in_place_returning_the_norm() {
    let v0 = vec![3.0, -1.0, 2.0, 0.5];
    let seed = rng_vec(21, 4, -1.0, 1.0);
    let dout = 0.3;
    let mut v = v0.clone();
    let mut v_bar = seed.clone();
    let (norm,) = normalize_vjp(&mut v, dout, &mut v_bar);
    let mut expected = v0.clone();
    assert_eq!(norm, normalize(&mut expected));
    assert_eq!(v, expected);
    // Central differences of ⟨seed, v'(v)⟩ + dout · ‖v‖.
    let scalar = |v: &[f64]| {
        let mut w = v.to_vec();
        let n = normalize(&mut w);
        dot(&seed, &w) + dout * n
    };
    assert_grad(scalar, &v0, &v_bar);
    let direction = rng_vec(22, 4, -1.0, 1.0);
    let mut v = v0.clone();
    let mut v_dot = direction.clone();
    let (value, value_dot) = normalize_jvp(&mut v, &mut v_dot);
    assert_eq!(value, norm);
    let lhs = dot(&seed, &v_dot) + dout * value_dot;
    assert!((lhs - dot(&v_bar, &direction)).abs() < 1e-12);
}

#[test]
fn a_softmax_in_place_in_a_vec() {
    let x0 = vec![0.5, -1.0, 2.0, 0.25, 800.0];
    let seed = rng_vec(31, 5, -1.0, 1.0);
    let mut x = x0.clone();
    let mut x_bar = seed.clone();
    softmax_in_place_vjp(&mut x, &mut x_bar);
    assert!(x.iter().all(|p| p.is_finite()), "stable at a large logit");
    // Closed form: x̄ = y ⊙ (ȳ − ⟨ȳ, y⟩).
    let inner = dot(&seed, &x);
    let want: Vec<f64> = x.iter().zip(&seed).map(|(y, g)| y * (g - inner)).collect();
    common::assert_close(&x_bar, &want);
    let small = vec![0.5, -1.0, 2.0, 0.25];
    let seed = rng_vec(32, 4, -1.0, 1.0);
    let mut x = small.clone();
    let mut x_bar = seed.clone();
    softmax_in_place_vjp(&mut x, &mut x_bar);
    let scalar = |v: &[f64]| {
        let mut w = v.to_vec();
        softmax_in_place(&mut w);
        dot(&seed, &w)
    };
    assert_grad(scalar, &small, &x_bar);
    let direction = rng_vec(33, 4, -1.0, 1.0);
    let (mut x, mut x_dot) = (small.clone(), direction.clone());
    softmax_in_place_jvp(&mut x, &mut x_dot);
    assert!((dot(&seed, &x_dot) - dot(&x_bar, &direction)).abs() < 1e-12);
}

#[test]
fn two_buffers_stepped_together() {
    let (x0, v0, k, dt) = (vec![1.0, -0.5], vec![0.2, 0.9], 3.0, 0.05);
    let (sx, sv) = (rng_vec(41, 2, -1.0, 1.0), rng_vec(42, 2, -1.0, 1.0));
    let (mut x, mut v) = (x0.clone(), v0.clone());
    let (mut x_bar, mut v_bar) = (sx.clone(), sv.clone());
    let (k_bar, dt_bar) = leapfrog_vjp(&mut x, &mut v, k, dt, &mut x_bar, &mut v_bar);
    let (mut ex, mut ev) = (x0.clone(), v0.clone());
    leapfrog(&mut ex, &mut ev, k, dt);
    assert_eq!((x.clone(), v.clone()), (ex, ev));
    // All inputs packed: x, v, k, dt.
    let scalar = |z: &[f64]| {
        let (mut x, mut v) = (z[0..2].to_vec(), z[2..4].to_vec());
        leapfrog(&mut x, &mut v, z[4], z[5]);
        dot(&sx, &x) + dot(&sv, &v)
    };
    let z = [x0[0], x0[1], v0[0], v0[1], k, dt];
    let grad = [x_bar[0], x_bar[1], v_bar[0], v_bar[1], k_bar, dt_bar];
    assert_grad(scalar, &z, &grad);
    let dz = rng_vec(43, 6, -1.0, 1.0);
    let (mut x, mut v) = (x0.clone(), v0.clone());
    let (mut x_dot, mut v_dot) = (dz[0..2].to_vec(), dz[2..4].to_vec());
    leapfrog_jvp(&mut x, &mut v, k, dt, dz[4], dz[5], &mut x_dot, &mut v_dot);
    let lhs = dot(&sx, &x_dot) + dot(&sv, &v_dot);
    assert!((lhs - dot(&grad, &dz)).abs() < 1e-12);
}

#[test]
fn wrt_leaving_the_buffer_out_keeps_its_entry_contents_constant() {
    let (y0, h) = (vec![0.5, -2.0, 1.5], 0.2);
    let seed = rng_vec(51, 3, -1.0, 1.0);
    let mut y = y0.clone();
    let (h_bar,) = scaled_step_vjp(&mut y, h, &seed);
    // ∂y'ᵢ/∂h = yᵢ².
    let want: f64 = y0.iter().zip(&seed).map(|(y, s)| s * y * y).sum();
    assert!((h_bar - want).abs() < 1e-14);
    let mut y = y0.clone();
    let mut y_dot = vec![0.0; 3];
    scaled_step_jvp(&mut y, h, 1.0, &mut y_dot);
    let squares: Vec<f64> = y0.iter().map(|y| y * y).collect();
    common::assert_close(&y_dot, &squares);
}

#[test]
fn generic_and_f32() {
    let y0 = vec![1.0_f32, 2.0, -1.0];
    let mut y = y0.clone();
    let mut y_bar = vec![1.0_f32, 1.0, 1.0];
    let (c_bar,) = damp_vjp(&mut y, 0.5_f32, &mut y_bar);
    // y'₁ = y₁ − c y₀, y'₂ = y₂ − c y'₁ = y₂ − c y₁ + c² y₀.
    let (c, [y0_, y1, _]) = (0.5_f32, [y0[0], y0[1], y0[2]]);
    let want_y_bar = [1.0 - c + c * c, 1.0 - c, 1.0];
    for (g, w) in y_bar.iter().zip(want_y_bar) {
        assert!((g - w).abs() < 1e-6, "{g} vs {w}");
    }
    // ∂(y'₁ + y'₂)/∂c = −y₀ − y₁ + 2 c y₀.
    let want_c = -y0_ - y1 + 2.0 * c * y0_;
    assert!((c_bar - want_c).abs() < 1e-6, "{c_bar} vs {want_c}");
    let mut y = vec![1.0_f64, 2.0, -1.0];
    let mut y_dot = vec![0.0, 0.0, 0.0];
    damp_jvp(&mut y, 0.5, 1.0, &mut y_dot);
    assert_eq!(y_dot, vec![0.0, -1.0, -2.0 + 2.0 * 0.5 * 1.0]);
}

#[test]
fn a_method_with_a_buffer_in_place() {
    let decay = Decay { rate: 0.7 };
    let (y0, dt) = (vec![1.0, -3.0], 0.4);
    let seed = rng_vec(61, 2, -1.0, 1.0);
    let mut y = y0.clone();
    let mut y_bar = seed.clone();
    let (dt_bar,) = decay.advance_vjp(&mut y, dt, &mut y_bar);
    let f = (-0.7_f64 * dt).exp();
    common::assert_close(&y, &[f * y0[0], f * y0[1]]);
    common::assert_close(&y_bar, &[f * seed[0], f * seed[1]]);
    let want_dt = -0.7 * f * dot(&seed, &y0);
    assert!((dt_bar - want_dt).abs() < 1e-14);
}

// A buffer passed on as it is to a differentiated function taking a slice.
#[differentiate]
fn norm2(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[differentiate]
fn normalise_by_helper(y: &mut [f64]) -> f64 {
    let n = norm2(y);
    for v in y.iter_mut() {
        *v /= n;
    }
    n
}

#[test]
fn a_buffer_passed_on_to_a_helper() {
    let (y0, seed) = (vec![3.0, 4.0, -1.0], rng_vec(71, 3, -1.0, 1.0));
    let dout = 0.4;
    let mut y = y0.clone();
    let mut y_bar = seed.clone();
    let (n,) = normalise_by_helper_vjp(&mut y, dout, &mut y_bar);
    let mut expected = y0.clone();
    assert_eq!(n, normalise_by_helper(&mut expected));
    assert_eq!(y, expected);
    let scalar = |v: &[f64]| {
        let mut w = v.to_vec();
        let n = normalise_by_helper(&mut w);
        dot(&seed, &w) + dout * n
    };
    assert_grad(scalar, &y0, &y_bar);
}

// `wrt(y)` naming the buffer: its entry contents carry a derivative, `c` is a constant.
#[differentiate(wrt(y))]
fn scale_in_place(y: &mut [f64], c: f64) {
    for i in 0..y.len() {
        let v = y[i];
        y[i] = c * v * v;
    }
}

#[test]
fn wrt_naming_the_buffer() {
    let (y0, c) = (vec![0.5, -1.5], 0.8);
    let seed = rng_vec(81, 2, -1.0, 1.0);
    let mut y = y0.clone();
    let mut y_bar = seed.clone();
    scale_in_place_vjp(&mut y, c, &mut y_bar);
    let scalar = |v: &[f64]| {
        let mut w = v.to_vec();
        scale_in_place(&mut w, c);
        dot(&seed, &w)
    };
    assert_grad(scalar, &y0, &y_bar);
    let direction = rng_vec(82, 2, -1.0, 1.0);
    let (mut y, mut y_dot) = (y0.clone(), direction.clone());
    scale_in_place_jvp(&mut y, c, &mut y_dot);
    assert!((dot(&seed, &y_dot) - dot(&y_bar, &direction)).abs() < 1e-12);
}

/// A `Vec` buffer that grows (`s.push(…)`), as an ODE solver appends each step: its seed
/// goes from the exit contents' length to the entry contents' (found re-measuring
/// held-out ODE solvers: `copy_from_slice` panicked). s ↦ [s₀, s₀h]: h̄ = s̄₁ s₀,
/// s̄₀ = s̄₀' + s̄₁ h.
#[differentiate]
fn append_scaled(h: f64, s: &mut Vec<f64>) {
    let y = s[0];
    s.push(y * h);
}

#[test]
fn a_growing_vec_buffer_has_a_seed_of_each_length() {
    let (h_dot, s_dot_entry) = (0.5, vec![1.0]);
    let (mut s, mut s_dot) = (vec![2.0], s_dot_entry.clone());
    append_scaled_jvp(3.0, &mut s, h_dot, &mut s_dot);
    assert_eq!((s, &s_dot), (vec![2.0, 6.0], &vec![1.0, 3.0 + 2.0 * 0.5]));
    let s_bar_exit = vec![0.5, 1.0];
    let (mut s, mut s_bar) = (vec![2.0], s_bar_exit.clone());
    let (h_bar,) = append_scaled_vjp(3.0, &mut s, &mut s_bar);
    assert_eq!((h_bar, &s_bar), (2.0, &vec![0.5 + 3.0]));
    // The two modes agree: ⟨s̄ on exit, J ṡ⟩ = ⟨Jᵀ s̄, (ṡ on entry, ḣ)⟩.
    let forward: f64 = s_bar_exit.iter().zip(&s_dot).map(|(a, b)| a * b).sum();
    let reverse = s_bar[0] * s_dot_entry[0] + h_bar * h_dot;
    assert!((forward - reverse).abs() < 1e-15, "{forward} {reverse}");
}

/// A symplectic Euler step of a spring, its state two numbers changed in place, as
/// integrators write it; the energy after the step is its value.
#[differentiate]
fn spring_step(x: &mut f64, v: &mut f64, k: f64, dt: f64) -> f64 {
    *v -= k * *x * dt;
    *x += *v * dt;
    0.5 * *v * *v + 0.5 * k * x.powi(2)
}

/// A BLAS-style update of a scaled sum of squares, in `f32`.
#[differentiate]
fn rescale(scale: &mut f32, ssq: &mut f32, cmax: f32) {
    *ssq = *ssq * (*scale / cmax) * (*scale / cmax) + 1.0;
    *scale = cmax;
}

#[test]
fn numbers_changed_in_place() {
    // The map (x₀, v₀, k, dt) ↦ (x₁, v₁, e), seeded by a random projection.
    let state = |p: &[f64]| {
        let (mut x, mut v) = (p[0], p[1]);
        let e = spring_step(&mut x, &mut v, p[2], p[3]);
        (x, v, e)
    };
    let p = [1.0, 0.5, 2.0, 0.1];
    let seed = rng_vec(3, 3, -1.0, 1.0);
    let projected = |p: &[f64]| {
        let (x, v, e) = state(p);
        seed[0] * x + seed[1] * v + seed[2] * e
    };
    let (mut x, mut v) = (p[0], p[1]);
    let (mut x_bar, mut v_bar) = (seed[0], seed[1]);
    let (e, k_bar, dt_bar) =
        spring_step_vjp(&mut x, &mut v, p[2], p[3], seed[2], &mut x_bar, &mut v_bar);
    // The numbers hold the step's result, as the function leaves them.
    assert_eq!((x, v, e), state(&p));
    assert_grad(projected, &p, &[x_bar, v_bar, k_bar, dt_bar]);
    // Forward mode: ⟨ȳ, J u⟩ = ⟨Jᵀ ȳ, u⟩ along a direction u.
    let u = rng_vec(4, 4, -1.0, 1.0);
    let (mut x, mut v) = (p[0], p[1]);
    let (mut x_dot, mut v_dot) = (u[0], u[1]);
    let (_, e_dot) = spring_step_jvp(
        &mut x, &mut v, p[2], p[3], u[2], u[3], &mut x_dot, &mut v_dot,
    );
    let forward = seed[0] * x_dot + seed[1] * v_dot + seed[2] * e_dot;
    let reverse: f64 = [x_bar, v_bar, k_bar, dt_bar]
        .iter()
        .zip(&u)
        .map(|(a, b)| a * b)
        .sum();
    assert!((forward - reverse).abs() < 1e-12 * (1.0 + reverse.abs()));

    // In f32: by hand, ssq₁ = ssq₀ (s₀/c)² + 1 and s₁ = c.
    let (mut s, mut q) = (1.0f32, 2.0f32);
    let (mut s_bar, mut q_bar) = (0.5f32, 1.0f32);
    let (c_bar,) = rescale_vjp(&mut s, &mut q, 3.0, &mut s_bar, &mut q_bar);
    assert_eq!((s, q), (3.0, 2.0 / 9.0 + 1.0));
    assert!((s_bar - 2.0 * 2.0 * 1.0 / 9.0).abs() < 1e-6);
    assert!((q_bar - 1.0 / 9.0).abs() < 1e-6);
    assert!((c_bar - (0.5 - 2.0 * 2.0 * 1.0 / 27.0)).abs() < 1e-6);
}

/// A plane rotation's radius written into its `&mut f32` parameters (BLAS's `srotg`), with an
/// early `return;`.
#[differentiate]
pub fn rot(a: &mut f32, b: &mut f32) {
    let r = a.hypot(*b);
    if r == 0.0 {
        return;
    }
    *a = r;
    *b = 0.0;
}

#[test]
fn numbers_changed_in_place_with_an_early_return() {
    // (a, b) ↦ (r, 0), r = √(a² + b²): ā₀ = ā₁ a / r, b̄₀ = ā₁ b / r.
    let (mut a, mut b) = (3.0f32, 4.0f32);
    let (mut a_bar, mut b_bar) = (2.0f32, 7.0f32);
    rot_vjp(&mut a, &mut b, &mut a_bar, &mut b_bar);
    assert_eq!((a, b), (5.0, 0.0));
    assert!((a_bar - 2.0 * 3.0 / 5.0).abs() < 1e-6 && (b_bar - 2.0 * 4.0 / 5.0).abs() < 1e-6);
    // At the origin the function returns early and changes nothing: the identity.
    let (mut a, mut b) = (0.0f32, 0.0f32);
    let (mut a_bar, mut b_bar) = (2.0f32, 7.0f32);
    rot_vjp(&mut a, &mut b, &mut a_bar, &mut b_bar);
    assert_eq!((a, b, a_bar, b_bar), (0.0, 0.0, 2.0, 7.0));
}

/// Buffers walked as they are, as authors write them: `zip(out)` of a `&mut` slice, a
/// `for` loop over one, `std::iter::zip(a, b)`. Each item is written through, as
/// `iter_mut()`'s are.
#[differentiate]
fn mix_bare(gain: &[f64], left: &mut [f64], right: &mut Vec<f64>) {
    for (l, r) in left.iter_mut().zip(right) {
        let m = 0.5 * (*l + *r);
        *l = m + (*l - m) * gain[0];
        *r = m + (*r - m) * gain[1];
    }
    for l in left {
        *l *= *l;
    }
}

#[differentiate]
fn scale_into(k: f64, x: &[f64], out: &mut [f64]) {
    for (o, v) in std::iter::zip(out, x) {
        *o = k * v;
    }
}

/// The loop's pattern binding the parameters' names again, as rusty-nn's `gradients` does.
#[differentiate]
fn squared_error_gradients(val: &[f64], target: &[f64], deriv: &mut [f64]) {
    let len = val.len() as f64;
    for ((val, target), deriv) in val.iter().zip(target).zip(deriv) {
        *deriv = -2.0 * (*target - *val) / len;
    }
}

#[test]
fn buffers_walked_as_they_are() {
    let (gain, l0, r0) = (vec![0.5, 2.0], vec![1.0, -0.5], vec![0.25, 3.0]);
    // l' = (m + (l − m) g₀)², r' = m + (r − m) g₁ with m = (l + r)/2.
    let plain = |v: &[f64]| -> Vec<f64> {
        let (mut l, mut r) = (v[0..2].to_vec(), v[2..4].to_vec());
        mix_bare(&v[4..6], &mut l, &mut r);
        l.extend(r);
        l
    };
    let mut l = l0.clone();
    let mut r = r0.clone();
    mix_bare(&gain, &mut l, &mut r);
    for i in 0..2 {
        let m = 0.5 * (l0[i] + r0[i]);
        assert_eq!(l[i], (m + (l0[i] - m) * 0.5).powi(2));
        assert_eq!(r[i], m + (r0[i] - m) * 2.0);
    }
    // Reverse mode against central differences of each output, seeded one at a time.
    let mut point = l0.clone();
    point.extend(&r0);
    point.extend(&gain);
    for k in 0..4 {
        let (mut l, mut r) = (l0.clone(), r0.clone());
        let (mut l_bar, mut r_bar) = (vec![0.0; 2], vec![0.0; 2]);
        if k < 2 {
            l_bar[k] = 1.0;
        } else {
            r_bar[k - 2] = 1.0;
        }
        let (gain_bar,) = mix_bare_vjp(&gain, &mut l, &mut r, &mut l_bar, &mut r_bar);
        let mut grad = l_bar.clone();
        grad.extend(&r_bar);
        grad.extend(&gain_bar);
        assert_grad(|v| plain(v)[k], &point, &grad);
    }
    // deriv = 2 (val − target) / n: ∂/∂val = 2 deriv̄ / n, ∂/∂target = −2 deriv̄ / n.
    let (val, target, deriv_bar) = ([0.5, -1.0], [1.0, 0.0], [1.0, 3.0]);
    let mut deriv = [0.0; 2];
    let (val_bar, target_bar) = squared_error_gradients_vjp(&val, &target, &mut deriv, &deriv_bar);
    assert_eq!(deriv, [-0.5, -1.0]);
    assert_eq!((val_bar, target_bar), (vec![1.0, 3.0], vec![-1.0, -3.0]));
    // out = k x: ∂/∂k = ⟨out̄, x⟩, ∂/∂x = k out̄.
    let (x, out_bar) = ([1.5, -2.0], [1.0, 0.5]);
    let mut out = [0.0; 2];
    let (k_bar, x_bar) = scale_into_vjp(3.0, &x, &mut out, &out_bar);
    assert_eq!(out, [4.5, -6.0]);
    assert_eq!((k_bar, x_bar), (1.5 - 1.0, vec![3.0, 1.5]));
}

// stuffmatic/microdsp, `src/common/window_function.rs`: a Hann window applied in place, in
// `f32`, with a local named `len` beside the buffer's own `len()`, as the author wrote it.
mod hann {
    use autodiff::differentiate;
    use core::f32::consts::PI;

    #[differentiate]
    pub fn apply_hann_window(buffer: &mut [f32]) {
        // sin(0.5 * pi * x) can be approximated with a
        // max error below 0.001 and exactly matching endpoints on [-1, 1] as
        // ax^5 + bx^3 + cx,
        // where
        // a = pi / 2 - 1.5
        // b = 2.5 - pi
        // c = pi / 2

        let a = 0.5 * (PI / 2. - 1.5);
        let b = 0.5 * (2.5 - PI);
        let c = 0.5 * PI / 2.;
        let d = 0.5;

        // Evaluate window in two halves with opposite y scales.
        let len = buffer.len();
        let half_len = len / 2;
        let dx = 2. / ((half_len - 1) as f32);
        let mut x = -1.0;
        for value in buffer.iter_mut().take(half_len) {
            let x3 = x * x * x;
            let x5 = x3 * x * x;
            let window_value = a * x5 + b * x3 + c * x + d;
            *value *= window_value;
            x += dx;
        }

        x -= 2.0;
        for value in buffer.iter_mut().skip(half_len) {
            let x3 = x * x * x;
            let x5 = x3 * x * x;
            let window_value = -a * x5 - b * x3 - c * x + d;
            *value *= window_value;
            x += dx;
        }
    }
}

#[test]
fn a_window_applied_in_place_with_a_local_named_len() {
    // The map is linear in the buffer: each entry's cotangent is its window value times
    // the exit cotangent, the window being the map applied to ones.
    let x = vec![0.5f32, -1.0, 2.0, 0.25, 3.0, -0.5, 1.5, 0.75];
    let mut window = vec![1.0f32; x.len()];
    hann::apply_hann_window(&mut window);
    let mut y = x.clone();
    let seed: Vec<f32> = (0..x.len()).map(|i| 0.7 - 0.2 * i as f32).collect();
    let mut y_bar = seed.clone();
    hann::apply_hann_window_vjp(&mut y, &mut y_bar);
    let mut plain = x.clone();
    hann::apply_hann_window(&mut plain);
    assert_eq!(y, plain);
    for i in 0..x.len() {
        assert_eq!(y_bar[i], window[i] * seed[i]);
    }
    let mut y = x.clone();
    let mut y_dot = seed.clone();
    hann::apply_hann_window_jvp(&mut y, &mut y_dot);
    for i in 0..x.len() {
        assert_eq!(y_dot[i], window[i] * seed[i]);
    }
}
