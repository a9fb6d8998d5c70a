//! The ADBench D-LSTM objective (github.com/microsoft/ADBench, MIT licence), written as plain
//! indexed Rust under `#[differentiate]`, with a reader for ADBench's LSTM input files, a
//! hand-written adjoint and the same objective on the runtime `Value` tape. Shared by
//! `benches/loops_ratios.rs` and `tests/adbench_lstm.rs`; it sits in a subfolder so that Cargo
//! does not take it for a bench target of its own.
//!
//! It follows ADBench's reference C++ (`src/cpp/shared/lstm.h`): `l` stacked "diagonal" LSTM
//! layers of width `b` (every gate is elementwise, no matrix product) run over `c` one-hot
//! characters; each step predicts the next character, and the loss is the mean negative
//! log-likelihood:
//!
//! ```text
//! forget = σ(x·W_f + b_f)   ingate = σ(h·W_i + b_i)   outgate = σ(x·W_o + b_o)
//! change = tanh(h·W_c + b_c)
//! cell ← cell·forget + ingate·change       hidden ← outgate·tanh(cell)
//! y = h_top·w_out + b_out,   loss = −Σ_t Σ_i target_ti (y_ti − ln(Σ_j exp y_tj + 2)) / ((c−1)·b)
//! ```
//!
//! (`forget` and `outgate` read the layer's input, `ingate` and `change` its hidden state, and
//! the log-sum-exp adds 2 without shifting by the maximum: ADBench's model, kept as it is so
//! that its golden gradient applies.) The hidden and cell states are loop-carried and
//! overwritten at every step, so reverse mode must keep their old values.
// The differentiable subset indexes in loops (no iterator chains); each user uses part of it.
#![allow(dead_code, clippy::needless_range_loop, clippy::manual_memcpy)]

use autodiff::{differentiate, Gradients, Tape, Value};

/// The logistic function σ(x) = 1 / (1 + e⁻ˣ).
#[differentiate]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// ADBench's `logsumexp`: `ln(Σ exp(yᵢ) + 2)`.
#[differentiate]
pub fn lstm_logsumexp(y: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..y.len() {
        sum += y[i].exp();
    }
    (sum + 2.0).ln()
}

/// The D-LSTM loss (see the module documentation). `main_params`: per layer the weights
/// (forget, input, output, change; `b` each) then the biases in the same order; `extra_params`:
/// input weight, output weight, output bias (`b` each); `state`: per layer hidden then cell;
/// `sequence`: `c` rows of `b`.
#[differentiate(wrt(main_params, extra_params))]
pub fn lstm_objective(
    l: usize,
    c: usize,
    b: usize,
    main_params: &[f64],
    extra_params: &[f64],
    state: &[f64],
    sequence: &[f64],
) -> f64 {
    let mut s = state.to_vec();
    let mut x = vec![0.0; b];
    let mut y = vec![0.0; b];
    let mut total = 0.0;
    for t in 0..c - 1 {
        for i in 0..b {
            x[i] = sequence[t * b + i] * extra_params[i];
        }
        for layer in 0..l {
            let w = layer * 8 * b;
            let h = layer * 2 * b;
            for i in 0..b {
                let forget = sigmoid(x[i] * main_params[w + i] + main_params[w + 4 * b + i]);
                let ingate =
                    sigmoid(s[h + i] * main_params[w + b + i] + main_params[w + 5 * b + i]);
                let outgate =
                    sigmoid(x[i] * main_params[w + 2 * b + i] + main_params[w + 6 * b + i]);
                let change =
                    (s[h + i] * main_params[w + 3 * b + i] + main_params[w + 7 * b + i]).tanh();
                s[h + b + i] = s[h + b + i] * forget + ingate * change;
                s[h + i] = outgate * s[h + b + i].tanh();
            }
            for i in 0..b {
                x[i] = s[h + i];
            }
        }
        for i in 0..b {
            y[i] = x[i] * extra_params[b + i] + extra_params[2 * b + i];
        }
        let lse = lstm_logsumexp(&y);
        for i in 0..b {
            total += sequence[(t + 1) * b + i] * (y[i] - lse);
        }
    }
    -total / ((c - 1) * b) as f64
}

