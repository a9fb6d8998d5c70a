//! `lstm`: ADBench's diagonal LSTM loss as GradBench specifies it
//! (`cpp/gradbench/evals/lstm.hpp`): `l` stacked layers of width `b` whose gates are
//! elementwise, run over `c` characters (rows of `b` bits), each step predicting the next
//! character; the loss is the mean negative log-likelihood with ADBench's `ln(Σ exp y + 2)`.
//! `jacobian` is `lstm_objective_grad`, main parameters then extra parameters, flattened.
//!
//! ```text
//! forget = σ(x·W_f + b_f)   ingate = σ(h·W_i + b_i)   outgate = σ(x·W_o + b_o)
//! change = tanh(h·W_c + b_c)
//! cell ← cell·forget + ingate·change       hidden ← outgate·tanh(cell)
//! y = h_top·w_out + b_out,   loss = −Σ_t Σ_i target_ti (y_ti − ln(Σ_j exp y_tj + 2)) / ((c−1)·b)
//! ```

use super::{any_matrix, timed, unknown, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

/// The logistic function.
#[differentiate]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// ADBench's `logsumexp`: `ln(Σ exp(yᵢ) + 2)`.
#[differentiate]
pub fn logsumexp(y: &[f64]) -> f64 {
    let sum: f64 = y.iter().map(|v| v.exp()).sum();
    (sum + 2.0).ln()
}

/// The loss. `main_params`: per layer the weights (forget, ingate, outgate, change; `b`
/// each) then the biases in the same order; `extra_params`: input weight, output weight,
/// output bias (`b` each); `state`: per layer hidden then cell (`b` each); `sequence`: `c`
/// rows of `b`.
// Index loops over several arrays at once, as the C++ writes them.
#[differentiate(wrt(main_params, extra_params))]
#[allow(clippy::needless_range_loop, clippy::manual_memcpy)]
pub fn lstm_objective(
    l: usize,
    c: usize,
    b: usize,
    main_params: &[f64],
    extra_params: &[f64],
    state: &[f64],
    sequence: &[f64],
) -> f64 {
    let mut state = state.to_vec();
    let mut input = vec![0.0; b];
    let mut ypred = vec![0.0; b];
    let mut total = 0.0;
    for t in 0..c - 1 {
        // lstm_predict: the input weights, the layers, the output weights.
        for i in 0..b {
            input[i] = sequence[t * b + i] * extra_params[i];
        }
        for layer in 0..l {
            let w = layer * 8 * b; // this layer's weights; its biases are at w + 4b
            let hidden = layer * 2 * b; // this layer's hidden state; its cell at hidden + b
            for i in 0..b {
                let forget = sigmoid(input[i] * main_params[w + i] + main_params[w + 4 * b + i]);
                let ingate = sigmoid(
                    state[hidden + i] * main_params[w + b + i] + main_params[w + 5 * b + i],
                );
                let outgate =
                    sigmoid(input[i] * main_params[w + 2 * b + i] + main_params[w + 6 * b + i]);
                let change = (state[hidden + i] * main_params[w + 3 * b + i]
                    + main_params[w + 7 * b + i])
                    .tanh();
                state[hidden + b + i] = state[hidden + b + i] * forget + ingate * change;
                state[hidden + i] = outgate * state[hidden + b + i].tanh();
            }
            // The layer's output is the next layer's input. (`input.copy_from_slice(&state[..])`
            // and `input = state[..].to_vec()` are refused by the macro: see RESULTS.md.)
            for i in 0..b {
                input[i] = state[hidden + i];
            }
        }
        for i in 0..b {
            ypred[i] = input[i] * extra_params[b + i] + extra_params[2 * b + i];
        }
        let lse = logsumexp(&ypred);
        for i in 0..b {
            total += sequence[(t + 1) * b + i] * (ypred[i] - lse);
        }
    }
    -total / ((c - 1) * b) as f64
}

struct Input {
    l: usize,
    c: usize,
    b: usize,
    main_params: Vec<f64>,
    extra_params: Vec<f64>,
    state: Vec<f64>,
    sequence: Vec<f64>,
}

fn decode(input: &Value) -> Result<Input, String> {
    let (main_params, rows, cols) = any_matrix(input, "main_params")?;
    let (extra_params, extra_rows, b) = any_matrix(input, "extra_params")?;
    let (state, state_rows, state_cols) = any_matrix(input, "state")?;
    let (sequence, c, seq_cols) = any_matrix(input, "sequence")?;
    let l = rows / 2;
    if rows != 2 * l || cols != 4 * b || extra_rows != 3 || state_rows != 2 * l {
        return Err(format!(
            "shapes: main_params {rows}×{cols}, extra_params {extra_rows}×{b}, state {state_rows}×{state_cols}"
        ));
    }
    if state_cols != b || seq_cols != b || c < 2 {
        return Err(format!(
            "shapes: state rows of {state_cols}, sequence {c}×{seq_cols}, b = {b}"
        ));
    }
    Ok(Input {
        l,
        c,
        b,
        main_params,
        extra_params,
        state,
        sequence,
    })
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let p = decode(input)?;
    let runs = Runs::of(input);
    match function {
        "objective" => {
            let (y, nanos) = timed(runs, || {
                lstm_objective(
                    p.l,
                    p.c,
                    p.b,
                    &p.main_params,
                    &p.extra_params,
                    &p.state,
                    &p.sequence,
                )
            });
            Ok((json!(y), nanos))
        }
        "jacobian" => {
            let ((_, g_main, g_extra), nanos) = timed(runs, || {
                lstm_objective_grad(
                    p.l,
                    p.c,
                    p.b,
                    &p.main_params,
                    &p.extra_params,
                    &p.state,
                    &p.sequence,
                )
            });
            Ok((json!([g_main, g_extra].concat()), nanos))
        }
        _ => Err(unknown("lstm", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        // l = 2 layers of b = 3 over c = 5 one-hot characters.
        let (l, c, b) = (2, 5, 3);
        let wave = |k: usize, scale: f64| -> Vec<f64> {
            (0..k)
                .map(|i| scale * ((i as f64) * 0.77 + 0.3).sin())
                .collect()
        };
        let main = wave(8 * l * b, 0.8);
        let extra = wave(3 * b, 0.6);
        let state = wave(2 * l * b, 0.5);
        let mut sequence = vec![0.0; c * b];
        for t in 0..c {
            sequence[t * b + (t * 2) % b] = 1.0;
        }
        let (_, g_main, g_extra) = lstm_objective_grad(l, c, b, &main, &extra, &state, &sequence);
        let all = [main.clone(), extra.clone()].concat();
        let grad = [g_main, g_extra].concat();
        let nm = main.len();
        let f = |p: &[f64]| lstm_objective(l, c, b, &p[..nm], &p[nm..], &state, &sequence);
        assert_gradient(f, &all, &grad, 1e-7);
    }
}
