//! `&mut self` methods, as filters and integrators are written: a method is a function of
//! the state before the call and its arguments, whose results are its own and the state
//! after the call. `f_jvp` steps the state and its tangent together, `f_vjp` takes the
//! cotangent of the state after the call and gives that of the state before it, `f_grad`
//! seeds the result alone. Checked against central differences of a loss that reads the
//! result and the new state, against the other mode (dot-product identity), and through a
//! chain of steps whose reverse runs the vjps backwards.

mod common;
use autodiff::{differentiate, Differentiable};
use common::assert_grad;

/// A direct-form-I biquad section with one sample of memory, as audio code writes it.
#[derive(Differentiable, Clone, Debug)]
pub struct Biquad {
    pub b0: f64,
    pub b1: f64,
    pub a1: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Biquad {
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        let y = self.b0 * x + self.b1 * self.x1 - self.a1 * self.y1;
        self.x1 = x;
        self.y1 = y;
        y
    }

    /// A limiter with an early return and compound updates.
    #[differentiate]
    pub fn limit(&mut self, x: f64, ceiling: f64) -> f64 {
        self.x1 += 0.5 * (x - self.x1);
        if self.x1 > ceiling {
            self.y1 = ceiling;
            return ceiling * self.b0;
        }
        self.y1 *= self.a1;
        self.y1 += self.x1;
        self.y1 * self.b0
    }
}

fn biquad(v: &[f64]) -> Biquad {
    Biquad {
        b0: v[0],
        b1: v[1],
        a1: v[2],
        x1: v[3],
        y1: v[4],
    }
}

fn flat(b: &Biquad) -> Vec<f64> {
    vec![b.b0, b.b1, b.a1, b.x1, b.y1]
}

/// ⟨w, (result, state after)⟩: what a cotangent (w₀, w_state) is the gradient of.
fn weighted(w: &[f64], y: f64, after: &Biquad) -> f64 {
    w[0] * y
        + flat(after)
            .iter()
            .zip(&w[1..])
            .map(|(a, b)| a * b)
            .sum::<f64>()
}

const STATE: [f64; 5] = [0.5, 0.2, -0.3, 0.1, 0.4];
const WEIGHTS: [f64; 6] = [1.3, -0.4, 0.7, 0.2, -1.1, 0.6];

#[test]
fn the_cotangent_of_the_state_before_a_step() {
    // f(state, x) = ⟨w, (y, state after)⟩; its gradient is f_vjp's output for the seeds w.
    let f = |v: &[f64]| {
        let mut b = biquad(&v[..5]);
        let y = b.process(v[5]);
        weighted(&WEIGHTS, y, &b)
    };
    let x = 1.5;
    let mut b = biquad(&STATE);
    let mut bar = biquad(&WEIGHTS[1..]);
    let (y, x_bar) = b.process_vjp(x, WEIGHTS[0], &mut bar);
    // The state was stepped as `process` steps it.
    let mut stepped = biquad(&STATE);
    assert_eq!(stepped.process(x), y);
    assert_eq!(flat(&b), flat(&stepped));
    let mut grad = flat(&bar);
    grad.push(x_bar);
    let mut at = STATE.to_vec();
    at.push(x);
    assert_grad(f, &at, &grad);
    // The unassigned coefficients pass their cotangent through: b̄₀ = w_b0 + w₀ x + w_y1 x.
    assert!((bar.b0 - (WEIGHTS[1] + (WEIGHTS[0] + WEIGHTS[5]) * x)).abs() < 1e-12);
}

#[test]
fn tangents_step_with_the_state() {
    let (x, x_dot) = (1.5, -0.8);
    let dir = [0.3, -0.2, 0.5, 0.1, -0.7];
    let mut b = biquad(&STATE);
    let mut b_dot = biquad(&dir);
    let (y, y_dot) = b.process_jvp(x, &mut b_dot, x_dot);
    // ⟨w, J v⟩ = ⟨Jᵀ w, v⟩.
    let lhs = weighted(&WEIGHTS, y_dot, &b_dot);
    let mut b2 = biquad(&STATE);
    let mut bar = biquad(&WEIGHTS[1..]);
    let (y2, x_bar) = b2.process_vjp(x, WEIGHTS[0], &mut bar);
    let rhs: f64 = flat(&bar).iter().zip(&dir).map(|(a, b)| a * b).sum::<f64>() + x_bar * x_dot;
    assert_eq!(y, y2);
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} against {rhs}");
}

#[test]
fn early_returns_and_compound_updates() {
    for (x, ceiling) in [(1.5, 0.2), (0.3, 5.0)] {
        let f = |v: &[f64]| {
            let mut b = biquad(&v[..5]);
            let y = b.limit(v[5], ceiling);
            weighted(&WEIGHTS, y, &b)
        };
        let mut b = biquad(&STATE);
        let mut bar = biquad(&WEIGHTS[1..]);
        let (_, x_bar, c_bar) = b.limit_vjp(x, ceiling, WEIGHTS[0], &mut bar);
        let mut grad = flat(&bar);
        grad.push(x_bar);
        let mut at = STATE.to_vec();
        at.push(x);
        assert_grad(f, &at, &grad);
        let g = |v: &[f64]| {
            let mut b = biquad(&STATE);
            let y = b.limit(x, v[0]);
            weighted(&WEIGHTS, y, &b)
        };
        assert_grad(g, &[ceiling], &[c_bar]);
    }
}

#[test]
fn the_gradient_seeds_the_result_alone() {
    let mut b = biquad(&STATE);
    let (y, bar, x_bar) = b.process_grad(1.5);
    // y = b0 x + b1 x1 − a1 y1.
    let want = [1.5, 0.1, -0.4, 0.2, 0.3];
    for (g, w) in flat(&bar).iter().zip(want) {
        assert!((g - w).abs() < 1e-12);
    }
    assert!((x_bar - 0.5).abs() < 1e-12 && (y - 0.89).abs() < 1e-12);
    assert_eq!(b.x1, 1.5);
    biquad(&STATE).process_gradcheck(1.5).unwrap();
    biquad(&STATE).limit_gradcheck(1.5, 0.2).unwrap();
    biquad(&STATE).limit_gradcheck(0.3, 5.0).unwrap();
}

/// A symplectic Euler step of a spring, returning nothing.
#[derive(Differentiable, Clone, Debug)]
pub struct Spring {
    pub x: f64,
    pub v: f64,
    pub k: f64,
}

impl Spring {
    #[differentiate]
    pub fn step(&mut self, dt: f64) {
        let a = -self.k * self.x;
        self.v += a * dt;
        self.x += self.v * dt;
    }
}

#[test]
fn a_trajectory_reversed_step_by_step() {
    let (start, dt, steps) = ([1.0, 0.2, 2.5], 0.05, 40);
    let run = |v: &[f64], dt: f64| {
        let mut s = Spring {
            x: v[0],
            v: v[1],
            k: v[2],
        };
        for _ in 0..steps {
            s.step(dt);
        }
        s.x
    };
    // The reverse sweep: the states before each step, then the vjps backwards.
    let mut s = Spring {
        x: start[0],
        v: start[1],
        k: start[2],
    };
    let mut before = vec![];
    for _ in 0..steps {
        before.push(s.clone());
        s.step(dt);
    }
    let mut bar = Spring {
        x: 1.0,
        v: 0.0,
        k: 0.0,
    };
    let mut dt_bar = 0.0;
    for state in before.iter().rev() {
        let (step_dt_bar,) = state.clone().step_vjp(dt, &mut bar);
        dt_bar += step_dt_bar;
    }
    assert_grad(|v| run(v, dt), &start, &[bar.x, bar.v, bar.k]);
    assert_grad(|v| run(&start, v[0]), &[dt], &[dt_bar]);
    // Forward: the tangent of the final position along a direction of the initial state.
    let mut s = Spring {
        x: start[0],
        v: start[1],
        k: start[2],
    };
    let mut s_dot = Spring {
        x: 0.3,
        v: -0.5,
        k: 0.2,
    };
    for _ in 0..steps {
        s.step_jvp(dt, &mut s_dot, 0.0);
    }
    let along = 0.3 * bar.x - 0.5 * bar.v + 0.2 * bar.k;
    assert!(
        (s_dot.x - along).abs() < 1e-10,
        "{} against {along}",
        s_dot.x
    );
}

