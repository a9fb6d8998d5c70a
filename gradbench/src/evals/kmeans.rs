//! `kmeans`: `cost` is `Σᵢ minⱼ ‖Pᵢ − Cⱼ‖²`; `dir` is the Newton step `J·H⁻¹` with `J` the
//! gradient with respect to the centroids and `H` the Hessian's diagonal.
//!
//! The Hessian is diagonal: the cost is a sum over points of the squared distance to one
//! centroid (the nearest, fixed almost everywhere), whose second derivatives in
//! `C_jl` and `C_j'l'` vanish unless `(j, l) = (j', l')`. So `H·1`, one Hessian-vector product
//! with a direction of ones, is the diagonal itself: `kmeans_cost_hvp` with `1` gives the
//! cost, `J` and `diag H` in one forward-over-reverse sweep, and `dir = J / diag H`
//! entrywise. (Each centroid is the nearest of at least one point, as the eval guarantees,
//! so no diagonal entry is 0.)

use super::{any_matrix, rows_json, timed, unknown, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

/// `points`: n·d, `centroids`: k·d, row-major.
#[differentiate(wrt(centroids))]
pub fn kmeans_cost(points: &[f64], centroids: &[f64], d: usize) -> f64 {
    let n = points.len() / d;
    let k = centroids.len() / d;
    let mut cost = 0.0;
    for i in 0..n {
        let mut closest = f64::INFINITY;
        for j in 0..k {
            let mut dist = 0.0;
            for l in 0..d {
                let diff = points[i * d + l] - centroids[j * d + l];
                dist += diff * diff;
            }
            closest = closest.min(dist);
        }
        cost += closest;
    }
    cost
}

/// `J·H⁻¹` (see the module documentation).
pub fn kmeans_dir(points: &[f64], centroids: &[f64], d: usize) -> Vec<f64> {
    let ones = vec![1.0; centroids.len()];
    let (_, jacobian, hessian_diagonal) = kmeans_cost_hvp(points, centroids, d, &ones);
    jacobian
        .iter()
        .zip(&hessian_diagonal)
        .map(|(j, h)| j / h)
        .collect()
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let (points, _, d) = any_matrix(input, "points")?;
    let (centroids, k, dc) = any_matrix(input, "centroids")?;
    if d == 0 || dc != d {
        return Err(format!(
            "points of dimension {d}, centroids of dimension {dc}"
        ));
    }
    let runs = Runs::of(input);
    match function {
        "cost" => {
            let (y, nanos) = timed(runs, || kmeans_cost(&points, &centroids, d));
            Ok((json!(y), nanos))
        }
        "dir" => {
            let (dir, nanos) = timed(runs, || kmeans_dir(&points, &centroids, d));
            Ok((rows_json(&dir, k, d), nanos))
        }
        _ => Err(unknown("kmeans", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    // 6 points in 2-d, 2 centroids, each the nearest of 3 points.
    const POINTS: [f64; 12] = [0.0, 0.1, 0.3, -0.2, -0.1, 0.4, 2.0, 2.1, 2.4, 1.8, 1.7, 2.3];
    const CENTROIDS: [f64; 4] = [0.2, 0.05, 1.9, 2.2];

    #[test]
    fn gradient_and_hessian_diagonal_match_central_differences() {
        let (_, g, h) = kmeans_cost_hvp(&POINTS, &CENTROIDS, 2, &[1.0; 4]);
        assert_gradient(|c| kmeans_cost(&POINTS, c, 2), &CENTROIDS, &g, 1e-7);
        // The Hessian's diagonal by second differences, (f(c+h) − 2f(c) + f(c−h))/h².
        let h_step = 1e-4;
        for i in 0..CENTROIDS.len() {
            let mut c = CENTROIDS;
            let f0 = kmeans_cost(&POINTS, &c, 2);
            c[i] += h_step;
            let up = kmeans_cost(&POINTS, &c, 2);
            c[i] -= 2.0 * h_step;
            let down = kmeans_cost(&POINTS, &c, 2);
            let second = (up - 2.0 * f0 + down) / (h_step * h_step);
            assert!(
                (h[i] - second).abs() < 1e-5,
                "H[{i}][{i}] {} vs {second}",
                h[i]
            );
        }
    }

    #[test]
    fn dir_is_centroid_minus_cluster_mean() {
        let dir = kmeans_dir(&POINTS, &CENTROIDS, 2);
        // Cluster 0: points 0, 1, 2 (mean (0.0667, 0.1)); cluster 1: points 3, 4, 5.
        let mean0 = [(0.0 + 0.3 - 0.1) / 3.0, (0.1 - 0.2 + 0.4) / 3.0];
        let mean1 = [(2.0 + 2.4 + 1.7) / 3.0, (2.1 + 1.8 + 2.3) / 3.0];
        let expected = [
            CENTROIDS[0] - mean0[0],
            CENTROIDS[1] - mean0[1],
            CENTROIDS[2] - mean1[0],
            CENTROIDS[3] - mean1[1],
        ];
        for (a, b) in dir.iter().zip(&expected) {
            assert!((a - b).abs() < 1e-12, "{dir:?} vs {expected:?}");
        }
    }
}
