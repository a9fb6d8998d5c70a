//! `&mut self` methods that step their state through other steps, as audio and simulation
//! code is written: a setter that calls `self.update_increments()` after assigning a field,
//! a filter chain whose stages are fields with `process` methods of their own, a physics
//! step that calls `self.compute_forces()` first. Each derivative is checked against central
//! differences of a loss reading the result and the state after the call (the cotangents
//! `f_vjp` takes), against the other mode (⟨w, J v⟩ = ⟨Jᵀ w, v⟩), and by hand where a
//! closed form is short.

mod common;
use autodiff::{differentiate, Differentiable};
use common::{assert_close, assert_grad};
use std::f64::consts::PI;

/// A state rebuilt from the coordinates `v` (shaped as `like`).
fn state_at<S: Differentiable<Scalar = f64>>(like: &S, v: &[f64]) -> S {
    let mut s = like.zero_like();
    s.set_from_flat(v);
    s
}

/// ⟨w, (result, state after)⟩ for the coordinates (state before, arguments) `v`, whose
/// gradient `f_vjp` gives for the seeds `w`: `step` runs the method.
fn weighted<S: Differentiable<Scalar = f64>>(
    like: &S,
    w: &[f64],
    v: &[f64],
    step: &dyn Fn(&mut S, &[f64]) -> f64,
) -> f64 {
    let n = like.num_params();
    let mut s = state_at(like, &v[..n]);
    let y = step(&mut s, &v[n..]);
    w[0] * y
        + s.to_flat()
            .iter()
            .zip(&w[1..])
            .map(|(a, b)| a * b)
            .sum::<f64>()
}

/// A method of one float argument, its `_vjp` and its `_jvp`.
type StepFns<S> = (
    fn(&mut S, f64) -> f64,
    fn(&mut S, f64, f64, &mut S) -> (f64, f64),
    fn(&mut S, f64, &mut S, f64) -> (f64, f64),
);

/// Checks a step at `x` from the state `like`: `_vjp` seeded by `seeds` (the result's, then
/// the state's) against central differences of the seeded loss, its value and state after
/// against the method's own, and `_jvp` along `direction` (the state's, then `x`'s) by
/// duality, ⟨w, J v⟩ = ⟨Jᵀ w, v⟩. Returns the state after the call.
fn check_step<S>(
    like: &S,
    (method, vjp, jvp): StepFns<S>,
    x: f64,
    seeds: &[f64],
    direction: &[f64],
) -> S
where
    S: Differentiable<Scalar = f64> + Clone + PartialEq + std::fmt::Debug,
{
    let n = like.num_params();
    let mut s = like.clone();
    let mut bar = state_at(like, &seeds[1..]);
    let (y, x_bar) = vjp(&mut s, x, seeds[0], &mut bar);
    let mut stepped = like.clone();
    assert_eq!(method(&mut stepped, x), y);
    assert_eq!(s, stepped, "the state after `_vjp` is the method's");
    let mut grad = bar.to_flat();
    grad.push(x_bar);
    let mut at = like.to_flat();
    at.push(x);
    let step = |s: &mut S, a: &[f64]| method(s, a[0]);
    assert_grad(|v| weighted(like, seeds, v, &step), &at, &grad);
    let mut s = like.clone();
    let mut dot = state_at(like, &direction[..n]);
    let (y2, y_dot) = jvp(&mut s, x, &mut dot, direction[n]);
    assert_eq!((y2, &s), (y, &stepped));
    let lhs = seeds[0] * y_dot
        + dot
            .to_flat()
            .iter()
            .zip(&seeds[1..])
            .map(|(a, b)| a * b)
            .sum::<f64>();
    let rhs: f64 = grad.iter().zip(direction).map(|(a, b)| a * b).sum();
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} against {rhs}");
    stepped
}

// --- A setter calling the method that derives the rest (round 56's ring modulator). ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Ring {
    pub sample_rate: f64,
    pub freq: f64,
    pub carrier_increment: f64,
    pub lfo_increment: f64,
}

impl Ring {
    #[differentiate]
    pub fn set_sample_rate(&mut self, sample_rate: f64) {
        self.sample_rate = sample_rate;
        self.update_increments();
    }

    #[differentiate]
    fn update_increments(&mut self) {
        self.carrier_increment = 2.0 * PI * self.freq / self.sample_rate;
        self.lfo_increment = 2.0 * PI / self.sample_rate;
    }
}