/// The attribute on an inherent `impl` block: each method computing with floats gets its
/// derivatives, `&mut self` ones included.
#[derive(Differentiable, Clone, Debug)]
pub struct OnePole {
    pub a: f64,
    pub z: f64,
}

#[differentiate]
impl OnePole {
    pub fn process(&mut self, x: f64) -> f64 {
        self.z = self.a * self.z + (1.0 - self.a) * x;
        self.z
    }

    pub fn pole_gain(&self) -> f64 {
        1.0 / (1.0 + self.a)
    }
}

#[test]
fn an_inherent_impl_block() {
    let mut p = OnePole { a: 0.9, z: 0.5 };
    let (y, bar, x_bar) = p.process_grad(2.0);
    // z' = a z + (1 − a) x: ∂/∂a = z − x, ∂/∂z = a, ∂/∂x = 1 − a.
    assert!((y - (0.45 + 0.2)).abs() < 1e-12 && (p.z - y).abs() < 1e-12);
    assert!((bar.a - (0.5 - 2.0)).abs() < 1e-12 && (bar.z - 0.9).abs() < 1e-12);
    assert!((x_bar - 0.1).abs() < 1e-12);
    let (g, bar) = OnePole { a: 0.3, z: 0.0 }.pole_gain_grad();
    assert!((g - 1.0 / 1.3).abs() < 1e-12 && (bar.a + 1.0 / 1.69).abs() < 1e-12);
}

/// An `f32` DC blocker: its check runs at `f32`'s steps and tolerance.
#[derive(Differentiable, Clone, Debug)]
pub struct DcBlock {
    pub r: f32,
    pub x1: f32,
    pub y1: f32,
}

impl DcBlock {
    #[differentiate]
    pub fn process(&mut self, x: f32) -> f32 {
        let y = x - self.x1 + self.r * self.y1;
        self.x1 = x;
        self.y1 = y;
        y
    }
}

#[test]
fn f32_state() {
    let mut d = DcBlock {
        r: 0.995,
        x1: 0.25,
        y1: -0.5,
    };
    d.process_gradcheck(0.75).unwrap();
    // At `f32`'s tolerance wherever it is checked (a held-out round found points where the
    // `f64` tolerance failed on rounding alone).
    for (r, x1, y1, x) in [
        (0.37, 1.3, 0.21, -0.43),
        (0.9, -0.2, 0.7, 1.9),
        (0.5, 0.5, -1.5, 0.1),
    ] {
        DcBlock { r, x1, y1 }.process_gradcheck(x).unwrap();
    }
    let (y, bar, x_bar) = d.process_grad(0.75);
    assert!((y - (0.75 - 0.25 - 0.995 * 0.5)).abs() < 1e-6);
    assert!((bar.r + 0.5).abs() < 1e-6 && (bar.x1 + 1.0).abs() < 1e-6);
    assert!((bar.y1 - 0.995).abs() < 1e-6 && (x_bar - 1.0).abs() < 1e-6);
}

/// A filter that steps its state and writes an output buffer, as DSP code does.
#[derive(autodiff::Differentiable)]
pub struct GainFilter {
    pub state: f64,
    pub gain: f64,
}

impl GainFilter {
    #[differentiate]
    pub fn process(&mut self, input: &[f64], output: &mut [f64]) {
        for i in 0..input.len() {
            output[i] = self.gain * (input[i] + self.state) / 2.0;
            self.state = 0.5 * self.state + input[i];
        }
    }
}

#[test]
fn a_method_writing_an_output_buffer() {
    let input = [0.5, -1.0, 2.0];
    let (state, gain) = (0.3, 1.5);
    // The tangent along (state, gain, input) = (0.7, -0.2, v), and the cotangent of
    // (output, state after) = (w, 0.4): ⟨w̄, J v⟩ = ⟨Jᵀ w̄, v⟩.
    let v = [0.1, 0.9, -0.3];
    let mut f = GainFilter { state, gain };
    let mut out = [0.0; 3];
    let mut f_dot = GainFilter {
        state: 0.7,
        gain: -0.2,
    };
    let mut out_dot = [0.0; 3];
    f.process_jvp(&input, &mut out, &mut f_dot, &v, &mut out_dot);
    let w = [0.25, -0.5, 1.0];
    let mut g = GainFilter { state, gain };
    let mut out2 = [0.0; 3];
    let mut bar = GainFilter {
        state: 0.4,
        gain: 0.0,
    };
    let (input_bar,) = g.process_vjp(&input, &mut out2, &w, &mut bar);
    let lhs: f64 = w.iter().zip(&out_dot).map(|(a, b)| a * b).sum::<f64>() + 0.4 * f_dot.state;
    let rhs: f64 = 0.7 * bar.state - 0.2 * bar.gain
        + input_bar.iter().zip(&v).map(|(a, b)| a * b).sum::<f64>();
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} vs {rhs}");
    // The first output by hand: gain (x₀ + s) / 2, so ∂/∂s = gain / 2 = 0.75.
    assert_eq!(out, out2);
    assert!((out[0] - 1.5 * 0.8 / 2.0).abs() < 1e-12);
    let mut h = GainFilter { state, gain };
    let mut out3 = [0.0; 3];
    let mut only_first = GainFilter {
        state: 0.0,
        gain: 0.0,
    };
    h.process_vjp(&input, &mut out3, &[1.0, 0.0, 0.0], &mut only_first);
    assert!((only_first.state - 0.75).abs() < 1e-12 && (only_first.gain - 0.4).abs() < 1e-12);
}

impl Biquad {
    #[differentiate]
    pub fn gain(&self) -> f64 {
        self.b0 + self.b1 * self.x1
    }

    /// A step that calls a method of `self` before it assigns a field.
    #[differentiate]
    pub fn process_with_gain(&mut self, x: f64) -> f64 {
        let g = self.gain();
        let y = g * x - self.a1 * self.y1;
        self.x1 = x;
        self.y1 = y;
        y
    }
}

#[test]
fn a_method_of_self_called_before_the_assignments() {
    let f = |v: &[f64]| {
        let mut b = biquad(&v[..5]);
        let y = b.process_with_gain(v[5]);
        weighted(&WEIGHTS, y, &b)
    };
    let x = 1.5;
    let mut b = biquad(&STATE);
    let mut bar = biquad(&WEIGHTS[1..]);
    let (y, x_bar) = b.process_with_gain_vjp(x, WEIGHTS[0], &mut bar);
    let mut stepped = biquad(&STATE);
    assert_eq!(stepped.process_with_gain(x), y);
    let mut grad = flat(&bar);
    grad.push(x_bar);
    let mut at = STATE.to_vec();
    at.push(x);
    assert_grad(f, &at, &grad);
}

