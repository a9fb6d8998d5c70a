//! A trait implemented for a float type itself (`impl Lerp for f64`), under
//! `#[differentiate]`: the derived items are methods of a trait of their own,
//! `LerpDerivatives`, implemented for `f64` (`x.lerp_grad(y, v)`). Checked against closed
//! forms and central differences.

use autodiff::differentiate;

pub trait Lerp {
    fn lerp(&self, other: &Self, v: f64) -> Self;
    fn smoothstep(self, edge: f64) -> Self;
    fn describe(&self) -> String;
}

#[differentiate]
impl Lerp for f64 {
    fn lerp(&self, other: &Self, v: f64) -> Self {
        self * (1.0 - v) + other * v
    }

    fn smoothstep(self, edge: f64) -> Self {
        let t = (self / edge).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    }

    // No float result: left alone.
    fn describe(&self) -> String {
        format!("{self}")
    }
}

#[test]
fn methods_of_a_trait_for_f64() {
    let (a, b, v) = (2.0f64, 5.0, 0.25);
    assert_eq!(a.lerp(&b, v), 2.75);
    assert_eq!(a.describe(), "2");
    // ∂/∂a = 1 − v, ∂/∂b = v, ∂/∂v = b − a.
    let (value, ga, gb, gv) = a.lerp_grad(b, v);
    assert_eq!((value, ga, gb, gv), (2.75, 0.75, 0.25, 3.0));
    a.lerp_gradcheck(b, v).unwrap();
    let (_, t) = a.lerp_jvp(b, v, 1.0, 0.0, 0.0);
    assert_eq!(t, 0.75);
    // smoothstep: 3t² − 2t³ with t = x/e: ∂/∂x = 6t(1 − t)/e.
    let (x, e) = (0.5f64, 2.0);
    let (_, gx, _) = x.smoothstep_grad(e);
    let t = x / e;
    assert!((gx - 6.0 * t * (1.0 - t) / e).abs() < 1e-12);
    x.smoothstep_gradcheck(e).unwrap();
}

pub trait Curve {
    fn mix(&self, other: &Self, t: f32) -> Self;
    fn bezier(&self, c1: &Self, c2: &Self, t: f32) -> Self;
}

// The trait's own methods called inside it, in `f32`.
#[differentiate]
impl Curve for f32 {
    fn mix(&self, other: &Self, t: f32) -> Self {
        self + (other - self) * t
    }

    fn bezier(&self, c1: &Self, c2: &Self, t: f32) -> Self {
        let a = self.mix(c1, t);
        let b = c1.mix(c2, t);
        a.mix(&b, t)
    }
}

#[test]
fn methods_calling_each_other_in_f32() {
    let (p0, p1, p2, t) = (1.0f32, 3.0, 2.0, 0.25);
    // (1−t)²p0 + 2t(1−t)p1 + t²p2: ∂/∂t = 2(1−t)(p1 − p0) + 2t(p2 − p1).
    let (v, g0, g1, g2, gt) = p0.bezier_grad(p1, p2, t);
    assert!((v - (0.5625 + 0.375 * 3.0 + 0.0625 * 2.0)).abs() < 1e-6);
    assert!((g0 - 0.5625).abs() < 1e-6 && (g1 - 0.375).abs() < 1e-6 && (g2 - 0.0625).abs() < 1e-6);
    assert!((gt - (1.5 * 2.0 - 0.5)).abs() < 1e-6);
    p0.bezier_gradcheck(p1, p2, t).unwrap();
}

/// Associated functions (no receiver) of a trait implemented for a float type, as bevy's
/// `SmoothDamp` for `f32`/`f64` has them (held-out round 10: the block's derivatives trait
/// was empty, and `associated` gave rustc errors): they stay associated,
/// `<f64 as BlendDerivatives>::blend_grad(a, b, t)`.
pub trait Blend {
    fn blend(a: Self, b: Self, t: f64) -> Self;
}

#[differentiate]
impl Blend for f64 {
    fn blend(a: f64, b: f64, t: f64) -> f64 {
        a + (b - a) * t
    }
}

pub trait Ease {
    fn ease(x: Self, k: Self) -> Self;
}

#[differentiate(associated)]
impl Ease for f32 {
    fn ease(x: f32, k: f32) -> f32 {
        x * x * k
    }
}

#[test]
fn associated_functions_of_a_float_impl() {
    // f = a + (b − a)t: ∂f/∂a = 1 − t, ∂f/∂b = t, ∂f/∂t = b − a.
    let (f, a_bar, b_bar, t_bar) = <f64 as BlendDerivatives>::blend_grad(1.0, 3.0, 0.25);
    assert_eq!((f, a_bar, b_bar, t_bar), (1.5, 0.75, 0.25, 2.0));
    f64::blend_gradcheck(1.0, 3.0, 0.25).unwrap();
    let (e, x_bar, k_bar) = <f32 as EaseDerivatives>::ease_grad(0.5, 2.0);
    assert_eq!((e, x_bar, k_bar), (0.5, 2.0, 0.25));
    f32::ease_gradcheck(0.5, 2.0).unwrap();
}

