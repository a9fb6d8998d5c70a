//! Buffers lent by a differentiated caller to a differentiated callee: `fill_sq(x, &mut
//! buf);`, the idiom of integrators (`deriv(&y, &mut k)`) and losses filling scratch
//! buffers. The caller's derivatives run through the callee's lent form (`crate::lent` in the
//! macro). Each caller's `_grad` is checked against a closed form worked out by hand or
//! against central differences of the primal written here, its `_jvp` against ⟨∇f, v⟩, and
//! its `_gradcheck`.

// The functions are written as their authors write them.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

use autodiff::differentiate;

/// Central differences of `f` at `x`, step `h`.
fn central(f: impl Fn(&[f64]) -> f64, x: &[f64], h: f64) -> Vec<f64> {
    (0..x.len())
        .map(|i| {
            let (mut up, mut down) = (x.to_vec(), x.to_vec());
            up[i] += h;
            down[i] -= h;
            (f(&up) - f(&down)) / (2.0 * h)
        })
        .collect()
}

#[track_caller]
fn assert_near(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "element {k}: got {g}, want {w}"
        );
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// Writes xᵢ² into `out`.
#[differentiate]
fn fill_sq(x: &[f64], out: &mut [f64]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i];
    }
}

/// Σ xᵢ², through a scratch buffer lent to `fill_sq`.
#[differentiate]
fn total_sq(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    fill_sq(x, &mut buf);
    buf.iter().sum()
}

#[test]
fn an_output_buffer_lent_to_a_callee() {
    let x = [0.5, -1.25, 2.0, 0.75];
    let (value, grad) = total_sq_grad(&x);
    assert!((value - dot(&x, &x)).abs() < 1e-12);
    // ∂/∂xᵢ Σ xⱼ² = 2 xᵢ
    let want: Vec<f64> = x.iter().map(|v| 2.0 * v).collect();
    assert_near(&grad, &want, 1e-12);
    let v = [0.3, -0.7, 1.1, 0.2];
    let (_, tangent) = total_sq_jvp(&x, &v);
    assert!((tangent - dot(&grad, &v)).abs() < 1e-12);
    total_sq_gradcheck(&x).unwrap();
}

/// Two buffers: eᵢ = sin x₂ᵢ, oᵢ = x₂ᵢ x₂ᵢ₊₁.
#[differentiate]
fn split(x: &[f64], evens: &mut [f64], odds: &mut [f64]) {
    for i in 0..evens.len() {
        evens[i] = x[2 * i].sin();
        odds[i] = x[2 * i] * x[2 * i + 1];
    }
}

/// Σ eᵢ oᵢ = Σ sin(x₂ᵢ) x₂ᵢ x₂ᵢ₊₁.
#[differentiate]
fn split_loss(x: &[f64]) -> f64 {
    let n = x.len() / 2;
    let mut e = vec![0.0; n];
    let mut o = vec![0.0; n];
    split(x, &mut e, &mut o);
    let mut s = 0.0;
    for i in 0..n {
        s += e[i] * o[i];
    }
    s
}

#[test]
fn two_buffers_lent_to_one_call() {
    let x = [0.5, -1.25, 2.0, 0.75, -0.3, 1.5];
    let (_, grad) = split_loss_grad(&x);
    // a = x₂ᵢ, b = x₂ᵢ₊₁: ∂/∂a sin(a) a b = (cos(a) a + sin(a)) b, ∂/∂b = sin(a) a.
    let mut want = vec![0.0; x.len()];
    for i in 0..3 {
        let (a, b) = (x[2 * i], x[2 * i + 1]);
        want[2 * i] = (a.cos() * a + a.sin()) * b;
        want[2 * i + 1] = a.sin() * a;
    }
    assert_near(&grad, &want, 1e-12);
    let v = [0.3, -0.7, 1.1, 0.2, -0.4, 0.9];
    let (_, tangent) = split_loss_jvp(&x, &v);
    assert!((tangent - dot(&grad, &v)).abs() < 1e-12);
    split_loss_gradcheck(&x).unwrap();
}

