//! Constructs the real-code corpus showed (`tests/corpus/`), in the project's own words:
//! each test is written for this project, in the idiom the corpus found, and checked
//! against central differences or a closed form.

mod common;

use autodiff::differentiate;
use autodiff::gradcheck::{check_derivatives, check_vjp, Tolerance};

/// A present value: amounts of 10⁵ beside a rate of 0.1, with assertions on primal
/// values. The check's direction is scaled per coordinate, so differencing the gradient
/// along it does not move the rate by the step of the amounts.
#[differentiate]
fn present_value(investment: f64, rate: f64, years: u16, payment: f64) -> f64 {
    assert!(years > 0);
    let mut total = 0.0f64;
    for t in 1..=years {
        total += payment / (1.0 + rate).powi(t as i32);
        assert!(total.is_finite());
    }
    total - investment
}

#[test]
fn amounts_and_a_rate_of_different_sizes() {
    let (investment, rate, years, payment) = (100_000.0, 0.1, 10, 20_000.0);
    present_value_gradcheck(investment, rate, years, payment).unwrap();
    // ∂/∂r Σ c (1+r)^-t = −Σ t c (1+r)^(-t-1); ∂²/∂r² = Σ t (t+1) c (1+r)^(-t-2).
    let d1: f64 = (1..=10)
        .map(|t| -(t as f64) * payment * (1.0 + rate).powi(-t - 1))
        .sum();
    let d2: f64 = (1..=10)
        .map(|t| (t * (t + 1)) as f64 * payment * (1.0 + rate).powi(-t - 2))
        .sum();
    let (_, _, rate_bar, _, _, hv_rate, _) =
        present_value_hvp(investment, rate, years, payment, 0.0, 1.0, 0.0);
    assert!((rate_bar - d1).abs() < 1e-9 * d1.abs());
    assert!((hv_rate - d2).abs() < 1e-9 * d2.abs());
}

#[test]
fn a_wrong_hessian_is_still_caught_at_mixed_scales() {
    // f = a·r² with a = 10⁵ and r = 0.1: H = [[0, 2r], [2r, 2a]].
    let f = |p: &[f64]| p[0] * p[1] * p[1];
    let grad = |p: &[f64]| vec![p[1] * p[1], 2.0 * p[0] * p[1]];
    let jvp = |p: &[f64], v: &[f64]| p[1] * p[1] * v[0] + 2.0 * p[0] * p[1] * v[1];
    let hvp = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[1], 2.0 * p[1] * v[0] + 2.0 * p[0] * v[1]];
    let wrong = |p: &[f64], v: &[f64]| vec![2.0 * p[1] * v[1], 2.0 * p[0] * v[1]];
    let params = [("a", 0..1), ("r", 1..2)];
    let point = [1e5, 0.1];
    assert!(check_derivatives(f, grad, jvp, hvp, &point, &params, Tolerance::default()).is_ok());
    assert!(check_derivatives(f, grad, jvp, wrong, &point, &params, Tolerance::default()).is_err());
    // A JVP that drops the unit-sized coordinate's term beside an amount of 10⁶.
    let f = |p: &[f64]| p[0] + p[1];
    let grad = |_: &[f64]| vec![1.0, 1.0];
    let jvp = |_: &[f64], v: &[f64]| v[0] + v[1];
    let dropped = |_: &[f64], v: &[f64]| v[0];
    let hvp = |_: &[f64], _: &[f64]| vec![0.0, 0.0];
    let point = [1e6, 0.5];
    let params = [("a", 0..1), ("b", 1..2)];
    assert!(check_derivatives(f, grad, jvp, hvp, &point, &params, Tolerance::default()).is_ok());
    assert!(
        check_derivatives(f, grad, dropped, hvp, &point, &params, Tolerance::default()).is_err()
    );
}

/// A softened pair force returned as `Vec::from([fx, fy])`.
#[differentiate]
fn pair_force(a: &[f64], b: &[f64], soft: f64) -> Vec<f64> {
    let dx = b[0] - a[0];
    let dy = b[1] - a[1];
    let r = (dx * dx + dy * dy + soft * soft).sqrt();
    let magnitude = 1.0 / (r * r);
    let fx = magnitude * dx / r;
    let fy = magnitude * dy / r;
    Vec::from([fx, fy])
}

#[test]
fn a_vec_built_from_an_array_literal() {
    let (a, b) = ([0.1, -0.2], [0.7, 0.4]);
    let ab = [a, b].concat();
    let f = |x: &[f64]| pair_force(&x[..2], &x[2..], 0.05);
    let vjp = |y: &[f64]| {
        let (_, a_bar, b_bar, _) = pair_force_vjp(&a, &b, 0.05, y.to_vec());
        [a_bar, b_bar].concat()
    };
    check_vjp(f, &ab, vjp, 3, Tolerance::default()).unwrap();
}

/// A cash flow held in a struct's `Vec` field, discounted through an iterator chain in a
/// method (`.iter().enumerate().map(…).sum()`): `.iter()` alone says a sequence.
#[derive(autodiff::Differentiable)]
struct CashFlow {
    amounts: Vec<f64>,
    rate: f64,
}

impl CashFlow {
    #[differentiate]
    fn discounted(&self) -> f64 {
        self.amounts
            .iter()
            .enumerate()
            .map(|(t, &c)| c / (1.0 + self.rate).powi(t as i32))
            .sum()
    }
}

#[test]
fn a_vec_field_walked_by_an_iterator_chain() {
    let flow = CashFlow {
        amounts: vec![-1500.0, 300.0, 450.0, 600.0, 700.0],
        rate: 0.07,
    };
    flow.discounted_gradcheck().unwrap();
    let (_, bar) = flow.discounted_grad();
    // ∂/∂cₜ = (1 + r)^-t
    for (t, g) in bar.amounts.iter().enumerate() {
        assert!((g - 1.07f64.powi(-(t as i32))).abs() < 1e-14);
    }
}

/// Horner's rule walking the coefficients backwards by reference.
#[differentiate]
fn horner_backwards(coeffs: &[f64], x: f64) -> f64 {
    let mut acc = 0.0;
    for &c in coeffs.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

#[test]
fn a_for_loop_over_a_reversed_slice() {
    let coeffs = [0.5, -1.0, 2.0, 0.25];
    horner_backwards_gradcheck(&coeffs, 0.8).unwrap();
    // p(x) = c₃ x³ + c₂ x² + c₁ x + c₀ (walked from the last coefficient).
    let (value, _, dx) = horner_backwards_grad(&coeffs, 0.8);
    let x: f64 = 0.8;
    assert!((value - (0.25 * x.powi(3) + 2.0 * x * x - x + 0.5)).abs() < 1e-14);
    assert!((dx - (0.75 * x * x + 4.0 * x - 1.0)).abs() < 1e-14);
}

/// A bias first, then weights zipped with the features from a sub-slice.
#[differentiate]
fn affine(weights: &[f64], features: &[f64]) -> f64 {
    weights[0]
        + weights[1..]
            .iter()
            .zip(features.iter())
            .map(|(w, x)| w * x)
            .sum::<f64>()
}

#[test]
fn an_iterator_over_a_sub_slice() {
    let (w, x) = ([0.4, 1.3, -0.7, 0.25], [2.0, 0.5, -1.5]);
    affine_gradcheck(&w, &x).unwrap();
    let (_, w_bar, x_bar) = affine_grad(&w, &x);
    assert_eq!(w_bar, vec![1.0, 2.0, 0.5, -1.5]);
    assert_eq!(x_bar, vec![1.3, -0.7, 0.25]);
    // Fewer features than weights: `zip` stops at the shorter.
    let short = [2.0, 0.5];
    affine_gradcheck(&w, &short).unwrap();
    let (_, w_bar, _) = affine_grad(&w, &short);
    assert_eq!(w_bar, vec![1.0, 2.0, 0.5, 0.0]);
    let x = [0.5, -1.0, 2.0, 7.0];
    squares_from_gradcheck(&x).unwrap();
    let (_, bar) = squares_from_grad(&x);
    assert_eq!(bar, vec![1.0, -2.0 + 0.5, 4.0 + 0.5, 0.0]);
}

/// A sub-slice whose start changes inside the loop: Rust evaluates it once.
#[differentiate]
fn squares_from(x: &[f64]) -> f64 {
    let mut lo = 0;
    let mut s = 0.0;
    for v in x[lo..3].iter() {
        s += v * v;
        lo = 1;
    }
    s + x[1..=2].iter().rev().map(|v| v * 0.5).sum::<f64>() + lo as f64
}

/// A fixed-size point unpacked by a slice pattern, with `let … else`.
#[differentiate]
fn himmelblau(p: &[f64]) -> f64 {
    let &[x, y] = p else {
        panic!("himmelblau takes two coordinates");
    };
    (x * x + y - 11.0).powi(2) + (x + y * y - 7.0).powi(2)
}

#[test]
fn let_else_on_a_slice_pattern() {
    himmelblau_gradcheck(&[0.5, -1.2]).unwrap();
    // A minimum: (3, 2).
    let (value, grad) = himmelblau_grad(&[3.0, 2.0]);
    assert_eq!(value, 0.0);
    assert_eq!(grad, vec![0.0, 0.0]);
    let wrong = std::panic::catch_unwind(|| himmelblau_grad(&[1.0, 2.0, 3.0]));
    assert!(
        wrong.is_err(),
        "the else block runs where the length differs"
    );
}

/// A density behind a trait: the attribute goes on the `impl` block, and the marked
/// method's derivatives land in an inherent `impl Normal` beside it.
trait Density {
    fn ln_pdf(&self, x: f64) -> f64;
    fn name(&self) -> &'static str;
}

#[derive(autodiff::Differentiable)]
struct Normal {
    mu: f64,
    sigma: f64,
}

#[differentiate]
impl Density for Normal {
    #[differentiate]
    fn ln_pdf(&self, x: f64) -> f64 {
        let z = (x - self.mu) / self.sigma;
        -0.5 * z * z - self.sigma.ln() - 0.5 * (2.0 * std::f64::consts::PI).ln()
    }

    fn name(&self) -> &'static str {
        "normal"
    }
}

