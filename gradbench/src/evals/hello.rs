//! `hello`: `square` is x², `double` its derivative, from `square_grad`.
//! Inputs and outputs are bare numbers (no `min_runs`/`min_seconds`: one run).

use super::{timed, unknown, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

#[differentiate]
pub fn square(x: f64) -> f64 {
    x * x
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let x = input.as_f64().ok_or("`hello` takes a number")?;
    let runs = Runs::of(input);
    let (y, nanos) = match function {
        "square" => timed(runs, || square(x)),
        "double" => timed(runs, || square_grad(x).1),
        _ => return Err(unknown("hello", function)),
    };
    Ok((json!(y), nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_is_the_derivative_of_square() {
        let (x, h) = (1.7_f64, 1e-5);
        let fd = (square(x + h) - square(x - h)) / (2.0 * h);
        let (_, g) = square_grad(x);
        assert!((g - fd).abs() < 1e-8, "{g} vs {fd}");
    }
}