/// y ← y + a x: the callee reads the buffer's entry contents (an in-place buffer).
#[differentiate]
fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] += a * x[i];
    }
}

/// y = y₀ + (a + a²) x after two updates; Σ yᵢ².
#[differentiate]
fn axpy_loss(a: f64, x: &[f64], y0: &[f64]) -> f64 {
    let mut y = y0.to_vec();
    axpy(a, x, &mut y);
    axpy(a * a, x, &mut y);
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * y[i];
    }
    s
}

#[test]
fn an_in_place_buffer_lent_twice() {
    let (a, x, y0) = (0.7, [0.5, -1.25, 2.0], [0.1, 0.4, -0.6]);
    let (value, a_bar, x_bar, y0_bar) = axpy_loss_grad(a, &x, &y0);
    let c = a + a * a;
    let y: Vec<f64> = (0..3).map(|i| y0[i] + c * x[i]).collect();
    assert!((value - dot(&y, &y)).abs() < 1e-12);
    // L = Σ yᵢ², yᵢ = y₀ᵢ + (a + a²) xᵢ: ∂L/∂a = Σ 2 yᵢ (1 + 2a) xᵢ, ∂L/∂xᵢ = 2 yᵢ (a + a²),
    // ∂L/∂y₀ᵢ = 2 yᵢ.
    let want_a = 2.0 * (1.0 + 2.0 * a) * dot(&y, &x);
    assert!((a_bar - want_a).abs() < 1e-12 * (1.0 + want_a.abs()));
    let want_x: Vec<f64> = y.iter().map(|y| 2.0 * y * c).collect();
    assert_near(&x_bar, &want_x, 1e-12);
    let want_y0: Vec<f64> = y.iter().map(|y| 2.0 * y).collect();
    assert_near(&y0_bar, &want_y0, 1e-12);
    let (a_dot, x_dot, y0_dot) = (0.3, [0.2, -0.5, 0.8], [-0.1, 0.6, 0.4]);
    let (_, tangent) = axpy_loss_jvp(a, &x, &y0, a_dot, &x_dot, &y0_dot);
    let want = a_bar * a_dot + dot(&x_bar, &x_dot) + dot(&y0_bar, &y0_dot);
    assert!((tangent - want).abs() < 1e-12 * (1.0 + want.abs()));
    axpy_loss_gradcheck(a, &x, &y0).unwrap();
}

/// Writes e^xᵢ into `out` and returns Σ xᵢ e^xᵢ.
#[differentiate]
fn exp_fill(x: &[f64], out: &mut [f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        out[i] = x[i].exp();
        s += x[i] * out[i];
    }
    s
}

/// s² + Σ e^xᵢ with s = Σ xᵢ e^xᵢ: the callee's value and its buffer both used.
#[differentiate]
fn exp_loss(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    let s = exp_fill(x, &mut buf);
    let mut t = 0.0;
    for i in 0..buf.len() {
        t += buf[i];
    }
    s * s + t
}

#[test]
fn a_callee_returning_a_float_beside_its_buffer() {
    let x = [0.5, -1.25, 0.3];
    let (_, grad) = exp_loss_grad(&x);
    let s: f64 = x.iter().map(|v| v * v.exp()).sum();
    // ∂/∂xᵢ (s² + Σ e^xⱼ) = 2 s (1 + xᵢ) e^xᵢ + e^xᵢ
    let want: Vec<f64> = x
        .iter()
        .map(|v| 2.0 * s * (1.0 + v) * v.exp() + v.exp())
        .collect();
    assert_near(&grad, &want, 1e-12);
    let v = [0.3, -0.7, 1.1];
    let (_, tangent) = exp_loss_jvp(&x, &v);
    assert!((tangent - dot(&grad, &v)).abs() < 1e-12);
    exp_loss_gradcheck(&x).unwrap();
}

/// dy/dt = -λ y, written into `dydt`.
#[differentiate]
fn linear_decay(y: &[f64], rate: f64, dydt: &mut [f64]) {
    for i in 0..y.len() {
        dydt[i] = -rate * y[i];
    }
}

