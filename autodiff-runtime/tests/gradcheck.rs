//! Tests of the gradient checker itself: it must accept right derivatives (including at
//! large coordinates, where the scaled step matters) and reject wrong ones, naming them.

use autodiff_runtime::gradcheck::{
    check_vjp, dot_product_test, gradcheck, hvp_check, hvp_fd, numeric_gradient, step, Rng,
    Tolerance,
};

/// Σ 100(x_{i+1} − x_i²)² + (1 − x_i)².
fn rosenbrock(x: &[f64]) -> f64 {
    x.windows(2)
        .map(|w| 100.0 * (w[1] - w[0] * w[0]).powi(2) + (1.0 - w[0]).powi(2))
        .sum()
}

fn rosenbrock_grad(x: &[f64]) -> Vec<f64> {
    let n = x.len();
    (0..n)
        .map(|i| {
            let mut g = 0.0;
            if i + 1 < n {
                g += -400.0 * x[i] * (x[i + 1] - x[i] * x[i]) - 2.0 * (1.0 - x[i]);
            }
            if i > 0 {
                g += 200.0 * (x[i] - x[i - 1] * x[i - 1]);
            }
            g
        })
        .collect()
}

/// The Rosenbrock Hessian (tridiagonal) times `v`, written out by hand.
fn rosenbrock_hv(x: &[f64], v: &[f64]) -> Vec<f64> {
    let n = x.len();
    (0..n)
        .map(|i| {
            let mut diag = 0.0;
            let mut hv = 0.0;
            if i + 1 < n {
                diag += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
                hv += -400.0 * x[i] * v[i + 1];
            }
            if i > 0 {
                diag += 200.0;
                hv += -400.0 * x[i - 1] * v[i - 1];
            }
            hv + diag * v[i]
        })
        .collect()
}

fn test_point(seed: u64) -> Vec<f64> {
    Rng::new(seed).vector(6, -2.0, 2.0)
}

#[test]
fn rosenbrock_gradient_passes_at_random_points() {
    for seed in 0..10 {
        let x = test_point(seed);
        gradcheck(rosenbrock, &x, &rosenbrock_grad(&x), Tolerance::default()).unwrap();
    }
}

#[test]
fn gradient_at_large_coordinates_passes() {
    // f = Σ x_i³/3 + x_i·x_{i+1}: values ~1e9 at coordinates ~1e3.
    let f = |x: &[f64]| {
        let cubes: f64 = x.iter().map(|xi| xi.powi(3) / 3.0).sum();
        cubes + x.windows(2).map(|w| w[0] * w[1]).sum::<f64>()
    };
    let grad = |x: &[f64]| -> Vec<f64> {
        (0..x.len())
            .map(|i| {
                let left = if i > 0 { x[i - 1] } else { 0.0 };
                let right = x.get(i + 1).copied().unwrap_or(0.0);
                x[i] * x[i] + left + right
            })
            .collect()
    };
    let x = Rng::new(11).vector(5, 500.0, 2000.0);
    gradcheck(f, &x, &grad(&x), Tolerance::default()).unwrap();
}

#[test]
fn scaled_step_keeps_relative_accuracy_where_a_fixed_step_does_not() {
    // At x = 1e8, f = x² ~ 1e16 has an ulp of 2: a fixed step ∛ε ≈ 6e-6 would make the
    // rounding error ε·f/h ~ 4e-1/1.2e-5 dominate, the scaled step keeps it ~1e-11 relative.
    let x = [1e8, -3e8];
    let f = |x: &[f64]| x.iter().map(|xi| xi * xi).sum::<f64>();
    let g = numeric_gradient(f, &x);
    for (gi, xi) in g.iter().zip(&x) {
        assert!(
            Tolerance::default().accepts(2.0 * xi, *gi),
            "{gi} vs {}",
            2.0 * xi
        );
    }
    let h = step(0.0);
    let fixed = (f(&[x[0] + h, x[1]]) - f(&[x[0] - h, x[1]])) / (2.0 * h);
    assert!(!Tolerance::default().accepts(2.0 * x[0], fixed));
}

