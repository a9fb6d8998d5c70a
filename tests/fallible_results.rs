//! `Option` and `Result` results: the derived items return the same wrapper, `None` (or
//! `f`'s own error) where `f` has no value, checked against central differences and hand
//! derivatives where it has one.

use autodiff::differentiate;

/// The mean, `None` for an empty slice.
#[differentiate]
fn mean(x: &[f64]) -> Option<f64> {
    if x.is_empty() {
        return None;
    }
    let mut s = 0.0;
    for v in x {
        s += v;
    }
    Some(s / x.len() as f64)
}

#[test]
fn option_results() {
    let x = [1.0, 2.0, 6.0];
    mean_gradcheck(&x).unwrap();
    assert_eq!(mean_grad(&x), Some((3.0, vec![1.0 / 3.0; 3])));
    assert_eq!(mean_grad(&[]), None);
    assert_eq!(mean_jvp(&x, &[1.0, 0.0, 2.0]), Some((3.0, 1.0)));
    assert_eq!(mean_vjp(&[], 1.0), None);
}

/// `?` on an index that may be missing, and an `if`/`else` tail.
#[differentiate]
fn squared_at(x: &[f64], idx: Option<usize>) -> Option<f64> {
    let i = idx?;
    if i >= x.len() {
        None
    } else {
        Some(x[i] * x[i])
    }
}

#[derive(Debug, PartialEq)]
enum DomainError {
    NotPositive(f64),
}

fn checked_count(n: i64) -> Result<usize, DomainError> {
    if n > 0 {
        Ok(n as usize)
    } else {
        Err(DomainError::NotPositive(n as f64))
    }
}

/// A `Result` with the function's own error, `?` on an inactive helper's `Result`.
#[differentiate]
fn log_ratio(a: f64, b: f64, n: i64) -> Result<f64, DomainError> {
    if b <= 0.0 {
        return Err(DomainError::NotPositive(b));
    }
    let k = checked_count(n)?;
    Ok(k as f64 * (a / b).ln())
}

/// A `Vec` result behind an `Option`, and `f32`.
#[differentiate]
fn normalised(x: &[f32]) -> Option<Vec<f32>> {
    let mut s = 0.0;
    for v in x {
        s += v * v;
    }
    if s == 0.0 {
        return None;
    }
    let n = s.sqrt();
    Some(x.iter().map(|v| v / n).collect())
}

#[test]
fn question_marks_and_result_errors() {
    let x = [1.5, -2.0];
    squared_at_gradcheck(&x, Some(1)).unwrap();
    assert_eq!(squared_at_grad(&x, Some(1)), Some((4.0, vec![0.0, -4.0])));
    assert_eq!(squared_at_grad(&x, Some(2)), None);
    assert_eq!(squared_at_grad(&x, None), None);

    log_ratio_gradcheck(2.0, 0.5, 3).unwrap();
    // 3·ln(a/b): ∂a = 3/a, ∂b = −3/b.
    let (v, ga, gb) = log_ratio_grad(2.0, 0.5, 3).unwrap();
    assert!((v - 3.0 * 4.0f64.ln()).abs() < 1e-15);
    assert!((ga - 1.5).abs() < 1e-15 && (gb + 6.0).abs() < 1e-15);
    assert_eq!(
        log_ratio_grad(2.0, -1.0, 3),
        Err(DomainError::NotPositive(-1.0))
    );
    assert_eq!(
        log_ratio_jvp(2.0, 0.5, 0, 1.0, 0.0),
        Err(DomainError::NotPositive(0.0))
    );
}

