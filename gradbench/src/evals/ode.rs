//! `ode`: `s` classical Runge–Kutta steps over `[0, 2]` of the chain ODE
//! `y₀' = x₀, yᵢ' = xᵢ yᵢ₋₁` from `y(0) = 0` (cmpad's `an_ode`); `primal` is `y(2)`,
//! `gradient` the gradient of its last entry with respect to `x`: `ode_vjp` with the seed
//! `(0, …, 0, 1)`.

use super::{int, timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

/// The right-hand side `y' = f(x, y)`.
#[differentiate]
pub fn ode_fun(x: &[f64], y: &[f64]) -> Vec<f64> {
    let mut z = vec![0.0; x.len()];
    z[0] = x[0];
    for i in 1..x.len() {
        z[i] = x[i] * y[i - 1];
    }
    z
}

#[differentiate]
pub fn ode(x: &[f64], s: usize) -> Vec<f64> {
    let n = x.len();
    let h = 2.0 / s as f64;
    let mut y = vec![0.0; n];
    let mut y_tmp = vec![0.0; n];
    for _ in 0..s {
        let k1 = ode_fun(x, &y);
        for i in 0..n {
            y_tmp[i] = y[i] + h * k1[i] / 2.0;
        }
        let k2 = ode_fun(x, &y_tmp);
        for i in 0..n {
            y_tmp[i] = y[i] + h * k2[i] / 2.0;
        }
        let k3 = ode_fun(x, &y_tmp);
        for i in 0..n {
            y_tmp[i] = y[i] + h * k3[i];
        }
        let k4 = ode_fun(x, &y_tmp);
        for i in 0..n {
            y[i] += h * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
        }
    }
    y
}

/// ∇ₓ y(2)ₙ₋₁: one reverse sweep seeded with the last unit vector.
pub fn last_gradient(x: &[f64], s: usize) -> Vec<f64> {
    let mut seed = vec![0.0; x.len()];
    seed[x.len() - 1] = 1.0;
    ode_vjp(x, s, seed).1
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let x = vector(input, "x")?;
    let s = int(input, "s")?;
    if x.is_empty() || s == 0 {
        return Err("`x` must be non-empty and `s` positive".into());
    }
    let runs = Runs::of(input);
    let (y, nanos) = match function {
        "primal" => timed(runs, || ode(&x, s)),
        "gradient" => timed(runs, || last_gradient(&x, s)),
        _ => return Err(unknown("ode", function)),
    };
    Ok((json!(y), nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        let x = [0.9, 1.3, -0.4, 0.7, 1.1];
        let g = last_gradient(&x, 3);
        assert_gradient(|x| ode(x, 3)[x.len() - 1], &x, &g, 1e-7);
    }
}