#[test]
fn a_setter_calling_an_update_after_assigning() {
    let before = Ring {
        sample_rate: 44_100.0,
        freq: 440.0,
        carrier_increment: 0.1,
        lfo_increment: 0.2,
    };
    let sr = 48_000.0;
    // Seeded on the carrier increment and the lfo's: closed forms.
    let mut ring = before.clone();
    let mut bar = Ring {
        sample_rate: 0.0,
        freq: 0.0,
        carrier_increment: 1.0,
        lfo_increment: 0.5,
    };
    let (sr_bar,) = ring.set_sample_rate_vjp(sr, &mut bar);
    let mut stepped = before.clone();
    stepped.set_sample_rate(sr);
    assert_eq!(ring, stepped, "the state after `_vjp` is the method's");
    let (f, two_pi) = (440.0, 2.0 * PI);
    assert_close(
        &[
            bar.sample_rate,
            bar.freq,
            bar.carrier_increment,
            bar.lfo_increment,
            sr_bar,
        ],
        &[
            0.0,
            two_pi / sr,
            0.0,
            0.0,
            -two_pi * f / (sr * sr) - 0.5 * two_pi / (sr * sr),
        ],
    );
    // The tangent steps with the state: ṡ_carrier = 2π ḟ / sr − 2π f ṡr / sr².
    let mut ring = before.clone();
    let mut dot = Ring {
        sample_rate: 1.0,
        freq: 2.0,
        carrier_increment: 3.0,
        lfo_increment: 4.0,
    };
    ring.set_sample_rate_jvp(sr, &mut dot, 1.0);
    assert_eq!(ring, stepped);
    assert_close(
        &[
            dot.sample_rate,
            dot.freq,
            dot.carrier_increment,
            dot.lfo_increment,
        ],
        &[
            1.0,
            2.0,
            two_pi * 2.0 / sr - two_pi * f / (sr * sr),
            -two_pi / (sr * sr),
        ],
    );
}

// --- A filter chain: stages are fields stepping their own state. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct OnePole {
    pub a: f64,
    pub z: f64,
}

impl OnePole {
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        self.z = self.a * self.z + (1.0 - self.a) * x;
        self.z
    }

    #[differentiate]
    pub fn reset(&mut self) {
        self.z = 0.0;
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Chain {
    pub highpass: OnePole,
    pub lowpass: OnePole,
    pub gain: f64,
}

impl Chain {
    /// Values of earlier steps passed on and read after.
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        let y1 = self.highpass.process(x);
        let y2 = self.lowpass.process(y1);
        y2 * self.gain + 0.1 * y1
    }

    /// Steps inside the result's expression, one inside another.
    #[differentiate]
    pub fn nested(&mut self, x: f64) -> f64 {
        self.gain * self.lowpass.process(self.highpass.process(x))
    }

    /// A local given a step's value again.
    #[differentiate]
    pub fn rebound(&mut self, input: f64) -> f64 {
        let mut out = self.highpass.process(input);
        out = self.lowpass.process(out);
        out * self.gain
    }
}

fn chain() -> Chain {
    Chain {
        highpass: OnePole { a: 0.4, z: 0.1 },
        lowpass: OnePole { a: 0.7, z: -0.2 },
        gain: 1.5,
    }
}

const CHAIN_SEEDS: [f64; 6] = [1.3, -0.4, 0.7, 0.2, -1.1, 0.6];

#[test]
fn a_filter_chain_of_stages() {
    let methods: [StepFns<Chain>; 3] = [
        (Chain::process, Chain::process_vjp, Chain::process_jvp),
        (Chain::nested, Chain::nested_vjp, Chain::nested_jvp),
        (Chain::rebound, Chain::rebound_vjp, Chain::rebound_jvp),
    ];
    let direction = [0.3, -0.2, 0.5, 0.1, -0.7, 0.4];
    for fns in methods {
        for x in [0.8, -1.3, 2.1] {
            check_step(&chain(), fns, x, &CHAIN_SEEDS, &direction);
        }
        assert!(chain().process_gradcheck(0.8).is_ok());
    }
}

// --- A physics step that computes its forces first, with a counter and a filtered field. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Body {
    pub x: f64,
    pub v: f64,
    pub force: f64,
    pub k: f64,
    pub smooth: OnePole,
    pub evaluations: usize,
}

impl Body {
    #[differentiate]
    fn compute_forces(&mut self) {
        self.force = -self.k * self.x * self.x.abs();
        self.evaluations += 1;
    }

    /// A step of `self`, a step of a field given a field, then assignments of its own.
    #[differentiate]
    pub fn step(&mut self, dt: f64, mass: f64) -> f64 {
        self.compute_forces();
        self.smooth.process(self.force);
        self.v += self.force / mass * dt;
        self.x += self.v * dt + self.smooth.z * dt;
        self.x * self.x
    }

    /// Steps after the last assignment, one given a constant.
    #[differentiate]
    pub fn kick(&mut self, impulse: f64) {
        self.v += impulse;
        self.compute_forces();
        self.smooth.process(0.5);
    }
}

fn body() -> Body {
    Body {
        x: 0.7,
        v: -0.3,
        force: 0.0,
        k: 2.0,
        smooth: OnePole { a: 0.4, z: 0.1 },
        evaluations: 0,
    }
}

