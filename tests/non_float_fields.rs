//! Fields that hold no float in `#[derive(Differentiable)]` structs, without `#[no_grad]`:
//! a flag a `&mut self` method reads and sets (`if !self.warm { … self.warm = true; }`),
//! integer arrays (`Array1<usize>`) and maps are constants carried along; an
//! `Option<f64>` is a parameter whose cotangent has its variant (`None` stays `None`).
//! Checked against closed forms and central differences.

use autodiff::ndarray::Array1;
use autodiff::{differentiate, Differentiable};
use std::collections::HashMap;

/// An exponential moving average that starts at its first sample, as trading code writes it.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Ema {
    pub alpha: f64,
    pub value: f64,
    pub warm: bool,
}

#[differentiate]
impl Ema {
    fn update(&mut self, x: f64) -> f64 {
        if !self.warm {
            self.value = x;
            self.warm = true;
        } else {
            self.value = self.alpha * x + (1.0 - self.alpha) * self.value;
        }
        self.value
    }
}

/// A flag given a comparison, read as a condition by the next call.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Trend {
    pub level: f64,
    pub up: bool,
    pub count: usize,
}

#[differentiate]
impl Trend {
    fn step(&mut self, x: f64) -> f64 {
        let gain = if self.up { 2.0 } else { 0.5 };
        self.up = x > self.level;
        self.count += 1;
        self.level = self.level + gain * (x - self.level);
        self.level * self.level
    }
}

#[test]
fn a_flag_field_steps_with_the_state() {
    let (alpha, value, x) = (0.3, 2.0, 1.5);
    // Warm: y = value' = αx + (1 − α)v. With the seed 1 on y and w on value', both reach
    // the same value: d = 1 + w; ᾱ = d (x − v), v̄ = d (1 − α), x̄ = d α.
    let w = 0.4;
    let mut e = Ema {
        alpha,
        value,
        warm: true,
    };
    let mut bar = Ema {
        alpha: 0.0,
        value: w,
        warm: false,
    };
    let (y, x_bar) = e.update_vjp(x, 1.0, &mut bar);
    let d = 1.0 + w;
    assert!((y - (alpha * x + (1.0 - alpha) * value)).abs() < 1e-15);
    assert!((bar.alpha - d * (x - value)).abs() < 1e-14);
    assert!((bar.value - d * (1.0 - alpha)).abs() < 1e-14);
    assert!((x_bar - d * alpha).abs() < 1e-14);
    assert_eq!(e.value, y);
    assert!(e.warm);
    Ema {
        alpha,
        value,
        warm: true,
    }
    .update_gradcheck(x)
    .unwrap();

    // Cold: value' = y = x, whatever α and v were: ᾱ = 0, v̄ = 0, x̄ = d; the flag is set.
    let mut e = Ema {
        alpha,
        value,
        warm: false,
    };
    let mut bar = Ema {
        alpha: 0.0,
        value: w,
        warm: false,
    };
    let (y, x_bar) = e.update_vjp(x, 1.0, &mut bar);
    assert_eq!((y, x_bar, bar.alpha, bar.value), (x, d, 0.0, 0.0));
    assert!(e.warm, "the flag steps as `update` steps it");
    Ema {
        alpha,
        value,
        warm: false,
    }
    .update_gradcheck(x)
    .unwrap();

    // Forward mode: ẏ = (x − v) α̇ + (1 − α) v̇ + α ẋ when warm.
    let mut e = Ema {
        alpha,
        value,
        warm: true,
    };
    let mut e_dot = Ema {
        alpha: 0.2,
        value: -0.7,
        warm: false,
    };
    let (_, y_dot) = e.update_jvp(x, &mut e_dot, 0.9);
    let expected = (x - value) * 0.2 + (1.0 - alpha) * -0.7 + alpha * 0.9;
    assert!((y_dot - expected).abs() < 1e-14);
    assert_eq!(e_dot.value, y_dot);
}