#[test]
fn a_vec_behind_an_option() {
    let x = [3.0f32, 4.0];
    // u = x/|x|: the VJP with w is (w − ⟨w, u⟩u)/|x|.
    let w = [1.0f32, 0.0];
    let (u, g) = normalised_vjp(&x, w.to_vec()).unwrap();
    assert_eq!(u, vec![0.6, 0.8]);
    let expected = [(1.0 - 0.6 * 0.6) / 5.0, (-0.6 * 0.8) / 5.0];
    assert!(g.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-6));
    assert_eq!(normalised_vjp(&[0.0, 0.0], w.to_vec()), None);
    let (_, t) = normalised_jvp(&x, &[1.0, 0.0]).unwrap();
    assert!(t.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-6));
}

#[derive(autodiff::Differentiable)]
struct Quadratic {
    a: f64,
    b: f64,
    c: f64,
}

impl Quadratic {
    /// The larger real root, `None` where there is none.
    #[differentiate]
    fn larger_root(&self) -> Option<f64> {
        let d = self.b * self.b - 4.0 * self.a * self.c;
        if d < 0.0 {
            return None;
        }
        Some((-self.b + d.sqrt()) / (2.0 * self.a))
    }
}

#[test]
fn a_method_with_an_option_result() {
    let q = Quadratic {
        a: 1.0,
        b: -3.0,
        c: 2.0,
    };
    q.larger_root_gradcheck().unwrap();
    // r = 2 of r² − 3r + 2: ∂r/∂a = −r²/(2ar + b), ∂r/∂b = −r/(2ar + b), ∂r/∂c = −1/(2ar + b).
    let (r, g) = q.larger_root_grad().unwrap();
    assert_eq!(r, 2.0);
    assert!((g.a + 4.0).abs() < 1e-12 && (g.b + 2.0).abs() < 1e-12 && (g.c + 1.0).abs() < 1e-12);
    let none = Quadratic {
        a: 1.0,
        b: 0.0,
        c: 1.0,
    };
    assert!(none.larger_root_grad().is_none());
}

/// `?` inside expressions, in a loop too.
#[differentiate]
fn picked_twice(x: &[f64], idx: Option<usize>) -> Option<f64> {
    let mut s = 0.0;
    for k in 1..3_usize {
        s += x[k.checked_sub(1)?] * x[0];
    }
    Some(s + x[idx?] * 2.0)
}

/// Generic over its float type, with `None` and `?`.
#[differentiate]
fn generic_norm<T: autodiff::num_traits::Float>(x: &[T], cap: Option<usize>) -> Option<T> {
    let n = cap?;
    if x.is_empty() || n == 0 {
        return None;
    }
    let mut s = T::zero();
    for v in x.iter().take(n) {
        s = s + *v * *v;
    }
    Some(s.sqrt())
}

/// `wrt` leaving a float out.
#[differentiate(wrt(x))]
fn shifted_root(x: f64, c: f64) -> Option<f64> {
    if x + c < 0.0 {
        None
    } else {
        Some((x + c).sqrt())
    }
}

struct Solver;

impl Solver {
    /// An associated function with an `Option` result.
    #[differentiate(associated)]
    fn root(x: f64) -> Option<f64> {
        if x < 0.0 {
            return None;
        }
        Some(x.sqrt() * x)
    }
}

/// A tuple behind an `Option`.
#[differentiate]
fn polar(x: f64, y: f64) -> Option<(f64, f64)> {
    let r = (x * x + y * y).sqrt();
    if r == 0.0 {
        return None;
    }
    Some((r, y.atan2(x)))
}