#[test]
fn a_step_computing_its_forces_first() {
    let like = body();
    for (dt, mass) in [(0.1, 1.5), (0.05, 0.7)] {
        assert!(body().step_gradcheck(dt, mass).is_ok());
        let seeds = [0.9, 0.3, -0.5, 0.25, 0.4, -0.6, 0.8];
        let mut s = body();
        let mut bar = state_at(&like, &seeds[1..]);
        let (y, dt_bar, mass_bar) = s.step_vjp(dt, mass, seeds[0], &mut bar);
        let mut stepped = body();
        assert_eq!(stepped.step(dt, mass), y);
        assert_eq!(s, stepped);
        assert_eq!(s.evaluations, 1, "the counter is stepped once");
        let mut grad = bar.to_flat();
        grad.extend([dt_bar, mass_bar]);
        let mut at = like.to_flat();
        at.extend([dt, mass]);
        let step = |s: &mut Body, a: &[f64]| s.step(a[0], a[1]);
        assert_grad(|v| weighted(&like, &seeds, v, &step), &at, &grad);
    }
}

#[test]
fn steps_after_the_last_assignment() {
    let like = body();
    let seeds = [0.0, 0.3, -0.5, 0.25, 0.4, -0.6, 0.8];
    let mut s = body();
    let mut bar = state_at(&like, &seeds[1..]);
    let (impulse_bar,) = s.kick_vjp(0.4, &mut bar);
    let mut stepped = body();
    stepped.kick(0.4);
    assert_eq!(s, stepped);
    let mut grad = bar.to_flat();
    grad.push(impulse_bar);
    let mut at = like.to_flat();
    at.push(0.4);
    let kick = |s: &mut Body, a: &[f64]| {
        s.kick(a[0]);
        0.0
    };
    assert_grad(|v| weighted(&like, &seeds, v, &kick), &at, &grad);
    // The tangent: v̇ = ṽ + impulse̅̇ feeds the force through x only, so the force's
    // tangent is −k·2|x|·ẋ − k̇ x|x|.
    let mut s = body();
    let direction = [0.3, -0.2, 0.5, 0.1, -0.7, 0.4];
    let mut dot = state_at(&like, &direction);
    s.kick_jvp(0.4, &mut dot, 1.0);
    let (x, k) = (like.x, like.k);
    let force_dot = -k * 2.0 * x.abs() * direction[0] - direction[3] * x * x.abs();
    assert_close(&[dot.v, dot.force], &[direction[1] + 1.0, force_dot]);
}

// --- A state of `f32`, and a composite made of composites. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Smoother {
    pub alpha: f32,
    pub value: f32,
}