/// Every method of an unmarked block that computes with floats is differentiated.
trait Area {
    fn area(&self) -> f64;
    fn label(&self) -> String;
}

#[derive(autodiff::Differentiable)]
struct Ellipse {
    a: f64,
    b: f64,
}

#[differentiate]
impl Area for Ellipse {
    fn area(&self) -> f64 {
        std::f64::consts::PI * self.a * self.b
    }

    fn label(&self) -> String {
        format!("ellipse {}×{}", self.a, self.b)
    }
}

#[test]
fn methods_of_trait_impls() {
    let n = Normal {
        mu: 0.3,
        sigma: 1.7,
    };
    assert_eq!(n.name(), "normal");
    n.ln_pdf_gradcheck(1.1).unwrap();
    // ∂/∂μ = z/σ, ∂/∂σ = (z² − 1)/σ, ∂/∂x = −z/σ.
    let (value, n_bar, x_bar) = n.ln_pdf_grad(1.1);
    assert_eq!(value, Density::ln_pdf(&n, 1.1));
    let z = (1.1 - 0.3) / 1.7;
    assert!((n_bar.mu - z / 1.7).abs() < 1e-14);
    assert!((n_bar.sigma - (z * z - 1.0) / 1.7).abs() < 1e-14);
    assert!((x_bar + z / 1.7).abs() < 1e-14);
    let e = Ellipse { a: 2.0, b: 0.5 };
    assert_eq!(e.label(), "ellipse 2×0.5");
    e.area_gradcheck().unwrap();
    let (_, e_bar) = e.area_grad();
    assert!((e_bar.a - std::f64::consts::PI * 0.5).abs() < 1e-14);
}

/// A softmax whose normaliser is a `reduce` over the exponentials, unwrapped.
#[differentiate]
fn softmax_reduced(x: Vec<f64>) -> Vec<f64> {
    let mut m = f64::MIN;
    for v in &x {
        m = m.max(*v);
    }
    let total = x
        .iter()
        .map(|v| (v - m).exp())
        .reduce(|a, b| a + b)
        .unwrap();
    x.iter().map(|v| (v - m).exp() / total).collect()
}

#[test]
fn a_reduce_unwrapped() {
    let x = vec![1.2, -0.4, 0.3, 2.1];
    let f = |v: &[f64]| softmax_reduced(v.to_vec());
    let vjp = |y: &[f64]| softmax_reduced_vjp(x.clone(), y.to_vec()).1;
    check_vjp(f, &x, vjp, 5, Tolerance::default()).unwrap();
    let empty = std::panic::catch_unwind(|| softmax_reduced_vjp(vec![], vec![]));
    assert!(
        empty.is_err(),
        "the generated reduce panics on no items, as unwrap does"
    );
}

/// Generic numeric code bounded by operator traits only (no `Float`): its derivatives exist
/// for the float types, the function itself keeps the author's bounds.
#[differentiate]
fn weighted_sum<T: std::ops::Mul<Output = T> + std::ops::Add<Output = T> + Default + Copy>(
    w: &[T],
    x: &[T],
) -> T {
    let mut acc = T::default();
    for i in 0..w.len() {
        acc = acc + w[i] * x[i] * x[i];
    }
    acc
}

#[test]
fn a_type_parameter_bounded_by_operator_traits() {
    let (w, x) = ([0.5, -1.25, 2.0], [1.5, 0.25, -0.75]);
    weighted_sum_gradcheck(&w, &x).unwrap();
    let (_, w_bar, x_bar) = weighted_sum_grad(&w, &x);
    for i in 0..3 {
        assert_eq!(w_bar[i], x[i] * x[i]);
        assert_eq!(x_bar[i], 2.0 * w[i] * x[i]);
    }
    let (w32, x32) = ([0.5f32, -1.25], [1.5f32, 0.25]);
    let (_, w_bar32, _) = weighted_sum_grad(&w32, &x32);
    assert_eq!(w_bar32, vec![2.25f32, 0.0625]);
    // The function itself is still generic over any such type.
    assert_eq!(weighted_sum(&[2i32, 3], &[1, 2]), 14);
}

/// Destructuring `let`s: an array of coordinates and a struct of parameters.
#[derive(autodiff::Differentiable)]
struct Spring {
    k: f64,
    rest: f64,
}

#[differentiate]
fn spring_energy(s: &Spring, p: [f64; 3], q: &[f64; 3]) -> f64 {
    let Spring { k, rest } = s;
    let [px, py, pz] = p;
    let &[qx, qy, _] = q;
    let d = ((px - qx).powi(2) + (py - qy).powi(2) + pz * pz).sqrt();
    0.5 * k * (d - rest).powi(2)
}

#[test]
fn destructuring_lets() {
    let s = Spring { k: 3.0, rest: 0.5 };
    let (p, q) = ([1.0, -0.5, 0.25], [0.2, 0.4, 9.0]);
    spring_energy_gradcheck(&s, p, &q).unwrap();
    let (_, s_bar, _, q_bar) = spring_energy_grad(&s, p, &q);
    let d = ((0.8f64).powi(2) + (0.9f64).powi(2) + 0.0625).sqrt();
    assert!((s_bar.k - 0.5 * (d - 0.5).powi(2)).abs() < 1e-14);
    assert_eq!(q_bar[2], 0.0, "the ignored coordinate has no derivative");
}

// Held-out round 6 (tests/corpus/HELDOUT.md): the forms its functions showed.

/// A unit method whose last assignment has no `;`.
#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Tank {
    pub level: f64,
    pub pct: f64,
}

impl Tank {
    #[differentiate]
    pub fn drain(&mut self, q: f64) -> f64 {
        self.level -= q * self.level;
        self.level * 2.0
    }

    #[differentiate]
    pub fn settle(&mut self, q: f64) {
        self.level -= q;
        self.pct = self.level * 100.0
    }
}

/// A callee's result bound by `let`, then returned.
#[differentiate]
fn doubled_squares(q: &[f64]) -> Vec<f64> {
    q.iter().map(|v| 2.0 * v * v).collect()
}

#[allow(clippy::let_and_return)]
#[differentiate]
fn through_a_let(q: &[f64]) -> Vec<f64> {
    let t = doubled_squares(q);
    t
}

/// A receiver that only picks a branch.
#[derive(Clone, Copy, Debug)]
pub enum PanLaw {
    Linear,
    Squared,
}

impl PanLaw {
    #[differentiate]
    pub fn gain(&self, pan: f64) -> f64 {
        match self {
            Self::Linear => 0.5 * (1.0 + pan),
            Self::Squared => (0.5 * (1.0 + pan)).sqrt(),
        }
    }

    #[differentiate]
    pub fn gain_if(&self, pan: f64) -> f64 {
        if matches!(self, PanLaw::Squared) {
            pan * pan
        } else {
            pan
        }
    }
}

/// A ring buffer: integer fields stepped modulo another integer field.
#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Comb {
    feedback: f64,
    buffer: Vec<f64>,
    length: usize,
    index: usize,
}

impl Comb {
    #[differentiate]
    pub fn process(&mut self, input: f64) -> f64 {
        let y = self.buffer[self.index];
        let out = y + self.feedback * input;
        self.buffer[self.index] = out;
        self.index = (self.index + 1) % self.length;
        out
    }
}

/// `const fn`, a view made owned, values wrapped in blocks and closures.
#[differentiate]
const fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

#[differentiate]
fn column_sums(x: autodiff::ndarray::ArrayView2<f64>) -> f64 {
    let y = x.into_owned();
    (y.sum_axis(autodiff::ndarray::Axis(0)) * 2.0).sum()
}

// Written as the mutants of tools/valid_mutants.py write them (clippy would not).
#[allow(clippy::redundant_closure_call, clippy::blocks_in_conditions)]
#[differentiate]
fn wrapped_values(x: &[f64]) -> f64 {
    let tail = { &x[1..] };
    let head = (|| &x[..2])();
    let k = { 2 };
    let t = { (x[0], x[0] * x[1]) };
    tail[1] * head[0] * k as f64 + t.0 * t.1 + (|a: f64| a * a)(x[2])
}