#[test]
fn review_cases() {
    let x = [1.5, -2.0, 0.5];
    picked_twice_gradcheck(&x, Some(2)).unwrap();
    // s = x0·x0 + x1·x0, + 2 x2.
    let (v, g) = picked_twice_grad(&x, Some(2)).unwrap();
    assert_eq!(v, 2.25 - 3.0 + 1.0);
    assert_eq!(g, vec![2.0 * 1.5 - 2.0, 1.5, 2.0]);
    assert_eq!(picked_twice_grad(&x, None), None);

    generic_norm_gradcheck(&[3.0, 4.0, 12.0], Some(2)).unwrap();
    let (v, g) = generic_norm_grad(&[3.0f32, 4.0], Some(2)).unwrap();
    assert_eq!(v, 5.0);
    assert!((g[0] - 0.6).abs() < 1e-6 && (g[1] - 0.8).abs() < 1e-6);
    assert!(generic_norm_grad(&[3.0f64], None).is_none());
    assert!(generic_norm_grad::<f64>(&[], Some(1)).is_none());

    shifted_root_gradcheck(2.0, 2.0).unwrap();
    assert_eq!(shifted_root_grad(2.0, 2.0), Some((2.0, 0.25)));
    assert_eq!(shifted_root_grad(-3.0, 2.0), None);

    Solver::root_gradcheck(4.0).unwrap();
    assert_eq!(Solver::root_grad(4.0), Some((8.0, 3.0)));
    assert_eq!(Solver::root_grad(-1.0), None);

    // r̄ = 1, θ̄ = 0 at (3, 4): (x/r, y/r).
    let (value, gx, gy) = polar_vjp(3.0, 4.0, (1.0, 0.0)).unwrap();
    assert_eq!(value.0, 5.0);
    assert!((gx - 0.6).abs() < 1e-15 && (gy - 0.8).abs() < 1e-15);
    assert!(polar_vjp(0.0, 0.0, (1.0, 0.0)).is_none());
}

/// Differentiated callers of a function returning an `Option`: `unwrap`, and `?` in a
/// function returning one too.
#[differentiate]
fn variance(x: &[f64]) -> Option<f64> {
    let m = mean(x)?;
    let n = x.len() as f64;
    Some(x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n)
}

#[differentiate]
fn spread(x: &[f64]) -> f64 {
    let m = mean(x).unwrap();
    x.iter().map(|v| (v - m).abs()).sum()
}

/// An `Option` computed by a call, returned as it is.
#[differentiate]
fn mean_square(a: &autodiff::ndarray::Array1<f64>) -> Option<f64> {
    a.mapv(|v| v * v).mean()
}

impl Quadratic {
    /// The larger root, squared, where it exists: `?` on a method of `self`.
    #[differentiate]
    fn squared_root(&self) -> Option<f64> {
        let r = self.larger_root()?;
        Some(r * r)
    }

    /// The distance between the roots, through the method above.
    #[differentiate]
    fn root_gap(&self) -> f64 {
        let r = self.larger_root().expect("real roots");
        2.0 * r + self.b / self.a
    }
}

#[test]
fn callers_of_option_functions() {
    let x = [1.0, 2.0, 4.0];
    // Var = Σ(xᵢ − m)²/n, ∂/∂xᵢ = 2(xᵢ − m)/n (the mean's own derivative sums to zero).
    let (v, g) = variance_grad(&x).unwrap();
    assert!((v - 42.0 / 27.0).abs() < 1e-12);
    for (gi, xi) in g.iter().zip(x) {
        assert!((gi - 2.0 * (xi - 7.0 / 3.0) / 3.0).abs() < 1e-12);
    }
    variance_gradcheck(&x).unwrap();
    assert!(variance_grad(&[]).is_none());
    // Σ|xᵢ − m|: ∂/∂xᵢ = sign(xᵢ − m) − Σⱼ sign(xⱼ − m)/n.
    let (_, g) = spread_grad(&x);
    let signs = [-1.0, -1.0, 1.0];
    for (gi, si) in g.iter().zip(signs) {
        assert!((gi - (si + 1.0 / 3.0)).abs() < 1e-12);
    }
    spread_gradcheck(&x).unwrap();
    let a = autodiff::ndarray::arr1(&[1.0, 2.0, 3.0]);
    let (_, g) = mean_square_grad(&a).unwrap();
    assert_eq!(g.to_vec(), vec![2.0 / 3.0, 4.0 / 3.0, 2.0]);
    mean_square_gradcheck(&a).unwrap();
    // x² − 3x + 2: roots 1 and 2, gap √(b² − 4ac)/a; ∂/∂b = b/(a√d) = −3.
    let q = Quadratic {
        a: 1.0,
        b: -3.0,
        c: 2.0,
    };
    // (r²)' = 2r r': ∂/∂c = 2 · 2 · (−1) = −4.
    let (sq, g) = q.squared_root_grad().unwrap();
    assert!((sq - 4.0).abs() < 1e-12 && (g.c + 4.0).abs() < 1e-12);
    q.squared_root_gradcheck().unwrap();
    let (gap, g) = q.root_gap_grad();
    assert!((gap - 1.0).abs() < 1e-12 && (g.b + 3.0).abs() < 1e-12);
    q.root_gap_gradcheck().unwrap();
}