impl Smoother {
    #[differentiate]
    pub fn process(&mut self, x: f32) -> f32 {
        self.value += self.alpha * (x - self.value);
        self.value
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Stereo {
    pub left: Smoother,
    pub right: Smoother,
    pub balance: f32,
}

impl Stereo {
    #[differentiate]
    pub fn process(&mut self, x: f32) -> f32 {
        let l = self.left.process(x);
        let r = self.right.process(x);
        self.balance * l + (1.0 - self.balance) * r
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Rack {
    pub first: Stereo,
    pub second: Stereo,
}

impl Rack {
    #[differentiate]
    pub fn process(&mut self, x: f32) -> f32 {
        let y = self.first.process(x);
        self.second.process(y)
    }
}

#[test]
fn steps_of_steps_in_f32() {
    let smoother = |alpha, value| Smoother { alpha, value };
    let stereo = |b| Stereo {
        left: smoother(0.3, 0.1),
        right: smoother(0.6, -0.2),
        balance: b,
    };
    let rack = Rack {
        first: stereo(0.7),
        second: stereo(0.2),
    };
    assert!(rack.process_gradcheck(0.9).is_ok());
    // By hand, seeded on the result alone: y = Σ over the two racks of the chain rule.
    let mut r = rack.clone();
    let mut bar = rack.zero_like();
    let (_, x_bar) = r.process_vjp(0.9, 1.0, &mut bar);
    // dy/dx = (b₂ α₁ + (1 − b₂) α₂) (b₁ α₁ + (1 − b₁) α₂) with α = (0.3, 0.6).
    let slope = |b: f32| b * 0.3 + (1.0 - b) * 0.6;
    assert!((x_bar - slope(0.2) * slope(0.7)).abs() < 1e-6, "{x_bar}");
}

// --- An indicator of indicators (a MACD, as trading code writes it): values computed
// between the steps, a step inside an assignment, `wrt`. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Ema {
    pub alpha: f64,
    pub value: f64,
    pub warm: bool,
}

#[differentiate]
impl Ema {
    pub fn update(&mut self, x: f64) -> f64 {
        if !self.warm {
            self.value = x;
            self.warm = true;
        } else {
            self.value = self.alpha * x + (1.0 - self.alpha) * self.value;
        }
        self.value
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Macd {
    pub fast: Ema,
    pub slow: Ema,
    pub signal: Ema,
}

#[differentiate]
impl Macd {
    pub fn update(&mut self, close: f64) -> f64 {
        let f = self.fast.update(close);
        let s = self.slow.update(close);
        let m = f - s;
        let sig = self.signal.update(m);
        m - sig
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Doubled {
    pub inner: Ema,
    pub last: f64,
    pub scale: f64,
}

impl Doubled {
    #[differentiate]
    pub fn update(&mut self, x: f64) -> f64 {
        self.last = self.inner.update(x) * 2.0;
        self.last
    }

    /// A value computed after the state's assignment, given to a step as an expression;
    /// `k` left out by `wrt`.
    #[differentiate(wrt(self, x))]
    pub fn scaled(&mut self, x: f64, k: f64) -> f64 {
        self.last = x * self.scale;
        let m = self.last * k;
        let y = self.inner.update(m + x);
        y * self.last
    }

    /// A unit step ending in a step given a value computed after the assignment.
    #[differentiate]
    pub fn kick(&mut self, x: f64) {
        self.scale += x;
        let g = self.scale * self.scale;
        self.inner.update(g * 0.5);
    }
}

fn ema(alpha: f64, value: f64, warm: bool) -> Ema {
    Ema { alpha, value, warm }
}

#[test]
fn an_indicator_of_indicators() {
    let macd = Macd {
        fast: ema(0.5, 0.3, true),
        slow: ema(0.2, 0.3, true),
        signal: ema(0.3, 0.3, true),
    };
    for close in [1.7, -0.4, 3.2] {
        assert!(macd.update_gradcheck(close).is_ok());
    }
    // By hand at 1.7: m = (α_f − α_s)(x − 0.3) and the result 0.7·m − 0.3·0.7·… : ∂/∂x =
    // (1 − α_sig)(α_f − α_s).
    let mut m = macd.clone();
    let mut bar = macd.zero_like();
    let (value, close_bar) = m.update_vjp(1.7, 1.0, &mut bar);
    assert_close(&[value, close_bar], &[0.084, 0.7 * 0.3]);
    // A cold signal takes its first input whole: m − m = 0 whatever the close.
    let cold = Macd {
        signal: ema(0.3, 0.0, false),
        ..macd
    };
    let mut m = cold.clone();
    let mut bar = cold.zero_like();
    let (value, close_bar) = m.update_vjp(1.7, 1.0, &mut bar);
    assert_eq!((value, close_bar), (0.0, 0.0));
    assert!(m.signal.warm);
}

#[test]
fn steps_inside_expressions_and_wrt() {
    let doubled = Doubled {
        inner: ema(0.4, 0.2, true),
        last: 0.0,
        scale: 1.3,
    };
    for x in [0.7, -1.1] {
        assert!(doubled.update_gradcheck(x).is_ok());
        assert!(doubled.scaled_gradcheck(x, 0.6).is_ok());
    }
    // ∂(scaled)/∂x at x, with last = x·s, m = last·k, y = α(m + x) + (1 − α)v:
    // y·last, so (α(k s + 1))·last + y·s.
    let (x, k, s, a, v) = (0.7, 0.6, 1.3, 0.4, 0.2);
    let last = x * s;
    let y = a * (last * k + x) + (1.0 - a) * v;
    let mut d = doubled.clone();
    let mut bar = doubled.zero_like();
    let (value, x_bar) = d.scaled_vjp(x, k, 1.0, &mut bar);
    assert_close(
        &[value, x_bar],
        &[y * last, a * (k * s + 1.0) * last + y * s],
    );
    // A unit step whose last step reads a value computed after the assignment.
    let mut d = doubled.clone();
    let mut bar = doubled.zero_like();
    bar.inner.value = 1.0;
    let (x_bar,) = d.kick_vjp(0.4, &mut bar);
    // inner.value after = α·(s + x)²/2 + (1 − α)v: ∂/∂x = α(s + x).
    assert_close(
        &[x_bar, bar.scale, bar.inner.value],
        &[a * 1.7, a * 1.7, 1.0 - a],
    );
    let mut kicked = doubled.clone();
    kicked.kick(0.4);
    assert_eq!(d, kicked);
}

// --- Forms a review found (each was a wrong derivative or rustc's error before). ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Meter {
    pub peak: f64,
}

impl Meter {
    #[differentiate]
    pub fn update(&mut self, x: f64) {
        self.peak = 0.9 * self.peak + 0.1 * x * x;
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Strip {
    pub highpass: OnePole,
    pub lowpass: OnePole,
    #[no_grad]
    pub meter: Meter,
    #[no_grad]
    pub bias: f64,
    pub drive: f64,
    pub out: f64,
}

impl Strip {
    /// A parameter changed before the step it is given to.
    #[differentiate]
    pub fn driven(&mut self, mut x: f64) -> f64 {
        x *= self.drive;
        self.lowpass.process(x)
    }

    /// A parameter given each stage's value in turn, as DSP chains write it.
    #[differentiate]
    pub fn chained(&mut self, mut sample: f64) -> f64 {
        sample = self.highpass.process(sample);
        sample = self.lowpass.process(sample);
        sample
    }

    /// A field given a step's value; a `#[no_grad]` float given to a step; a step's value
    /// dropped.
    #[differentiate]
    pub fn metered(&mut self, x: f64) -> f64 {
        self.out = self.lowpass.process(x);
        let _ = self.highpass.process(self.bias);
        self.out * self.drive + self.highpass.z
    }

    /// A `#[no_grad]` meter stepped beside the signal: its derivatives cannot be followed.
    #[differentiate]
    pub fn with_meter(&mut self, x: f64) -> f64 {
        let y = self.lowpass.process(x);
        self.meter.update(y);
        y * self.drive
    }

    /// Voices mixed into an accumulator.
    #[differentiate]
    pub fn mixed(&mut self, x: f64) -> f64 {
        let mut out = 0.0;
        out += self.highpass.process(x);
        out += self.lowpass.process(x);
        out * 0.5
    }
}

fn strip() -> Strip {
    Strip {
        highpass: OnePole { a: 0.4, z: 0.1 },
        lowpass: OnePole { a: 0.7, z: -0.2 },
        meter: Meter { peak: 0.5 },
        bias: 0.3,
        drive: 2.5,
        out: 0.0,
    }
}

#[test]
fn parameters_changed_and_rebound_fields_and_constants() {
    type Method = fn(&mut Strip, f64) -> f64;
    type Vjp = fn(&mut Strip, f64, f64, &mut Strip) -> (f64, f64);
    let methods: [(Method, Vjp); 4] = [
        (Strip::driven, Strip::driven_vjp),
        (Strip::chained, Strip::chained_vjp),
        (Strip::metered, Strip::metered_vjp),
        (Strip::mixed, Strip::mixed_vjp),
    ];
    let like = strip();
    // (The state's coordinates leave the `#[no_grad]` fields out.)
    let seeds = [1.1, 0.3, -0.5, 0.25, 0.4, -0.6, 0.8];
    for (method, vjp) in methods {
        for x in [0.8, -0.4] {
            let step = |s: &mut Strip, a: &[f64]| method(s, a[0]);
            let mut s = strip();
            let mut bar = state_at(&like, &seeds[1..]);
            let (y, x_bar) = vjp(&mut s, x, seeds[0], &mut bar);
            let mut stepped = strip();
            assert_eq!(method(&mut stepped, x), y);
            assert_eq!(s, stepped);
            let mut grad = bar.to_flat();
            grad.push(x_bar);
            let mut at = like.to_flat();
            at.push(x);
            assert_grad(|v| weighted(&like, &seeds, v, &step), &at, &grad);
            // The constants keep their values in the cotangent (`zero_like` copies them).
            assert_eq!((bar.meter.peak, bar.bias), (0.5, 0.3));
        }
    }
    // By hand: y = a z + (1 − a)·drive·x, so x̄ = (1 − a)·drive and drive̅ = (1 − a)·x.
    let mut s = strip();
    let mut bar = strip().zero_like();
    let (_, x_bar) = s.driven_vjp(0.8, 1.0, &mut bar);
    assert_close(&[x_bar, bar.drive], &[0.3 * 2.5, 0.3 * 0.8]);
}

#[test]
#[should_panic(expected = "`self.meter.update(…)` steps a `#[no_grad]` field")]
fn a_constant_fields_step_stops_the_derivatives() {
    let mut s = strip();
    let mut bar = strip().zero_like();
    let _ = s.with_meter_vjp(0.8, 1.0, &mut bar);
}

/// A step's constant argument made by a call (`Self::noise()`) is evaluated once.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Noisy {
    pub lowpass: OnePole,
    pub gain: f64,
}

thread_local! {
    static CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl Noisy {
    fn noise() -> f64 {
        CALLS.with(|c| {
            c.set(c.get() + 1);
            0.1 * c.get() as f64
        })
    }

    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        self.gain *= 0.8;
        let y = self.lowpass.process(Self::noise());
        y * self.gain + x
    }
}

#[test]
fn a_call_given_to_a_step_runs_once() {
    let mut n = Noisy {
        lowpass: OnePole { a: 0.7, z: -0.2 },
        gain: 1.3,
    };
    let mut bar = n.zero_like();
    CALLS.with(|c| c.set(0));
    let (y, x_bar) = n.process_vjp(0.5, 1.0, &mut bar);
    assert_eq!(CALLS.with(|c| c.get()), 1);
    // noise 0.1: y = (0.7·(−0.2) + 0.3·0.1)·1.04 + 0.5; ∂y/∂a = (z − noise)·gain.
    assert_close(
        &[y, x_bar, bar.lowpass.a],
        &[(0.7 * -0.2 + 0.03) * 1.04 + 0.5, 1.0, (-0.2 - 0.1) * 1.04],
    );
}

/// A setter and its update in one `#[differentiate] impl`, the update naming no float.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Lfo {
    pub rate: f64,
    pub sample_rate: f64,
    pub increment: f64,
}

#[differentiate]
impl Lfo {
    pub fn set_rate(&mut self, rate: f64) {
        self.rate = rate;
        self.update_increment();
    }

    fn update_increment(&mut self) {
        self.increment = 2.0 * PI * self.rate / self.sample_rate;
    }
}

#[test]
fn a_setter_and_its_update_in_an_impl_block() {
    let mut lfo = Lfo {
        rate: 1.0,
        sample_rate: 48_000.0,
        increment: 0.0,
    };
    let mut bar = lfo.zero_like();
    bar.increment = 1.0;
    let (rate_bar,) = lfo.set_rate_vjp(2.0, &mut bar);
    assert_close(
        &[rate_bar, bar.sample_rate, lfo.increment],
        &[
            2.0 * PI / 48_000.0,
            -2.0 * PI * 2.0 / (48_000.0 * 48_000.0),
            2.0 * PI * 2.0 / 48_000.0,
        ],
    );
}

// --- Delay lines: a callee and a caller writing elements of their buffers. ---

/// A moving average over a ring buffer (its `buf` written by index).
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Sma {
    pub buf: Vec<f64>,
    pub pos: usize,
    pub sum: f64,
}

impl Sma {
    #[differentiate]
    pub fn update(&mut self, x: f64) -> f64 {
        self.sum = self.sum - self.buf[self.pos] + x;
        self.buf[self.pos] = x;
        self.pos = (self.pos + 1) % self.buf.len();
        self.sum / self.buf.len() as f64
    }
}

/// A Freeverb comb: a delay line whose feedback goes through a damping filter.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Comb {
    pub damper: OnePole,
    pub buf: [f64; 4],
    pub pos: usize,
    pub feedback: f64,
    pub average: Sma,
}

impl Comb {
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        let out = self.buf[self.pos];
        let filtered = self.damper.process(out);
        self.buf[self.pos] = x + self.feedback * filtered;
        self.pos = (self.pos + 1) % 4;
        out + 0.1 * self.average.update(filtered)
    }
}

#[test]
fn delay_lines_stepped_through_their_stages() {
    let like = Comb {
        damper: OnePole { a: 0.3, z: 0.2 },
        buf: [0.5, -0.3, 0.8, 0.1],
        pos: 1,
        feedback: 0.7,
        average: Sma {
            buf: vec![0.2, 0.4, -0.1],
            pos: 2,
            sum: 0.5,
        },
    };
    let n = like.num_params();
    let seeds: Vec<f64> = (0..=n).map(|k| 0.3 - 0.1 * k as f64).collect();
    for x in [0.8, -0.5] {
        let step = |s: &mut Comb, a: &[f64]| s.process(a[0]);
        let mut s = like.clone();
        let mut bar = state_at(&like, &seeds[1..]);
        let (y, x_bar) = s.process_vjp(x, seeds[0], &mut bar);
        let mut stepped = like.clone();
        assert_eq!(stepped.process(x), y);
        assert_eq!(s, stepped);
        let mut grad = bar.to_flat();
        grad.push(x_bar);
        let mut at = like.to_flat();
        at.push(x);
        assert_grad(|v| weighted(&like, &seeds, v, &step), &at, &grad);
    }
    assert!(like.process_gradcheck(0.8).is_ok());
}

// --- Methods of steps alone: a physics step and a world ticking its bodies. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Particle {
    pub x: f64,
    pub v: f64,
    pub force: f64,
    pub k: f64,
    pub evaluations: usize,
}

impl Particle {
    #[differentiate]
    fn compute_forces(&mut self) {
        self.force = -self.k * self.x;
        self.evaluations += 1;
    }

    #[differentiate]
    fn integrate(&mut self, dt: f64) {
        self.v += self.force * dt;
        self.x += self.v * dt;
    }

    #[differentiate]
    pub fn step(&mut self, dt: f64) {
        self.compute_forces();
        self.integrate(dt);
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct World {
    pub a: Particle,
    pub b: Particle,
}

impl World {
    #[differentiate]
    pub fn tick(&mut self, dt: f64) {
        self.a.step(dt);
        self.b.step(dt * 0.5);
        self.a.step(dt);
    }
}

#[test]
fn methods_of_steps_alone() {
    let particle = |x, v, k| Particle {
        x,
        v,
        force: 0.0,
        k,
        evaluations: 0,
    };
    let like = World {
        a: particle(0.7, -0.3, 2.0),
        b: particle(-0.2, 0.4, 1.5),
    };
    let seeds = [0.0, 1.0, 0.5, -0.2, 0.3, 0.7, -0.4, 0.1, 0.6];
    let tick = |s: &mut World, a: &[f64]| {
        s.tick(a[0]);
        0.0
    };
    let mut s = like.clone();
    let mut bar = state_at(&like, &seeds[1..]);
    let (dt_bar,) = s.tick_vjp(0.1, &mut bar);
    let mut ticked = like.clone();
    ticked.tick(0.1);
    assert_eq!(s, ticked);
    assert_eq!((s.a.evaluations, s.b.evaluations), (2, 1));
    let mut grad = bar.to_flat();
    grad.push(dt_bar);
    let mut at = like.to_flat();
    at.push(0.1);
    assert_grad(|v| weighted(&like, &seeds, v, &tick), &at, &grad);
    // ⟨w, J v⟩ = ⟨Jᵀ w, v⟩.
    let direction = [0.3, -0.2, 0.5, 0.1, -0.7, 0.4, 0.2, -0.1, 0.8];
    let mut s = like.clone();
    let mut dot = state_at(&like, &direction[..8]);
    s.tick_jvp(0.1, &mut dot, direction[8]);
    let lhs: f64 = dot
        .to_flat()
        .iter()
        .zip(&seeds[1..])
        .map(|(a, b)| a * b)
        .sum();
    let rhs: f64 = grad.iter().zip(&direction).map(|(a, b)| a * b).sum();
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} against {rhs}");
    // One step by hand: x' = x + (v − k x dt) dt, so ∂x'/∂dt = v − 2 k x dt.
    let mut p = particle(0.7, -0.3, 2.0);
    let mut p_bar = p.zero_like();
    p_bar.x = 1.0;
    let (dt_bar,) = p.step_vjp(0.1, &mut p_bar);
    assert_close(
        &[dt_bar, p_bar.x],
        &[-0.3 - 2.0 * 2.0 * 0.7 * 0.1, 1.0 - 2.0 * 0.01],
    );
}

// --- Calls the macro cannot tell apart: a field's `&self` read after a step, a `&mut self`
// step not named as one, and counters between steps. ---

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Envelope {
    pub level: f64,
    pub rate: f64,
}

impl Envelope {
    /// A step, named as no step is (`follow`).
    #[differentiate]
    pub fn follow(&mut self, x: f64) -> f64 {
        self.level += self.rate * (x.abs() - self.level);
        self.level
    }

    /// A read of the state (`&self`).
    #[differentiate]
    pub fn gain(&self, depth: f64) -> f64 {
        1.0 / (1.0 + depth * self.level * self.level)
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Voice {
    pub env: Envelope,
    pub out: f64,
    pub depth: f64,
    pub frames: usize,
}

impl Voice {
    /// A step whose value the method adds to a field, then a read of the stepped state
    /// (the method assigns fields, and neither call is named as a step).
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        let e = self.env.follow(x);
        let g = self.env.gain(self.depth);
        self.out += e * g * x;
        self.out
    }

    /// A counter given before the step that gives the result.
    #[differentiate]
    pub fn counted(&mut self, x: f64) -> f64 {
        self.frames += 1;
        self.env.follow(x)
    }

    /// A counter given after the steps: a method of steps (and the counter) alone.
    #[differentiate]
    pub fn feed_both(&mut self, x: f64) {
        let _ = self.env.follow(x);
        let _ = self.env.follow(0.5 * x);
        self.frames += 2;
    }
}

fn voice() -> Voice {
    Voice {
        env: Envelope {
            level: 0.2,
            rate: 0.3,
        },
        out: 0.1,
        depth: 0.8,
        frames: 0,
    }
}

#[test]
fn reads_steps_and_counters_the_macro_cannot_tell_apart() {
    let methods: [(StepFns<Voice>, usize); 2] = [
        ((Voice::process, Voice::process_vjp, Voice::process_jvp), 0),
        ((Voice::counted, Voice::counted_vjp, Voice::counted_jvp), 1),
    ];
    let like = voice();
    let seeds = [1.3, -0.4, 0.7, 0.2, -1.1];
    let direction = [0.3, -0.2, 0.5, 0.1, -0.7];
    for (fns, frames) in methods {
        for x in [0.8, -1.3, 2.1] {
            let after = check_step(&like, fns, x, &seeds, &direction);
            assert_eq!(after.frames, frames, "the counter is stepped once");
        }
    }
    // By hand, for `counted` seeded on its result alone: y = ℓ + r (|x| − ℓ), so
    // ∂y/∂x = r sign(x), ∂y/∂ℓ = 1 − r, ∂y/∂r = |x| − ℓ.
    let mut s = voice();
    let mut bar = s.zero_like();
    let (_, x_bar) = s.counted_vjp(-1.3, 1.0, &mut bar);
    assert_close(
        &[x_bar, bar.env.level, bar.env.rate],
        &[-0.3, 0.7, 1.3 - 0.2],
    );
    // The method of steps and a counter.
    let feed = |s: &mut Voice, a: &[f64]| {
        s.feed_both(a[0]);
        0.0
    };
    let mut seeds = seeds;
    seeds[0] = 0.0;
    let mut s = voice();
    let mut bar = state_at(&like, &seeds[1..]);
    let (x_bar,) = s.feed_both_vjp(0.9, &mut bar);
    let mut fed = voice();
    fed.feed_both(0.9);
    assert_eq!(s, fed);
    assert_eq!(s.frames, 2);
    let mut grad = bar.to_flat();
    grad.push(x_bar);
    let mut at = like.to_flat();
    at.push(0.9);
    assert_grad(|v| weighted(&like, &seeds, v, &feed), &at, &grad);
}

// atomisu0312/rustPractice, `programming-rust-2nd/sandbox/ch8/fren_library/src/lib.rs`
// (04794e2): a simulation run for some number of days by a free function calling the
// state's step in a loop, as the author wrote it.
pub mod fern {
    use autodiff::{differentiate, Differentiable};

    #[derive(Differentiable, Clone, Debug)]
    pub struct Fern {
        pub size: f64,
        pub growth_rate: f64,
    }

    impl Fern {
        /// Simulate a fern growing for one day.
        #[differentiate]
        fn grow(&mut self) {
            self.size *= 1.0 + self.growth_rate;
        }
    }

    /// Run a fern simulation for some number of days.
    #[differentiate]
    pub fn run_simulation(fern: &mut Fern, days: usize) {
        for _ in 0..days {
            fern.grow();
        }
    }
}

/// A method running two steps a turn for a number of turns, with a float parameter: the
/// loop's reverse keeps a state per step and turn.
#[derive(Differentiable, Clone, Debug)]
pub struct Colony {
    pub size: f64,
    pub rate: f64,
}

impl Colony {
    #[differentiate]
    fn grow(&mut self) {
        self.size *= 1.0 + self.rate;
    }

    #[differentiate]
    fn feed(&mut self, k: f64) {
        self.rate += k * self.size.sqrt();
    }

    #[differentiate]
    pub fn run(&mut self, turns: usize, k: f64) {
        for _turn in 0..turns {
            self.grow();
            self.feed(k);
        }
    }
}

#[test]
fn steps_run_in_a_loop() {
    use fern::{run_simulation, run_simulation_jvp, run_simulation_vjp, Fern};
    // size s (1 + g)ᵈ: ∂/∂s = (1 + g)ᵈ, ∂/∂g = d s (1 + g)ᵈ⁻¹; the rate is unchanged.
    let (s, g, days) = (2.0, 0.1, 3);
    let mut f = Fern {
        size: s,
        growth_rate: g,
    };
    let mut f_bar = Fern {
        size: 1.0,
        growth_rate: 0.0,
    };
    run_simulation_vjp(&mut f, days, &mut f_bar);
    let mut plain = Fern {
        size: s,
        growth_rate: g,
    };
    run_simulation(&mut plain, days);
    assert_eq!((f.size, f.growth_rate), (plain.size, plain.growth_rate));
    assert_close(
        &[f_bar.size, f_bar.growth_rate],
        &[1.1f64.powi(3), 3.0 * s * 1.1f64.powi(2)],
    );
    let mut f = Fern {
        size: s,
        growth_rate: g,
    };
    let mut f_dot = Fern {
        size: 0.0,
        growth_rate: 1.0,
    };
    run_simulation_jvp(&mut f, days, &mut f_dot);
    assert_close(
        &[f_dot.size, f_dot.growth_rate],
        &[3.0 * s * 1.1f64.powi(2), 1.0],
    );
    // No days: the identity.
    let mut f = Fern {
        size: s,
        growth_rate: g,
    };
    let mut f_bar = Fern {
        size: 0.5,
        growth_rate: 0.25,
    };
    run_simulation_vjp(&mut f, 0, &mut f_bar);
    assert_eq!((f_bar.size, f_bar.growth_rate), (0.5, 0.25));

    // Two steps a turn, against central differences of a projection of the state after,
    // and the other mode.
    let start = Colony {
        size: 1.5,
        rate: 0.2,
    };
    let (turns, k) = (4, 0.05);
    let w = [0.7, -1.3];
    let loss = |v: &[f64]| {
        let mut c = Colony {
            size: v[0],
            rate: v[1],
        };
        c.run(turns, v[2]);
        w[0] * c.size + w[1] * c.rate
    };
    let mut c = start.clone();
    let mut c_bar = Colony {
        size: w[0],
        rate: w[1],
    };
    let (k_bar,) = c.run_vjp(turns, k, &mut c_bar);
    let grad = [c_bar.size, c_bar.rate, k_bar];
    assert_grad(loss, &[start.size, start.rate, k], &grad);
    let v = [0.3, -0.6, 2.0];
    let mut c = start.clone();
    let mut c_dot = Colony {
        size: v[0],
        rate: v[1],
    };
    c.run_jvp(turns, k, &mut c_dot, v[2]);
    let lhs = w[0] * c_dot.size + w[1] * c_dot.rate;
    let rhs: f64 = grad.iter().zip(&v).map(|(a, b)| a * b).sum();
    assert!(
        (lhs - rhs).abs() < 1e-12 * (1.0 + lhs.abs()),
        "{lhs} against {rhs}"
    );
}