#[test]
fn forms_of_held_out_round_six() {
    // A unit method's trailing assignment: the state after is the primal's.
    let mut tank = Tank {
        level: 2.0,
        pct: 0.0,
    };
    // The cotangent of (level, pct) after, (1, 1), pulled back: level ↦ 1 + 100, q ↦ −101.
    let mut bar = Tank {
        level: 1.0,
        pct: 1.0,
    };
    let (q_bar,) = tank.settle_vjp(0.5, &mut bar);
    assert_eq!((tank.level, tank.pct), (1.5, 150.0));
    assert_eq!((bar.level, bar.pct, q_bar), (101.0, 0.0, -101.0));
    let mut tank = Tank {
        level: 2.0,
        pct: 0.0,
    };
    // 2 l (1 − q): ∂l = 2 (1 − q), ∂q = −2 l.
    let (value, state_bar, q_bar) = tank.drain_grad(0.25);
    assert_eq!((value, state_bar.level, q_bar), (3.0, 1.5, -4.0));
    // through a `let`: ȳ ↦ 4 q ȳ.
    let (value, q_bar) = through_a_let_vjp(&[1.0, -2.0], vec![1.0, 0.5]);
    assert_eq!((value, q_bar), (vec![2.0, 8.0], vec![4.0, -4.0]));
    // The enum receiver is a constant.
    let (value, pan_bar) = PanLaw::Squared.gain_grad(0.44);
    assert!((value - 0.72_f64.sqrt()).abs() < 1e-15);
    assert!((pan_bar - 0.25 / 0.72_f64.sqrt()).abs() < 1e-15);
    PanLaw::Linear.gain_gradcheck(0.3).unwrap();
    assert_eq!(PanLaw::Squared.gain_if_grad(0.5), (0.25, 1.0));
    assert_eq!(PanLaw::Linear.gain_if_grad(0.5), (0.5, 1.0));
    // The ring buffer: out = b[i] + f u; the index steps modulo the length.
    let mut comb = Comb {
        feedback: 0.5,
        buffer: vec![0.1, 0.2, 0.3],
        length: 3,
        index: 2,
    };
    let (out, state_bar, input_bar) = comb.process_grad(2.0);
    assert_eq!((out, input_bar), (1.3, 0.5));
    assert_eq!(
        (state_bar.feedback, state_bar.buffer),
        (2.0, vec![0.0, 0.0, 1.0])
    );
    assert_eq!((comb.index, comb.buffer[2]), (0, 1.3));
    // const fn, and the rest against central differences.
    assert_eq!(lerp_grad(1.0, 3.0, 0.25), (1.5, 0.75, 0.25, 2.0));
    let m = autodiff::ndarray::Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    let (value, m_bar) = column_sums_grad(&m);
    assert_eq!(
        (value, m_bar),
        (20.0, autodiff::ndarray::Array2::from_elem((2, 2), 2.0))
    );
    let x = [0.5, 1.5, -2.0];
    wrapped_values_gradcheck(&x).unwrap();
    // 2 x₀ x₂ + x₀² x₁ + x₂²: (2 x₂ + 2 x₀ x₁, x₀², 2 x₀ + 2 x₂).
    assert_eq!(
        wrapped_values_grad(&x),
        (-2.0 + 0.375 + 4.0, vec![-4.0 + 1.5, 0.25, 1.0 - 4.0])
    );
}

/// A rotation matrix written as a literal of entries (`arr2`), and vectors by `array!`.
#[differentiate]
fn rotation_x(angle: f64) -> autodiff::ndarray::Array2<f64> {
    use autodiff::ndarray::arr2;
    let c = angle.to_radians().cos();
    let s = angle.to_radians().sin();
    arr2(&[[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])
}

#[differentiate]
fn rotated_sum(angle: f64, v: &autodiff::ndarray::Array1<f64>) -> f64 {
    use autodiff::ndarray::{arr1, array, Array2};
    let r: Array2<f64> = rotation_x(angle);
    let w = array![v[0] * 2.0, v[1], v[2]];
    r.dot(&w).sum() + arr1(&[angle, 1.0]).sum()
}

#[test]
fn matrices_and_vectors_written_as_literals() {
    use autodiff::ndarray::{array, Array2};
    // d/dθ of the rotation by θ degrees: (π/180) times [[0, 0, 0], [0, −s, −c], [0, c, −s]].
    let (value, tangent) = rotation_x_jvp(30.0, 1.0);
    assert_eq!(value, rotation_x(30.0));
    let (c, s, k) = (
        30f64.to_radians().cos(),
        30f64.to_radians().sin(),
        1f64.to_radians(),
    );
    let expected = array![[0.0, 0.0, 0.0], [0.0, -s, -c], [0.0, c, -s]] * k;
    assert!((tangent - &expected).iter().all(|d| d.abs() < 1e-15));
    // The pullback of ones: the sum of the tangent's entries.
    let (_, angle_bar) = rotation_x_vjp(30.0, Array2::ones((3, 3)));
    assert!((angle_bar - expected.sum()).abs() < 1e-15);
    rotated_sum_gradcheck(30.0, &array![1.0, 2.0, 3.0]).unwrap();
}

/// A dense layer: a product of a field by a vector, whose ranks the attribute cannot see
/// (`ops::product` lets rustc pick the matrix–vector product).
#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Dense {
    pub w: autodiff::ndarray::Array2<f64>,
    pub b: autodiff::ndarray::Array1<f64>,
}

impl Dense {
    #[differentiate]
    pub fn score(&self, x: &autodiff::ndarray::Array1<f64>) -> f64 {
        let h = self.w.dot(x) + &self.b;
        let back = x.dot(&self.w.t()) + &self.b;
        (&h * &h).sum() + back.sum()
    }
}

#[differentiate]
fn rotated_twice(angle: f64, v: &autodiff::ndarray::Array1<f64>) -> f64 {
    use autodiff::ndarray::Array1;
    let w: Array1<f64> = rotation_x(angle).dot(v);
    let u = v.dot(&rotation_x(angle));
    w.dot(&w) + u.sum()
}

#[test]
fn products_of_fields_and_call_results() {
    use autodiff::ndarray::{array, Array2};
    let layer = Dense {
        w: array![[0.1, 0.2, 0.3], [-0.1, 0.5, 0.2]],
        b: array![0.1, -0.2],
    };
    let x = array![1.0, 2.0, 3.0];
    layer.score_gradcheck(&x).unwrap();
    // ‖W x + b‖² + Σ(xᵀ Wᵀ + b), the second W x + b again: W̄ = (2 h + 1) xᵀ, b̄ = 2 h + 1.
    let h = layer.w.dot(&x) + &layer.b;
    let (_, bar, _) = layer.score_grad(&x);
    let g = &h * 2.0 + 1.0;
    let w_bar: Array2<f64> = g
        .view()
        .insert_axis(autodiff::ndarray::Axis(1))
        .dot(&x.view().insert_axis(autodiff::ndarray::Axis(0)));
    assert!((&bar.w - &w_bar).iter().all(|d| d.abs() < 1e-14));
    assert!((&bar.b - &g).iter().all(|d| d.abs() < 1e-14));
    // A rotation keeps the norm: ‖R v‖² = ‖v‖², so ∂/∂θ of the first term is 0.
    rotated_twice_gradcheck(0.3, &x).unwrap();
}

/// A mean over the positions a mask of integers keeps (`mean_pool` of round 6, in 2-D):
/// the mask made floats by a closure that reads nothing else is a constant array.
#[differentiate]
fn masked_column_means(
    x: &autodiff::ndarray::Array2<f64>,
    mask: &autodiff::ndarray::Array2<i64>,
) -> autodiff::ndarray::Array1<f64> {
    use autodiff::ndarray::Axis;
    let kept = x * &mask.mapv(|m| m as f64);
    let counts = mask.mapv(|m| m as f64).sum_axis(Axis(0));
    kept.sum_axis(Axis(0)) / counts
}

#[test]
fn a_mask_of_integers_made_floats() {
    use autodiff::ndarray::array;
    let x = array![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
    let mask = array![[1, 1], [0, 1], [1, 0]];
    let (means, x_bar) = masked_column_means_vjp(&x, &mask, array![1.0, 10.0]);
    assert_eq!(means, array![3.0, 3.0]);
    // ∂/∂x[i][j] = ȳ_j m_ij / Σ_i m_ij.
    assert_eq!(x_bar, array![[0.5, 5.0], [0.0, 5.0], [0.5, 0.0]]);
}

/// A wavetable borrowing its samples (held-out round 7): the borrowed field is a
/// `#[no_grad]` constant (without the mark the derive says to add it).
#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Wavetable<'a> {
    #[no_grad]
    samples: &'a [f64],
    gain: f64,
}

impl Wavetable<'_> {
    #[differentiate]
    pub fn at(&self, t: f64) -> f64 {
        let i = t.floor() as usize;
        let frac = t - i as f64;
        (self.samples[i] * (1.0 - frac) + self.samples[i + 1] * frac) * self.gain
    }
}

#[test]
fn a_borrowed_table_read_as_a_constant() {
    let samples = [2.0, 3.0, 5.0];
    let table = Wavetable {
        samples: &samples,
        gain: 1.5,
    };
    // (2 · 0.75 + 3 · 0.25) · 1.5: ∂gain = 2.25, ∂t = (3 − 2) · 1.5.
    let (value, bar, t_bar) = table.at_grad(0.25);
    assert_eq!((value, bar.gain, t_bar), (3.375, 2.25, 1.5));
    table.at_gradcheck(1.25).unwrap();
}

/// A piecewise-linear table of borrowed `(x, y)` points (held-out round 50), `#[no_grad]`
/// as the derive asks, read through its elements' fields and walked in a loop.
#[derive(autodiff::Differentiable)]
pub struct LinearTable<'a> {
    #[no_grad]
    data: &'a [(f64, f64)],
    scale: f64,
}

