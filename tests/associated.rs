//! Associated functions without `self` inside an `impl`: marked `#[differentiate(associated)]`
//! (or naming `Self`, in the signature or the body), their generated items reach each other as
//! `Self::f_…`. Each is checked against central differences and the other mode; one calls
//! another through `Self::`, and a method calls one.

#![allow(clippy::needless_range_loop)] // index loops are what the macro is tested on

mod common;

use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};
use common::{assert_dot_product, assert_grad, assert_hvp, rng_vec};

#[derive(Differentiable, Clone, Debug)]
struct Spring {
    k: f64,
    rest: f64,
}

impl Spring {
    /// `Σ k (xᵢ₊₁ − xᵢ − rest)²`: an associated function, not a method.
    #[differentiate(associated)]
    fn chain_energy(x: &[f64], k: f64, rest: f64) -> f64 {
        let mut e = 0.0;
        for i in 0..x.len() - 1 {
            let stretch = x[i + 1] - x[i] - rest;
            e += k * stretch * stretch;
        }
        e
    }

    /// Calls its sibling through `Self::`, with a constant `rest`.
    #[differentiate(associated, wrt(x, k))]
    fn damped_energy(x: &[f64], k: f64, damping: f64) -> f64 {
        let e = Self::chain_energy(x, k, 0.5);
        e * (-damping * x[0] * x[0]).exp()
    }

    /// A signature naming `Self` needs no marker: it can only stand in an `impl`.
    #[differentiate]
    fn of_self(s: &Self, x: f64) -> f64 {
        s.k * (x - s.rest).powi(2)
    }

    /// Only the body names `Self`: no marker needed either.
    #[differentiate]
    fn doubled_energy(x: &[f64], k: f64) -> f64 {
        2.0 * Self::chain_energy(x, k, 0.0)
    }

    /// A method calling an associated function.
    #[differentiate]
    fn energy(&self, x: &[f64]) -> f64 {
        Self::chain_energy(x, self.k, self.rest)
    }
}

/// A generic struct of parameters: an associated function taking it gets an `_hvp` (the
/// struct seeded through its dual twin), reached as `Self::…_pullback`.
#[derive(Differentiable, Clone, Debug)]
struct Gains<T: Float> {
    a: T,
    b: T,
}

struct Poly;

impl Poly {
    /// `a x₀² + b x₁²`.
    #[differentiate(associated)]
    fn weighted<T: Float + 'static>(p: &Gains<T>, x: &[T]) -> T {
        p.a * x[0] * x[0] + p.b * x[1] * x[1]
    }
}

impl Poly {
    /// Generic over its own float type, in an `impl` without one.
    #[differentiate(associated)]
    fn cubic<T: Float>(x: T, a: T) -> T {
        a * x * x * x - x
    }
}

struct Fit<T> {
    scale: T,
}

impl<T: Float> Fit<T> {
    /// In a generic `impl`, the float type is the impl's `T`, guessed from the signature as
    /// for methods.
    #[differentiate(associated)]
    fn residual(w: &[T], y: T) -> T {
        let mut r = -y;
        for i in 0..w.len() {
            r = r + w[i] * w[i];
        }
        r * r
    }

    fn scaled(&self, w: &[T]) -> T {
        self.scale * Self::residual(w, T::one())
    }
}

#[test]
fn associated_function_of_a_generic_impl() {
    let w = rng_vec(8, 3, -1.0, 1.0);
    let (r, w_bar, y_bar) = Fit::<f64>::residual_grad(&w, 0.3);
    assert_eq!(r, Fit::<f64>::residual(&w, 0.3));
    let mut grad = w_bar;
    grad.push(y_bar);
    let mut point = w.clone();
    point.push(0.3);
    assert_grad(|p| Fit::<f64>::residual(&p[..3], p[3]), &point, &grad);
    let fit = Fit { scale: 2.0_f32 };
    assert!(fit.scaled(&[1.0, 0.5]).is_finite());
}

#[test]
fn associated_gradient_matches_differences() {
    let x = rng_vec(1, 6, -1.0, 1.0);
    let (k, rest) = (1.3, 0.2);
    let (e, x_bar, k_bar, rest_bar) = Spring::chain_energy_grad(&x, k, rest);
    assert_eq!(e, Spring::chain_energy(&x, k, rest));
    let mut all = x.clone();
    all.extend([k, rest]);
    let mut grad = x_bar.clone();
    grad.extend([k_bar, rest_bar]);
    let f = |p: &[f64]| Spring::chain_energy(&p[..6], p[6], p[7]);
    assert_grad(f, &all, &grad);
    let jvp = |v: &[f64]| Spring::chain_energy_jvp(&x, k, rest, &v[..6], v[6], v[7]).1;
    assert_dot_product(jvp, &grad, 2);
    Spring::chain_energy_gradcheck(&x, k, rest).unwrap();
}

