//! Idiomatic Rust under `#[differentiate]`: iterator loops and chains, closures, `*v`;
//! checked against central differences, the other mode and differences of the gradient.

mod common;
use autodiff::differentiate;

#[differentiate]
fn dot_and_norms(x: &[f64], y: &[f64]) -> f64 {
    let dot: f64 = x.iter().zip(y.iter()).map(|(a, b)| a * b).sum::<f64>();
    let sq = |t: f64| t * t;
    let nx = x.iter().map(|&v| sq(v)).sum::<f64>().sqrt();
    let ny = y.iter().copied().fold(0.0, |acc, v| acc + v * v).sqrt();
    dot / (nx * ny)
}

#[differentiate]
fn loops_over_elements(x: &[f64], w: f64) -> f64 {
    let mut s = 0.0;
    for &v in x {
        s += (v * w).sin();
    }
    for (i, v) in x.iter().enumerate() {
        s += *v * (i as f64 + 1.0);
    }
    for (a, b) in x.iter().zip(x.iter()) {
        s += a * b * w;
    }
    let softplus = |t: f64| (1.0 + t.exp()).ln();
    s + softplus(w) + softplus(s * 0.1)
}

#[differentiate]
fn max_and_product(x: &[f64]) -> f64 {
    let m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let p = x.iter().map(|v| 1.0 + v * v).product::<f64>();
    let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
    m * p + squares[1]
}

#[test]
fn iterator_chains_and_closures() {
    let x = common::rng_vec(41, 5, -1.0, 1.0);
    let y = common::rng_vec(42, 5, -1.0, 1.0);
    dot_and_norms_gradcheck(&x, &y).unwrap();
    loops_over_elements_gradcheck(&x, 0.7).unwrap();
    max_and_product_gradcheck(&x).unwrap();
}

#[test]
fn max_sends_the_derivative_to_the_winner() {
    let x = [0.5, 2.0, -1.0];
    // max = 2 (x₁), p = Π(1 + xᵢ²), f = max·p + x₁²
    let p: f64 = x.iter().map(|v| 1.0 + v * v).product();
    let (_, g) = max_and_product_grad(&x);
    let expected_1 = p + 2.0 * (2.0 * 2.0 / (1.0 + 4.0)) * p + 4.0;
    assert!(
        (g[1] - expected_1).abs() < 1e-12,
        "{} vs {expected_1}",
        g[1]
    );
    assert!((g[0] - 2.0 * (2.0 * 0.5 / 1.25) * p).abs() < 1e-12);
}

#[differentiate]
fn polar(r: f64, theta: f64) -> (f64, f64) {
    (r * theta.cos(), r * theta.sin())
}

#[differentiate]
fn tuples(r: f64, theta: f64) -> f64 {
    let (x, y) = polar(r, theta);
    let (a, b) = (y, x);
    a * a + 3.0 * b
}

#[test]
fn tuples_are_destructured() {
    for (r, t) in [(1.5, 0.3), (0.7, -2.0)] {
        // a = r sin t, b = r cos t: f = r² sin² t + 3 r cos t
        let (f, dr, dt) = tuples_grad(r, t);
        assert!((f - (r * r * t.sin().powi(2) + 3.0 * r * t.cos())).abs() < 1e-12);
        assert!((dr - (2.0 * r * t.sin().powi(2) + 3.0 * t.cos())).abs() < 1e-12);
        assert!((dt - (2.0 * r * r * t.sin() * t.cos() - 3.0 * r * t.sin())).abs() < 1e-12);
        tuples_gradcheck(r, t).unwrap();
    }
}

/// The log-likelihood of positive samples, `None` unless every sample is positive.
#[differentiate]
fn log_mean_if_positive(x: &[f64]) -> Option<f64> {
    if x.is_empty() || x.iter().any(|v| *v <= 0.0) {
        return None;
    }
    let all_finite = x.iter().all(|&v| v.is_finite());
    let scale = if all_finite { 1.0 } else { 0.0 };
    Some(scale * x.iter().map(|v| v.ln()).sum::<f64>() / x.len() as f64)
}

#[test]
fn any_and_all_decide_without_derivatives() {
    let x = [1.0, 2.0, 4.0];
    let (_, g) = log_mean_if_positive_grad(&x).unwrap();
    for (gi, xi) in g.iter().zip(x) {
        assert!((gi - 1.0 / (3.0 * xi)).abs() < 1e-12);
    }
    log_mean_if_positive_gradcheck(&x).unwrap();
    assert!(log_mean_if_positive_grad(&[1.0, -2.0]).is_none());
}

// Integers counted or found from active values: a count and an index, no derivative.
#[differentiate]
fn above_and_first(x: &[f64], threshold: f64) -> f64 {
    let n = x.iter().filter(|v| **v > threshold).count();
    let k = x.iter().position(|&v| v > threshold).unwrap_or(0);
    let j = x.iter().position(|v| *v < 0.0).unwrap();
    x[k] * n as f64 + x[j] * x[j]
}