#[test]
fn a_flag_given_a_comparison() {
    for (up, x) in [(true, 3.0), (false, 3.0), (true, 0.5)] {
        let start = Trend {
            level: 1.0,
            up,
            count: 4,
        };
        start.step_gradcheck(x).unwrap();
        // level' = l + g (x − l), y = level'²: ∂y/∂l = 2 level' (1 − g), ∂y/∂x = 2 level' g.
        let g = if up { 2.0 } else { 0.5 };
        let new = 1.0 + g * (x - 1.0);
        let mut t = start.clone();
        let (y, t_bar, x_bar) = t.step_grad(x);
        assert!((y - new * new).abs() < 1e-14);
        assert!((t_bar.level - 2.0 * new * (1.0 - g)).abs() < 1e-13);
        assert!((x_bar - 2.0 * new * g).abs() < 1e-13);
        assert_eq!((t.up, t.count), (x > 1.0, 5));
    }
}

/// Integer arrays, maps, strings and an optional float among the parameters.
#[derive(Differentiable, Clone, Debug)]
pub struct Lookup {
    pub scale: f64,
    pub taps: Array1<usize>,
    pub ids: HashMap<String, usize>,
    pub name: String,
    pub prior: Option<f64>,
}

#[differentiate]
impl Lookup {
    /// Σₖ scale · x[tapsₖ] · tapsₖ.
    fn score(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for k in 0..self.taps.len() {
            s += self.scale * x[self.taps[k]] * self.taps[k] as f64;
        }
        s
    }
}

#[test]
fn integer_arrays_and_maps_are_constants() {
    let l = Lookup {
        scale: 0.5,
        taps: Array1::from(vec![2, 0]),
        ids: HashMap::from([("a".to_string(), 1)]),
        name: "taps".into(),
        prior: Some(3.0),
    };
    let x = [1.5, -2.0, 4.0];
    l.score_gradcheck(&x).unwrap();
    // s = 0.5 (2 x₂ + 0 x₀) = x₂: ∂scale = 2 x₂ = 8, ∂x = (0, 0, 1).
    let (s, l_bar, x_bar) = l.score_grad(&x);
    assert_eq!(s, 4.0);
    assert_eq!(l_bar.scale, 8.0);
    assert_eq!(x_bar, [0.0, 0.0, 1.0]);
    // The constants are carried into the cotangent; the option keeps its variant.
    assert_eq!(l_bar.taps, l.taps);
    assert_eq!((l_bar.name.as_str(), l_bar.prior), ("taps", Some(0.0)));
}

#[test]
fn an_optional_float_is_a_parameter_of_its_variant() {
    let some = Lookup {
        scale: 2.0,
        taps: Array1::from(vec![1]),
        ids: HashMap::new(),
        name: String::new(),
        prior: Some(3.0),
    };
    assert_eq!(some.to_flat(), [2.0, 3.0]);
    let none = Lookup {
        prior: None,
        ..some.clone()
    };
    assert_eq!(none.to_flat(), [2.0]);
    // An optimiser steps the `Some` and leaves `None` alone.
    let mut p = some.clone();
    let mut g = some.zero_like();
    g.prior = Some(1.0);
    g.scale = 0.5;
    let mut sgd = autodiff::optim::Sgd::new(0.1);
    sgd.step(&mut p, &g);
    assert_eq!((p.scale, p.prior), (2.0 - 0.05, Some(3.0 - 0.1)));
    let mut q = none.clone();
    let mut h = none.zero_like();
    h.scale = 1.0;
    autodiff::optim::Sgd::new(0.1).step(&mut q, &h);
    assert_eq!((q.scale, q.prior), (1.9, None));
}

/// A companding law chosen by an enum field (`#[no_grad]`, as the derive advises), only
/// matched: the branch it picks, nothing differentiated through it.
#[derive(Clone, Copy)]
enum Law {
    A,
    Mu,
}

#[derive(Differentiable)]
struct Compander {
    #[no_grad]
    law: Law,
    mu: f64,
}

impl Compander {
    #[differentiate]
    fn compress(&self, x: f64) -> f64 {
        match self.law {
            Law::Mu => (1.0 + self.mu * x).ln() / (1.0 + self.mu).ln(),
            Law::A => self.mu * x,
        }
    }
}