// Elements of fields of floats assigned (`self.x[1] = self.x[0]`, `self.vel[i] -= …`): the
// fields are lent to the hidden method as buffers, copied from the state first, so their
// tangents and cotangents are the state's.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct StatefulBiquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl StatefulBiquad {
    #[differentiate]
    fn process(&mut self, input: f64) -> f64 {
        let out = self.b[0] * input + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x[1] = self.x[0];
        self.x[0] = input;
        self.y[1] = self.y[0];
        self.y[0] = out;
        out
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Springs {
    pos: Vec<f64>,
    vel: Vec<f64>,
    k: f64,
}

impl Springs {
    #[differentiate]
    fn step(&mut self, dt: f64) {
        for i in 0..self.pos.len() {
            self.vel[i] -= self.k * self.pos[i] * dt;
            self.pos[i] += self.vel[i] * dt;
        }
    }
}

fn stateful_biquad() -> StatefulBiquad {
    StatefulBiquad {
        b: [0.2, 0.3, 0.1],
        a: [-0.5, 0.25],
        x: [0.1, -0.2],
        y: [0.3, 0.05],
    }
}

#[test]
fn elements_of_array_fields_assigned() {
    stateful_biquad().process_gradcheck(0.7).unwrap();
    // L = out + x'₀ + y'₁ = out + input + y₀, by hand.
    let mut f = stateful_biquad();
    let mut bar = StatefulBiquad {
        b: [0.0; 3],
        a: [0.0; 2],
        x: [1.0, 0.0],
        y: [0.0, 1.0],
    };
    let (out, input_bar) = f.process_vjp(0.7, 1.0, &mut bar);
    let mut g = stateful_biquad();
    assert_eq!(out, g.process(0.7));
    assert_eq!(f, g, "the state steps as the method steps it");
    assert!((input_bar - 1.2).abs() < 1e-15);
    let want = StatefulBiquad {
        b: [0.7, 0.1, -0.2],
        a: [-0.3, -0.05],
        x: [0.3, 0.1],
        y: [1.5, -0.25],
    };
    for (got, want) in [
        (bar.b.to_vec(), want.b.to_vec()),
        (bar.a.to_vec(), want.a.to_vec()),
        (bar.x.to_vec(), want.x.to_vec()),
        (bar.y.to_vec(), want.y.to_vec()),
    ] {
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-15, "{got:?} against {want:?}");
        }
    }
}

#[test]
fn elements_of_vec_fields_assigned_in_a_loop() {
    let start = Springs {
        pos: vec![1.0, -0.5],
        vel: vec![0.2, 0.1],
        k: 2.0,
    };
    // L = pos'₀ + vel'₁ (by hand): ∂pos = (1 − k dt², −k dt), ∂vel = (dt, 1),
    // ∂k = −pos₀ dt² − pos₁ dt, ∂dt = vel₀ − 2 k pos₀ dt − k pos₁.
    let (k, dt) = (2.0, 0.1);
    let mut s = start.clone();
    let mut bar = Springs {
        pos: vec![1.0, 0.0],
        vel: vec![0.0, 1.0],
        k: 0.0,
    };
    let (dt_bar,) = s.step_vjp(dt, &mut bar);
    let mut stepped = start.clone();
    stepped.step(dt);
    assert_eq!(s, stepped);
    let want = [1.0 - k * dt * dt, -k * dt, dt, 1.0, -(dt * dt) + 0.5 * dt];
    let got = [bar.pos[0], bar.pos[1], bar.vel[0], bar.vel[1], bar.k];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-14, "{got:?} against {want:?}");
    }
    assert!((dt_bar - (0.2 - 2.0 * k * dt + k * 0.5)).abs() < 1e-14);
    // Forward mode against the cotangents: ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.
    let mut s = start.clone();
    let mut s_dot = Springs {
        pos: vec![0.3, -0.7],
        vel: vec![0.5, 0.2],
        k: -0.4,
    };
    let dt_dot = 0.9;
    s.step_jvp(dt, &mut s_dot, dt_dot);
    let lhs = s_dot.pos[0] + s_dot.vel[1];
    let rhs = bar.pos[0] * 0.3
        + bar.pos[1] * -0.7
        + bar.vel[0] * 0.5
        + bar.vel[1] * 0.2
        + bar.k * -0.4
        + dt_bar * dt_dot;
    assert!((lhs - rhs).abs() < 1e-14, "{lhs} against {rhs}");
}

// Fields given integers (a ring buffer's position, a count): locals of the hidden method
// with no derivative; the wrappers step the state by calling the method.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct DelayLine {
    buf: [f64; 4],
    gain: f64,
    pos: usize,
}

impl DelayLine {
    #[differentiate]
    fn tick(&mut self, x: f64) -> f64 {
        let y = self.buf[self.pos] * self.gain;
        self.buf[self.pos] = x + 0.5 * y;
        self.pos = (self.pos + 1) % self.buf.len();
        y
    }
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct RunningMean {
    mean: f64,
    n: u32,
}

impl RunningMean {
    #[differentiate]
    fn push(&mut self, x: f64) -> f64 {
        self.n += 1;
        self.mean += (x - self.mean) / self.n as f64;
        self.mean
    }
}

#[test]
fn integer_fields_step_with_the_state() {
    let start = DelayLine {
        buf: [0.1, 0.2, -0.3, 0.4],
        gain: 0.8,
        pos: 1,
    };
    start.tick_gradcheck(0.7).unwrap();
    // L = y + buf'₁ = x + 1.5 buf₁ gain: ∂x = 1, ∂buf₁ = 1.5 gain, ∂gain = 1.5 buf₁.
    let mut d = start.clone();
    let mut bar = DelayLine {
        buf: [0.0, 1.0, 0.0, 0.0],
        gain: 0.0,
        pos: 0,
    };
    let (y, x_bar) = d.tick_vjp(0.7, 1.0, &mut bar);
    let mut stepped = start.clone();
    assert_eq!(y, stepped.tick(0.7));
    assert_eq!(
        d, stepped,
        "the position advances as the method advances it"
    );
    assert_eq!(x_bar, 1.0);
    assert!((bar.buf[1] - 1.2).abs() < 1e-15 && (bar.gain - 0.3).abs() < 1e-15);
    assert_eq!([bar.buf[0], bar.buf[2], bar.buf[3]], [0.0; 3]);
    let start = RunningMean { mean: 1.5, n: 2 };
    start.push_gradcheck(3.0).unwrap();
    let mut m = start.clone();
    let (mean, m_bar, x_bar) = m.push_grad(3.0);
    assert_eq!((mean, m.n), (2.0, 3));
    assert!((m_bar.mean - 2.0 / 3.0).abs() < 1e-15 && (x_bar - 1.0 / 3.0).abs() < 1e-15);
}

// `wrt(self, lr)` on a `&mut self` method: `self` named among the parameters.
#[derive(Differentiable, Clone, Debug)]
struct Momentum {
    w: f64,
    v: f64,
}

impl Momentum {
    #[differentiate(wrt(self, lr))]
    fn step(&mut self, g: f64, lr: f64) -> f64 {
        self.v = 0.9 * self.v + g;
        self.w -= lr * self.v;
        self.w * self.w
    }
}

#[test]
fn wrt_names_self() {
    let mut m = Momentum { w: 1.0, v: 0.5 };
    // v' = 0.9 v + g, w' = w − lr v', L = w'²: ∂w = 2w', ∂v = −0.9 lr 2w', ∂lr = −2w' v'.
    let (loss, bar, lr_bar) = m.step_grad(0.2, 0.1);
    let (v1, w1) = (0.65, 0.935);
    assert!((loss - w1 * w1).abs() < 1e-15);
    assert!((bar.w - 2.0 * w1).abs() < 1e-15 && (bar.v + 0.09 * 2.0 * w1).abs() < 1e-15);
    assert!((lr_bar + 2.0 * w1 * v1).abs() < 1e-14);
}

// A field's elements written through `iter_mut()` or `for w in &mut self.w` (an optimiser's
// step): the field is lent as a buffer too.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Weights {
    w: Vec<f64>,
    lr: f64,
}