#[test]
fn one_coordinate_off_by_one_percent_fails_and_is_named() {
    let x = test_point(3);
    let mut wrong = rosenbrock_grad(&x);
    wrong[3] *= 1.01;
    let report = gradcheck(rosenbrock, &x, &wrong, Tolerance::default()).unwrap_err();
    assert_eq!(report.checked(), 6);
    assert_eq!(report.failures().len(), 1);
    let m = report.worst();
    assert_eq!(m.index, 3);
    assert_eq!(m.analytic, wrong[3]);
    assert!(
        (m.rel_err - 0.01 / 1.01).abs() < 1e-6,
        "rel err {}",
        m.rel_err
    );

    let text = report.to_string();
    assert!(text.starts_with("gradcheck failed for 1 of 6 coordinates; worst first:"));
    assert!(text.contains("x[3]"), "{text}");
    assert!(text.contains(&format!("{:.6e}", m.analytic)), "{text}");
    assert!(text.contains(&format!("{:.6e}", m.numeric)), "{text}");
    // Debug is the same table, so `.unwrap()` prints it.
    assert_eq!(format!("{report:?}"), text);
}

#[test]
fn report_lists_every_failure_worst_first_under_its_label() {
    let x = test_point(4);
    let mut wrong = rosenbrock_grad(&x);
    wrong[1] *= 1.01;
    wrong[4] *= 1.10;
    let report = gradcheck(rosenbrock, &x, &wrong, Tolerance::default())
        .unwrap_err()
        .with_label("w");
    let indices: Vec<usize> = report.failures().iter().map(|m| m.index).collect();
    assert_eq!(indices, [4, 1]);
    let text = report.to_string();
    assert!(
        text.starts_with("gradcheck failed for 2 of 6 coordinates"),
        "{text}"
    );
    let (w4, w1) = (text.find("w[4]").unwrap(), text.find("w[1]").unwrap());
    assert!(w4 < w1, "{text}");
}

#[test]
fn nan_gradient_fails() {
    let x = test_point(5);
    let mut wrong = rosenbrock_grad(&x);
    wrong[2] = f64::NAN;
    let report = gradcheck(rosenbrock, &x, &wrong, Tolerance::default()).unwrap_err();
    assert_eq!(report.worst().index, 2);
}

#[test]
#[should_panic(expected = "x has length 3 but the analytic gradient has length 2")]
fn gradient_length_mismatch_panics_naming_both_lengths() {
    let _ = gradcheck(
        |x| x[0],
        &[1.0, 2.0, 3.0],
        &[1.0, 0.0],
        Tolerance::default(),
    );
}

/// A random `rows × cols` matrix as rows.
fn matrix(seed: u64, rows: usize, cols: usize) -> Vec<Vec<f64>> {
    let mut rng = Rng::new(seed);
    (0..rows).map(|_| rng.vector(cols, -1.0, 1.0)).collect()
}

fn mat_vec(a: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
    a.iter()
        .map(|row| row.iter().zip(v).map(|(r, x)| r * x).sum())
        .collect()
}

fn mat_t_vec(a: &[Vec<f64>], y: &[f64]) -> Vec<f64> {
    (0..a[0].len())
        .map(|j| a.iter().zip(y).map(|(row, yi)| row[j] * yi).sum())
        .collect()
}

const TIGHT: Tolerance = Tolerance::new(1e-12, 1e-10);

#[test]
fn dot_product_test_passes_for_a_linear_map() {
    let a = matrix(1, 4, 7);
    let jvp = |v: &[f64]| mat_vec(&a, v);
    let vjp = |y: &[f64]| mat_t_vec(&a, y);
    dot_product_test(jvp, vjp, 7, 4, 99, TIGHT).unwrap();
}