#[test]
fn an_enum_field_only_matched() {
    let (mu, x) = (255.0, 0.5);
    let c = Compander { law: Law::Mu, mu };
    // ∂/∂x ln(1 + μx)/ln(1 + μ) = μ / ((1 + μx) ln(1 + μ)).
    let (_, _, dx) = c.compress_grad(x);
    assert!((dx - mu / ((1.0 + mu * x) * (1.0 + mu).ln())).abs() < 1e-12);
    c.compress_gradcheck(x).unwrap();
    let a = Compander {
        law: Law::A,
        mu: 3.0,
    };
    let (v, s_bar, dx) = (
        a.compress(x),
        a.compress_vjp(x, 1.0).1,
        a.compress_grad(x).2,
    );
    assert_eq!((v, s_bar.mu, dx), (1.5, 0.5, 3.0));
}

/// A function held in a field (`fn(f64) -> f64`, `Rc<dyn Fn…>`) beside the parameters: a
/// constant carried along, as a synthesiser's oscillator holds its wave shape.
#[derive(Differentiable)]
pub struct Oscillator {
    pub shape: fn(f64) -> f64,
    pub envelope: std::rc::Rc<dyn Fn(f64) -> f64>,
    pub gain: f64,
    pub phase: f64,
}

#[differentiate]
impl Oscillator {
    pub fn level(&self, t: f64) -> f64 {
        self.gain * (t + self.phase).sin()
    }
}

#[test]
fn function_fields_are_constants() {
    let osc = Oscillator {
        shape: f64::cos,
        envelope: std::rc::Rc::new(|t| t * 0.5),
        gain: 2.0,
        phase: 0.25,
    };
    assert_eq!((osc.shape)(0.0) + (osc.envelope)(2.0), 2.0);
    let (v, osc_bar, t_bar) = osc.level_grad(0.5);
    assert_eq!(v, osc.level(0.5));
    // ∂/∂gain = sin(t + phase), ∂/∂phase = ∂/∂t = gain cos(t + phase).
    assert_eq!(osc_bar.gain, 0.75f64.sin());
    assert_eq!(osc_bar.phase, 2.0 * 0.75f64.cos());
    assert_eq!(t_bar, 2.0 * 0.75f64.cos());
}

/// A count field compared with a length (`self.n != x.len()`) and a window field bounded
/// beside an integer (`self.window.min(i + 1)`): integers, whatever else reads them.
#[derive(Differentiable, Debug)]
struct Smoother {
    n: usize,
    window: usize,
    gain: f64,
}

impl Smoother {
    #[differentiate]
    fn smoothed(&self, x: &[f64]) -> f64 {
        if self.n != x.len() {
            return 0.0;
        }
        let mut total = 0.0;
        for i in 0..x.len() {
            let w = self.window.min(i + 1);
            let mut s = 0.0;
            for k in 0..w {
                s += x[i - k];
            }
            total += self.gain * s / w as f64;
        }
        total
    }
}

#[test]
fn counts_compared_with_lengths_and_bounded_beside_integers() {
    let s = Smoother {
        n: 3,
        window: 2,
        gain: 0.5,
    };
    let x = [1.0, 2.0, 4.0];
    // Means over windows min(2, i + 1): 1, 1.5, 3, times the gain: 2.75. x̄ = gain·(1 + ½,
    // ½ + ½, ½), ḡain = 5.5.
    let (total, s_bar, x_bar) = s.smoothed_grad(&x);
    assert_eq!(total, 2.75);
    assert_eq!(x_bar, [0.75, 0.5, 0.25]);
    assert_eq!(s_bar.gain, 5.5);
    assert_eq!(s.smoothed(&[1.0]), 0.0);
    s.smoothed_gradcheck(&x).unwrap();
}

/// A compressed-row matrix: offsets read as a range's bounds (`self.starts[i]..self.starts[i
/// + 1]`) and column indices as an index are integers, the values floats.
#[derive(Differentiable, Debug)]
struct Csr {
    values: Vec<f64>,
    columns: Vec<usize>,
    starts: Vec<usize>,
}

impl Csr {
    #[differentiate]
    fn quadratic(&self, x: &[f64]) -> f64 {
        let mut q = 0.0;
        for i in 0..self.starts.len() - 1 {
            let mut row = 0.0;
            for k in self.starts[i]..self.starts[i + 1] {
                row += self.values[k] * x[self.columns[k]];
            }
            q += x[i] * row;
        }
        q
    }
}