/// Where the callee has no value, the caller's derivatives panic as its `unwrap` does.
#[test]
#[should_panic(expected = "called `Option::unwrap()` on a `None` value")]
fn a_caller_unwrapping_none_panics() {
    let _ = spread_grad(&[]);
}

mod stats {
    use autodiff::differentiate;

    /// The geometric mean, `None` where it is not real.
    #[differentiate]
    pub fn geometric_mean(x: &[f64]) -> Option<f64> {
        if x.is_empty() {
            return None;
        }
        for v in x {
            if *v <= 0.0 {
                return None;
            }
        }
        Some((x.iter().map(|v| v.ln()).sum::<f64>() / x.len() as f64).exp())
    }
}

/// A caller in another module than the `Option` function it unwraps.
#[differentiate]
fn log_of_geometric_mean(x: &[f64]) -> f64 {
    stats::geometric_mean(x).unwrap().ln()
}

#[test]
fn a_caller_in_another_module() {
    // ln of the geometric mean is the mean of the logs: ∂/∂xᵢ = 1/(n xᵢ).
    let x = [1.0, 2.0, 4.0];
    let (_, g) = log_of_geometric_mean_grad(&x);
    for (gi, xi) in g.iter().zip(x) {
        assert!((gi - 1.0 / (3.0 * xi)).abs() < 1e-12);
    }
    log_of_geometric_mean_gradcheck(&x).unwrap();
}

/// The largest element, `None` for an empty slice: an `Option` returned by a reduction.
#[differentiate]
fn largest(x: &[f64]) -> Option<f64> {
    x.iter().copied().max_by(|a, b| a.total_cmp(b))
}

#[test]
fn an_option_returned_by_a_reduction() {
    let (m, g) = largest_grad(&[0.5, 2.0, -1.0]).unwrap();
    assert_eq!((m, g), (2.0, vec![0.0, 1.0, 0.0]));
    assert!(largest_grad(&[]).is_none());
    largest_gradcheck(&[0.5, 2.0, -1.0]).unwrap();
}

#[differentiate]
fn shares(x: &[f64]) -> Option<Vec<f64>> {
    let s: f64 = x.iter().sum();
    if s == 0.0 {
        return None;
    }
    Some(x.iter().map(|v| v / s).collect())
}

// An `Option<Vec<f64>>` unwrapped and indexed, without a type on the `let`.
#[differentiate]
fn share_product(x: &[f64]) -> f64 {
    let p = shares(x).unwrap();
    p[0] * p[1]
}

// A function of an `Option` result calling itself through `?`.
#[differentiate]
fn power_chain(x: f64, n: u32) -> Option<f64> {
    if n == 0 {
        return Some(1.0);
    }
    let r = power_chain(x, n - 1)?;
    Some(x * r)
}

#[test]
fn option_vectors_and_recursion() {
    share_product_gradcheck(&[1.0, 2.0, 3.0]).unwrap();
    // x₀x₁/s²: ∂/∂x₀ = x₁/s² − 2x₀x₁/s³ = 2/36 − 4/216.
    let (_, g) = share_product_grad(&[1.0, 2.0, 3.0]);
    assert!((g[0] - (2.0 / 36.0 - 4.0 / 216.0)).abs() < 1e-12);
    power_chain_gradcheck(1.3, 3).unwrap();
    // x³: 3x².
    let (v, g) = power_chain_grad(1.3, 3).unwrap();
    assert!((v - 1.3f64.powi(3)).abs() < 1e-12 && (g - 3.0 * 1.69).abs() < 1e-12);
}