#[test]
fn associated_hvp_matches_differences_of_gradients() {
    let x = rng_vec(3, 5, -1.0, 1.0);
    let v = rng_vec(4, 7, -1.0, 1.0);
    let (_, _, _, _, hx, hk, hrest) = Spring::chain_energy_hvp(&x, 0.7, 0.1, &v[..5], v[5], v[6]);
    let grad = |p: &[f64]| {
        let (_, mut g, gk, grest) = Spring::chain_energy_grad(&p[..5], p[5], p[6]);
        g.extend([gk, grest]);
        g
    };
    let mut point = x.clone();
    point.extend([0.7, 0.1]);
    let mut hv = hx;
    hv.extend([hk, hrest]);
    assert_hvp(grad, &point, &v, &hv);
}

#[test]
fn body_naming_self_needs_no_marker() {
    let x = rng_vec(9, 4, -1.0, 1.0);
    let (_, x_bar, k_bar) = Spring::doubled_energy_grad(&x, 0.8);
    let (_, x_ref, k_ref, _) = Spring::chain_energy_grad(&x, 0.8, 0.0);
    assert_grad(
        |p| Spring::doubled_energy(&p[..4], p[4]),
        &[&x[..], &[0.8]].concat(),
        &[&x_bar[..], &[k_bar]].concat(),
    );
    assert!((k_bar - 2.0 * k_ref).abs() < 1e-12);
    assert!(x_bar
        .iter()
        .zip(&x_ref)
        .all(|(a, b)| (a - 2.0 * b).abs() < 1e-12));
}

#[test]
fn call_through_self_matches_differences() {
    let x = rng_vec(5, 4, -1.0, 1.0);
    let (k, damping) = (0.9, 0.3);
    let (_, x_bar, k_bar) = Spring::damped_energy_grad(&x, k, damping);
    let mut all = x.clone();
    all.push(k);
    let mut grad = x_bar;
    grad.push(k_bar);
    assert_grad(
        |p| Spring::damped_energy(&p[..4], p[4], damping),
        &all,
        &grad,
    );
    let jvp = |v: &[f64]| Spring::damped_energy_jvp(&x, k, damping, &v[..4], v[4]).1;
    assert_dot_product(jvp, &grad, 6);
}

#[test]
fn signature_naming_self_and_method_calling_associated() {
    let s = Spring { k: 1.7, rest: 0.4 };
    let (_, s_bar, x_bar) = Spring::of_self_grad(&s, 1.1);
    // ∂/∂k = (x − rest)², ∂/∂rest = −2k(x − rest), ∂/∂x = 2k(x − rest), by hand.
    let d = 1.1 - 0.4;
    assert!((s_bar.k - d * d).abs() < 1e-12);
    assert!((s_bar.rest + 2.0 * 1.7 * d).abs() < 1e-12);
    assert!((x_bar - 2.0 * 1.7 * d).abs() < 1e-12);

    let x = rng_vec(7, 5, -1.0, 1.0);
    let (e, s_bar, x_bar) = s.energy_grad(&x);
    assert_eq!(e, Spring::chain_energy(&x, s.k, s.rest));
    let (_, x_ref, k_ref, rest_ref) = Spring::chain_energy_grad(&x, s.k, s.rest);
    let f = |p: &[f64]| Spring::chain_energy(&x, p[0], p[1]);
    assert_grad(f, &[s.k, s.rest], &[s_bar.k, s_bar.rest]);
    assert_grad(|p| Spring::chain_energy(p, s.k, s.rest), &x, &x_bar);
    assert!((s_bar.k - k_ref).abs() < 1e-12 && (s_bar.rest - rest_ref).abs() < 1e-12);
    assert_eq!(x_bar.len(), x_ref.len());
}

#[test]
fn associated_function_of_a_struct_has_an_hvp() {
    let p = Gains { a: 0.5, b: -1.5 };
    let x = [2.0, 0.25];
    let p_dot = Gains { a: 0.3, b: 0.1 };
    let x_dot = [1.0, -2.0];
    // With g = (a, b): ∂/∂gᵢ = xᵢ², ∂/∂xᵢ = 2 gᵢ xᵢ; H·v: for gᵢ, 2 xᵢ ẋᵢ; for xᵢ,
    // 2 ġᵢ xᵢ + 2 gᵢ ẋᵢ.
    let (value, g_p, g_x, hv_p, hv_x) = Poly::weighted_hvp(&p, &x, &p_dot, &x_dot);
    assert_eq!(value, 0.5 * 4.0 - 1.5 * 0.0625);
    assert_eq!((g_p.a, g_p.b, g_x), (4.0, 0.0625, vec![2.0, -0.75]));
    assert_eq!((hv_p.a, hv_p.b), (4.0, -1.0));
    assert_eq!(hv_x, vec![2.0 * 0.3 * 2.0 + 1.0, 2.0 * 0.1 * 0.25 + 6.0]);
}

struct Activations;

impl Activations {
    /// A custom rule among associated functions: its `_jvp` and `_vjp` are associated too.
    #[differentiate(custom, associated)]
    fn softplus<T: Float>(x: T) -> T {
        x.exp().ln_1p()
    }