#[test]
fn offsets_read_as_a_ranges_bounds() {
    // [[1, 0, 2], [0, 3, 0]]: q = x₀(x₀ + 2x₂) + 3x₁², ∂/∂x = (2x₀ + 2x₂, 6x₁, 2x₀),
    // v̄ = (x₀x₀, x₀x₂, x₁x₁).
    let a = Csr {
        values: vec![1.0, 2.0, 3.0],
        columns: vec![0, 2, 1],
        starts: vec![0, 2, 3],
    };
    let x = [1.0, -2.0, 0.5];
    let (q, a_bar, x_bar) = a.quadratic_grad(&x);
    assert_eq!(q, 2.0 + 12.0);
    assert_eq!(x_bar, [3.0, -12.0, 2.0]);
    assert_eq!(a_bar.values, [1.0, 0.5, 4.0]);
    a.quadratic_gradcheck(&x).unwrap();
}

/// Knots tested by a range (`(k.xs[i]..k.xs[i + 1]).contains(&x)`) are floats with their
/// derivatives: only the bounds of a loop's range are offsets.
#[derive(Differentiable, Debug)]
struct Knots {
    xs: Vec<f64>,
    ys: Vec<f64>,
}

#[differentiate]
fn piecewise_linear(k: &Knots, x: f64) -> f64 {
    for i in 0..k.xs.len() - 1 {
        if (k.xs[i]..k.xs[i + 1]).contains(&x) {
            let t = (x - k.xs[i]) / (k.xs[i + 1] - k.xs[i]);
            return k.ys[i] * (1.0 - t) + k.ys[i + 1] * t;
        }
    }
    0.0
}

#[test]
fn knots_tested_by_a_range_keep_their_derivatives() {
    let k = Knots {
        xs: vec![0.0, 1.0, 2.5],
        ys: vec![1.0, 3.0, -1.0],
    };
    // On [1, 2.5]: y = y₁ + (y₂ − y₁)(x − x₁)/(x₂ − x₁); ∂/∂x₁ = (y₂ − y₁)(x − x₂)/(x₂ − x₁)²,
    // ∂/∂x₂ = −(y₂ − y₁)(x − x₁)/(x₂ − x₁)².
    let (_, k_bar, _) = piecewise_linear_grad(&k, 1.7);
    let (d, h) = (-4.0, 1.5);
    assert!((k_bar.xs[1] - d * (1.7 - 2.5) / (h * h)).abs() < 1e-12);
    assert!((k_bar.xs[2] + d * (1.7 - 1.0) / (h * h)).abs() < 1e-12);
    piecewise_linear_gradcheck(&k, 1.7).unwrap();
}

/// Fields whose length alone is read: names, a map of float pairs, and floats counted.
#[derive(Differentiable, Clone, Debug)]
pub struct Basket {
    #[no_grad]
    pub names: Vec<String>,
    #[no_grad]
    pub holdings: HashMap<String, (f64, f64)>,
    pub weights: Vec<f64>,
    pub budget: f64,
}

#[differentiate]
impl Basket {
    /// budget / n + budget · [names empty], with n the number of holdings.
    fn share(&self) -> f64 {
        let n = self.holdings.len() as f64;
        let bonus = if self.names.is_empty() { 1.0 } else { 0.0 };
        self.budget / n + self.budget * bonus
    }
}

/// budget² / len(weights), a free function reading the length of a float field alone.
#[differentiate]
fn per_weight(b: &Basket) -> f64 {
    b.budget * b.budget / b.weights.len() as f64
}

#[test]
fn fields_read_by_their_length_alone() {
    let b = Basket {
        names: vec![],
        holdings: HashMap::from([("a".to_string(), (2.0, 3.0)), ("b".to_string(), (1.0, 4.0))]),
        weights: vec![0.5, 0.25, 0.25],
        budget: 3.0,
    };
    // share = budget / 2 + budget: ∂budget = 1.5; the lengths carry no derivative.
    let (s, b_bar) = b.share_grad();
    assert_eq!((s, b_bar.budget), (4.5, 1.5));
    assert_eq!(b_bar.weights, vec![0.0; 3]);
    b.share_gradcheck().unwrap();
    // per_weight = budget² / 3: ∂budget = 2 budget / 3.
    let (p, b_bar) = per_weight_grad(&b);
    assert_eq!((p, b_bar.budget), (3.0, 2.0));
    assert_eq!(b_bar.weights, vec![0.0; 3]);
    per_weight_gradcheck(&b).unwrap();
}