/// Explicit Euler over `steps` steps, lending the slope buffer in each; Σ yᵢ² at the end.
#[differentiate(wrt(y0, rate))]
fn euler_energy(y0: &[f64], rate: f64, h: f64, steps: usize) -> f64 {
    let mut y = y0.to_vec();
    let mut k = vec![0.0; y.len()];
    for _ in 0..steps {
        linear_decay(&y, rate, &mut k);
        for i in 0..y.len() {
            y[i] += h * k[i];
        }
    }
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * y[i];
    }
    s
}

#[test]
fn a_buffer_lent_in_each_step_of_an_euler_integrator() {
    let (y0, rate, h, n) = ([1.0, -0.5, 0.25], 0.8, 0.1, 7);
    let (value, y0_bar, rate_bar) = euler_energy_grad(&y0, rate, h, n);
    // yₙ = (1 - hλ)ⁿ y₀, L = (1 - hλ)²ⁿ Σ y₀ᵢ²: ∂L/∂y₀ᵢ = 2 (1 - hλ)²ⁿ y₀ᵢ,
    // ∂L/∂λ = -2n h (1 - hλ)²ⁿ⁻¹ Σ y₀ᵢ².
    let q = 1.0 - h * rate;
    let sq = dot(&y0, &y0);
    assert!((value - q.powi(2 * n as i32) * sq).abs() < 1e-12);
    let want: Vec<f64> = y0.iter().map(|y| 2.0 * q.powi(2 * n as i32) * y).collect();
    assert_near(&y0_bar, &want, 1e-12);
    let want_rate = -2.0 * n as f64 * h * q.powi(2 * n as i32 - 1) * sq;
    assert!((rate_bar - want_rate).abs() < 1e-12 * (1.0 + want_rate.abs()));
    let (y0_dot, rate_dot) = ([0.2, 0.4, -0.3], 0.5);
    let (_, tangent) = euler_energy_jvp(&y0, rate, h, n, &y0_dot, rate_dot);
    let want = dot(&y0_bar, &y0_dot) + rate_bar * rate_dot;
    assert!((tangent - want).abs() < 1e-12 * (1.0 + want.abs()));
    euler_energy_gradcheck(&y0, rate, h, n).unwrap();
}

/// A nonlinear right-hand side: dyᵢ/dt = -λ yᵢ³ + sin(yᵢ₊₁) (cyclic).
#[differentiate]
fn cubic_rhs(y: &[f64], rate: f64, dydt: &mut Vec<f64>) {
    let n = y.len();
    for i in 0..n {
        dydt[i] = -rate * y[i] * y[i] * y[i] + y[(i + 1) % n].sin();
    }
}

/// Heun's method (RK2): two slopes per step, each into its own lent buffer.
#[differentiate(wrt(y0, rate))]
fn heun(y0: &[f64], rate: f64, h: f64, steps: usize) -> f64 {
    let n = y0.len();
    let mut y = y0.to_vec();
    let mut k1 = vec![0.0; n];
    let mut k2 = vec![0.0; n];
    let mut mid = vec![0.0; n];
    for _ in 0..steps {
        cubic_rhs(&y, rate, &mut k1);
        for i in 0..n {
            mid[i] = y[i] + h * k1[i];
        }
        cubic_rhs(&mid, rate, &mut k2);
        for i in 0..n {
            y[i] += 0.5 * h * (k1[i] + k2[i]);
        }
    }
    let mut s = 0.0;
    for i in 0..n {
        s += y[i] * y[i];
    }
    s
}

#[test]
fn two_buffers_lent_in_each_step_of_heuns_method() {
    let (y0, rate, h, n) = ([0.9, -0.4, 0.6, 0.2], 0.7, 0.05, 10);
    let (_, y0_bar, rate_bar) = heun_grad(&y0, rate, h, n);
    let want = central(|y| heun(y, rate, h, n), &y0, 1e-6);
    assert_near(&y0_bar, &want, 1e-7);
    let want_rate = central(|r| heun(&y0, r[0], h, n), &[rate], 1e-6)[0];
    assert!((rate_bar - want_rate).abs() < 1e-7 * (1.0 + want_rate.abs()));
    let (y0_dot, rate_dot) = ([0.2, 0.4, -0.3, 0.1], -0.6);
    let (_, tangent) = heun_jvp(&y0, rate, h, n, &y0_dot, rate_dot);
    let want = dot(&y0_bar, &y0_dot) + rate_bar * rate_dot;
    assert!((tangent - want).abs() < 1e-12 * (1.0 + want.abs()));
    heun_gradcheck(&y0, rate, h, n).unwrap();
}

