//! `det`: the determinant of an `ℓ × ℓ` matrix (row-major) by expansion of minors along the
//! first row, written recursively (O(ℓ!)); `gradient` is `det_grad` (the generated
//! reverse mode recurses too).

use super::{int, timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

#[differentiate]
pub fn det(a: &[f64], ell: usize) -> f64 {
    if ell == 1 {
        return a[0];
    }
    let mut total = 0.0;
    let mut sign = 1.0;
    for j in 0..ell {
        // The minor: `a` without its row 0 and its column j.
        let mut minor = Vec::with_capacity((ell - 1) * (ell - 1));
        for row in 1..ell {
            for col in 0..ell {
                if col != j {
                    minor.push(a[row * ell + col]);
                }
            }
        }
        total += sign * a[j] * det(&minor, ell - 1);
        sign = -sign;
    }
    total
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let a = vector(input, "A")?;
    let ell = int(input, "ell")?;
    if a.len() != ell * ell || ell == 0 {
        return Err(format!(
            "`A` has {} entries, not ell² = {}",
            a.len(),
            ell * ell
        ));
    }
    let runs = Runs::of(input);
    match function {
        "primal" => {
            let (y, nanos) = timed(runs, || det(&a, ell));
            Ok((json!(y), nanos))
        }
        "gradient" => {
            let ((_, g), nanos) = timed(runs, || det_grad(&a, ell));
            Ok((json!(g), nanos))
        }
        _ => Err(unknown("det", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        let a = [
            0.5, -1.2, 0.8, 2.0, //
            1.1, 0.3, -0.4, 0.9, //
            -0.7, 1.5, 0.2, -1.0, //
            0.6, -0.1, 1.3, 0.4,
        ];
        let (_, g) = det_grad(&a, 4);
        assert_gradient(|a| det(a, 4), &a, &g, 1e-7);
    }

    #[test]
    fn primal_is_the_determinant() {
        // Triangular: the product of the diagonal.
        let a = [2.0, 0.0, 0.0, 1.0, 3.0, 0.0, 4.0, 5.0, -1.5];
        assert!((det(&a, 3) - (-9.0)).abs() < 1e-12);
    }
}