impl LinearTable<'_> {
    #[differentiate]
    pub fn interpolate(&self, x: f64) -> f64 {
        let data = self.data;
        let mut i = 1;
        while i < data.len() - 1 && data[i].0 < x {
            i += 1;
        }
        let t = (x - data[i - 1].0) / (data[i].0 - data[i - 1].0);
        self.scale * (data[i - 1].1 + t * (data[i].1 - data[i - 1].1))
    }
}

#[test]
fn a_borrowed_table_of_points_read_as_a_constant() {
    let points = [(0.0, 1.0), (1.0, 3.0), (3.0, 2.0)];
    let table = LinearTable {
        data: &points,
        scale: 2.0,
    };
    // On the second segment, slope −1/2: ∂x = 2 · (−1/2), ∂scale = the unscaled value.
    let (value, bar, x_bar) = table.interpolate_grad(2.0);
    assert_eq!((value, bar.scale, x_bar), (5.0, 2.5, -1.0));
    // The forward mode's tangent of the table is zero whatever the tangent struct holds.
    let tangent = LinearTable {
        data: &points,
        scale: 1.0,
    };
    assert_eq!(table.interpolate_jvp(0.5, &tangent, 1.0), (4.0, 2.0 + 4.0));
    table.interpolate_gradcheck(0.5).unwrap();
    table.interpolate_gradcheck(2.5).unwrap();
}

/// `mean_pool` of held-out round 6 as written: views of 3-D arrays, an integer mask made
/// floats, sums over an axis of a 3-D array (`ops::sum_axis` of any rank).
#[differentiate]
fn mean_pool(
    last_hidden_states: autodiff::ndarray::ArrayView3<f64>,
    attention_mask: autodiff::ndarray::ArrayView3<i64>,
) -> autodiff::ndarray::Array2<f64> {
    use autodiff::ndarray::Axis;
    let masked_hidden_states = last_hidden_states.into_owned() * &attention_mask.mapv(|x| x as f64);
    let sum_hidden_states = masked_hidden_states.sum_axis(Axis(1));
    let sum_attention_mask = attention_mask.mapv(|x| x as f64).sum_axis(Axis(1));
    sum_hidden_states / sum_attention_mask
}

#[differentiate]
fn means_of_a_cube(x: &autodiff::ndarray::Array3<f64>) -> f64 {
    use autodiff::ndarray::Axis;
    x.mean_axis(Axis(2)).unwrap().sum_axis(Axis(0)).sum()
}

#[test]
fn reductions_over_an_axis_of_three_dimensional_arrays() {
    use autodiff::ndarray::{Array2, Array3};
    let mask = Array3::from_shape_vec((2, 3, 1), vec![1i64, 1, 0, 1, 1, 1]).unwrap();
    let x = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| ((i * 12 + j * 4 + k) as f64).cos());
    let (pooled, x_bar) = mean_pool_vjp(&x, &mask, Array2::ones((2, 4)));
    assert_eq!(pooled, mean_pool(x.view(), mask.view()));
    // ∂/∂x[b][l][h] = m[b][l] / Σ_l m[b][l]: 1/2 where kept in the first batch, 1/3 in the second.
    for ((b, l, _), &g) in x_bar.indexed_iter() {
        let expected = match (b, mask[[b, l, 0]]) {
            (_, 0) => 0.0,
            (0, _) => 0.5,
            _ => 1.0 / 3.0,
        };
        assert!((g - expected).abs() < 1e-15, "{b} {l}: {g}");
    }
    means_of_a_cube_gradcheck(&x).unwrap();
}

/// Differences by slicing (`diff` of held-out round 7): parts of arrays `s![…]` of literals.
#[differentiate]
fn differences(x: &autodiff::ndarray::Array1<f64>) -> autodiff::ndarray::Array1<f64> {
    use autodiff::ndarray::s;
    &x.slice(s![1..]) - &x.slice(s![..-1])
}

#[differentiate]
fn roughness(x: &autodiff::ndarray::Array1<f64>, m: &autodiff::ndarray::Array2<f64>) -> f64 {
    use autodiff::ndarray::s;
    let d = &x.slice(s![1..]) - &x.slice(s![..-1]);
    let first_column = m.slice(s![.., 0]);
    (&d * &d).sum() + (&first_column * &first_column).sum()
}

#[test]
fn parts_of_arrays_by_slicing() {
    use autodiff::ndarray::array;
    let x = array![1.0, 3.0, 6.0, 10.0];
    // y_i = x_{i+1} − x_i: x̄ = (−ȳ₀, ȳ₀ − ȳ₁, ȳ₁ − ȳ₂, ȳ₂).
    let (y, x_bar) = differences_vjp(&x, array![1.0, 10.0, 100.0]);
    assert_eq!(
        (y, x_bar),
        (array![2.0, 3.0, 4.0], array![-1.0, -9.0, -90.0, 100.0])
    );
    let m = array![[1.0, 2.0], [3.0, 4.0]];
    roughness_gradcheck(&x, &m).unwrap();
    let (_, _, m_bar) = roughness_grad(&x, &m);
    assert_eq!(m_bar, array![[2.0, 0.0], [6.0, 0.0]]);
}

/// Windows of an array by slicing with variable bounds (`s![i..i + w]`) in a loop.
#[differentiate]
fn weighted_window_energy(x: &autodiff::ndarray::Array1<f64>, w: usize) -> f64 {
    use autodiff::ndarray::s;
    let mut total = 0.0;
    for i in 0..x.len() - w + 1 {
        let part = x.slice(s![i..i + w]);
        total += (&part * &part).sum() * (i as f64 + 1.0);
    }
    total
}

#[test]
fn windows_by_slicing_with_variable_bounds() {
    use autodiff::ndarray::array;
    let x = array![1.0, 2.0, 3.0, 4.0];
    // Σᵢ (i + 1) (x_i² + x_{i+1}²): ∂x_j = 2 x_j (weights of the windows holding j).
    let (value, g) = weighted_window_energy_grad(&x, 2);
    assert_eq!((value, g), (106.0, array![2.0, 12.0, 30.0, 24.0]));
    weighted_window_energy_gradcheck(&x, 3).unwrap();
}

/// README's advice where two vectors of unwritten type meet in `dot`: a typed `let`; and a
/// slice bounded by a local used nowhere else.
#[differentiate]
fn doubled(x: &autodiff::ndarray::Array1<f64>) -> autodiff::ndarray::Array1<f64> {
    x * 2.0
}

#[differentiate]
fn typed_inner_product(x: &autodiff::ndarray::Array1<f64>) -> f64 {
    use autodiff::ndarray::s;
    let k = x.len() - 1;
    let y: f64 = doubled(x).dot(&doubled(x));
    x.slice(s![..k]).sum() + y
}

#[test]
fn a_typed_product_of_two_call_results() {
    use autodiff::ndarray::array;
    let x = array![1.0, 2.0, 3.0];
    // 4 ‖x‖² + x₀ + x₁: 8 x + (1, 1, 0).
    assert_eq!(
        typed_inner_product_grad(&x),
        (59.0, array![9.0, 17.0, 24.0])
    );
    typed_inner_product_gradcheck(&x).unwrap();
}

/// A model passed as a constant (left out by `wrt`, no derive) whose fields are integers,
/// index triples and a name, as hand-tracking code holds its mesh (GradBench's `ht`, written
/// from its spec, needed the fields passed one by one before):
/// f = Σ_{b: parent ≥ 0} θ_b·base[parent_b] + θ[tri₀[1]]·len(name).
pub struct Skeleton {
    pub parents: Vec<i64>,
    pub base: Vec<f64>,
    pub triangles: Vec<[usize; 3]>,
    pub name: String,
}

#[allow(clippy::needless_range_loop)]
#[differentiate(wrt(theta))]
fn posed(theta: &[f64], model: &Skeleton) -> f64 {
    let mut s = 0.0;
    for b in 0..model.parents.len() {
        let p = model.parents[b];
        if p >= 0 {
            s += theta[b] * model.base[p as usize];
        }
    }
    let t = model.triangles[0];
    s + theta[t[1]] * model.name.len() as f64
}

#[test]
fn a_constant_struct_of_any_fields() {
    let model = Skeleton {
        parents: vec![-1, 0, 1],
        base: vec![1.0, 2.0, 3.0],
        triangles: vec![[0, 1, 2]],
        name: "ab".into(),
    };
    let theta = [0.1, 0.2, 0.3];
    // ∂f/∂θ = (0, base[0] + 2, base[1]) = (0, 3, 2)
    let (f, g) = posed_grad(&theta, &model);
    assert!((f - (0.2 * 1.0 + 0.3 * 2.0 + 0.2 * 2.0)).abs() < 1e-15);
    assert_eq!(g, vec![0.0, 3.0, 2.0]);
    let (_, dot) = posed_jvp(&theta, &model, &[1.0, 1.0, 1.0]);
    assert_eq!(dot, 5.0);
    posed_gradcheck(&theta, &model).unwrap();
}

/// The result of a differentiated call returning an array, bound by an untyped `let` and
/// read by index, when an argument is a part of a slice (`&cam[0..2]`), as bundle adjustment
/// is written (GradBench's `ba`): the part's copy lowered inside the `let` hid the uses of
/// the name that tell it is a sequence (rustc errors about generated code before).
#[differentiate]
fn turned(w: &[f64], p: &[f64; 3]) -> [f64; 3] {
    [p[0] + w[0] * p[1], p[1] - w[0] * p[0], p[2] * w[1]]
}