impl Weights {
    #[differentiate]
    fn sgd_step(&mut self, grads: &[f64]) -> f64 {
        for (w, g) in self.w.iter_mut().zip(grads) {
            *w -= self.lr * g;
        }
        self.w.iter().map(|w| w * w).sum()
    }

    #[differentiate]
    fn decay(&mut self, k: f64) {
        for w in &mut self.w {
            *w *= k;
        }
    }
}

#[test]
fn elements_written_through_iter_mut() {
    let start = Weights {
        w: vec![1.0, -2.0],
        lr: 0.1,
    };
    // w' = w − lr g, L = Σ w'²: ∂w = 2w', ∂lr = −Σ 2w'g, ∂g = −2 lr w'.
    let mut m = start.clone();
    let mut bar = Weights {
        w: vec![0.0, 0.0],
        lr: 0.0,
    };
    let (loss, g_bar) = m.sgd_step_vjp(&[0.5, 1.0], 1.0, &mut bar);
    assert!((loss - 5.3125).abs() < 1e-14);
    assert_eq!(m.w, vec![0.95, -2.1]);
    common::assert_close(&bar.w, &[1.9, -4.2]);
    assert!((bar.lr - 3.25).abs() < 1e-14);
    common::assert_close(&g_bar, &[-0.19, 0.42]);
    // w' = k w, L = w'₀: ∂k = w₀, ∂w₀ = k.
    let mut d = start.clone();
    let mut d_bar = Weights {
        w: vec![1.0, 0.0],
        lr: 0.0,
    };
    let (k_bar,) = d.decay_vjp(0.5, &mut d_bar);
    assert_eq!(
        (k_bar, d.w.clone(), d_bar.w.clone()),
        (1.0, vec![0.5, -1.0], vec![0.5, 0.0])
    );
}

// A field given an array literal, `self.x = [c * self.a, self.x[0]]`: assigned by element,
// every element read first.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Shift {
    x: [f64; 2],
    a: f64,
}

impl Shift {
    #[differentiate]
    fn step(&mut self, c: f64) -> f64 {
        self.x = [c * self.a, self.x[0]];
        self.x[0] + 2.0 * self.x[1]
    }
}

#[test]
fn a_field_given_an_array_literal() {
    let s = Shift {
        x: [0.5, -1.0],
        a: 2.0,
    };
    s.step_gradcheck(3.0).unwrap();
    // x' = (c a, x₀), L = c a + 2 x₀: ∂x = (2, 0), ∂a = c, ∂c = a.
    let mut t = s.clone();
    let (value, bar, c_bar) = t.step_grad(3.0);
    assert_eq!((value, bar.x, bar.a, c_bar), (7.0, [2.0, 0.0], 3.0, 2.0));
    assert_eq!(t.x, [6.0, 0.5]);
}

/// A rotation step written as a destructuring assignment of two fields (the macro said the
/// method assigned no field; found by a reviewer): (a, b) ← (b·k, a), twice, gives
/// (a·k, b·k); the value returned is a + 2b.
#[derive(Differentiable, Clone, Debug)]
struct Pair {
    a: f64,
    b: f64,
}

impl Pair {
    #[differentiate(wrt(self, k))]
    fn swap_scaled(&mut self, k: f64) -> f64 {
        (self.a, self.b) = (self.b * k, self.a);
        (self.a, self.b) = (self.b * k, self.a);
        self.a + 2.0 * self.b
    }
}

#[test]
fn fields_assigned_by_destructuring() {
    let mut p = Pair { a: 1.5, b: -0.5 };
    let y = p.clone().swap_scaled(2.0);
    assert_eq!(y, 1.5 * 2.0 + 2.0 * (-0.5 * 2.0));
    // ∂y/∂a = k, ∂y/∂b = 2k, ∂y/∂k = a + 2b, at the state before the call.
    let (value, state_bar, k_bar) = p.swap_scaled_grad(2.0);
    assert_eq!(value, y);
    assert_eq!((state_bar.a, state_bar.b, k_bar), (2.0, 4.0, 1.5 - 1.0));
    assert_eq!((p.a, p.b), (3.0, -1.0));
}

/// A `bool` method of `self` tested before the branch that assigns a field (held-out round
/// 12's `Engine::go`): the condition runs before the assignment.
#[derive(Differentiable, Clone, Debug)]
pub struct Odometer {
    pub km: f64,
    #[no_grad]
    pub on: bool,
}

impl Odometer {
    fn is_on(&self) -> bool {
        self.on
    }

    #[differentiate]
    pub fn drive(&mut self, d: f64) {
        if self.is_on() {
            self.km += d * d;
        } else {
            self.km *= 0.5;
        }
    }
}

#[test]
fn a_method_of_self_in_a_condition_before_the_assignment() {
    // On: km' = km + d², so km̄ = k̄m', d̄ = 2 d k̄m'. Off: km̄ = 0.5 k̄m', d̄ = 0.
    let mut bar = Odometer { km: 1.0, on: true };
    let (d_bar,) = Odometer { km: 3.0, on: true }.drive_vjp(1.5, &mut bar);
    assert_eq!((bar.km, d_bar), (1.0, 3.0));
    let mut bar = Odometer { km: 1.0, on: false };
    let (d_bar,) = Odometer { km: 3.0, on: false }.drive_vjp(1.5, &mut bar);
    assert_eq!((bar.km, d_bar), (0.5, 0.0));
    let mut o = Odometer { km: 3.0, on: true };
    o.drive(1.5);
    assert_eq!(o.km, 5.25);
}

/// A `&mut self` method that changes nothing (a signal's `energy`, written `&mut self` as
/// its author's other methods are): a function of the state and its arguments.
#[derive(Differentiable, Clone, Debug)]
pub struct Signal {
    input: Vec<f64>,
}

impl Signal {
    #[differentiate]
    pub fn weighted_energy(&mut self, k: f64) -> f64 {
        let mut e = 0.0;
        for v in &self.input {
            e += v * v;
        }
        k * e
    }
}

#[test]
fn a_mut_self_method_that_changes_nothing() {
    let mut s = Signal {
        input: vec![1.0, -2.0, 0.5],
    };
    // E = k Σ v²: ∂E/∂v = 2 k v, ∂E/∂k = Σ v² (worked by hand).
    let (value, s_bar, k_bar) = s.weighted_energy_grad(0.75);
    assert_eq!(value, 0.75 * 5.25);
    assert_eq!(s_bar.input, vec![1.5, -3.0, 0.75]);
    assert_eq!(k_bar, 5.25);
    s.weighted_energy_gradcheck(0.75).unwrap();
    assert_eq!(s.input, vec![1.0, -2.0, 0.5], "the state is as it was");
}

/// A quantiser's step returning its output level, a count with no derivative (as a
/// sigma-delta modulator's `put` returns `i32`): differentiated as the step of its state;
/// its derived items step the state and its tangent or cotangent, the method itself gives
/// the count.
#[derive(Differentiable, Clone, Debug)]
struct Quantiser {
    level: f64,
    gain: f64,
}

impl Quantiser {
    #[differentiate]
    fn put(&mut self, x: f64) -> i32 {
        self.level += self.gain * x * x;
        if self.level > 100.0 {
            return -1;
        }
        self.level as i32
    }
}

#[test]
fn a_step_returning_a_count() {
    let mut q = Quantiser {
        level: 1.0,
        gain: 0.5,
    };
    assert_eq!(q.clone().put(2.0), 3);
    // level' = level + g x²: ∂/∂level = 1, ∂/∂g = x², ∂/∂x = 2 g x.
    let mut q_bar = Quantiser {
        level: 1.0,
        gain: 0.0,
    };
    let (x_bar,) = q.clone().put_vjp(2.0, &mut q_bar);
    assert_eq!((q_bar.level, q_bar.gain, x_bar), (1.0, 4.0, 2.0));
    let mut q_dot = Quantiser {
        level: 0.0,
        gain: 1.0,
    };
    q.put_jvp(2.0, &mut q_dot, 0.5);
    assert_eq!(
        (q.level, q_dot.level, q_dot.gain),
        (3.0, 4.0 + 0.5 * 2.0 * 2.0 * 0.5, 1.0)
    );
}