/// What the hand-written adjoint's forward sweep keeps, one entry per step, layer and unit
/// (kept by the caller, so no allocation per call).
#[derive(Default)]
pub struct LstmSaved {
    input: Vec<f64>,
    hidden: Vec<f64>,
    cell: Vec<f64>,
    forget: Vec<f64>,
    ingate: Vec<f64>,
    outgate: Vec<f64>,
    change: Vec<f64>,
    tanh_cell: Vec<f64>,
    /// softmax-like weights `exp(y)/S` of the top output, one row per step.
    weights: Vec<f64>,
}

impl LstmSaved {
    fn clear(&mut self) {
        for v in [
            &mut self.input,
            &mut self.hidden,
            &mut self.cell,
            &mut self.forget,
            &mut self.ingate,
            &mut self.outgate,
            &mut self.change,
            &mut self.tanh_cell,
            &mut self.weights,
        ] {
            v.clear();
        }
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The adjoint by hand: a forward sweep that keeps every gate and old state, then a reverse
/// sweep. Writes the gradient into `g_main` and `g_extra` (overwritten); returns the loss.
#[allow(clippy::too_many_arguments)]
pub fn lstm_grad_hand(
    l: usize,
    c: usize,
    b: usize,
    main: &[f64],
    extra: &[f64],
    state: &[f64],
    sequence: &[f64],
    saved: &mut LstmSaved,
    g_main: &mut [f64],
    g_extra: &mut [f64],
) -> f64 {
    saved.clear();
    let mut s = state.to_vec();
    let mut x = vec![0.0; b];
    let mut total = 0.0;
    for t in 0..c - 1 {
        for i in 0..b {
            x[i] = sequence[t * b + i] * extra[i];
        }
        for layer in 0..l {
            let (w, h) = (layer * 8 * b, layer * 2 * b);
            for i in 0..b {
                let (hold, cold) = (s[h + i], s[h + b + i]);
                let f = logistic(x[i] * main[w + i] + main[w + 4 * b + i]);
                let g = logistic(hold * main[w + b + i] + main[w + 5 * b + i]);
                let o = logistic(x[i] * main[w + 2 * b + i] + main[w + 6 * b + i]);
                let ch = (hold * main[w + 3 * b + i] + main[w + 7 * b + i]).tanh();
                let cnew = cold * f + g * ch;
                let tc = cnew.tanh();
                saved.input.push(x[i]);
                saved.hidden.push(hold);
                saved.cell.push(cold);
                saved.forget.push(f);
                saved.ingate.push(g);
                saved.outgate.push(o);
                saved.change.push(ch);
                saved.tanh_cell.push(tc);
                s[h + b + i] = cnew;
                s[h + i] = o * tc;
            }
            x.copy_from_slice(&s[h..h + b]);
        }
        let mut sum = 0.0;
        let row = saved.weights.len();
        for i in 0..b {
            let e = (x[i] * extra[b + i] + extra[2 * b + i]).exp();
            saved.weights.push(e);
            sum += e;
        }
        let sum = sum + 2.0;
        let lse = sum.ln();
        for i in 0..b {
            saved.weights[row + i] /= sum;
            let y = x[i] * extra[b + i] + extra[2 * b + i];
            total += sequence[(t + 1) * b + i] * (y - lse);
        }
    }
    let count = ((c - 1) * b) as f64;

    g_main.fill(0.0);
    g_extra.fill(0.0);
    // Cotangents of the states carried back from the step after; of the layer's output.
    let mut h_bar = vec![0.0; l * b];
    let mut c_bar = vec![0.0; l * b];
    let mut y_bar = vec![0.0; b];
    let total_bar = -1.0 / count;
    for t in (0..c - 1).rev() {
        // total += Σ tgtᵢ (yᵢ − lse): ȳᵢ = t̄·tgtᵢ − t̄·(Σ tgt)·exp(yᵢ)/S.
        let target = &sequence[(t + 1) * b..(t + 2) * b];
        let lse_bar = -total_bar * target.iter().sum::<f64>();
        let weights = &saved.weights[t * b..(t + 1) * b];
        let top = (t * l + l - 1) * b;
        for i in 0..b {
            y_bar[i] = total_bar * target[i] + lse_bar * weights[i];
            let h_top = saved.outgate[top + i] * saved.tanh_cell[top + i];
            g_extra[b + i] += y_bar[i] * h_top;
            g_extra[2 * b + i] += y_bar[i];
            h_bar[(l - 1) * b + i] += y_bar[i] * extra[b + i];
        }
        for layer in (0..l).rev() {
            let w = layer * 8 * b;
            let k0 = (t * l + layer) * b;
            for i in 0..b {
                let k = k0 + i;
                let (f, g, o) = (saved.forget[k], saved.ingate[k], saved.outgate[k]);
                let (ch, tc) = (saved.change[k], saved.tanh_cell[k]);
                let (xi, hold, cold) = (saved.input[k], saved.hidden[k], saved.cell[k]);
                // hidden = o·tanh(cell); cell = cold·f + g·ch.
                let hn_bar = h_bar[layer * b + i];
                let cn_bar = c_bar[layer * b + i] + hn_bar * o * (1.0 - tc * tc);
                let af_bar = cn_bar * cold * f * (1.0 - f);
                let ag_bar = cn_bar * ch * g * (1.0 - g);
                let ao_bar = hn_bar * tc * o * (1.0 - o);
                let ac_bar = cn_bar * g * (1.0 - ch * ch);
                g_main[w + i] += af_bar * xi;
                g_main[w + 4 * b + i] += af_bar;
                g_main[w + b + i] += ag_bar * hold;
                g_main[w + 5 * b + i] += ag_bar;
                g_main[w + 2 * b + i] += ao_bar * xi;
                g_main[w + 6 * b + i] += ao_bar;
                g_main[w + 3 * b + i] += ac_bar * hold;
                g_main[w + 7 * b + i] += ac_bar;
                c_bar[layer * b + i] = cn_bar * f;
                h_bar[layer * b + i] = ag_bar * main[w + b + i] + ac_bar * main[w + 3 * b + i];
                let x_bar = af_bar * main[w + i] + ao_bar * main[w + 2 * b + i];
                if layer > 0 {
                    h_bar[(layer - 1) * b + i] += x_bar;
                } else {
                    g_extra[i] += x_bar * sequence[t * b + i];
                }
            }
        }
    }
    -total / count
}

/// The same objective on tape values.
#[allow(clippy::too_many_arguments)]
pub fn lstm_objective_value<'t>(
    l: usize,
    c: usize,
    b: usize,
    main: &[Value<'t>],
    extra: &[Value<'t>],
    state: &[f64],
    sequence: &[f64],
) -> Value<'t> {
    let tape = main[0].tape();
    let sigmoid = |v: Value<'t>| 1.0 / (1.0 + (-v).exp());
    let mut s: Vec<Value<'t>> = state.iter().map(|&v| tape.constant(v)).collect();
    let mut x = vec![tape.constant(0.0); b];
    let mut total = tape.constant(0.0);
    for t in 0..c - 1 {
        for i in 0..b {
            x[i] = extra[i] * sequence[t * b + i];
        }
        for layer in 0..l {
            let (w, h) = (layer * 8 * b, layer * 2 * b);
            for i in 0..b {
                let forget = sigmoid(x[i] * main[w + i] + main[w + 4 * b + i]);
                let ingate = sigmoid(s[h + i] * main[w + b + i] + main[w + 5 * b + i]);
                let outgate = sigmoid(x[i] * main[w + 2 * b + i] + main[w + 6 * b + i]);
                let change = (s[h + i] * main[w + 3 * b + i] + main[w + 7 * b + i]).tanh();
                s[h + b + i] = s[h + b + i] * forget + ingate * change;
                s[h + i] = outgate * s[h + b + i].tanh();
            }
            x.copy_from_slice(&s[h..h + b]);
        }
        let y: Vec<Value<'t>> = (0..b)
            .map(|i| x[i] * extra[b + i] + extra[2 * b + i])
            .collect();
        let mut sum = tape.constant(0.0);
        for &yi in &y {
            sum += yi.exp();
        }
        let lse = (sum + 2.0).ln();
        for i in 0..b {
            total += (y[i] - lse) * sequence[(t + 1) * b + i];
        }
    }
    -total / ((c - 1) * b) as f64
}

/// The gradient through the tape, reusing one tape and one adjoint buffer between calls.
/// Writes the gradient into `g_main` and `g_extra`; returns the loss.
pub fn lstm_grad_tape(
    tape: &mut Tape,
    grads: &mut Gradients,
    input: &LstmInput,
    g_main: &mut [f64],
    g_extra: &mut [f64],
) -> f64 {
    tape.clear();
    let main = tape.vars(&input.main_params);
    let extra = tape.vars(&input.extra_params);
    let (l, c, b) = (input.l, input.c, input.b);
    let loss = lstm_objective_value(l, c, b, &main, &extra, &input.state, &input.sequence);
    loss.backward_into(grads);
    for (g, &v) in g_main.iter_mut().zip(&main) {
        *g = grads[v];
    }
    for (g, &v) in g_extra.iter_mut().zip(&extra) {
        *g = grads[v];
    }
    loss.value()
}

/// One ADBench LSTM input.
#[derive(Clone, Debug)]
pub struct LstmInput {
    pub l: usize,
    pub c: usize,
    pub b: usize,
    pub main_params: Vec<f64>,
    pub extra_params: Vec<f64>,
    pub state: Vec<f64>,
    pub sequence: Vec<f64>,
}

impl LstmInput {
    /// Reads ADBench's text format: `l c b`, `2·l·4·b` main params, `3·b` extra params,
    /// `2·l·b` state, `c·b` sequence.
    pub fn parse(text: &str) -> LstmInput {
        let mut it = text.split_whitespace();
        let mut int = || {
            it.next()
                .expect("truncated LSTM file")
                .parse::<usize>()
                .expect("integer")
        };
        let (l, c, b) = (int(), int(), int());
        let mut it = text.split_whitespace().skip(3);
        let mut take = |len: usize| -> Vec<f64> {
            (0..len)
                .map(|_| {
                    it.next()
                        .expect("truncated LSTM file")
                        .parse::<f64>()
                        .expect("number")
                })
                .collect()
        };
        LstmInput {
            l,
            c,
            b,
            main_params: take(2 * l * 4 * b),
            extra_params: take(3 * b),
            state: take(2 * l * b),
            sequence: take(c * b),
        }
    }

    pub fn read(path: &str) -> LstmInput {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        LstmInput::parse(&text)
    }

    pub fn objective(&self) -> f64 {
        lstm_objective(
            self.l,
            self.c,
            self.b,
            &self.main_params,
            &self.extra_params,
            &self.state,
            &self.sequence,
        )
    }

    /// The objective and its gradient by `#[differentiate]`, concatenated as ADBench orders
    /// it: main params, then extra params.
    pub fn gradient(&self) -> (f64, Vec<f64>) {
        let (loss, g_main, g_extra) = lstm_objective_grad(
            self.l,
            self.c,
            self.b,
            &self.main_params,
            &self.extra_params,
            &self.state,
            &self.sequence,
        );
        (loss, [g_main, g_extra].concat())
    }

    /// `self` with the parameters replaced by `p` = (main params, extra params).
    pub fn with_params(&self, p: &[f64]) -> LstmInput {
        let nm = self.main_params.len();
        LstmInput {
            main_params: p[..nm].to_vec(),
            extra_params: p[nm..].to_vec(),
            ..self.clone()
        }
    }
}