#[differentiate]
fn mean_of(x: &[f64]) -> Option<f64> {
    if x.is_empty() {
        None
    } else {
        Some(x.iter().sum::<f64>() / x.len() as f64)
    }
}

// The value tested for first, then unwrapped (what the message for `unwrap_or` suggests).
#[differentiate]
fn spread_about_mean(x: &[f64]) -> f64 {
    let m = if x.is_empty() {
        0.0
    } else {
        mean_of(x).unwrap()
    };
    x.iter().map(|v| (v - m).powi(2)).sum()
}

#[test]
fn tested_then_unwrapped() {
    spread_about_mean_gradcheck(&[1.0, 2.5, -0.5]).unwrap();
    // Σ (xᵢ − m)²: ∂/∂xᵢ = 2 (xᵢ − m) (the mean's own term sums to zero).
    let x = [1.0, 2.5, -0.5];
    let (_, g) = spread_about_mean_grad(&x);
    for (gi, xi) in g.iter().zip(x) {
        assert!((gi - 2.0 * (xi - 1.0)).abs() < 1e-12);
    }
    assert_eq!(spread_about_mean(&[]), 0.0);
}

/// A `match` (and an `if let`) on the `Option` a differentiated call returns, as held-out
/// round 18's statistics code writes it: `Some(m)` binds the value with its derivative.
#[allow(clippy::manual_map)]
#[differentiate]
fn squared_spread(x: &[f64]) -> Option<f64> {
    match mean(x) {
        Some(m) => Some(x.iter().map(|v| (v - m) * (v - m)).sum::<f64>()),
        None => None,
    }
}

#[differentiate]
fn centred_first(x: &[f64]) -> f64 {
    if let Some(m) = mean(x) {
        x[0] - m
    } else {
        0.0
    }
}