/// An `f32` step of a state of integers alone (whose scalar, with no float field, is `f64`).
#[derive(Differentiable, Clone, Debug)]
struct Steps {
    n: u64,
}

impl Steps {
    #[differentiate]
    fn step(&mut self, x: f32) -> f32 {
        self.n += 1;
        x * x * 2.0
    }
}

#[test]
fn an_f32_step_of_an_integer_state() {
    let mut s = Steps { n: 0 };
    s.step_gradcheck(0.5).unwrap();
    let (y, _, x_bar) = s.step_grad(0.5);
    assert_eq!((y, x_bar, s.n), (0.5, 2.0, 1));
}

/// A step whose parameters hold no float (a control read from an enum), as reinforcement-
/// learning environments write `tick(&mut self, action: &Action)`: it steps a state of
/// `f64`s (the float type where the body names none), differentiated `wrt(self)`.
pub enum Throttle {
    Push,
    Coast,
}

impl Throttle {
    fn force(&self) -> f64 {
        match self {
            Throttle::Push => 1.0,
            Throttle::Coast => 0.0,
        }
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Cart {
    pub x: f64,
    pub v: f64,
}

impl Cart {
    // (`wrt(self)`: the enum is no parameter.)
    #[differentiate(wrt(self))]
    pub fn tick(&mut self, throttle: &Throttle) {
        let v = self.v + 0.01 * throttle.force() - 0.002 * (3.0 * self.x).cos();
        self.x += v;
        self.v = v;
    }
}

#[test]
fn a_step_without_float_parameters() {
    // x' = x + v', v' = v + 0.01 f - 0.002 cos 3x: ∂v'/∂x = 0.006 sin 3x, ∂v'/∂v = 1.
    let start = Cart { x: 0.5, v: 0.1 };
    let mut cart = start.clone();
    let mut cart_bar = Cart { x: 1.0, v: 0.5 };
    cart.tick_vjp(&Throttle::Push, &mut cart_bar);
    let mut plain = start.clone();
    plain.tick(&Throttle::Push);
    assert_eq!((cart.x, cart.v), (plain.x, plain.v));
    let dv_dx = 0.006 * (1.5f64).sin();
    // x̄ = x'̄ (1 + ∂v'/∂x) + v'̄ ∂v'/∂x, v̄ = x'̄ + v'̄.
    assert!((cart_bar.x - (1.0 * (1.0 + dv_dx) + 0.5 * dv_dx)).abs() < 1e-15);
    assert_eq!(cart_bar.v, 1.5);
    let mut coasting = start.clone();
    let mut tangent = Cart { x: 1.0, v: 0.0 };
    coasting.tick_jvp(&Throttle::Coast, &mut tangent);
    assert!((tangent.v - dv_dx).abs() < 1e-15 && (tangent.x - (1.0 + dv_dx)).abs() < 1e-15);
}

/// A camera easing toward its target, its receiver written with its type (`self: &mut
/// Self`), as game code sometimes does.
#[derive(Clone, autodiff::Differentiable)]
pub struct Camera {
    x: f32,
    target: f32,
}

impl Camera {
    #[differentiate]
    #[allow(clippy::needless_arbitrary_self_type)] // the form under test
    pub fn slew(self: &mut Self) {
        let err = self.target - self.x;
        const KP: f32 = 0.3;
        self.x += KP * err;
    }
}

#[test]
fn a_receiver_written_with_its_type() {
    // x' = x + 0.3 (target − x): ∂x'/∂x = 0.7, ∂x'/∂target = 0.3; the target is kept.
    let mut camera = Camera {
        x: 0.5,
        target: 2.0,
    };
    let mut bar = Camera {
        x: 1.0,
        target: 0.25,
    };
    camera.slew_vjp(&mut bar);
    assert!((camera.x - 0.95).abs() < 1e-6);
    assert!((bar.x - 0.7).abs() < 1e-6 && (bar.target - 0.55).abs() < 1e-6);
}

/// A step calling the struct's own `scale(&self, …)` with the trait imported, as
/// `use autodiff::{differentiate, Differentiable};` for the derive imports it: the user's
/// method is called (the trait's in-place method is `scale_leaves`).
mod a_method_named_scale {
    use autodiff::{differentiate, Differentiable};

    #[derive(Differentiable)]
    pub struct Stepper {
        t: usize,
        w: f64,
    }

    impl Stepper {
        #[differentiate]
        pub fn step(&mut self, x: f64) -> f64 {
            let g = self.w * x;
            let y = self.scale(g);
            self.t += 1;
            y
        }

        #[differentiate]
        fn scale(&self, y: f64) -> f64 {
            self.w * y
        }
    }

    #[test]
    fn the_users_method_is_called() {
        // y = w² x: ∂y/∂x = w², ∂y/∂w = 2 w x.
        let mut s = Stepper { t: 1, w: 2.0 };
        let (y, s_bar, x_bar) = s.step_grad(3.0);
        assert_eq!((y, x_bar, s_bar.w), (12.0, 4.0, 12.0));
        assert_eq!(s.t, 2, "the step ran, as the method runs");
    }
}

/// A float field given a value that calls an array's methods but is a float (`x.dot(w)` of
/// two vectors, a sum of a map): stepped as any float field.
mod a_float_field_from_array_methods {
    use autodiff::ndarray::{array, Array1};
    use autodiff::{differentiate, Differentiable};

    #[derive(Differentiable, Clone, Debug)]
    struct Accumulator {
        total: f64,
        decay: f64,
    }

    impl Accumulator {
        #[differentiate]
        fn push(&mut self, x: &Array1<f64>, w: &Array1<f64>) -> f64 {
            self.total = self.decay * self.total + x.dot(w) + x.mapv(|v| v * v).sum();
            self.total
        }
    }

    #[test]
    fn stepped() {
        let (x, w) = (array![1.0, 2.0], array![0.5, -0.3]);
        let mut a = Accumulator {
            total: 1.0,
            decay: 0.9,
        };
        // total' = d·t + x·w + |x|²: seeded on the result, t̄ = d, d̄ = t, x̄ = w + 2x, w̄ = x.
        let mut a_bar = Accumulator {
            total: 0.0,
            decay: 0.0,
        };
        let (y, x_bar, w_bar) = a.push_vjp(&x, &w, 1.0, &mut a_bar);
        assert!((y - (0.9 - 0.1 + 5.0)).abs() < 1e-12);
        assert_eq!((a_bar.total, a_bar.decay), (0.9, 1.0));
        assert_eq!(x_bar, array![2.5, 3.7]);
        assert_eq!(w_bar, array![1.0, 2.0]);
    }
}

/// An `f32` state stepped by a method whose signature and body name no float type
/// (`fn update(&mut self)` of `struct Osc { freq: f32, … }`): it steps in the state's own
/// float type.
mod a_step_naming_no_float_type {
    use autodiff::{differentiate, Differentiable};

    #[derive(Differentiable, Clone, Debug)]
    struct Osc {
        freq: f32,
        rate: f32,
        inc: f32,
    }

    impl Osc {
        #[differentiate]
        fn update(&mut self) {
            self.inc = 2.0 * self.freq / self.rate;
        }
    }

    #[test]
    fn steps_in_f32() {
        let mut o = Osc {
            freq: 440.0,
            rate: 48000.0,
            inc: 0.0,
        };
        // inc' = 2f / r: seeded on inc', f̄ = 2 / r, r̄ = −2f / r², and inc's own is gone.
        let mut o_bar = Osc {
            freq: 0.0,
            rate: 0.0,
            inc: 1.0,
        };
        o.update_vjp(&mut o_bar);
        assert_eq!(o.inc, 2.0 * 440.0 / 48000.0);
        assert!((o_bar.freq - 2.0 / 48000.0).abs() < 1e-10);
        assert!((o_bar.rate + 880.0 / (48000.0f32 * 48000.0)).abs() < 1e-12);
        assert_eq!(o_bar.inc, 0.0);
    }
}

/// A free function stepping a struct it borrows (`fn update(dt, body: &mut Body)`), as
/// simulation code writes one beside the struct: differentiated as the `&mut self` method
/// it is, under its own names, the state's tangent and cotangent where the function takes
/// the state. A damped spring: a = −k x − c v, v += a dt, x += v dt; result x·v.
#[derive(Differentiable, Clone, Debug)]
pub struct Body {
    pub x: f64,
    pub v: f64,
    pub k: f64,
    pub c: f64,
}

#[differentiate]
pub fn spring_step(dt: f64, body: &mut Body) -> f64 {
    let a = -body.k * body.x - body.c * body.v;
    body.v += a * dt;
    body.x += body.v * dt;
    body.x * body.v
}

fn body(v: &[f64]) -> Body {
    Body {
        x: v[0],
        v: v[1],
        k: v[2],
        c: v[3],
    }
}

fn body_flat(b: &Body) -> Vec<f64> {
    vec![b.x, b.v, b.k, b.c]
}

/// ⟨a, b⟩.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

const BODY: [f64; 4] = [0.3, -0.2, 1.7, 0.4];
const BODY_WEIGHTS: [f64; 5] = [1.3, 0.5, -1.0, 0.25, 0.7];

#[test]
fn a_free_function_stepping_a_struct_is_the_method_it_would_be() {
    // f(dt, body) = w₀ y + ⟨w, body after⟩; its gradient is spring_step_vjp's output.
    let f = |v: &[f64]| {
        let mut b = body(&v[1..]);
        let y = spring_step(v[0], &mut b);
        BODY_WEIGHTS[0] * y + dot(&body_flat(&b), &BODY_WEIGHTS[1..])
    };
    let dt = 0.1;
    let mut b = body(&BODY);
    let mut b_bar = body(&BODY_WEIGHTS[1..]);
    let (y, dt_bar) = spring_step_vjp(dt, &mut b, BODY_WEIGHTS[0], &mut b_bar);
    let mut stepped = body(&BODY);
    assert_eq!(spring_step(dt, &mut stepped).to_bits(), y.to_bits());
    assert_eq!(body_flat(&b), body_flat(&stepped));
    let mut grad = vec![dt_bar];
    grad.extend(body_flat(&b_bar));
    let mut at = vec![dt];
    at.extend(BODY);
    assert_grad(f, &at, &grad);

    // Forward mode: the state's tangent where the function takes the state
    // (`spring_step_jvp(dt, body, dt_dot, body_dot)`), ⟨w, J v⟩ = ⟨Jᵀ w, v⟩.
    let (dt_dot, dir) = (0.6, [0.3, -0.2, 0.5, -0.7]);
    let mut b = body(&BODY);
    let mut b_dot = body(&dir);
    let (y2, y_dot) = spring_step_jvp(dt, &mut b, dt_dot, &mut b_dot);
    assert_eq!(y2.to_bits(), y.to_bits());
    let lhs = BODY_WEIGHTS[0] * y_dot + dot(&body_flat(&b_dot), &BODY_WEIGHTS[1..]);
    let rhs = dt_bar * dt_dot
        + body_flat(&b_bar)
            .iter()
            .zip(dir)
            .map(|(a, d)| a * d)
            .sum::<f64>();
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} against {rhs}");

    // The gradient of the result alone, and its own check.
    // (In the function's parameters' order: ∂/∂dt, then the state's.)
    let (value, dt_grad, body_grad) = spring_step_grad(dt, &mut body(&BODY));
    assert_eq!(value.to_bits(), y.to_bits());
    let g = |v: &[f64]| spring_step(v[0], &mut body(&v[1..]));
    let mut grad = vec![dt_grad];
    grad.extend(body_flat(&body_grad));
    assert_grad(g, &at, &grad);
    spring_step_gradcheck(dt, &body(&BODY)).unwrap();
}

/// The same for a generic state (`State<T>`, the impl's parameter), a loop of steps and an
/// integer parameter: leapfrog for a pendulum, H = p²/2 − cos q returned.
#[derive(Differentiable, Clone, Debug)]
pub struct Pendulum<T: autodiff::num_traits::Float> {
    pub q: T,
    pub p: T,
}

#[differentiate]
pub fn leapfrog<T: autodiff::num_traits::Float>(s: &mut Pendulum<T>, dt: T, steps: usize) -> T {
    let half = T::from(0.5).unwrap();
    for _ in 0..steps {
        s.p = s.p - half * dt * s.q.sin();
        s.q = s.q + dt * s.p;
        s.p = s.p - half * dt * s.q.sin();
    }
    half * s.p * s.p - s.q.cos()
}

/// And one returning nothing that writes an array field by element, its `wrt(…)` naming
/// the state alone: y_i ← y_i e^{−r (i+1)} g.
#[derive(Differentiable, Clone, Debug)]
pub struct Modes {
    pub y: [f64; 3],
    pub gain: f64,
}

#[differentiate(wrt(modes))]
fn decay(modes: &mut Modes, rate: f64) {
    for i in 0..3 {
        modes.y[i] *= (-rate * (i as f64 + 1.0)).exp() * modes.gain;
    }
}

#[test]
fn free_steps_of_generic_states_and_of_array_fields() {
    let (dt, steps) = (0.1, 5);
    let energy = |v: &[f64]| {
        let mut s = Pendulum { q: v[0], p: v[1] };
        leapfrog(&mut s, v[2], steps) + 0.5 * s.q - 2.0 * s.p
    };
    let mut s = Pendulum { q: 0.4, p: 0.1 };
    let mut s_bar = Pendulum { q: 0.5, p: -2.0 };
    let (_, dt_bar) = leapfrog_vjp(&mut s, dt, steps, 1.0, &mut s_bar);
    assert_grad(energy, &[0.4, 0.1, dt], &[s_bar.q, s_bar.p, dt_bar]);
    let mut s32 = Pendulum { q: 0.4f32, p: 0.1 };
    let mut s32_bar = Pendulum { q: 0.5f32, p: -2.0 };
    let (_, dt32_bar) = leapfrog_vjp(&mut s32, 0.1f32, steps, 1.0, &mut s32_bar);
    assert!(
        (dt32_bar as f64 - dt_bar).abs() < 1e-4 * (1.0 + dt_bar.abs()),
        "{dt32_bar} against {dt_bar}"
    );
    assert!((s32_bar.q as f64 - s_bar.q).abs() < 1e-4 * (1.0 + s_bar.q.abs()));

    let (rate, gain) = (0.2, 0.9);
    let sum = |v: &[f64]| {
        let mut m = Modes {
            y: [v[0], v[1], v[2]],
            gain: v[3],
        };
        decay(&mut m, rate);
        m.y.iter()
            .enumerate()
            .map(|(i, y)| (i as f64 + 1.0) * y)
            .sum::<f64>()
    };
    let mut m = Modes {
        y: [1.0, 2.0, 3.0],
        gain,
    };
    let mut m_bar = Modes {
        y: [1.0, 2.0, 3.0],
        gain: 0.0,
    };
    let () = decay_vjp(&mut m, rate, &mut m_bar);
    assert_grad(
        sum,
        &[1.0, 2.0, 3.0, gain],
        &[m_bar.y[0], m_bar.y[1], m_bar.y[2], m_bar.gain],
    );
}

/// Two modules each stepping the struct by a function named `step` (an explicit and a
/// symplectic Euler step), a generic state bounded in a `where` clause, and a state beside
/// another parameter of its type, whose `_grad` gives the gradients in the parameters'
/// order: pull(other, body, k) = body.x after body.v += k (other.x − body.x).
mod explicit {
    use super::Body;
    use autodiff::differentiate;