/// `fill_sq` in `f32`.
#[differentiate]
fn fill_sq32(x: &[f32], out: &mut [f32]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i];
    }
}

/// Σ xᵢ³ in `f32`, through a lent buffer of squares.
#[differentiate]
fn total_cube32(x: &[f32]) -> f32 {
    let mut sq = vec![0.0f32; x.len()];
    fill_sq32(x, &mut sq);
    let mut s = 0.0f32;
    for i in 0..x.len() {
        s += sq[i] * x[i];
    }
    s
}

#[test]
fn a_buffer_lent_in_f32() {
    let x = [0.5f32, -1.25, 2.0];
    let (_, grad) = total_cube32_grad(&x);
    // ∂/∂xᵢ Σ xⱼ³ = 3 xᵢ²
    for (g, v) in grad.iter().zip(&x) {
        assert!((g - 3.0 * v * v).abs() <= 1e-5 * (1.0 + g.abs()));
    }
    let v = [0.3f32, -0.7, 1.1];
    let (_, tangent) = total_cube32_jvp(&x, &v);
    let want: f32 = grad.iter().zip(&v).map(|(g, v)| g * v).sum();
    assert!((tangent - want).abs() <= 1e-5 * (1.0 + want.abs()));
    total_cube32_gradcheck(&x).unwrap();
}

/// The caller's own buffers passed on: `&mut out[..]` of a slice, `&mut *acc` of a `Vec`.
/// out = x² + x (elementwise); acc ← acc + 2·x² through `axpy`.
#[differentiate]
fn pass_on(x: &[f64], out: &mut [f64], acc: &mut Vec<f64>) {
    fill_sq(x, &mut out[..]);
    for i in 0..out.len() {
        out[i] += x[i];
    }
    let sq = out.to_vec();
    axpy(2.0, &sq, &mut *acc);
}

#[test]
fn the_callers_own_buffers_passed_on() {
    let x = [0.5, -1.25, 2.0];
    let acc0 = vec![0.1, 0.2, -0.3];
    let (s_out, s_acc) = ([0.3, -0.2, 0.7], [-0.4, 0.5, 0.6]);
    let mut out = [0.0; 3];
    let mut acc = acc0.clone();
    // Both buffers are lent, so both are in-place buffers: their seeds go in, the
    // cotangents of their entry contents come out.
    let (mut out_bar, mut acc_bar) = (s_out.to_vec(), s_acc.to_vec());
    let (x_bar,) = pass_on_vjp(&x, &mut out, &mut acc, &mut out_bar, &mut acc_bar);
    // out = x² + x, acc = acc₀ + 2 (x² + x): ⟨s_out, out⟩ + ⟨s_acc, acc⟩ has gradient
    // (s_out + 2 s_acc)(2x + 1) in x and s_acc in acc₀.
    let want: Vec<f64> = (0..3)
        .map(|i| (s_out[i] + 2.0 * s_acc[i]) * (2.0 * x[i] + 1.0))
        .collect();
    assert_near(&x_bar, &want, 1e-12);
    assert_near(&acc_bar, &s_acc, 1e-12);
    // `fill_sq` overwrites every element of `out`: its entry contents do not matter.
    assert_near(&out_bar, &[0.0; 3], 1e-12);
    let want_out: Vec<f64> = x.iter().map(|v| v * v + v).collect();
    assert_near(&out, &want_out, 1e-12);
    let want_acc: Vec<f64> = (0..3).map(|i| acc0[i] + 2.0 * want_out[i]).collect();
    assert_near(&acc, &want_acc, 1e-12);
    // Forward mode, by the dot-product identity over every input and output:
    // ⟨s, J v⟩ = ⟨Jᵀ s, v⟩, the buffers' tangents in and out.
    let (x_dot, out_dot0, acc_dot0) = ([0.2, -0.5, 0.8], [0.3, 0.1, -0.2], [-0.1, 0.6, 0.4]);
    let (mut out, mut acc) = ([0.0; 3], acc0.clone());
    let (mut out_dot, mut acc_dot) = (out_dot0.to_vec(), acc_dot0.to_vec());
    pass_on_jvp(&x, &mut out, &mut acc, &x_dot, &mut out_dot, &mut acc_dot);
    let lhs = dot(&s_out, &out_dot) + dot(&s_acc, &acc_dot);
    let rhs = dot(&x_bar, &x_dot) + dot(&out_bar, &out_dot0) + dot(&acc_bar, &acc_dot0);
    assert!((lhs - rhs).abs() < 1e-12 * (1.0 + lhs.abs()));
}