#[test]
fn a_match_on_an_option_a_call_returns() {
    // Σ (xᵢ − m)²: its gradient 2(xᵢ − m) (the mean's own term sums to zero).
    let (v, g) = squared_spread_grad(&[1.0, 2.0, 4.0]).unwrap();
    assert!((v - 42.0 / 9.0).abs() < 1e-12);
    let want = [-8.0 / 3.0, -2.0 / 3.0, 10.0 / 3.0];
    assert!(g.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12));
    assert!(squared_spread_grad(&[]).is_none());
    // x₀ − m: ∂ = (1 − 1/n, −1/n, −1/n).
    let (v, g) = centred_first_grad(&[1.0, 2.0, 4.0]);
    assert!((v + 4.0 / 3.0).abs() < 1e-12);
    assert!((g[0] - 2.0 / 3.0).abs() < 1e-12 && (g[1] + 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(centred_first(&[]), 0.0);
}

/// A label that must be exactly ±1, as a margin ranking loss checks it: at `y ± h` the
/// function is `Err`, so `_gradcheck` has no central difference in `y` and leaves it out,
/// rather than differencing the value function's default.
#[differentiate]
fn margin_ranking(x1: f64, x2: f64, y: f64, margin: f64) -> Result<f64, String> {
    if y != 1.0 && y != -1.0 {
        return Err(format!("the label {y} is not ±1"));
    }
    Ok((-y * (x1 - x2) + margin).max(0.0))
}

/// No value below 0: at 0 the difference of `x` steps out of the domain.
#[differentiate]
fn square_of_nonnegative(x: f64, a: f64) -> Option<f64> {
    if x < 0.0 {
        None
    } else {
        Some(a * x * x)
    }
}

#[test]
fn gradcheck_leaves_out_differences_that_step_out_of_the_domain() {
    margin_ranking_gradcheck(0.3, 0.8, 1.0, 0.1).unwrap();
    margin_ranking_gradcheck(0.3, 0.8, -1.0, 0.7).unwrap();
    // −y·(x1 − x2) + margin = 0.6 > 0: ∂x1 = −y, ∂x2 = y, ∂y = −(x1 − x2), ∂margin = 1.
    let (v, g1, g2, gy, gm) = margin_ranking_grad(0.3, 0.8, 1.0, 0.1).unwrap();
    assert!((v - 0.6).abs() < 1e-15);
    assert_eq!((g1, g2, gm), (-1.0, 1.0, 1.0));
    assert!((gy - 0.5).abs() < 1e-15);
    assert!(margin_ranking_gradcheck(0.3, 0.8, 0.5, 0.1).is_ok());
    assert!(margin_ranking_grad(0.3, 0.8, 0.5, 0.1).is_err());
    // At x = 0 only `a` has a central difference (the one of x would be h/2, not 0).
    square_of_nonnegative_gradcheck(0.0, 2.0).unwrap();
    square_of_nonnegative_gradcheck(1.5, 2.0).unwrap();
    assert_eq!(square_of_nonnegative_grad(0.0, 2.0), Some((0.0, 0.0, 0.0)));
    let (_, gx, ga) = square_of_nonnegative_grad(1.5, 2.0).unwrap();
    assert_eq!((gx, ga), (6.0, 2.25));
}

/// `?` on an element of a slice (`x.get(i)?`, `x.first()?`, `x.last()?`): the element where
/// it exists, `None` where it does not.
#[differentiate]
fn square_at(x: &[f64], i: usize) -> Option<f64> {
    let v = x.get(i)?;
    Some(v * v)
}

#[differentiate]
fn ends_and_second(x: &[f64]) -> Option<f64> {
    let a = x.first()?;
    let b = x.last()?;
    Some(a * b + x.get(1)?.sin())
}

#[test]
fn question_mark_on_an_element() {
    assert_eq!(square_at_grad(&[1.0, 3.0], 1), Some((9.0, vec![0.0, 6.0])));
    assert_eq!(square_at_grad(&[1.0, 3.0], 5), None);
    square_at_gradcheck(&[1.0, 3.0], 1).unwrap();
    // a·b + sin x₁: ∂ = (b, cos x₁, a).
    let (v, g) = ends_and_second_grad(&[1.0, 3.0, 2.0]).unwrap();
    assert!((v - (2.0 + 3f64.sin())).abs() < 1e-15);
    assert_eq!(g, vec![2.0, 3f64.cos(), 1.0]);
    assert_eq!(ends_and_second_grad(&[1.0]), None);
    ends_and_second_gradcheck(&[1.0, 3.0, 2.0]).unwrap();
}

/// `?` on a differentiated call in a function returning a `Result` (the error type
/// `Debug`, as error types are): the value carries its derivative.
#[derive(Debug, PartialEq)]
pub enum FitError {
    Empty,
}

#[differentiate]
fn fit_mean(x: &[f64]) -> Result<f64, FitError> {
    if x.is_empty() {
        return Err(FitError::Empty);
    }
    Ok(x.iter().sum::<f64>() / x.len() as f64)
}

#[differentiate]
fn fit_variance(x: &[f64]) -> Result<f64, FitError> {
    let m = fit_mean(x)?;
    let mut s = 0.0;
    for v in x {
        s += (v - m) * (v - m);
    }
    Ok(s / x.len() as f64)
}

#[test]
fn try_on_a_differentiated_call_returning_a_result() {
    // σ² = Σ(xᵢ − m)²/n: ∂σ²/∂xᵢ = 2(xᵢ − m)/n (the terms through m sum to zero).
    let x = [1.0, 2.0, 4.0];
    let (v, g) = fit_variance_grad(&x).unwrap();
    let m = 7.0 / 3.0;
    assert!((v - fit_variance(&x).unwrap()).abs() < 1e-15);
    for i in 0..3 {
        assert!((g[i] - 2.0 * (x[i] - m) / 3.0).abs() < 1e-14);
    }
    fit_variance_gradcheck(&x).unwrap();
    assert_eq!(fit_variance_grad(&[]), Err(FitError::Empty));
}

/// A function generic over its float type returning an array in a `Result`, with an early
/// error, as defensive statistics code writes it (`T: Float` is not `Default`).
#[differentiate]
fn scaled_or_empty<T: autodiff::num_traits::Float>(
    x: &autodiff::ndarray::Array1<T>,
    k: T,
) -> Result<autodiff::ndarray::Array1<T>, &'static str> {
    if x.is_empty() {
        return Err("empty");
    }
    let mut r = autodiff::ndarray::Array1::<T>::zeros(x.len());
    for i in 0..x.len() {
        r[i] = x[i] * k * k;
    }
    Ok(r)
}