    #[differentiate]
    pub fn step(body: &mut Body, dt: f64) -> f64 {
        body.x += body.v * dt;
        body.v -= body.k * body.x * dt;
        body.x
    }
}

mod symplectic {
    use super::Body;
    use autodiff::differentiate;

    #[differentiate]
    pub fn step(body: &mut Body, dt: f64) -> f64 {
        body.v -= body.k * body.x * dt;
        body.x += body.v * dt;
        body.x
    }
}

#[differentiate]
pub fn relax<T>(dt: T, s: &mut Pendulum<T>) -> T
where
    T: autodiff::num_traits::Float,
{
    s.p = s.p - dt * s.q;
    s.q = s.q + dt * s.p;
    s.q * s.p
}

#[differentiate]
pub fn pull(other: &Body, body: &mut Body, k: f64) -> f64 {
    body.v += k * (other.x - body.x);
    body.x += body.v;
    body.x
}

#[test]
fn free_steps_named_alike_bounded_by_where_and_beside_their_own_type() {
    let dt = 0.1;
    for (step, step_grad) in [
        (
            explicit::step as fn(&mut Body, f64) -> f64,
            explicit::step_grad as fn(&mut Body, f64) -> (f64, Body, f64),
        ),
        (symplectic::step, symplectic::step_grad),
    ] {
        let f = |v: &[f64]| step(&mut body(&v[..4]), v[4]);
        let (value, bar, dt_bar) = step_grad(&mut body(&BODY), dt);
        assert_eq!(value.to_bits(), step(&mut body(&BODY), dt).to_bits());
        let mut at = BODY.to_vec();
        at.push(dt);
        let mut grad = body_flat(&bar);
        grad.push(dt_bar);
        assert_grad(f, &at, &grad);
    }

    let energy = |v: &[f64]| relax(v[0], &mut Pendulum { q: v[1], p: v[2] });
    let (_, dt_bar, s_bar) = relax_grad(0.2, &mut Pendulum { q: 0.7, p: -0.3 });
    assert_grad(energy, &[0.2, 0.7, -0.3], &[dt_bar, s_bar.q, s_bar.p]);

    let other = body(&[1.3, 0.2, 0.0, 0.0]);
    let f = |v: &[f64]| pull(&body(&v[..4]), &mut body(&v[4..8]), v[8]);
    let (_, other_bar, body_bar, k_bar) = pull_grad(&other, &mut body(&BODY), 0.6);
    let mut at = body_flat(&other);
    at.extend(BODY);
    at.push(0.6);
    let mut grad = body_flat(&other_bar);
    grad.extend(body_flat(&body_bar));
    grad.push(k_bar);
    assert_grad(f, &at, &grad);
}

/// A least-mean-squares filter whose weights are an `ndarray` array written by element, as
/// adaptive filters are (found by held-out round 66: rustc errors about generated code,
/// where a `Vec` field worked): e = t − ⟨w, x⟩, w ← w + μ e x; returns e.
#[derive(Differentiable, Clone, Debug)]
pub struct Lms {
    pub w: autodiff::ndarray::Array1<f64>,
    pub mu: f64,
}

impl Lms {
    #[differentiate]
    #[allow(clippy::needless_range_loop)] // the index loops are the form under test
    pub fn adapt(&mut self, x: &autodiff::ndarray::Array1<f64>, t: f64) -> f64 {
        let mut y = 0.0;
        for i in 0..x.len() {
            y += self.w[i] * x[i];
        }
        let e = t - y;
        for i in 0..x.len() {
            self.w[i] += self.mu * e * x[i];
        }
        e
    }
}

#[test]
fn an_ndarray_field_written_by_element() {
    let lms = |v: &[f64]| Lms {
        w: autodiff::ndarray::arr1(&v[..3]),
        mu: v[3],
    };
    let flat = |l: &Lms| {
        let mut v = l.w.to_vec();
        v.push(l.mu);
        v
    };
    let x = autodiff::ndarray::arr1(&[1.0, -0.5, 0.25]);
    let (state, t) = ([0.1, 0.2, -0.3, 0.05], 0.3);
    let seeds = [0.7, 1.3, -0.4, 0.9, 2.0];
    // f(state, t) = s₀ e + ⟨s, state after⟩.
    let f = |v: &[f64]| {
        let mut l = lms(&v[..4]);
        let e = l.adapt(&x, v[4]);
        seeds[0] * e + dot(&flat(&l), &seeds[1..])
    };
    let mut l = lms(&state);
    let mut bar = lms(&seeds[1..]);
    let (e, x_bar, t_bar) = l.adapt_vjp(&x, t, seeds[0], &mut bar);
    let mut stepped = lms(&state);
    assert_eq!(stepped.adapt(&x, t).to_bits(), e.to_bits());
    assert_eq!(flat(&l), flat(&stepped));
    let mut at = state.to_vec();
    at.push(t);
    let mut grad = flat(&bar);
    grad.push(t_bar);
    assert_grad(f, &at, &grad);
    // ∂/∂x: e = t − ⟨w, x⟩ and w' = w + μ e x.
    let h = 1e-6;
    for k in 0..3 {
        let g = |d: f64| {
            let mut xd = x.clone();
            xd[k] += d;
            let mut l = lms(&state);
            let e = l.adapt(&xd, t);
            seeds[0] * e + dot(&flat(&l), &seeds[1..])
        };
        let fd = (g(h) - g(-h)) / (2.0 * h);
        assert!(
            (x_bar[k] - fd).abs() < 1e-6,
            "x̄{k}: {} against {fd}",
            x_bar[k]
        );
    }
}

// shin-kinos/exon-pred-svd, `src/filtering.rs` (68d8f43): an anti-notch IIR filter whose
// step reads its coefficients through explicit dereferences and pushes each output onto a
// `Vec` field of the state, as the author wrote it.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Filter {
    x1: f64,
    x2: f64,
    y1: f64,
    y2: f64,
    pub seq_filtered: Vec<f64>,
    pub seq_length: usize,
}