/// `exp_fill`'s value dropped: a call made as a statement, as Rust allows.
#[differentiate]
fn exp_fill_dropped(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    exp_fill(x, &mut buf);
    let mut t = 0.0;
    for i in 0..buf.len() {
        t += buf[i] * buf[i];
    }
    t
}

#[test]
fn a_callee_value_dropped_by_a_statement_call() {
    let x = [0.5, -1.25, 0.3];
    // Σ e^{2xᵢ}: ∂/∂xᵢ = 2 e^{2xᵢ}.
    let (v, grad) = exp_fill_dropped_grad(&x);
    let want: Vec<f64> = x.iter().map(|v| 2.0 * (2.0 * v).exp()).collect();
    assert!((v - x.iter().map(|v| (2.0 * v).exp()).sum::<f64>()).abs() < 1e-12);
    assert_near(&grad, &want, 1e-12);
    exp_fill_dropped_gradcheck(&x).unwrap();
}

/// Functions with buffers that no caller lends to, which must compile as before the lent
/// forms: an early `return`, and a value whose type only the signature fixes.
#[differentiate]
fn exp_unless_large(x: &[f64], out: &mut [f64]) {
    if x[0] < -10.0 {
        return;
    }
    for i in 0..x.len() {
        out[i] = x[i].exp();
    }
}

#[differentiate]
fn exp_fill_sum(x: &[f64], out: &mut [f64]) -> f64 {
    for i in 0..x.len() {
        out[i] = x[i].exp();
    }
    out.iter().sum()
}

#[test]
fn buffer_functions_no_caller_lends_to() {
    let x = [0.5, -1.0];
    let mut out = [0.0; 2];
    // ⟨ō, e^x⟩ with ō = (1, 2): x̄ = ō ⊙ e^x.
    let (x_bar,) = exp_unless_large_vjp(&x, &mut out, &[1.0, 2.0]);
    assert_near(&x_bar, &[0.5f64.exp(), 2.0 * (-1.0f64).exp()], 1e-15);
    // (`out` is read after it is written: an in-place buffer, its cotangent in and out.)
    let mut out_bar = [0.0, 0.0];
    let (v, x_bar) = exp_fill_sum_vjp(&x, &mut out, 1.0, &mut out_bar);
    assert!((v - 0.5f64.exp() - (-1.0f64).exp()).abs() < 1e-15);
    assert_near(&x_bar, &[0.5f64.exp(), (-1.0f64).exp()], 1e-15);
}

/// Fills `w` with ½, a constant: a plain function, with no derivatives.
fn init_half(w: &mut Vec<f64>) {
    for v in w.iter_mut() {
        *v = 0.5;
    }
}

/// ½ Σ xᵢ², the weights filled by a plain function: the call carries no derivative, so the
/// derived items call `init_half` itself, as the user wrote it.
#[differentiate]
fn half_weighted(x: &[f64]) -> f64 {
    let mut w = vec![0.0; x.len()];
    init_half(&mut w);
    let mut s = 0.0;
    for i in 0..x.len() {
        s += w[i] * x[i] * x[i];
    }
    s
}

