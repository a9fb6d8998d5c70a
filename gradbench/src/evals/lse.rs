//! `lse`: log-sum-exp with the maximum shifted out, `a + ln Σ exp(xᵢ − a)`, `a = max x`;
//! `gradient` is `lse_grad`.

use super::{timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

#[differentiate]
pub fn lse(x: &[f64]) -> f64 {
    let a = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let s: f64 = x.iter().map(|&v| (v - a).exp()).sum();
    s.ln() + a
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let x = vector(input, "x")?;
    let runs = Runs::of(input);
    match function {
        "primal" => {
            let (y, nanos) = timed(runs, || lse(&x));
            Ok((json!(y), nanos))
        }
        "gradient" => {
            let ((_, g), nanos) = timed(runs, || lse_grad(&x));
            Ok((json!(g), nanos))
        }
        _ => Err(unknown("lse", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        let x = [0.3, -1.2, 2.5, 0.7, 2.4];
        let (_, g) = lse_grad(&x);
        assert_gradient(lse, &x, &g, 1e-7);
    }
}