#[allow(clippy::needless_range_loop, clippy::ptr_arg)] // as the author wrote it
impl Filter {
    #[differentiate]
    pub fn run(&mut self, b: &Vec<f64>, a: &Vec<f64>, seq_digit: &Vec<f64>) {
        //let mut output_vec : Vec<f64> = Vec::new();
        let vec_len: usize = (*seq_digit).len();

        for i in 0..vec_len {
            let input: f64 = (*seq_digit)[i];

            let output: f64 = ((*b)[0] * input) + ((*b)[1] * self.x1) + ((*b)[2] * self.x2)
                - ((*a)[1] * self.y1)
                - ((*a)[2] * self.y2);

            self.x2 = self.x1;
            self.x1 = input;
            self.y2 = self.y1;
            self.y1 = output;

            (self.seq_filtered).push(output);
        }
    }
}

/// The filter as a map of flat numbers: (x1, x2, y1, y2, log…, b, a, input) to the state
/// after, its log grown by the outputs.
fn filter_map(v: &[f64], logged: usize, n: usize) -> Vec<f64> {
    let mut f = Filter {
        x1: v[0],
        x2: v[1],
        y1: v[2],
        y2: v[3],
        seq_filtered: v[4..4 + logged].to_vec(),
        seq_length: 0,
    };
    let o = 4 + logged;
    f.run(
        &v[o..o + 3].to_vec(),
        &v[o + 3..o + 6].to_vec(),
        &v[o + 6..o + 6 + n].to_vec(),
    );
    let mut out = vec![f.x1, f.x2, f.y1, f.y2];
    out.extend(&f.seq_filtered);
    out
}

