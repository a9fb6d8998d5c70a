//! `ndarray` arrays as buffers, as ndarray code writes its integrators: a right-hand side
//! writing `dydt: &mut Array1<f64>`, an update in place (`u: &mut Array1<f64>`), and a
//! caller lending local `Array1::zeros(n)` stages to such a function (`f(&y, &mut k1)`).
//! Each derivative is checked against a closed form worked out by hand, against central
//! differences (`_gradcheck`), or against the other mode.

use autodiff::differentiate;
use autodiff::ndarray::{array, Array1};

/// A pendulum's right-hand side: (θ, ω)′ = (ω, −k sin θ).
#[differentiate]
fn pendulum(y: &Array1<f64>, k: f64, dydt: &mut Array1<f64>) {
    dydt[0] = y[1];
    dydt[1] = -k * y[0].sin();
}

#[test]
fn an_output_array_has_a_seed_and_a_tangent_of_its_type() {
    let (y, k) = (array![0.4, -1.5], 2.0);
    let mut dydt = Array1::zeros(2);
    // ⟨s, dydt⟩ = s₀ ω − s₁ k sin θ: ∂/∂θ = −s₁ k cos θ, ∂/∂ω = s₀, ∂/∂k = −s₁ sin θ.
    let seed = array![0.5, -1.0];
    let (y_bar, k_bar) = pendulum_vjp(&y, k, &mut dydt, &seed);
    assert_eq!(dydt, array![-1.5, -2.0 * 0.4_f64.sin()]);
    assert!((y_bar[0] - k * 0.4_f64.cos()).abs() < 1e-15, "{y_bar}");
    assert_eq!(y_bar[1], 0.5);
    assert!((k_bar - 0.4_f64.sin()).abs() < 1e-15);
    // The other mode: ⟨s, J v⟩ = ⟨Jᵀ s, v⟩.
    let (y_dot, k_dot) = (array![0.3, 0.7], -0.2);
    let mut dydt_dot = Array1::zeros(2);
    pendulum_jvp(&y, k, &mut dydt, &y_dot, k_dot, &mut dydt_dot);
    let forward = seed.dot(&dydt_dot);
    let reverse = y_bar.dot(&y_dot) + k_bar * k_dot;
    assert!((forward - reverse).abs() < 1e-14, "{forward} {reverse}");
}

/// One explicit step of u′ = −k u², in place: uᵢ ← uᵢ − dt k uᵢ².
#[differentiate]
fn decay_step(u: &mut Array1<f64>, k: f64, dt: f64) {
    for i in 0..u.len() {
        u[i] = u[i] - dt * k * u[i] * u[i];
    }
}

#[test]
fn an_array_updated_in_place_takes_its_cotangent_in_and_out() {
    let (k, dt) = (0.5, 0.1);
    let mut u = array![1.0, 2.0];
    let mut u_bar = array![1.0, 1.0];
    let (k_bar, dt_bar) = decay_step_vjp(&mut u, k, dt, &mut u_bar);
    // ∂uᵢ′/∂uᵢ = 1 − 2 dt k uᵢ; ∂/∂k Σ uᵢ′ = −dt Σ uᵢ²; ∂/∂dt = −k Σ uᵢ².
    assert_eq!(u, array![0.95, 1.8]);
    assert!(
        (&u_bar - &array![0.9, 0.8]).iter().all(|d| d.abs() < 1e-15),
        "{u_bar}"
    );
    assert!((k_bar + 0.5).abs() < 1e-15 && (dt_bar + 2.5).abs() < 1e-15);
}

/// Zeroed by `fill`, then written through `iter_mut`, then read.
#[differentiate]
fn squares_into(x: &[f64], out: &mut Array1<f64>) -> f64 {
    out.fill(0.0);
    for (o, v) in out.iter_mut().zip(x.iter()) {
        *o = v * v;
    }
    out.iter().sum()
}

/// Lends a local array to `squares_into`, then reads it: x₀² + x₁² + x₀².
#[differentiate]
fn lends_a_local_array(x: &[f64]) -> f64 {
    let mut buf = Array1::zeros(x.len());
    let s = squares_into(x, &mut buf);
    s + buf[0]
}

#[test]
fn a_local_array_lent_to_a_callee() {
    let (f, g) = lends_a_local_array_grad(&[1.0, 2.0]);
    assert_eq!(f, 6.0);
    assert_eq!(g, vec![4.0, 4.0]);
    lends_a_local_array_gradcheck(&[1.0, -0.5]).unwrap();
}

/// The energy after RK4 steps of the pendulum, its four stages local arrays lent to the
/// right-hand side, as an ndarray integrator is written.
#[differentiate]
fn rk4_energy(y0: &Array1<f64>, k: f64, h: f64, steps: usize) -> f64 {
    let mut y = y0.clone();
    let n = y.len();
    let mut k1 = Array1::zeros(n);
    let mut k2 = Array1::zeros(n);
    let mut k3 = Array1::zeros(n);
    let mut k4 = Array1::zeros(n);
    for _ in 0..steps {
        pendulum(&y, k, &mut k1);
        let y2 = &y + &(&k1 * (h / 2.0));
        pendulum(&y2, k, &mut k2);
        let y3 = &y + &(&k2 * (h / 2.0));
        pendulum(&y3, k, &mut k3);
        let y4 = &y + &(&k3 * h);
        pendulum(&y4, k, &mut k4);
        y = &y + &((&k1 + &(&k2 * 2.0) + &(&k3 * 2.0) + &k4) * (h / 6.0));
    }
    0.5 * y[1] * y[1] + k * (1.0 - y[0].cos())
}

#[test]
fn an_ndarray_integrator_lending_its_stages() {
    let y0 = array![0.3, -0.2];
    // Central differences of the gradient and of the HVP along a random direction.
    rk4_energy_gradcheck(&y0, 1.7, 0.1, 20).unwrap();
    // The energy is nearly conserved: its gradient in y₀ is nearly that of the energy at
    // y₀, (k sin θ₀, ω₀).
    let (_, g, _, _) = rk4_energy_grad(&y0, 1.7, 0.01, 100);
    assert!((g[0] - 1.7 * 0.3_f64.sin()).abs() < 1e-3, "{g}");
    assert!((g[1] + 0.2).abs() < 1e-3, "{g}");
}

/// An upwind step of the advection equation in place, from a copy of the old values:
/// uᵢ ← uᵢ − c (uᵢ − uᵢ₋₁) for i ≥ 1.
#[differentiate]
fn upwind(u: &mut Array1<f64>, c: f64) {
    let un = u.clone();
    for i in 1..un.len() {
        u[i] = un[i] - c * (un[i] - un[i - 1]);
    }
}

#[test]
fn an_upwind_step_from_a_copy_of_the_array() {
    let c = 0.25;
    let mut u = array![1.0, 3.0, 2.0];
    let mut u_bar = array![1.0, 1.0, 1.0];
    let (c_bar,) = upwind_vjp(&mut u, c, &mut u_bar);
    assert_eq!(u, array![1.0, 2.5, 2.25]);
    // Σ uᵢ′ = u₀ + Σᵢ≥₁ ((1 − c) uᵢ + c uᵢ₋₁): ū = (1 + c, 1, 1 − c); c̄ = −Σᵢ≥₁ (uᵢ − uᵢ₋₁).
    assert_eq!(u_bar, array![1.25, 1.0, 0.75]);
    assert_eq!(c_bar, -(2.0 - 1.0));
}