#[differentiate]
fn projected(cam: &[f64; 5], x: &[f64; 3]) -> f64 {
    let xo = [x[0] - cam[2], x[1] - cam[3], x[2] - cam[4]];
    let xcam = turned(&cam[0..2], &xo);
    xcam[0] / xcam[2] + xcam[1]
}

#[test]
fn an_array_result_of_a_call_given_a_part() {
    let (cam, x) = ([0.1, 0.2, 0.3, 0.4, 0.5], [1.0, 2.0, 3.0]);
    // xo = (0.7, 1.6, 2.5), xcam = (0.86, 1.53, 0.5): f = 0.86/0.5 + 1.53 = 3.25
    let (f, _, _) = projected_grad(&cam, &x);
    assert!((f - 3.25).abs() < 1e-12);
    projected_gradcheck(&cam, &x).unwrap();
}

/// `sin_cos`: the pair of the sine and the cosine of one angle (a rotation by it).
#[differentiate]
fn rotated_energy(theta: f64, x: f64, y: f64) -> f64 {
    let (sin, cos) = theta.sin_cos();
    let xr = x * cos - y * sin;
    let yr = x * sin + y * cos;
    xr * xr + 2.0 * yr
}

#[test]
fn sin_cos_is_the_pair_of_its_rules() {
    rotated_energy_gradcheck(0.4, 1.5, -0.5).unwrap();
    // ∂/∂θ at θ = 0: 2 x (−y) + 2 x = 2 x (1 − y).
    let (_, d_theta, _, _) = rotated_energy_grad(0.0, 1.5, -0.5);
    assert!((d_theta - 2.0 * 1.5 * 1.5).abs() < 1e-12);
}