#[test]
fn count_and_position() {
    let x = [0.5, 2.0, -1.0, 3.0];
    // n = 2, k = 1, j = 2: f = 2 x₁ + x₂².
    let (v, gx, gt) = above_and_first_grad(&x, 1.0);
    assert_eq!(v, 2.0 * 2.0 + 1.0);
    assert_eq!(gx, vec![0.0, 2.0, -2.0, 0.0]);
    assert_eq!(gt, 0.0);
    above_and_first_gradcheck(&x, 1.0).unwrap();
}

/// `return` inside closures (held-out round 12's `a_weighting`): a mapped closure returning
/// early, `Σ (v > 0 ? ln v : floor)`, so `∂/∂xᵢ = 1/xᵢ` where `xᵢ > 0` and `∂/∂floor` counts
/// the others.
#[differentiate]
fn sum_logs_or_floor(x: &[f64], floor: f64) -> f64 {
    x.iter()
        .map(|&v| {
            if v <= 0.0 {
                return floor;
            }
            v.ln()
        })
        .sum()
}

/// A `let`-bound closure returning from inside its own loop, called twice in one sum.
#[differentiate]
fn clipped_ramps(a: f64, b: f64) -> f64 {
    let g = |t: f64| {
        let mut acc = 0.0;
        for k in 0..4 {
            acc += t * k as f64;
            if acc > 3.0 {
                return acc * b;
            }
        }
        acc
    };
    g(a) + g(2.0 * a)
}

/// A vector result: the logs, or the floor.
#[differentiate]
fn logs_or_floor(x: &[f64], floor: f64) -> Vec<f64> {
    x.iter()
        .map(|&v| {
            if v <= 0.0 {
                return floor;
            }
            v.ln()
        })
        .collect()
}

#[test]
fn closures_returning_early() {
    let x = [1.0, -2.0, 3.0, 0.5];
    let (value, x_bar, floor_bar) = sum_logs_or_floor_grad(&x, -5.0);
    assert!((value - (3.0_f64.ln() + 0.5_f64.ln() - 5.0)).abs() < 1e-12);
    assert_eq!((x_bar, floor_bar), (vec![1.0, 0.0, 1.0 / 3.0, 2.0], 1.0));
    sum_logs_or_floor_gradcheck(&x, -5.0).unwrap();
    // a = 0.4: g(a) = 6a (no early return), g(2a) = 4.8 > 3 after k = 3: (2a)(0+1+2+3) b.
    let (value, a_bar, b_bar) = clipped_ramps_grad(0.4, 1.5);
    assert!((value - (2.4 + 4.8 * 1.5)).abs() < 1e-12);
    assert!((a_bar - (6.0 + 12.0 * 1.5)).abs() < 1e-12 && (b_bar - 4.8).abs() < 1e-12);
    clipped_ramps_gradcheck(0.4, 1.5).unwrap();
    let mut point = x.to_vec();
    point.push(-5.0);
    autodiff::gradcheck::check_vjp(
        |p| logs_or_floor(&p[..4], p[4]),
        &point,
        |ybar| {
            let (_, mut x_bar, floor_bar) = logs_or_floor_vjp(&x, -5.0, ybar.to_vec());
            x_bar.push(floor_bar);
            x_bar
        },
        7,
        autodiff::Tolerance::default(),
    )
    .unwrap();
}

/// A running sum as an iterator chain (`scan` with a state it updates through `*acc`),
/// collected, as cumulative-sum code writes it.
#[differentiate]
fn cumulative(x: &[f64]) -> Vec<f64> {
    x.iter()
        .scan(0.0, |acc, &v| {
            *acc += v;
            Some(*acc)
        })
        .collect()
}

#[differentiate]
fn discounted(x: &[f64], gamma: f64) -> f64 {
    x.iter()
        .scan(1.0, |weight, &v| {
            let term = *weight * v;
            *weight *= gamma;
            Some(term)
        })
        .sum()
}

#[test]
fn a_scan_keeps_its_state_from_step_to_step() {
    let x = [1.0, 2.0, 3.0];
    // y_k = Σ_{j ≤ k} x_j: x̄_j = Σ_{k ≥ j} ȳ_k.
    let (y, x_bar) = cumulative_vjp(&x, vec![1.0, 10.0, 100.0]);
    assert_eq!(y, vec![1.0, 3.0, 6.0]);
    assert_eq!(x_bar, vec![111.0, 110.0, 100.0]);
    // Σ γ^k x_k: ∂/∂x_k = γ^k, ∂/∂γ = Σ k γ^(k-1) x_k.
    let (v, x_bar, g_bar) = discounted_grad(&x, 0.5);
    assert_eq!(v, 1.0 + 1.0 + 0.75);
    assert_eq!(x_bar, vec![1.0, 0.5, 0.25]);
    assert_eq!(g_bar, 2.0 + 2.0 * 0.5 * 3.0);
    discounted_gradcheck(&x, 0.9).unwrap();
}