#[test]
fn dot_product_test_fails_when_the_vjp_uses_a_wrong_matrix() {
    let a = matrix(1, 4, 7);
    let mut b = a.clone();
    b[2][5] += 0.01;
    let jvp = |v: &[f64]| mat_vec(&a, v);
    let vjp = |y: &[f64]| mat_t_vec(&b, y);
    let report = dot_product_test(jvp, vjp, 7, 4, 99, Tolerance::default()).unwrap_err();
    assert!(report
        .to_string()
        .starts_with("dot_product_test failed for"));
    assert!(report.to_string().contains("trial["));
}

#[test]
#[should_panic(expected = "vjp(ȳ) has length 3 but n_in has length 7")]
fn dot_product_test_panics_on_wrong_vjp_length() {
    let a = matrix(1, 4, 7);
    let _ = dot_product_test(|v| mat_vec(&a, v), |_| vec![0.0; 3], 7, 4, 0, TIGHT);
}

#[test]
fn hvp_fd_matches_the_hand_written_rosenbrock_hessian() {
    for seed in 0..5 {
        let x = test_point(seed);
        let v = Rng::new(100 + seed).vector(6, -1.0, 1.0);
        let fd = hvp_fd(rosenbrock_grad, &x, &v);
        let exact = rosenbrock_hv(&x, &v);
        for (i, (a, n)) in exact.iter().zip(&fd).enumerate() {
            assert!(Tolerance::default().accepts(*a, *n), "Hv[{i}]: {a} vs {n}");
        }
        hvp_check(rosenbrock_grad, &x, &v, &exact, Tolerance::default()).unwrap();
    }
}

#[test]
fn hvp_check_fails_for_a_wrong_hessian() {
    let x = test_point(7);
    let v = Rng::new(8).vector(6, -1.0, 1.0);
    let mut wrong = rosenbrock_hv(&x, &v);
    wrong[0] += 0.05 * wrong[0].abs().max(1.0);
    let report = hvp_check(rosenbrock_grad, &x, &v, &wrong, Tolerance::default()).unwrap_err();
    assert_eq!(report.worst().index, 0);
    assert!(report.to_string().contains("Hv[0]"));
}

/// f(x) = (x₀·x₁, sin x₂, x₀² + x₂·x₁) and its hand-written VJP.
fn vector_fn(x: &[f64]) -> Vec<f64> {
    vec![x[0] * x[1], x[2].sin(), x[0] * x[0] + x[2] * x[1]]
}

fn vector_fn_vjp(x: &[f64], y: &[f64]) -> Vec<f64> {
    vec![
        y[0] * x[1] + y[2] * 2.0 * x[0],
        y[0] * x[0] + y[2] * x[2],
        y[1] * x[2].cos() + y[2] * x[1],
    ]
}

#[test]
fn check_vjp_passes_for_the_right_vjp() {
    for seed in 0..5 {
        let x = Rng::new(seed).vector(3, -2.0, 2.0);
        check_vjp(
            vector_fn,
            &x,
            |y| vector_fn_vjp(&x, y),
            seed,
            Tolerance::default(),
        )
        .unwrap();
    }
}

#[test]
fn check_vjp_fails_for_a_wrong_vjp() {
    let x = [0.7, -1.3, 0.4];
    // Forgets the cos in ∂f₁/∂x₂.
    let wrong = |y: &[f64]| {
        let mut g = vector_fn_vjp(&x, y);
        g[2] = y[1] + y[2] * x[1];
        g
    };
    let report = check_vjp(vector_fn, &x, wrong, 3, Tolerance::default()).unwrap_err();
    assert!(report.to_string().starts_with("check_vjp failed for"));
}

#[test]
fn rng_is_deterministic_and_in_range() {
    let a = Rng::new(2024).vector(1000, -3.0, 5.0);
    assert_eq!(a, Rng::new(2024).vector(1000, -3.0, 5.0));
    assert_ne!(a, Rng::new(2025).vector(1000, -3.0, 5.0));
    assert!(a.iter().all(|x| (-3.0..5.0).contains(x)));
    let mean = a.iter().sum::<f64>() / a.len() as f64;
    assert!((mean - 1.0).abs() < 0.2, "mean {mean}");
}