/// A helper generic over operator bounds written in a `where` clause.
#[differentiate]
fn dot3<T>(a: &[T; 3], b: &[T; 3]) -> T
where
    T: std::ops::Mul<Output = T> + std::ops::Add<Output = T> + Copy,
{
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[test]
fn operator_bounds_in_a_where_clause() {
    let (v, a_bar, b_bar) = dot3_grad(&[1.0, 2.0, 3.0], &[0.5, -1.0, 0.25]);
    assert_eq!(v, 0.5 - 2.0 + 0.75);
    assert_eq!((a_bar, b_bar), ([0.5, -1.0, 0.25], [1.0, 2.0, 3.0]));
}

/// num-traits' `Num` among the bounds (as generic vector code writes them), beside the
/// operators. (`&Vec<T>` as the held-out function wrote it.)
#[allow(clippy::ptr_arg)]
#[differentiate]
fn scaled_copy<T>(x: &Vec<T>, k: T) -> Vec<T>
where
    T: autodiff::num_traits::Num + Copy + std::ops::Add<Output = T> + std::ops::Mul<Output = T>,
{
    x.iter().map(|&v| v * k).collect()
}

#[test]
fn num_among_the_bounds() {
    // yᵢ = k xᵢ: with the seed s, x̄ = k s and k̄ = ⟨s, x⟩.
    let (y, x_bar, k_bar) = scaled_copy_vjp(&vec![1.0, -2.0], 3.0, vec![0.5, 1.0]);
    assert_eq!((y, x_bar, k_bar), (vec![3.0, -6.0], vec![1.5, 3.0], -1.5));
    assert_eq!(scaled_copy(&vec![2i64, 3], 2), vec![4, 6]);
}

/// ndarray's `LinalgScalar` as the element's bound (a compensated sum, as ndarray's own
/// tests write one over an iterator, here over a slice; a `dot` of arrays).
#[differentiate]
fn kahan_sum<A>(xs: &[A]) -> A
where
    A: autodiff::ndarray::LinalgScalar,
{
    let mut sum = A::zero();
    let mut compensation = A::zero();
    for &elt in xs {
        let y = elt - compensation;
        let t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
    }
    sum
}

#[differentiate]
fn weighted_total<T: autodiff::ndarray::LinalgScalar>(
    a: &autodiff::ndarray::Array1<T>,
    w: &autodiff::ndarray::Array1<T>,
) -> T {
    a.dot(w)
}

#[test]
fn linalg_scalar_elements() {
    // The compensation is zero in exact arithmetic, and so is its derivative: ∂/∂xᵢ = 1.
    let xs = [1e16, 1.0, -1e16, 3.5];
    let (total, x_bar) = kahan_sum_grad(&xs);
    assert_eq!(total, kahan_sum(&xs));
    assert_eq!(x_bar, vec![1.0; 4]);
    assert_eq!(kahan_sum(&[1_i32, 2, 3]), 6);
    let (a, w) = (
        autodiff::ndarray::array![1.0, 2.0],
        autodiff::ndarray::array![0.5, -1.0],
    );
    let (v, a_bar, w_bar) = weighted_total_grad(&a, &w);
    assert_eq!((v, a_bar, w_bar), (-1.5, w.clone(), a.clone()));
}

/// Float types named through aliases the attribute cannot see (`type Real = f64;`), as
/// geometry crates write them: the alias is the float type, used as a type parameter is.
type Real = f64;
type Float = f32;

#[differentiate]
fn aliased_radius(x: Real, y: Real) -> Real {
    let r = (x * x + y * y).sqrt();
    r * 2.0 + (x as Real).sin()
}

#[differentiate]
fn aliased_norm(v: &[Float]) -> Float {
    let mut s: Float = 0.0;
    for &x in v {
        s += x * x;
    }
    s.sqrt()
}

#[differentiate]
fn point_to_segment(p: &[Real; 2], a: &[Real; 2], b: &[Real; 2]) -> Real {
    let (abx, aby) = (b[0] - a[0], b[1] - a[1]);
    let t = ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / (abx * abx + aby * aby);
    let t = t.clamp(0.0, 1.0);
    let (dx, dy) = (a[0] + t * abx - p[0], a[1] + t * aby - p[1]);
    (dx * dx + dy * dy).sqrt()
}

/// A lowercase alias, as C-minded code writes it, alone and beside `f64`.
#[allow(non_camel_case_types)]
type float64 = f64;

#[differentiate]
fn lowercase_alias_beside_f64(x: float64, y: f64) -> f64 {
    x * y + y
}

#[test]
fn float_type_aliases() {
    // x y + y: ∂/∂x = y, ∂/∂y = x + 1 (the alias's parameter is differentiated too).
    assert_eq!(lowercase_alias_beside_f64_grad(2.0, 3.0), (9.0, 3.0, 3.0));
    aliased_radius_gradcheck(0.3, -1.2).unwrap();
    // ∂/∂x at (3, 4): 2 x / r + cos x.
    let (_, dx, _) = aliased_radius_grad(3.0, 4.0);
    assert!((dx - (2.0 * 3.0 / 5.0 + 3.0_f64.cos())).abs() < 1e-12);
    aliased_norm_gradcheck(&[1.0, 2.0, -0.5]).unwrap();
    point_to_segment_gradcheck(&[0.3, 1.0], &[0.0, 0.0], &[1.0, 0.2]).unwrap();
}

/// A type parameter the arguments do not determine (a marker the author kept,
/// `fn forward_ik<T>(…)`): the caller names it, and the derived items pass it on.
// (The author's own lint, on the function as written.)
#[allow(clippy::extra_unused_type_parameters)]
#[differentiate]
fn marked_square<T>(x: f64) -> f64 {
    x * x
}

#[test]
fn a_type_parameter_the_arguments_do_not_determine() {
    assert_eq!(marked_square_grad::<()>(3.0), (9.0, 6.0));
    marked_square_gradcheck::<u8>(-1.5).unwrap();
}

#[derive(autodiff::Differentiable)]
struct Window {
    pos: (usize, usize),
    w: Vec<f64>,
}

impl Window {
    /// A tuple field of integers destructured (`let (a, b) = self.pos;`) and used as
    /// indices: no value with a derivative.
    #[differentiate]
    fn corners(&self) -> f64 {
        let (a, b) = self.pos;
        self.w[a] * self.w[b]
    }

    /// The same names shown to be integers otherwise: a range's start (`(start..m)`, in a
    /// group too) and an operand of an integer literal (`ndim - 1`).
    #[differentiate]
    fn tail_products(&self) -> f64 {
        let (start, ndim) = self.pos;
        let m = ndim - 1;
        let mut s = 0.0;
        for i in (start..m).rev() {
            s += self.w[i] * self.w[m];
        }
        s
    }
}

#[test]
fn a_tuple_field_of_indices() {
    let s = Window {
        pos: (0, 2),
        w: vec![1.5, 2.0, -3.0],
    };
    let (v, s_bar) = s.corners_grad();
    assert_eq!((v, s_bar.w), (-4.5, vec![-3.0, 0.0, 1.5]));
    s.corners_gradcheck().unwrap();
    // With (start, ndim) = (0, 2): m = 1 and s = w₀ w₁, so ∂s/∂w = (w₁, w₀, 0).
    let (v, s_bar) = s.tail_products_grad();
    assert_eq!((v, s_bar.w), (3.0, vec![2.0, 1.5, 0.0]));
    s.tail_products_gradcheck().unwrap();
}

#[differentiate]
fn tripled(x: f64) -> f64 {
    3.0 * x
}

/// A call's result whose name a closure binds again as an integer (`|k| k * 2`): the
/// closure's `k` says nothing of the outer `k`, which keeps its derivative.
#[differentiate]
fn a_name_bound_again_by_a_closure(x: f64, n: usize) -> f64 {
    let k = tripled(x);
    let evens: usize = (0..n).map(|k| k * 2).sum();
    k * evens as f64
}

#[test]
fn integer_evidence_of_a_name_bound_again() {
    // evens = n(n − 1) = 12 at n = 4: f = 3x · 12, f′ = 36.
    assert_eq!(a_name_bound_again_by_a_closure_grad(0.5, 4), (18.0, 36.0));
    a_name_bound_again_by_a_closure_gradcheck(0.5, 4).unwrap();
}

/// Integer operators beside the floats: a halved count (`n >> 1`), Simpson's weights by
/// parity (`i & 1`), a bit-reversal permutation (`(r << 1) | (v & 1)`, `v >>= 1`, `^`).
#[differentiate]
fn halved_count(x: f64, n: i32) -> f64 {
    let k = n >> 1;
    x * k as f64
}

#[differentiate]
fn simpson_sin_sq(a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    let mut s = (a * a).sin() + (b * b).sin();
    for i in 1..n {
        let t = a + i as f64 * h;
        let w = if i & 1 == 1 { 4.0 } else { 2.0 };
        s += w * (t * t).sin();
    }
    s * h / 3.0
}

#[differentiate]
fn bit_reversed_weighted_sum(x: &[f64]) -> f64 {
    let n = x.len();
    let bits = n.trailing_zeros();
    let mut s = 0.0;
    for i in 0..n {
        let mut r = 0usize;
        let mut v = i;
        for _ in 0..bits {
            r = (r << 1) | (v & 1);
            v >>= 1;
        }
        s += x[r] * ((i ^ 1) as f64 + 1.0);
    }
    s
}

#[test]
fn integer_operators_beside_floats() {
    assert_eq!(halved_count_grad(1.5, 5), (3.0, 2.0));
    // d/db ∫ₐᵇ sin t² dt = sin b², which Simpson's rule with 64 panels gives to 1e-6.
    let (_, da, db) = simpson_sin_sq_grad(0.1, 1.2, 64);
    assert!((db - (1.2f64 * 1.2).sin()).abs() < 1e-6);
    assert!((da + (0.1f64 * 0.1).sin()).abs() < 1e-6);
    simpson_sin_sq_gradcheck(0.1, 1.2, 8).unwrap();
    // Bit reversal of 0..4 is (0, 2, 1, 3), the weights (i ^ 1) + 1 are (2, 1, 4, 3):
    // s = 2x₀ + x₂ + 4x₁ + 3x₃.
    let (v, g) = bit_reversed_weighted_sum_grad(&[1.0, 2.0, 3.0, 4.0]);
    assert_eq!((v, g), (25.0, vec![2.0, 4.0, 1.0, 3.0]));
}

/// Pairs of a slice of arrays destructured by index (`let [a, b] = p[k];`).
#[allow(clippy::needless_range_loop)] // the index is the form under test
#[differentiate]
fn sum_of_pair_products(p: &[[f64; 2]]) -> f64 {
    let mut s = 0.0;
    for k in 0..p.len() {
        let [a, b] = p[k];
        s += a * b;
    }
    s
}

#[test]
fn an_element_destructured_by_index() {
    let p = [[1.0, 2.0], [3.0, 4.0]];
    assert_eq!(
        sum_of_pair_products_grad(&p),
        (14.0, vec![[2.0, 1.0], [4.0, 3.0]])
    );
}

/// `std::ops` in method form on floats (`use std::ops::{Add, Div, Mul, Sub};` in scope, as
/// some numerical code writes it): f = (x y + (x − 2)) / y + x, so ∂f/∂x = (y + 1)/y
/// + 1 and ∂f/∂y = (2 − x)/y², worked by hand.
#[differentiate]
fn ops_as_methods(x: f64, y: f64) -> f64 {
    use std::ops::{Add, Div, Mul, Neg, Sub};
    x.mul(y).add(x.sub(2.0)).div(y) - x.neg()
}

#[test]
fn float_operators_in_method_form() {
    let (x, y) = (1.5, 2.0);
    let (f, gx, gy) = ops_as_methods_grad(x, y);
    assert_eq!(f, 1.25 + 1.5);
    assert!((gx - ((y + 1.0) / y + 1.0)).abs() < 1e-12, "{gx}");
    assert!((gy - (2.0 - x) / (y * y)).abs() < 1e-12, "{gy}");
    ops_as_methods_gradcheck(x, y).unwrap();
}

/// Weights collected into a `Vec<_>` (a type left to inference), then searched with
/// `position`: 1/pᵢ at the first pᵢ below 1 (else p₀), so ∂/∂pᵢ = −1/pᵢ² there.
#[differentiate]
fn first_large_weight(p: &[f64]) -> f64 {
    let w: Vec<_> = p.iter().map(|&a| 1.0 / a).collect();
    let i = w.iter().position(|v| *v > 1.0).unwrap_or(0);
    w[i]
}

#[test]
fn a_vec_whose_element_type_is_inferred() {
    let (f, g) = first_large_weight_grad(&[2.0, 0.5, 0.25]);
    assert_eq!(f, 2.0);
    assert_eq!(g, vec![0.0, -4.0, 0.0]);
    first_large_weight_gradcheck(&[2.0, 0.5, 0.25]).unwrap();
}

/// A local configuration made by `new()`, `default()` or a literal, its fields read (an
/// integer one cast to a float): x·(scale + 2)·n + x, so ∂/∂x = (scale + 2)·n + 1.
#[derive(Default)]
struct Settings {
    scale: f64,
    n: usize,
}

impl Settings {
    fn new() -> Self {
        Settings { scale: 1.0, n: 3 }
    }
}

#[differentiate]
fn configured(x: f64) -> f64 {
    let made = Settings::new();
    let defaults = Settings::default();
    let literal = Settings { scale: 0.5, n: 2 };
    let s = made.scale + 2.0;
    x * s * made.n as f64 + x * defaults.n as f64 + x * literal.scale * literal.n as f64
}

#[test]
fn a_local_configuration_read_by_field() {
    let (f, g) = configured_grad(0.5);
    // 0.5·3·3 + 0 + 0.5·0.5·2, and 3·3 + 0 + 0.5·2.
    assert_eq!(f, 5.0);
    assert_eq!(g, 10.0);
    configured_gradcheck(0.5).unwrap();
}

/// The variance and the mean of a sample, as a pair.
#[differentiate]
fn variance_and_mean(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    (variance, mean)
}

/// A pair returned by a differentiated helper read by field, inline and bound whole, with
/// fewer fields read than it has: σ = √var, and σ + mean.
#[differentiate]
fn deviation(values: &[f64]) -> f64 {
    variance_and_mean(values).0.sqrt()
}

#[differentiate]
fn deviation_bound(values: &[f64]) -> f64 {
    let p = variance_and_mean(values);
    p.0.sqrt()
}

#[test]
fn a_pair_read_by_one_field() {
    let x = [1.0, 2.0, 4.0];
    // mean 7/3, σ² = Σ(xᵢ − m)²/n, ∂σ/∂xᵢ = (xᵢ − m)/(n σ).
    let m = 7.0 / 3.0;
    let var: f64 = x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / 3.0;
    let want: Vec<f64> = x.iter().map(|v| (v - m) / (3.0 * var.sqrt())).collect();
    for (f, g) in [deviation_grad(&x), deviation_bound_grad(&x)] {
        assert!((f - var.sqrt()).abs() < 1e-12);
        assert!(
            g.iter().zip(&want).all(|(a, b)| (a - b).abs() < 1e-12),
            "{g:?}"
        );
    }
    deviation_gradcheck(&x).unwrap();
    deviation_bound_gradcheck(&x).unwrap();
}

/// A tridiagonal solve (Thomas' algorithm) generic over two element types, as
/// spectral-method crates write their banded solvers: real diagonals `T1`, a right-hand side
/// `T2` that may be complex (`T2: Mul<T1, Output = T2>`). The derivatives exist where both are
/// one float type.
#[differentiate]
fn thomas<T1, T2>(low: &[T1], diag: &[T1], up: &[T1], rhs: &[T2]) -> Vec<T2>
where
    T1: Copy
        + autodiff::num_traits::Zero
        + std::ops::Sub<Output = T1>
        + std::ops::Mul<Output = T1>
        + std::ops::Div<Output = T1>,
    T2: Copy
        + std::ops::Sub<Output = T2>
        + std::ops::Mul<T1, Output = T2>
        + std::ops::Div<T1, Output = T2>,
{
    let n = diag.len();
    let mut c = vec![T1::zero(); n];
    let mut d = rhs.to_vec();
    c[0] = up[0] / diag[0];
    d[0] = rhs[0] / diag[0];
    for i in 1..n {
        let m = diag[i] - low[i] * c[i - 1];
        if i + 1 < n {
            c[i] = up[i] / m;
        }
        d[i] = (rhs[i] - d[i - 1] * low[i]) / m;
    }
    for i in (0..n - 1).rev() {
        d[i] = d[i] - d[i + 1] * c[i];
    }
    d
}

#[test]
fn two_element_types_bounded_by_operator_traits() {
    let (low, diag, up) = (
        [0.0, 0.5, -0.3, 0.2],
        [3.0, 2.5, 4.0, 3.5],
        [0.7, -0.4, 0.6, 0.0],
    );
    let rhs: [f64; 4] = [1.0, -2.0, 0.5, 1.5];
    // The solve is right: A x = rhs.
    let x = thomas(&low, &diag, &up, &rhs);
    for i in 0..4 {
        let mut ax = diag[i] * x[i];
        if i > 0 {
            ax += low[i] * x[i - 1];
        }
        if i < 3 {
            ax += up[i] * x[i + 1];
        }
        assert!((ax - rhs[i]).abs() < 1e-14);
    }
    // Its cotangents against central differences, all four inputs at once.
    let split = |v: &[f64]| {
        (
            v[0..4].to_vec(),
            v[4..8].to_vec(),
            v[8..12].to_vec(),
            v[12..16].to_vec(),
        )
    };
    let all: Vec<f64> = [low, diag, up, rhs].concat();
    autodiff::gradcheck::check_vjp(
        |v| {
            let (l, d, u, r) = split(v);
            thomas(&l, &d, &u, &r)
        },
        &all,
        |seed| {
            let (_, l_bar, d_bar, u_bar, r_bar) = thomas_vjp(&low, &diag, &up, &rhs, seed.to_vec());
            [l_bar, d_bar, u_bar, r_bar].concat()
        },
        7,
        autodiff::gradcheck::Tolerance::default(),
    )
    .unwrap();
    // ∂x/∂rhs is A⁻¹: the cotangent of the right-hand side under the seed e₀ is A⁻ᵀ e₀.
    let (_, _, _, _, r_bar) = thomas_vjp(&low, &diag, &up, &rhs, vec![1.0, 0.0, 0.0, 0.0]);
    let mut at_r = [0.0; 4];
    for i in 0..4 {
        at_r[i] = diag[i] * r_bar[i];
        if i > 0 {
            at_r[i] += up[i - 1] * r_bar[i - 1];
        }
        if i < 3 {
            at_r[i] += low[i + 1] * r_bar[i + 1];
        }
    }
    for (i, v) in at_r.iter().enumerate() {
        assert!((v - if i == 0 { 1.0 } else { 0.0 }).abs() < 1e-14);
    }
}

/// The circular mean of angles in radians, through a `map` to a pair and a `fold` taking
/// both apart by patterns.
#[differentiate]
fn circular_mean(angles: &[f64]) -> f64 {
    let (c, s) = angles
        .iter()
        .map(|&a| (a.cos(), a.sin()))
        .fold((0., 0.), |(sc, ss), (c, s)| (sc + c, ss + s));
    s.atan2(c)
}

#[test]
fn a_map_to_pairs_folded_by_patterns() {
    // θ = atan2(S, C) with S = Σ sin aᵢ, C = Σ cos aᵢ: ∂θ/∂aᵢ = (C cos aᵢ + S sin aᵢ)/(C² + S²).
    let a: [f64; 3] = [0.3, 1.1, -0.4];
    let (c, s): (f64, f64) = (
        a.iter().map(|x| x.cos()).sum(),
        a.iter().map(|x| x.sin()).sum(),
    );
    let (value, grad) = circular_mean_grad(&a);
    assert!((value - s.atan2(c)).abs() < 1e-15);
    for i in 0..3 {
        let want = (c * a[i].cos() + s * a[i].sin()) / (c * c + s * s);
        assert!((grad[i] - want).abs() < 1e-14);
    }
    circular_mean_gradcheck(&a).unwrap();
}

/// Constants made by `num_traits::cast(…).unwrap()` in generic code, one of them from a
/// field, in a method whose receiver `wrt` leaves out (a step-size controller: the receiver
/// is no `Differentiable` struct, and its `_gradcheck` needs none).
pub struct StepControl<F> {
    pub order: usize,
    pub last: Option<F>,
}

#[differentiate]
impl<F: autodiff::num_traits::Float> StepControl<F> {
    #[differentiate(wrt(err))]
    fn factor(&self, err: F) -> F {
        let safety: F = autodiff::num_traits::cast(0.9).unwrap();
        let floor: F = autodiff::num_traits::cast(0.2).unwrap();
        (safety / err.powf(F::one() / autodiff::num_traits::cast(self.order + 1).unwrap()))
            .max(floor)
    }
}

#[test]
fn cast_unwrapped_constants_and_a_receiver_left_out() {
    let c = StepControl {
        order: 3,
        last: Some(0.1),
    };
    assert_eq!(c.last, Some(0.1));
    // 0.9 e^{-1/4}: its derivative −0.9/4 · e^{-5/4}.
    let (value, d) = c.factor_grad(0.5);
    assert!((value - 0.9 * 0.5f64.powf(-0.25)).abs() < 1e-15);
    assert!((d + 0.225 * 0.5f64.powf(-1.25)).abs() < 1e-14);
    c.factor_gradcheck(0.5).unwrap();
}

/// A float type named through an alias beside `f64` in one signature (`type FloatType =
/// f64;` elsewhere, as finance code writes it).
pub type FloatType = f64;

#[differentiate]
pub fn years_between(expiry: f64, t: FloatType) -> FloatType {
    (expiry - t) / 31536000.0
}

#[test]
fn a_float_alias_beside_the_float_type() {
    let (v, de, dt) = years_between_grad(1.8e9, 1.7e9);
    assert_eq!(v, years_between(1.8e9, 1.7e9));
    assert_eq!((de, dt), (1.0 / 31536000.0, -1.0 / 31536000.0));
}

/// Functions named as ported C++ names them (`LommelReduced`, `evalXYaZero`): in a
/// function whose own name is not snake case, `Name(x)` is a call, not a tuple struct.
#[allow(non_snake_case)]
#[differentiate]
fn HalfSquare(x: f64) -> f64 {
    0.5 * x * x
}

#[allow(non_snake_case)]
#[differentiate]
fn evalHalfSquares(a: f64, b: f64) -> f64 {
    let A = HalfSquare(a);
    A * HalfSquare(b)
}

#[test]
fn camel_case_functions_called_from_camel_case_code() {
    // ¼ a² b²: ∂/∂a = ½ a b², ∂/∂b = ½ a² b.
    let (v, da, db) = evalHalfSquares_grad(2.0, 3.0);
    assert_eq!((v, da, db), (9.0, 9.0, 6.0));
    evalHalfSquares_gradcheck(0.7, -1.3).unwrap();
}

/// A fold whose tuple accumulator is read by field (`acc.0 + p.0`), over a map to pairs.
#[differentiate]
fn fold_by_fields(x: &[f64]) -> f64 {
    let (a, b) = x
        .iter()
        .map(|&v| (v.cos(), v * v))
        .fold((0.0, 0.0), |acc, p| (acc.0 + p.0, acc.1 + p.1));
    a * b
}

#[test]
fn a_tuple_accumulator_read_by_field() {
    // f = (Σ cos xᵢ)(Σ xᵢ²): ∂f/∂xᵢ = −sin xᵢ · B + A · 2xᵢ.
    let x: [f64; 2] = [0.3, 1.1];
    let (a, b) = (x[0].cos() + x[1].cos(), x[0] * x[0] + x[1] * x[1]);
    let (v, g) = fold_by_fields_grad(&x);
    assert!((v - a * b).abs() < 1e-15);
    for i in 0..2 {
        assert!((g[i] - (-x[i].sin() * b + a * 2.0 * x[i])).abs() < 1e-14);
    }
}

/// A tridiagonal solve written with unchecked indexing, as banded solvers are for speed:
/// the derivatives index with bounds checks, and the function keeps its own code.
#[differentiate]
fn thomas_unchecked(sub: &[f64], diag: &[f64], sup: &[f64], rhs: &mut [f64]) {
    let n = rhs.len();
    let mut c = vec![0.0; n];
    unsafe {
        *c.get_unchecked_mut(0) = *sup.get_unchecked(0) / *diag.get_unchecked(0);
        *rhs.get_unchecked_mut(0) = *rhs.get_unchecked(0) / *diag.get_unchecked(0);
        for i in 1..n {
            let m = *diag.get_unchecked(i) - *sub.get_unchecked(i - 1) * *c.get_unchecked(i - 1);
            if i + 1 < n {
                *c.get_unchecked_mut(i) = *sup.get_unchecked(i) / m;
            }
            *rhs.get_unchecked_mut(i) =
                (*rhs.get_unchecked(i) - *sub.get_unchecked(i - 1) * *rhs.get_unchecked(i - 1)) / m;
        }
        for i in (0..n - 1).rev() {
            let next = *rhs.get_unchecked(i + 1);
            *rhs.get_unchecked_mut(i) -= *c.get_unchecked(i) * next;
        }
    }
}

#[test]
fn unchecked_indexing_in_an_unsafe_block() {
    let (sub, diag, sup) = ([0.3, -0.2, 0.5], [2.0, 2.5, 3.0, 2.2], [0.4, 0.1, -0.3]);
    let b = [1.0, -0.5, 0.7, 2.0];
    let x: Vec<f64> = [&sub[..], &diag[..], &sup[..], &b[..]].concat();
    let solve = |p: &[f64]| {
        let mut r = p[10..14].to_vec();
        thomas_unchecked(&p[0..3], &p[3..7], &p[7..10], &mut r);
        r
    };
    // The solution solves the system: A x = b.
    let sol = solve(&x);
    for i in 0..4 {
        let mut row = diag[i] * sol[i];
        if i > 0 {
            row += sub[i - 1] * sol[i - 1];
        }
        if i < 3 {
            row += sup[i] * sol[i + 1];
        }
        assert!((row - b[i]).abs() < 1e-12);
    }
    let vjp = |g: &[f64]| {
        let (mut r, mut r_bar) = (b.to_vec(), g.to_vec());
        let (s, d, u) = thomas_unchecked_vjp(&sub, &diag, &sup, &mut r, &mut r_bar);
        [s, d, u, r_bar].concat()
    };
    check_vjp(solve, &x, vjp, 5, Tolerance::default()).unwrap();
}

#[derive(Clone, autodiff::Differentiable)]
struct Reading {
    gain: f64,
    offsets: Vec<f64>,
}

/// Fields cloned as generic code clones its scalars (`T: Clone`, not `Copy`): a float
/// field cloned into arithmetic or into a local used as a float, and a sequence field
/// cloned into a local that is indexed.
#[allow(clippy::clone_on_copy, clippy::needless_range_loop)]
#[differentiate]
fn calibrated(r: &Reading, x: f64) -> f64 {
    let g = r.gain.clone();
    let offsets = r.offsets.clone();
    let mut s = 0.0;
    for i in 0..offsets.len() {
        s += offsets[i] * x;
    }
    g * x + r.gain.clone() * s
}

#[test]
fn cloned_fields_read_as_they_are_used() {
    let r = Reading {
        gain: 1.5,
        offsets: vec![0.5, -0.25, 2.0],
    };
    calibrated_gradcheck(&r, 0.7).unwrap();
    // ∂/∂gain = x + Σ offsets · x.
    let (_, r_bar, _) = calibrated_grad(&r, 0.7);
    assert!((r_bar.gain - (0.7 + 2.25 * 0.7)).abs() < 1e-12);
}

/// Unchecked references subtracted, as their operators read them.
#[differentiate]
fn squared_steps(x: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        let d = unsafe { x.get_unchecked(i) - x.get_unchecked(i - 1) };
        s += d * d * k;
    }
    s
}