#[test]
fn a_buffer_lent_to_a_plain_function_when_the_call_carries_no_derivative() {
    let x = [0.5, -1.25, 2.0];
    let (value, grad) = half_weighted_grad(&x);
    assert!((value - 0.5 * dot(&x, &x)).abs() < 1e-12);
    // ∂/∂xᵢ ½ Σ xⱼ² = xᵢ
    assert_near(&grad, &x, 1e-15);
    let v = [0.3, -0.7, 1.1];
    let (_, tangent) = half_weighted_jvp(&x, &v);
    assert!((tangent - dot(&x, &v)).abs() < 1e-12);
    // H = I: H·v = v.
    let (_, _, hv) = half_weighted_hvp(&x, &v);
    assert_near(&hv, &v, 1e-15);
    half_weighted_gradcheck(&x).unwrap();
}

/// w = (x₀², x₁², x₂²) in a local fixed-size array, then w₀ + w₁ w₂.
#[differentiate]
fn array_lent(x: &[f64]) -> f64 {
    let mut w = [0.0; 3];
    fill_sq(x, &mut w);
    w[0] + w[1] * w[2]
}

#[test]
fn a_fixed_size_array_lent_to_a_callee() {
    let x = [1.5, -2.0, 0.75];
    let (value, grad) = array_lent_grad(&x);
    let (a, b, c) = (x[0] * x[0], x[1] * x[1], x[2] * x[2]);
    assert!((value - (a + b * c)).abs() < 1e-12);
    // ∂/∂x = (2x₀, 2x₁ x₂², 2x₂ x₁²)
    let want = [2.0 * x[0], 2.0 * x[1] * c, 2.0 * x[2] * b];
    assert_near(&grad, &want, 1e-14);
    let v = [0.3, -0.7, 1.1];
    let (_, tangent) = array_lent_jvp(&x, &v);
    assert!((tangent - dot(&want, &v)).abs() < 1e-12);
    array_lent_gradcheck(&x).unwrap();
}

/// Σ xᵢ e^xᵢ + (Σ e^xᵢ)², through `exp_unless_large`, a callee with an early `return`.
#[differentiate]
fn exp_guarded_loss(x: &[f64]) -> f64 {
    let mut buf = vec![1.0; x.len()];
    exp_unless_large(x, &mut buf);
    let mut s = 0.0;
    let mut t = 0.0;
    for i in 0..x.len() {
        s += x[i] * buf[i];
        t += buf[i];
    }
    s + t * t
}

#[test]
fn a_buffer_lent_to_a_callee_that_returns_early() {
    let primal = |x: &[f64]| {
        let e: Vec<f64> = if x[0] < -10.0 {
            vec![1.0; x.len()]
        } else {
            x.iter().map(|v| v.exp()).collect()
        };
        let s: f64 = x.iter().zip(&e).map(|(a, b)| a * b).sum();
        let t: f64 = e.iter().sum();
        s + t * t
    };
    // Both exits: the loop that fills the buffer, and the early one, which leaves the
    // buffer as the caller filled it (ones: x̄ is the buffer itself).
    for x in [[0.5, -1.25, 0.3], [-11.0, 0.2, 0.4]] {
        let (value, grad) = exp_guarded_loss_grad(&x);
        assert!((value - primal(&x)).abs() < 1e-12 * value.abs());
        assert_near(&grad, &central(primal, &x, 1e-6), 1e-7);
        let v = [0.3, -0.7, 1.1];
        let (_, tangent) = exp_guarded_loss_jvp(&x, &v);
        assert!((tangent - dot(&grad, &v)).abs() < 1e-10 * (1.0 + tangent.abs()));
        exp_guarded_loss_gradcheck(&x).unwrap();
    }
}