/// A trait of statistics implemented for the sequences of floats (`impl … for [f64]`,
/// `for Vec<f64>`), as statistics crates write them: the derived items are methods of
/// `SummaryDerivativesForSlice` and `SummaryDerivativesForVec`.
pub trait Summary {
    fn average(&self) -> f64;
    fn sum_of_squares(&self) -> f64;
    fn ratio(&self, other: &Self) -> f64;
}

#[differentiate]
impl Summary for [f64] {
    fn average(&self) -> f64 {
        self.iter().sum::<f64>() / self.len() as f64
    }
    /// Σ (xᵢ − x̄)², through the block's own `average`.
    fn sum_of_squares(&self) -> f64 {
        let m = self.average();
        self.iter().map(|x| (x - m) * (x - m)).sum::<f64>()
    }
    /// x̄ / ȳ, the method called on the other operand too.
    fn ratio(&self, other: &Self) -> f64 {
        self.average() / other.average()
    }
}

#[differentiate]
impl Summary for Vec<f64> {
    fn average(&self) -> f64 {
        self.iter().sum::<f64>() / self.len() as f64
    }
    fn sum_of_squares(&self) -> f64 {
        self.iter().map(|x| x * x).sum::<f64>()
    }
    fn ratio(&self, other: &Self) -> f64 {
        self.sum_of_squares() / other.sum_of_squares()
    }
}

#[test]
fn a_trait_for_sequences_of_floats() {
    let x = [1.0, 2.0, 4.0];
    let s: &[f64] = &x;
    assert_eq!(s.average(), 7.0 / 3.0);
    // ∂x̄/∂xᵢ = 1/n; ∂Σ(xᵢ − x̄)²/∂xᵢ = 2(xᵢ − x̄) (the terms through x̄ sum to zero).
    let (m, g) = s.average_grad();
    assert_eq!((m, g), (7.0 / 3.0, vec![1.0 / 3.0; 3]));
    let (_, g) = s.sum_of_squares_grad();
    for i in 0..3 {
        assert!((g[i] - 2.0 * (x[i] - 7.0 / 3.0)).abs() < 1e-14);
    }
    s.sum_of_squares_gradcheck().unwrap();
    // r = x̄/ȳ: ∂r/∂xᵢ = 1/(n ȳ), ∂r/∂yᵢ = −x̄/(n ȳ²).
    let y: &[f64] = &[2.0, 3.0];
    let (r, gx, gy) = s.ratio_grad(y);
    assert!((r - (7.0 / 3.0) / 2.5).abs() < 1e-15);
    assert!((gx[0] - 1.0 / (3.0 * 2.5)).abs() < 1e-15);
    assert!((gy[1] + (7.0 / 3.0) / (2.0 * 2.5 * 2.5)).abs() < 1e-15);
    let v = vec![1.0, -2.0];
    let (q, g) = v.sum_of_squares_grad();
    assert_eq!((q, g), (5.0, vec![2.0, -4.0]));
    v.average_gradcheck().unwrap();
}

pub trait Length {
    fn length(&self) -> f64;
}

#[differentiate]
impl Length for [f64; 2] {
    fn length(&self) -> f64 {
        (self[0] * self[0] + self[1] * self[1]).sqrt()
    }
}

#[test]
fn a_trait_for_an_array_of_floats() {
    // ∇|p| = p/|p|.
    let (l, g) = [3.0, 4.0].length_grad();
    assert_eq!(l, 5.0);
    assert!((g[0] - 0.6).abs() < 1e-15 && (g[1] - 0.8).abs() < 1e-15);
    [0.5, -2.0].length_gradcheck().unwrap();
}

/// A trait whose result is an associated type, implemented for `f64` with `Output = f64`
/// (a remapping of ranges, as a ray tracer's utilities write it).
pub trait Remap {
    type Output;
    fn remap(&self, from: (f64, f64), to: (f64, f64)) -> Self::Output;
}

#[differentiate]
impl Remap for f64 {
    type Output = f64;

    fn remap(&self, from: (f64, f64), to: (f64, f64)) -> Self::Output {
        let one = Self::Output::from(1.0f32);
        to.0 + (self - from.0) * (to.1 - to.0) / (from.1 - from.0) * one
    }
}

#[test]
fn an_associated_output_of_a_trait_for_f64() {
    let x = 0.25f64;
    assert_eq!(x.remap((0.0, 1.0), (10.0, 20.0)), 12.5);
    // ∂/∂x = (t₁ − t₀)/(f₁ − f₀) = 10; ∂/∂t₀ = 1 − (x − f₀)/(f₁ − f₀) = 0.75.
    let (value, gx, g_from, g_to) = x.remap_grad(&(0.0, 1.0), &(10.0, 20.0));
    assert_eq!(value, 12.5);
    assert_eq!(gx, 10.0);
    assert_eq!(g_to, (0.75, 0.25));
    assert!((g_from.0 - -7.5).abs() < 1e-12 && (g_from.1 - -2.5).abs() < 1e-12);
    x.remap_gradcheck(&(0.0, 1.0), &(10.0, 20.0)).unwrap();
}