    fn softplus_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
        (Self::softplus(x), x_dot / (T::one() + (-x).exp()))
    }

    fn softplus_vjp<T: Float>(x: T, dout: T) -> (T, T) {
        (Self::softplus(x), dout / (T::one() + (-x).exp()))
    }

    #[differentiate(associated)]
    fn scaled_softplus(x: f64, w: f64) -> f64 {
        w * Self::softplus(x * w)
    }
}

#[test]
fn custom_rule_among_associated_functions() {
    let (x, w) = (0.4, -1.3);
    let (_, x_bar, w_bar) = Activations::scaled_softplus_grad(x, w);
    let f = |p: &[f64]| Activations::scaled_softplus(p[0], p[1]);
    assert_grad(f, &[x, w], &[x_bar, w_bar]);
    let (_, _, _, hx, hw) = Activations::scaled_softplus_hvp(x, w, 0.6, 0.8);
    let grad = |p: &[f64]| {
        let (_, gx, gw) = Activations::scaled_softplus_grad(p[0], p[1]);
        vec![gx, gw]
    };
    assert_hvp(grad, &[x, w], &[0.6, 0.8], &[hx, hw]);
}

#[test]
fn generic_associated_function() {
    // d/dx (a x³ − x) = 3a x² − 1, d/da = x³; d²/dx² = 6 a x, d²/dx da = 3x².
    let (x, a) = (0.8_f64, 1.5_f64);
    let (_, gx, ga) = Poly::cubic_grad(x, a);
    assert!((gx - (3.0 * a * x * x - 1.0)).abs() < 1e-12);
    assert!((ga - x * x * x).abs() < 1e-12);
    let (_, _, _, hx, ha) = Poly::cubic_hvp(x, a, 1.0, 0.0);
    assert!((hx - 6.0 * a * x).abs() < 1e-12);
    assert!((ha - 3.0 * x * x).abs() < 1e-12);
    let (v32, d32) = Poly::cubic_jvp(0.5_f32, 2.0_f32, 1.0, 0.0);
    assert!((v32 - (2.0 * 0.125 - 0.5)).abs() < 1e-6);
    assert!((d32 - (3.0 * 2.0 * 0.25 - 1.0)).abs() < 1e-6);
    Poly::cubic_gradcheck(x, a).unwrap();
}

/// A window function as an FFT crate declares it: a trait generic over the sample type,
/// whose associated function takes no `self`.
pub trait WindowFunction<T>
where
    T: Copy + core::ops::Mul<Self::TMul, Output = T>,
{
    type TMul: autodiff::num_traits::FromPrimitive + Copy;
    fn calculate(i: Self::TMul, n: Self::TMul) -> Self::TMul;
}

pub struct Hamming;

// The block's `T` is the trait's, which `Hamming` does not name: the derived items (in an
// inherent `impl Hamming`) leave it out.
#[differentiate]
impl<T> WindowFunction<T> for Hamming
where
    T: Copy + core::ops::Mul<f32, Output = T>,
{
    type TMul = f32;

    #[inline(always)]
    fn calculate(i: f32, n: f32) -> f32 {
        0.54f32 - 0.46f32 * (2.0f32 * core::f32::consts::PI * i / n).cos()
    }
}

pub trait Scaled<T> {
    fn scaled(x: T, k: T) -> T;
}

pub struct Quadratic;

// A float parameter of the block that the self type does not name: each derived item
// takes it as its own.
#[differentiate]
impl<T: Float> Scaled<T> for Quadratic {
    fn scaled(x: T, k: T) -> T {
        x * k * x
    }
}

#[test]
fn associated_functions_of_trait_impls() {
    Hamming::calculate_gradcheck(3.0, 16.0).unwrap();
    // ∂/∂i = 0.46 · 2π/n · sin(2π i / n).
    let (_, gi, _) = Hamming::calculate_grad(3.0, 16.0);
    let w = 2.0 * std::f32::consts::PI / 16.0;
    assert!((gi - 0.46 * w * (w * 3.0).sin()).abs() < 1e-6);
    assert_eq!(
        <Hamming as WindowFunction<f32>>::calculate(0.0, 16.0),
        0.54 - 0.46
    );
    // x² k: (2xk, x²).
    let (_, gx, gk) = Quadratic::scaled_grad(2.0f64, 3.0);
    assert_eq!((gx, gk), (12.0, 4.0));
    Quadratic::scaled_gradcheck(2.0f64, 3.0).unwrap();
}

/// A trait whose provided method computes with a parameter and a required method.
pub trait Shape {
    fn side(&self) -> f64;

    // The required method has no derivatives: `wrt` leaves `self` out.
    #[differentiate(wrt(k))]
    fn scaled_area(&self, k: f64) -> f64 {
        (k * self.side()).powi(2)
    }
}

pub struct Square(f64);

impl Shape for Square {
    fn side(&self) -> f64 {
        self.0
    }
}

#[test]
fn a_provided_method_of_a_trait() {
    let s = Square(3.0);
    // (k s)²: ∂/∂k = 2 k s².
    assert_eq!(s.scaled_area_grad(2.0), (36.0, 36.0));
    s.scaled_area_gradcheck(2.0).unwrap();
}