#[test]
fn unchecked_references_in_arithmetic() {
    // k Σ (xᵢ − xᵢ₋₁)²: closed form at (1, 2, 4), k = ½.
    let (s, x_bar, k_bar) = squared_steps_grad(&[1.0, 2.0, 4.0], 0.5);
    assert_eq!((s, k_bar), (2.5, 5.0));
    assert_eq!(x_bar, [-1.0, -1.0, 2.0]);
    squared_steps_gradcheck(&[0.3, -1.2, 2.5, 0.7], 1.5).unwrap();
}

/// A float alias with a data type's name (`type DType = f32;`, as machine-learning code
/// names its element type): in the signature, as the type of a sum, and as a cast's target
/// in a function written in `f32`.
pub type DType = f32;

#[differentiate]
fn margin_loss(x: &[DType], w: &[DType], b: DType) -> DType {
    let score = x.iter().zip(w.iter()).map(|(&a, &c)| a * c).sum::<DType>() + b;
    (1.0 - score).max(0.0)
}

#[differentiate]
fn alias_squared(x: DType) -> DType {
    x * x
}

#[differentiate]
fn squares_summed_as_alias(x: &[f32]) -> f32 {
    let s = x.iter().map(|&a| a * a).sum::<DType>();
    s + 1.0
}

