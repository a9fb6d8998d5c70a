//! `llsq`: the linear least-squares objective `½ Σᵢ (sign(tᵢ) − Σⱼ xⱼ tᵢʲ)²` at the `n`
//! points `tᵢ = −1 + 2i/(n − 1)` (cmpad's `llsq_obj`); `gradient` is `llsq_grad`.

use super::{int, timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

#[differentiate]
pub fn llsq(x: &[f64], n: usize) -> f64 {
    let mut sum = 0.0;
    for i in 0..n {
        let t = -1.0 + i as f64 * 2.0 / (n - 1) as f64;
        // sign(t), 0 at 0 (`f64::signum` gives ±1 there).
        let mut r = if t > 0.0 {
            1.0
        } else if t < 0.0 {
            -1.0
        } else {
            0.0
        };
        let mut power = 1.0;
        for &xj in x {
            r -= xj * power;
            power *= t;
        }
        sum += r * r;
    }
    sum / 2.0
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let x = vector(input, "x")?;
    let n = int(input, "n")?;
    let runs = Runs::of(input);
    match function {
        "primal" => {
            let (y, nanos) = timed(runs, || llsq(&x, n));
            Ok((json!(y), nanos))
        }
        "gradient" => {
            let ((_, g), nanos) = timed(runs, || llsq_grad(&x, n));
            Ok((json!(g), nanos))
        }
        _ => Err(unknown("llsq", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        // n odd, so one tᵢ is 0 (sign 0).
        let x = [0.4, -0.3, 1.1, 0.2, -0.7];
        let (_, g) = llsq_grad(&x, 9);
        assert_gradient(|x| llsq(x, 9), &x, &g, 1e-7);
    }
}