#[test]
fn a_callers_hessian_vector_product_through_a_lent_call() {
    // exp_loss(x) = s² + Σ e^xᵢ with s = Σ xᵢ e^xᵢ: H·v against central differences of
    // the gradient (the gradient's closed form is checked above).
    let x = [0.5, -1.25, 0.3];
    let v = [0.3, -0.7, 1.1];
    let (_, grad, hv) = exp_loss_hvp(&x, &v);
    assert_near(&grad, &exp_loss_grad(&x).1, 1e-14);
    let h = 1e-5;
    let at = |t: f64| {
        let y: Vec<f64> = x.iter().zip(&v).map(|(a, b)| a + t * b).collect();
        exp_loss_grad(&y).1
    };
    let (up, down) = (at(h), at(-h));
    let want: Vec<f64> = up
        .iter()
        .zip(&down)
        .map(|(u, d)| (u - d) / (2.0 * h))
        .collect();
    assert_near(&hv, &want, 1e-7);
}

/// x² into `out[0]`, and x² + x as the value.
#[differentiate]
fn square_and_sum(x: f64, out: &mut [f64]) -> f64 {
    out[0] = x * x;
    out[0] + x
}

/// A call bound by `let` lending a buffer, inside a loop and inside a branch: the tuple of
/// the value and the buffer is read by the reverse sweep for its adjoint's shape.
#[differentiate]
fn lent_by_let_in_a_loop(x: f64) -> f64 {
    let mut b = vec![0.0; 1];
    let mut acc = 0.0;
    for _ in 0..2 {
        let e = square_and_sum(x, &mut b);
        acc += e;
    }
    acc + b[0]
}

#[differentiate]
fn lent_by_let_in_a_branch(x: f64) -> f64 {
    let mut b = vec![0.0; 1];
    let mut acc = x;
    if x > 0.0 {
        let e = square_and_sum(x, &mut b);
        acc += e * b[0];
    }
    acc
}

#[test]
fn a_call_bound_by_let_lending_inside_a_loop_and_a_branch() {
    let x = 0.5;
    // 2(x² + x) + x²: 6x + 2.
    assert_eq!(lent_by_let_in_a_loop_grad(x), (1.75, 5.0));
    // x + (x² + x) x² = x + x⁴ + x³: 1 + 4x³ + 3x².
    let (v, d) = lent_by_let_in_a_branch_grad(x);
    assert!((v - 0.6875).abs() < 1e-15 && (d - 2.25).abs() < 1e-15);
    let (_, t) = lent_by_let_in_a_loop_jvp(x, 2.0);
    assert_eq!(t, 10.0);
    lent_by_let_in_a_loop_gradcheck(x).unwrap();
    lent_by_let_in_a_branch_gradcheck(x).unwrap();
}

/// x² into `out[0]`, and 2x² as the value.
#[differentiate]
fn doubled_square(x: f64, out: &mut [f64]) -> f64 {
    out[0] = x * x;
    out[0] * 2.0
}

/// A lending call's value assigned to a variable declared before (`e = g(…, &mut b);`).
#[differentiate]
fn lent_and_assigned(x: f64) -> f64 {
    let mut b = vec![0.0; 1];
    let mut e = 1.0;
    for _ in 0..2 {
        e = doubled_square(x * e, &mut b);
    }
    e + b[0]
}

/// A `&mut Vec` buffer cleared, then pushed onto: its entry contents are gone.
#[differentiate]
fn cleared_then_filled(x: f64, v: &mut Vec<f64>) {
    v.clear();
    v.push(x);
    v.push(x * x);
}

#[test]
fn a_lending_call_assigned_and_a_buffer_cleared() {
    // e₁ = 2x², e₂ = 2(x e₁)² = 8x⁶, b = (x e₁)² = 4x⁶: f = 12x⁶, f′ = 72x⁵.
    let x = 0.5f64;
    let (v, d) = lent_and_assigned_grad(x);
    assert!((v - 12.0 * x.powi(6)).abs() < 1e-15 && (d - 72.0 * x.powi(5)).abs() < 1e-14);
    lent_and_assigned_gradcheck(x).unwrap();
    let (mut v, mut v_dot) = (vec![9.0; 5], vec![0.0; 5]);
    cleared_then_filled_jvp(x, &mut v, 1.0, &mut v_dot);
    assert_eq!((v, v_dot), (vec![0.5, 0.25], vec![1.0, 1.0]));
}