#[differentiate]
fn shifted_by_a_cast(x: f32) -> f32 {
    let two = 2 as DType;
    two - x * x
}

#[test]
fn a_float_alias_named_as_a_data_type() {
    let (x, w) = ([0.5f32, -1.0], [0.25f32, 0.5]);
    // score = 0.125 - 0.5 + 0.1 < 1: the loss is 1 - score, ∂/∂x = -w, ∂/∂w = -x, ∂/∂b = -1.
    let (v, x_bar, w_bar, b_bar) = margin_loss_grad(&x, &w, 0.1);
    assert_eq!(v, margin_loss(&x, &w, 0.1));
    assert_eq!(
        (x_bar, w_bar, b_bar),
        (vec![-0.25, -0.5], vec![-0.5, 1.0], -1.0)
    );
    margin_loss_gradcheck(&x, &w, 0.1).unwrap();
    assert_eq!(alias_squared_grad(3.0), (9.0, 6.0));
    alias_squared_gradcheck(1.5).unwrap();
    let (v, g) = squares_summed_as_alias_grad(&[1.0, -2.0]);
    assert_eq!((v, g), (6.0, vec![2.0, -4.0]));
    squares_summed_as_alias_gradcheck(&[0.3, 0.7]).unwrap();
    assert_eq!(shifted_by_a_cast_grad(1.5), (2.0 - 2.25, -3.0));
    shifted_by_a_cast_gradcheck(0.4).unwrap();
}

/// A float alias named for what it measures (`type Beats = f32;`), which the body casts to:
/// `as` converts between primitive types only, so the alias is the float type.
pub type Beats = f32;

#[differentiate]
fn samples_as_beats(samples_per_beat: Beats, samples: usize) -> Beats {
    samples as Beats / samples_per_beat
}

#[test]
fn a_float_alias_the_body_casts_to() {
    let (v, g) = samples_as_beats_grad(2.0, 6);
    assert_eq!((v, g), (3.0, -1.5));
    samples_as_beats_gradcheck(1.5, 6).unwrap();
}

// Held-out round 62: a Gauss–Jacobi sweep's stopping test, `reduce` given a float's own
// function by its path, and a copy of a vector walked by value.

/// The largest change of a sweep, `.reduce(f32::max)`, and the sum of a copy walked by
/// value, `x.clone().into_iter().sum()`.
#[allow(clippy::ptr_arg)]
#[differentiate]
fn largest_change(new: &Vec<f32>, old: &Vec<f32>) -> f32 {
    let change: Vec<f32> = new
        .iter()
        .zip(old)
        .map(|(a, b)| (a - b) * (a - b))
        .collect();
    let total: f32 = new.clone().into_iter().sum();
    change.into_iter().reduce(f32::max).unwrap() + 0.5 * total
}

#[differentiate]
fn smallest(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).reduce(f64::min).unwrap()
}

#[test]
fn reduce_by_a_path_and_a_copy_walked_by_value() {
    let (new, old) = (vec![1.0f32, 3.0, -2.0], vec![0.5f32, 1.0, -1.5]);
    // The largest (new − old)² is the second's, 4: ∂/∂new₁ = 2·2 = 4, ∂/∂old₁ = −4; the
    // sum adds 0.5 to each new.
    let (v, g_new, g_old) = largest_change_grad(&new, &old);
    assert_eq!(v, 4.0 + 0.5 * 2.0);
    assert_eq!(g_new, vec![0.5, 4.5, 0.5]);
    assert_eq!(g_old, vec![0.0, -4.0, 0.0]);
    // min of squares: the first, 0.25; ∂ = 2 x₀ = 1.
    let (v, g) = smallest_grad(&[0.5, -2.0, 1.0]);
    assert_eq!((v, g), (0.25, vec![1.0, 0.0, 0.0]));
    smallest_gradcheck(&[0.5, -2.0, 1.0]).unwrap();
}

/// Every operand in parentheses and sequences read through explicit dereferences, as some
/// authors write them (`( *b )[ 0 ]`, `( *x ).len()`, `( p ).w`, `(v)[i]`).
#[allow(clippy::needless_range_loop)]
#[differentiate]
fn deref_heavy(b: &Vec<f64>, x: &Vec<f64>, v: &[f64]) -> f64 {
    let n: usize = (*x).len();
    let mut s = 0.0;
    for i in 0..n {
        s += ((*b)[i]) * ((*x)[i]) * (v)[i];
    }
    s
}

#[test]
fn explicit_dereferences_and_parenthesised_places() {
    let (b, x, v) = (vec![1.0, 2.0], vec![3.0, -4.0], [0.5, 0.25]);
    // s = Σ bᵢ xᵢ vᵢ: each gradient the product of the other two.
    let (s, b_bar, x_bar, v_bar) = deref_heavy_grad(&b, &x, &v);
    assert_eq!(s, 1.5 - 2.0);
    assert_eq!(b_bar, vec![1.5, -1.0]);
    assert_eq!(x_bar, vec![0.5, 0.5]);
    assert_eq!(v_bar, vec![3.0, -8.0]);
    deref_heavy_gradcheck(&b, &x, &v).unwrap();
}

/// A tuple declared typed and given its values later, branch by branch (`let (zv, zl):
/// (f64, f64);`, as thermodynamics code picks a cubic's roots).
#[differentiate]
fn deferred_pair(x: f64) -> f64 {
    let (a, b): (f64, f64);
    if x > 0.0 {
        a = x * x;
        b = 3.0 * x;
    } else {
        a = -x;
        b = x * x * x;
    }
    a * b
}

#[test]
fn a_deferred_typed_tuple_let() {
    // x > 0: 3x³, derivative 9x²; x ≤ 0: −x⁴, derivative −4x³.
    assert_eq!(deferred_pair_grad(2.0), (24.0, 36.0));
    assert_eq!(deferred_pair_grad(-1.0), (-1.0, 4.0));
    deferred_pair_gradcheck(0.7).unwrap();
    deferred_pair_gradcheck(-0.4).unwrap();
}