#[test]
fn a_generic_array_result_with_an_early_error() {
    use autodiff::ndarray::{array, Array1};
    let x = array![1.0, -2.0];
    // r = x k²: x̄ = ȳ k², k̄ = 2 k ⟨ȳ, x⟩.
    let (r, x_bar, k_bar) = scaled_or_empty_vjp(&x, 3.0, array![1.0, 0.25]).unwrap();
    assert_eq!(r, array![9.0, -18.0]);
    assert_eq!((x_bar, k_bar), (array![9.0, 2.25], 3.0));
    let empty: Array1<f64> = array![];
    assert_eq!(scaled_or_empty_vjp(&empty, 3.0, array![]), Err("empty"));
    let (_, r_dot) = scaled_or_empty_jvp(&x, 3.0, &array![0.0, 0.0], 1.0).unwrap();
    assert_eq!(r_dot, array![6.0, -12.0]);
}

/// A view parameter in a function returning a `Result` (by reference and by value): the
/// derived items take owned arrays, and run the function on views of them.
#[differentiate]
fn corner_product(
    a: &autodiff::ndarray::ArrayView<f64, autodiff::ndarray::Ix2>,
) -> Result<f64, &'static str> {
    if a.is_empty() {
        return Err("empty");
    }
    Ok(a[[0, 0]] * a[[1, 1]])
}

#[differentiate]
fn corner_sum(a: autodiff::ndarray::ArrayView2<f64>) -> Result<f64, &'static str> {
    if a.is_empty() {
        return Err("empty");
    }
    Ok(a[[0, 1]] + 2.0 * a[[1, 0]])
}

#[test]
fn view_parameters_of_a_fallible_function() {
    use autodiff::ndarray::array;
    let m = array![[2.0, 3.0], [5.0, 7.0]];
    let (v, m_bar) = corner_product_grad(&m).unwrap();
    assert_eq!((v, m_bar), (14.0, array![[7.0, 0.0], [0.0, 2.0]]));
    let (v, m_bar) = corner_sum_grad(&m).unwrap();
    assert_eq!((v, m_bar), (13.0, array![[0.0, 1.0], [2.0, 0.0]]));
}

/// A float of a generic type unwrapped with `?` (`T::from_usize(n).ok_or(…)?`), as generic
/// statistics code converts its counts: the value before the `?` is no `Default`.
#[differentiate]
fn generic_mean<T>(x: &[T]) -> Result<T, &'static str>
where
    T: autodiff::num_traits::Float + autodiff::num_traits::FromPrimitive,
{
    let mut sum = T::zero();
    for &v in x {
        sum = sum + v;
    }
    let count = T::from_usize(x.len()).ok_or("no count")?;
    Ok(sum / count)
}

#[test]
fn a_generic_float_unwrapped_with_a_question_mark() {
    let (m, g) = generic_mean_grad(&[1.0, 2.0, 6.0]).unwrap();
    assert_eq!((m, g), (3.0, vec![1.0 / 3.0; 3]));
}