#[test]
fn a_step_pushing_its_outputs_onto_a_field() {
    let (logged, n) = (2, 3);
    let point = [
        0.1, -0.2, 0.3, 0.05, 7.0, -1.0, 1.0, 0.3, -1.0, 1.0, 0.99, 0.98, 1.0, 0.5, -0.25,
    ];
    let dir = common::rng_vec(21, point.len(), -1.0, 1.0);
    let o = 4 + logged;
    let part = |v: &[f64], at: usize, len: usize| v[o + at..o + at + len].to_vec();
    let state = |v: &[f64]| Filter {
        x1: v[0],
        x2: v[1],
        y1: v[2],
        y2: v[3],
        seq_filtered: v[4..4 + logged].to_vec(),
        seq_length: 0,
    };
    let flat = |f: &Filter| {
        let mut out = vec![f.x1, f.x2, f.y1, f.y2];
        out.extend(&f.seq_filtered);
        out
    };
    // Forward mode: the state's tangent grows with the log; values as the method's.
    let mut f = state(&point);
    let mut f_dot = state(&dir);
    f.run_jvp(
        &part(&point, 0, 3),
        &part(&point, 3, 3),
        &part(&point, 6, n),
        &mut f_dot,
        &part(&dir, 0, 3),
        &part(&dir, 3, 3),
        &part(&dir, 6, n),
    );
    let plain = filter_map(&point, logged, n);
    assert_eq!(flat(&f), plain);
    let tangent = flat(&f_dot);
    assert_eq!(tangent.len(), 4 + logged + n);
    let h = 1e-6;
    let step = |s: f64| {
        let p: Vec<f64> = point.iter().zip(&dir).map(|(p, d)| p + s * d).collect();
        filter_map(&p, logged, n)
    };
    let (plus, minus) = (step(h), step(-h));
    for k in 0..tangent.len() {
        let fd = (plus[k] - minus[k]) / (2.0 * h);
        assert!(
            (tangent[k] - fd).abs() < 1e-8 * (1.0 + fd.abs()),
            "output {k}: {} against {fd}",
            tangent[k]
        );
    }
    // The log's entries on entry pass through: their tangent is the direction's.
    assert_eq!(tangent[4..4 + logged], dir[4..4 + logged]);
    // Reverse mode: the cotangent of the grown state in, that of the state before out (the
    // log as long as it was), against the tangent by ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.
    let seed = common::rng_vec(22, tangent.len(), -1.0, 1.0);
    let mut f = state(&point);
    let mut f_bar = Filter {
        x1: seed[0],
        x2: seed[1],
        y1: seed[2],
        y2: seed[3],
        seq_filtered: seed[4..].to_vec(),
        seq_length: 0,
    };
    let (b_bar, a_bar, seq_bar) = f.run_vjp(
        &part(&point, 0, 3),
        &part(&point, 3, 3),
        &part(&point, 6, n),
        &mut f_bar,
    );
    assert_eq!(f_bar.seq_filtered.len(), logged);
    let mut cotangent = flat(&f_bar);
    cotangent.extend(b_bar.iter().chain(&a_bar).chain(&seq_bar));
    let lhs: f64 = seed.iter().zip(&tangent).map(|(a, b)| a * b).sum();
    let rhs: f64 = cotangent.iter().zip(&dir).map(|(a, b)| a * b).sum();
    assert!(
        (lhs - rhs).abs() < 1e-12 * (1.0 + lhs.abs()),
        "{lhs} against {rhs}"
    );
}

/// A step writing the elements of a `#[no_grad]` field (a scratch buffer kept in the state)
/// and reading them back: its derivatives flow through what is written, and the field's
/// place in a tangent or cotangent struct, which holds the constant itself (`zero_like`
/// clones constants), is never read as a derivative.
#[derive(Differentiable, Clone, Debug)]
pub struct Scratch {
    x: f64,
    #[no_grad]
    z: Vec<f64>,
}

impl Scratch {
    #[differentiate]
    fn step(&mut self, k: f64) -> f64 {
        self.z[0] = self.x * k;
        self.x = self.x * 2.0 + self.z[0] + self.z[1];
        self.x
    }
}

#[test]
fn a_constant_field_written_by_element_lends_no_derivative() {
    // y = x' = (2 + k) x + z₁: ∂y/∂x = 2 + k, ∂y/∂k = x; z is a constant.
    let start = Scratch {
        x: 1.5,
        z: vec![5.0, 7.0],
    };
    let (mut s, k) = (start.clone(), 3.0);
    let (y, s_bar, k_bar) = s.step_grad(k);
    assert_eq!(y, 5.0 * 1.5 + 7.0);
    assert_eq!((s_bar.x, k_bar), (5.0, 1.5));
    start.step_gradcheck(k).unwrap();
    // `_vjp` seeded by `zero_like`, whose `z` is the constant [5, 7].
    let mut s = start.clone();
    let mut s_bar = start.zero_like();
    let (_, k_bar) = s.step_vjp(k, 1.0, &mut s_bar);
    assert_eq!((s_bar.x, k_bar), (5.0, 1.5));
    // `_jvp` with a tangent from `zero_like`: z's place is not read as a tangent.
    let mut s = start.clone();
    let mut s_dot = start.zero_like();
    s_dot.x = 1.0;
    let (_, y_dot) = s.step_jvp(k, &mut s_dot, 0.0);
    assert_eq!(y_dot, 5.0);
    // (The tangent's place for the constant keeps the constant.)
    assert_eq!(s_dot.z, start.z);
}

/// A step with a float result pushing it onto a log: `_grad` seeds the state after the
/// call, whose log is one longer (the method run on a copy first to learn its shape), and
/// `_gradcheck` passes; so does a method stepping it through a field.
#[derive(Differentiable, Clone, Debug)]
pub struct Logged {
    a: f64,
    y: f64,
    history: Vec<f64>,
}

impl Logged {
    #[differentiate]
    fn process(&mut self, x: f64) -> f64 {
        let y = self.a * self.y + x * x;
        self.y = y;
        self.history.push(y);
        y
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Chain {
    inner: Logged,
    gain: f64,
}

impl Chain {
    #[differentiate]
    fn process(&mut self, x: f64) -> f64 {
        let y = self.inner.process(x);
        y * self.gain
    }
}

#[test]
fn the_gradient_of_a_step_pushing_onto_a_log() {
    let start = Logged {
        a: 0.5,
        y: 0.7,
        history: vec![0.1],
    };
    // y' = a y + x²: ∂/∂a = y, ∂/∂y = a, ∂/∂x = 2x; the log's entry carries none.
    let mut s = start.clone();
    let (value, s_bar, x_bar) = s.process_grad(1.5);
    assert_eq!(value, 0.5 * 0.7 + 2.25);
    assert_eq!((s_bar.a, s_bar.y, x_bar), (0.7, 0.5, 3.0));
    assert_eq!(s_bar.history, vec![0.0]);
    assert_eq!(s.history, vec![0.1, value]);
    start.process_gradcheck(1.5).unwrap();
    let chain = Chain {
        inner: start.clone(),
        gain: 2.0,
    };
    let mut c = chain.clone();
    let (value, c_bar, x_bar) = c.process_grad(1.5);
    assert_eq!(value, 2.0 * (0.5 * 0.7 + 2.25));
    assert_eq!(
        (c_bar.gain, c_bar.inner.a, x_bar),
        (0.5 * 0.7 + 2.25, 1.4, 6.0)
    );
}
