//! Iterator chains as numerical code writes them: ranges mapped and summed, `rev`, `skip`,
//! `take`, `step_by`, `enumerate` after steps, `zip` of a range and a sequence, `fold`,
//! `for_each` updating a captured accumulator. Each function is checked against a closed
//! form and by its generated `_gradcheck` (central differences, the other mode, H·v).

#![allow(clippy::needless_range_loop)] // index loops are the form under test

mod common;
use autodiff::differentiate;
use common::assert_close as close;

// Σᵢ wᵢ·xᵢ over a range, and Σₖ₌₁ⁿ xₖ₋₁ / k over an inclusive one.
#[differentiate]
fn ranges(x: &[f64], w: &[f64]) -> f64 {
    let n = x.len();
    let dot = (0..n).map(|i| w[i] * x[i]).sum::<f64>();
    let harmonic: f64 = (1..=n).map(|k| x[k - 1] / k as f64).sum();
    dot + harmonic
}

// Σ over every other element from the back, skipping the last: x[n-2], x[n-4], …
#[differentiate]
fn reversed_and_strided(x: &[f64]) -> f64 {
    x.iter()
        .rev()
        .skip(1)
        .step_by(2)
        .map(|v| v * v)
        .sum::<f64>()
}

// Σᵢ (i + 1)·xᵢ₊₁ for the first three after the first: enumerate counts after `skip`.
#[differentiate]
fn enumerated_after_steps(x: &[f64]) -> f64 {
    x.iter()
        .skip(1)
        .take(3)
        .enumerate()
        .map(|(i, v)| (i as f64 + 1.0) * v)
        .sum::<f64>()
}

// The running maximum of a reversed window, a fold with a closure, and `for_each`.
#[differentiate]
fn fold_and_for_each(x: &[f64], c: f64) -> f64 {
    let m = x
        .iter()
        .take(3)
        .fold(f64::NEG_INFINITY, |acc, &v| acc.max(v));
    let mut s = 0.0;
    (0..x.len()).rev().for_each(|i| s += c * x[i] * i as f64);
    let n = x.len();
    x.iter()
        .zip(0..n)
        .for_each(|(v, j)| s += v * (n - 1 - j) as f64);
    m + s
}

#[test]
fn ranges_steps_and_consumers() {
    let x = [0.3, -1.1, 2.0, 0.7, -0.4];
    let w = [1.5, 0.2, -0.6, 0.9, 1.1];
    let (_, gx, gw) = ranges_grad(&x, &w);
    let want: Vec<f64> = (0..5).map(|i| w[i] + 1.0 / (i + 1) as f64).collect();
    close(&gx, &want);
    close(&gw, &x);
    ranges_gradcheck(&x, &w).unwrap();

    // rev: x4 x3 x2 x1 x0; skip 1: x3 x2 x1 x0; step_by 2: x3, x1.
    let (v, g) = reversed_and_strided_grad(&x);
    assert!((v - (x[3] * x[3] + x[1] * x[1])).abs() < 1e-15);
    close(&g, &[0.0, 2.0 * x[1], 0.0, 2.0 * x[3], 0.0]);
    reversed_and_strided_gradcheck(&x).unwrap();

    // skip 1, take 3: x1 x2 x3 with indices 0 1 2.
    let (v, g) = enumerated_after_steps_grad(&x);
    assert!((v - (x[1] + 2.0 * x[2] + 3.0 * x[3])).abs() < 1e-15);
    close(&g, &[0.0, 1.0, 2.0, 3.0, 0.0]);
    enumerated_after_steps_gradcheck(&x).unwrap();

    // max of x0 x1 x2 is x2; s = Σ c·i·xᵢ + Σ (n−1−i)·xᵢ.
    let c = 0.5;
    let (_, g, gc) = fold_and_for_each_grad(&x, c);
    let want: Vec<f64> = (0..5)
        .map(|i| (i == 2) as u8 as f64 + c * i as f64 + (4 - i) as f64)
        .collect();
    close(&g, &want);
    close(&[gc], &[(0..5).map(|i| i as f64 * x[i]).sum()]);
    fold_and_for_each_gradcheck(&x, c).unwrap();
}

// Literal bounds (no type until the body gives one) collected, and a range over `i64`.
#[differentiate]
fn literal_ranges(x: &[f64]) -> f64 {
    let first: Vec<f64> = (0..3).map(|i| x[i] * 2.0).collect();
    let signs: f64 = (-2i64..=2).map(|k| k as f64 * x[(k + 2) as usize]).sum();
    first[0] + first[2] + signs
}

#[test]
fn literal_bounds_and_signed_ranges() {
    let x = [0.3, -1.1, 2.0, 0.7, -0.4];
    let (_, g) = literal_ranges_grad(&x);
    close(&g, &[2.0 - 2.0, -1.0, 2.0, 1.0, 2.0]);
    literal_ranges_gradcheck(&x).unwrap();
}

// Σ of the squares of the positive elements, and a loop over the even positions.
#[differentiate]
fn filtered(x: &[f64], w: f64) -> f64 {
    let positive: f64 = x.iter().filter(|v| **v > 0.0).map(|v| v * v).sum();
    let mut s = 0.0;
    for (i, v) in x.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
        s += w * v * i as f64;
    }
    let large = x
        .iter()
        .filter(|&&v| v.abs() > 1.0)
        .fold(0.0, |acc, v| acc + v);
    positive + s + large
}

#[test]
fn filters_skip_the_rest_of_a_step() {
    let x: [f64; 5] = [0.3, -1.1, 2.0, 0.7, -0.4];
    let w = 0.5;
    let (_, g, gw) = filtered_grad(&x, w);
    let want: Vec<f64> = (0..5)
        .map(|i| {
            let positive = if x[i] > 0.0 { 2.0 * x[i] } else { 0.0 };
            let even = if i % 2 == 0 { w * i as f64 } else { 0.0 };
            let large = if x[i].abs() > 1.0 { 1.0 } else { 0.0 };
            positive + even + large
        })
        .collect();
    close(&g, &want);
    close(&[gw], &[2.0 * x[2] + 4.0 * x[4]]);
    filtered_gradcheck(&x, w).unwrap();
}

// Windows and chunks, read through `w[j]`, `w.len()` and `w.iter()`: total variation plus
// the first element of each chunk weighted by the chunk's length.
#[differentiate]
fn variation_and_chunks(x: &[f64]) -> f64 {
    x.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f64>()
        + x.chunks(2).map(|c| c[0] * c.len() as f64).sum::<f64>()
}

// A centred moving average weighted by its middle, and products of exact pairs.
#[differentiate]
fn moving_average(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for w in x.windows(3) {
        s += w.iter().sum::<f64>() / w.len() as f64 * w[1];
    }
    for c in x.chunks_exact(2) {
        s += c[0] * c[1];
    }
    s
}

#[test]
fn windows_and_chunks() {
    let x = [1.0, 2.0, 3.5, 4.0, 0.5];
    variation_and_chunks_gradcheck(&x).unwrap();
    // ∂/∂xₖ Σ (xᵢ₊₁ − xᵢ)² = 2(xₖ − xₖ₋₁) − 2(xₖ₊₁ − xₖ); chunks [x0 x1] [x2 x3] [x4]
    // add 2, 2 and 1 at x0, x2, x4 (the last chunk is short).
    let (_, g) = variation_and_chunks_grad(&x);
    assert_eq!(
        g,
        vec![
            -2.0 + 2.0,
            2.0 - 3.0,
            3.0 - 1.0 + 2.0,
            1.0 + 7.0,
            -7.0 + 1.0
        ]
    );
    moving_average_gradcheck(&x).unwrap();
    // Windows (x0 x1 x2), (x1 x2 x3), (x2 x3 x4): ∂/∂x4 = x3/3 from the last; pairs
    // (x0 x1), (x2 x3): x4 is in no exact chunk.
    let (_, g) = moving_average_grad(&x);
    assert!((g[4] - x[3] / 3.0).abs() < 1e-15);
}

// Extremes by comparator, as `max_by`/`min_by` with `partial_cmp` or `total_cmp` write them.
#[differentiate]
fn spread(x: &[f64]) -> f64 {
    *x.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap()
        - x.iter().copied().min_by(|a, b| a.total_cmp(b)).unwrap()
}

// A comparator with its arguments swapped: `max_by` then finds the minimum.
#[differentiate]
fn smallest(x: &[f64]) -> f64 {
    x.iter()
        .copied()
        .max_by(|a, b| b.partial_cmp(a).unwrap())
        .unwrap()
        * 2.0
}

#[test]
fn max_by_and_min_by() {
    let x = [1.0, 5.0, 3.5, -4.0];
    spread_gradcheck(&x).unwrap();
    assert_eq!(spread_grad(&x), (9.0, vec![0.0, 1.0, 0.0, -1.0]));
    smallest_gradcheck(&x).unwrap();
    assert_eq!(smallest_grad(&x), (-8.0, vec![0.0, 0.0, 0.0, 2.0]));
}

// A generic float summed by a chain: `T: Float` has `+` but not `+=`.
#[differentiate]
fn styblinski_tang<T>(p: &[T]) -> T
where
    T: autodiff::num_traits::Float + autodiff::num_traits::FromPrimitive + std::iter::Sum,
{
    let half = T::from_f64(0.5).unwrap();
    half * p
        .iter()
        .map(|x| {
            x.powi(4) - T::from_f64(16.0).unwrap() * x.powi(2) + T::from_f64(5.0).unwrap() * *x
        })
        .sum::<T>()
}

#[test]
fn a_generic_sum() {
    let x = [-2.5, 1.2, 3.1];
    styblinski_tang_gradcheck(&x).unwrap();
    // ∂/∂xᵢ = (4xᵢ³ − 32xᵢ + 5) / 2.
    let (_, g) = styblinski_tang_grad(&x);
    for (g, &x) in g.iter().zip(&x) {
        let want: f64 = (4.0 * x * x * x - 32.0 * x + 5.0) / 2.0;
        assert!((g - want).abs() < 1e-12);
    }
}

// A fold whose accumulator is a tuple (one pass for a sum and a sum of squares), an index
// taken by reference in `filter` after `enumerate` (`*i`), and `x.get(i + 1)` in `if let`.
#[differentiate]
fn variance_in_one_pass(xs: &[f64]) -> f64 {
    let (s, q) = xs.iter().fold((0.0, 0.0), |(s, q), &x| (s + x, q + x * x));
    let n = xs.len() as f64;
    q / n - (s / n) * (s / n)
}

// A count beside the floats in the accumulator (round 57's `var`, as statistics code
// writes it), at `f64` and generic over `T: Float`.
#[differentiate]
fn variance_counting(values: Vec<f64>) -> f64 {
    let (s, s2, n) = values
        .into_iter()
        .fold((0.0, 0.0, 0usize), |(s, s2, n), x| {
            (s + x, s2 + x * x, n + 1)
        });
    let n = n as f64;
    s2 / n - (s / n) * (s / n)
}

#[differentiate]
fn variance_generic<T>(values: Vec<T>) -> T
where
    T: autodiff::num_traits::Float + autodiff::num_traits::FromPrimitive,
{
    let (sum, sum2, n) = values
        .into_iter()
        .fold((T::zero(), T::zero(), 0usize), |(s, s2, n), x| {
            (s + x, s2 + x * x, n + 1)
        });
    let n = T::from_usize(n).unwrap();
    let mean = sum / n;
    sum2 / n - mean * mean
}

#[differentiate]
fn squares_minus_sum<T: autodiff::num_traits::Float>(values: Vec<T>) -> T {
    let (s2, s) = values
        .into_iter()
        .fold((T::zero(), T::zero()), |(s2, s), x| (s2 + x * x, s + x));
    s2 - s
}

#[test]
fn tuple_folds_with_a_count_and_generic_floats() {
    let xs = vec![1.0, 2.0, 4.0, 7.0];
    // ∂var/∂xᵢ = 2 (xᵢ − mean) / n, mean 3.5, n 4.
    let want: Vec<f64> = xs.iter().map(|x| (x - 3.5) / 2.0).collect();
    for (value, grad) in [
        variance_counting_grad(xs.clone()),
        variance_generic_grad(xs.clone()),
    ] {
        assert!((value - 5.25).abs() < 1e-12);
        close(&grad, &want);
    }
    variance_counting_gradcheck(xs.clone()).unwrap();
    variance_generic_gradcheck(xs.clone()).unwrap();
    // Σ x² − Σ x: ∂/∂xᵢ = 2 xᵢ − 1.
    let (value, grad) = squares_minus_sum_grad(vec![1.0, 2.0, 3.0]);
    assert_eq!((value, grad), (8.0, vec![1.0, 3.0, 5.0]));
}

#[differentiate]
fn squares_but_the_second(x: &[f64]) -> f64 {
    x.iter()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, v)| v * v)
        .sum()
}

#[differentiate]
fn next_squared(x: &[f64], i: usize) -> f64 {
    if let Some(&v) = x.get(i + 1) {
        v * v
    } else {
        0.0
    }
}

#[test]
fn tuple_folds_dereferenced_indices_and_computed_gets() {
    let xs = [1.0, 2.0, 4.0, -0.5];
    variance_in_one_pass_gradcheck(&xs).unwrap();
    // ∂var/∂xᵢ = 2 (xᵢ − mean) / n.
    let (_, g) = variance_in_one_pass_grad(&xs);
    let mean = xs.iter().sum::<f64>() / 4.0;
    for (gi, xi) in g.iter().zip(xs) {
        assert!((gi - 2.0 * (xi - mean) / 4.0).abs() < 1e-14);
    }
    let (value, g) = squares_but_the_second_grad(&xs);
    assert_eq!(value, 1.0 + 16.0 + 0.25);
    assert_eq!(g, vec![2.0, 0.0, 8.0, -1.0]);
    let (value, g) = next_squared_grad(&xs, 1);
    assert_eq!((value, g), (16.0, vec![0.0, 0.0, 8.0, 0.0]));
    assert_eq!(next_squared_grad(&xs, 3), (0.0, vec![0.0; 4]));
}

// A window named like the sequence it is part of (`|x|` over `x.windows(2)`).
#[differentiate]
fn squared_steps(x: &[f64]) -> f64 {
    x.windows(2).map(|x| x[1] - x[0]).map(|d| d * d).sum()
}

#[test]
fn a_window_named_like_its_sequence() {
    let x = [1.0, 3.0, 2.0];
    // (x₁ − x₀)² + (x₂ − x₁)²: ∂ = (−2·2, 2·2 − 2·(−1), 2·(−1)).
    let (value, g) = squared_steps_grad(&x);
    assert_eq!((value, g), (5.0, vec![-4.0, 6.0, -2.0]));
    squared_steps_gradcheck(&x).unwrap();
}

/// A zip of a zip, in a chain and in a `for` loop (held-out round 10's weighted `mse` of
/// PricingFrontier/rustystats): s = Σ cᵢ (aᵢ − bᵢ)², ∂s/∂aᵢ = 2cᵢ(aᵢ − bᵢ) = −∂s/∂bᵢ,
/// ∂s/∂cᵢ = (aᵢ − bᵢ)².
#[differentiate]
fn weighted_squared_error(y: &[f64], p: &[f64], w: &[f64]) -> f64 {
    y.iter()
        .zip(p.iter())
        .zip(w.iter())
        .map(|((&a, &b), &c)| c * (a - b).powi(2))
        .sum()
}

#[differentiate]
fn weighted_squared_error_loop(y: &[f64], p: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for ((a, b), c) in y.iter().zip(p).zip(w) {
        s += c * (a - b) * (a - b);
    }
    s
}

/// Three sources the other way round, `a.zip(b.zip(c))`, one shorter than the others.
#[differentiate]
fn nested_the_other_way(y: &[f64], p: &[f64], w: &[f64]) -> f64 {
    y.iter()
        .zip(p.iter().zip(w.iter()))
        .map(|(a, (b, c))| a * b * c)
        .sum()
}

#[test]
fn zips_of_zips() {
    let (y, p, w) = ([1.0, 2.0, 3.5], [0.5, 2.5, 3.0], [1.0, 2.0, 0.5]);
    for f in [
        weighted_squared_error_grad,
        weighted_squared_error_loop_grad,
    ] {
        let (s, gy, gp, gw) = f(&y, &p, &w);
        assert_eq!(s, 0.875);
        assert_eq!(gy, vec![1.0, -2.0, 0.5]);
        assert_eq!(gp, vec![-1.0, 2.0, -0.5]);
        assert_eq!(gw, vec![0.25, 0.25, 0.25]);
    }
    weighted_squared_error_gradcheck(&y, &p, &w).unwrap();
    weighted_squared_error_loop_gradcheck(&y, &p, &w).unwrap();
    // Two steps (w is shorter): s = y₀p₀w₀ + y₁p₁w₁.
    let (s, gy, gp, gw) = nested_the_other_way_grad(&y, &p, &w[..2]);
    assert_eq!(s, 0.5 + 10.0);
    assert_eq!(
        (gy, gp, gw),
        (vec![0.5, 5.0, 0.0], vec![1.0, 4.0, 0.0], vec![0.5, 5.0])
    );
    nested_the_other_way_gradcheck(&y, &p, &w[..2]).unwrap();
}

// Ranges of negative integers (`i32` by their literals), walked into a `Vec` and a sum, and
// reversed: the walk counts their length as a `usize` whatever their type.
#[differentiate]
fn transition_weights(b: f64) -> Vec<f64> {
    (-2..3).map(|s| (b * s as f64).exp()).collect()
}

#[differentiate]
fn reversed_signed_steps(b: f64) -> Vec<f64> {
    (-2..=2).rev().map(|s| b * b * s as f64).collect()
}

#[differentiate]
fn signed_sum(b: f64) -> f64 {
    (-3isize..2).map(|s| b * b * s as f64).sum()
}

#[test]
fn ranges_of_negative_integers() {
    let b = 0.3;
    // yₛ = e^{b s}: ∂yₛ/∂b = s e^{b s}.
    let (y, b_bar) = transition_weights_vjp(b, vec![1.0; 5]);
    let s = [-2.0, -1.0, 0.0, 1.0, 2.0];
    close(&y, &s.map(|s: f64| (b * s).exp()));
    close(
        &[b_bar],
        &[s.iter().map(|s| s * (b * s).exp()).sum::<f64>()],
    );
    // yₖ = b² sₖ for s = 2, 1, 0, −1, −2: with seed (1, 2, 3, 4, 5), Σ seedₖ 2b sₖ.
    let (y, b_bar) = reversed_signed_steps_vjp(b, vec![1.0, 2.0, 3.0, 4.0, 5.0]);
    close(&y, &[2.0, 1.0, 0.0, -1.0, -2.0].map(|s| b * b * s));
    close(&[b_bar], &[2.0 * b * (2.0 + 2.0 - 4.0 - 10.0)]);
    // Σ_{s=−3}^{1} b² s = −5 b².
    assert_eq!(signed_sum_grad(0.5), (-1.25, -5.0));
    signed_sum_gradcheck(b).unwrap();
}

/// Total variation, as consecutive pairs are written: a sequence zipped with itself after
/// `skip(1)`.
#[differentiate]
fn total_variation(x: &[f64]) -> f64 {
    x.iter()
        .zip(x.iter().skip(1))
        .map(|(a, b)| (b - a).abs())
        .sum()
}

/// A polyline's length, both coordinates paired with their successors.
#[differentiate]
fn polyline_length(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for ((x0, x1), (y0, y1)) in x
        .iter()
        .zip(x.iter().skip(1))
        .zip(y.iter().zip(y.iter().skip(1)))
    {
        s += ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    }
    s
}

/// A lagged product, the skipped side first.
#[differentiate]
fn lag_two_product(x: &[f64]) -> f64 {
    x.iter().skip(2).zip(x.iter()).map(|(a, b)| a * b).sum()
}

#[test]
fn zips_with_skipped_sides() {
    let x = [0.3, -1.0, 2.0, 0.5];
    let y = [1.0, 0.2, -0.3, 0.9];
    // d/dxᵢ Σ |xₖ₊₁ − xₖ| = sign(xᵢ − xᵢ₋₁) − sign(xᵢ₊₁ − xᵢ).
    let (v, g) = total_variation_grad(&x);
    assert!((v - (1.3 + 3.0 + 1.5)).abs() < 1e-12);
    assert_eq!(g, vec![1.0, -2.0, 2.0, -1.0]);
    total_variation_gradcheck(&x).unwrap();
    polyline_length_gradcheck(&x, &y).unwrap();
    // Σ xₖ₊₂ xₖ = x₂x₀ + x₃x₁.
    let (v, g) = lag_two_product_grad(&x);
    assert!((v - (2.0 * 0.3 - 0.5)).abs() < 1e-12);
    assert_eq!(g, vec![2.0, 0.5, 0.3, -1.0]);
    // Past the end, `skip` yields nothing.
    assert_eq!(lag_two_product_grad(&[1.0]).1, vec![0.0]);
}

/// A rule's nodes listed in an array literal, walked by value.
#[differentiate]
fn three_node_sum(x: f64) -> f64 {
    let mut s = 0.0;
    for t in [0.5, 1.5, 2.5] {
        s += (t * x).sin();
    }
    s
}

/// Array literals walked by reference, one holding values with derivatives.
#[differentiate]
fn weighted_nodes(x: f64, w: f64) -> f64 {
    let mut s = 0.0;
    for &t in &[0.5, 1.5] {
        s += t * x * x;
    }
    for t in &[w, 2.0 * w] {
        s += t * x;
    }
    s
}

/// Indices listed in an array literal.
#[differentiate]
fn picked_squares(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for k in [0, 2] {
        s += x[k] * x[k];
    }
    s
}

#[test]
fn loops_over_array_literals() {
    // d/dx Σ sin(t x) = Σ t cos(t x).
    let (_, g) = three_node_sum_grad(0.3);
    let want: f64 = [0.5, 1.5, 2.5]
        .iter()
        .map(|t: &f64| t * (t * 0.3).cos())
        .sum();
    assert!((g - want).abs() < 1e-12);
    // s = 2x² + 3wx: ∂/∂x = 4x + 3w, ∂/∂w = 3x.
    let (_, gx, gw) = weighted_nodes_grad(0.3, 0.7);
    assert!((gx - (1.2 + 2.1)).abs() < 1e-12);
    assert!((gw - 0.9).abs() < 1e-12);
    weighted_nodes_gradcheck(0.3, 0.7).unwrap();
    assert_eq!(picked_squares_grad(&[1.0, 2.0, 3.0]).1, vec![2.0, 0.0, 6.0]);
}

/// A loop variable declared `mut` and changed in the body, over a chain and over an array
/// literal holding values with derivatives.
#[differentiate]
fn doubled_squares(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for mut t in x.iter().copied() {
        t *= 2.0;
        s += t * t;
    }
    s
}

#[differentiate]
fn squares_of_listed(x: f64, y: f64) -> f64 {
    let mut s = 0.0;
    for mut t in [x, y, 1.0] {
        t = t * t;
        s += t;
    }
    s
}

#[test]
fn mutable_loop_variables() {
    // Σ (2xᵢ)²: ∂/∂xᵢ = 8xᵢ.
    assert_eq!(doubled_squares_grad(&[1.0, 2.0]).1, vec![8.0, 16.0]);
    // x² + y² + 1.
    assert_eq!(squares_of_listed_grad(1.5, 2.0), (7.25, 3.0, 4.0));
    squares_of_listed_gradcheck(1.5, 2.0).unwrap();
}

/// Elements compared with a borrow (`d >= &0.5`), as code walking `x.iter()` writes it: the
/// derived items read elements by value, and the borrow goes too.
#[differentiate]
fn squares_above_half(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for d in x.iter() {
        if d >= &0.5 {
            s += d * d;
        }
    }
    s
}

#[differentiate]
fn doubled_positives(x: &[f64]) -> f64 {
    x.iter().map(|v| if v > &0.0 { v * 2.0 } else { 0.0 }).sum()
}

#[test]
fn elements_compared_with_borrows() {
    assert_eq!(squares_above_half_grad(&[1.0, 0.2]), (1.0, vec![2.0, 0.0]));
    assert_eq!(doubled_positives_grad(&[1.0, -0.2]), (2.0, vec![2.0, 0.0]));
}

// Three sequences zipped, one of them written through `iter_mut` (first, in the middle, or
// beside a nested zip), and `ndarray`'s `Zip` of three producers with a `&mut` one.
#[differentiate]
fn three_zipped_with_a_write(a: &[f64], b: &[f64]) -> f64 {
    let mut c = vec![0.0; a.len()];
    for ((x, y), z) in a.iter().zip(c.iter_mut()).zip(b.iter()) {
        *y = x * z + x;
    }
    for (y, (x, z)) in c.iter_mut().zip(a.iter().zip(b.iter())) {
        *y *= x - z;
    }
    c.iter().sum()
}

#[differentiate]
fn zip_of_three_arrays(
    a: &autodiff::ndarray::Array1<f64>,
    b: &autodiff::ndarray::Array1<f64>,
) -> f64 {
    let mut c = autodiff::ndarray::Array1::zeros(a.len());
    autodiff::ndarray::Zip::from(&mut c)
        .and(a)
        .and(b)
        .for_each(|c, &a, &b| *c = a * b);
    c.sum()
}

#[test]
fn three_sources_zipped_one_written() {
    let (a, b) = ([1.0, 2.0], [3.0, 4.0]);
    // cᵢ = (aᵢbᵢ + aᵢ)(aᵢ − bᵢ): ∂/∂aᵢ = (bᵢ + 1)(aᵢ − bᵢ) + aᵢbᵢ + aᵢ,
    // ∂/∂bᵢ = aᵢ(aᵢ − bᵢ) − (aᵢbᵢ + aᵢ).
    let (v, ga, gb) = three_zipped_with_a_write_grad(&a, &b);
    close(&[v], &[-28.0]);
    close(&ga, &[-4.0, 0.0]);
    close(&gb, &[-6.0, -14.0]);
    three_zipped_with_a_write_gradcheck(&a, &b).unwrap();
    let (a, b) = (
        autodiff::ndarray::array![1.0, 2.0],
        autodiff::ndarray::array![3.0, 4.0],
    );
    let (v, ga, gb) = zip_of_three_arrays_grad(&a, &b);
    close(&[v], &[11.0]);
    close(ga.as_slice().unwrap(), b.as_slice().unwrap());
    close(gb.as_slice().unwrap(), a.as_slice().unwrap());
    zip_of_three_arrays_gradcheck(&a, &b).unwrap();
}

// A ring buffer read from its write position, as filter code zips its taps with the
// buffer's items from there round to the start: Σᵢ cᵢ · x[(w + i) mod n] over the taps.
#[differentiate]
fn ring_taps(c: &[f64], x: &[f64], w: usize) -> f64 {
    c.iter()
        .zip(x.iter().skip(w).cycle())
        .fold(0.0, |s, (a, b)| s + a * b)
}

// `x.iter().cycle().take(m)` on the left of a zip and in a `for` loop: Σᵢ<m xᵢ mod n · yᵢ,
// then Σⱼ<m xⱼ mod n².
#[differentiate]
fn cycled_and_taken(x: &[f64], y: &[f64], m: usize) -> f64 {
    let mut s: f64 = x.iter().cycle().zip(y.iter()).map(|(a, b)| a * b).sum();
    for v in x.iter().cycle().take(m) {
        s += v * v;
    }
    s
}

#[test]
fn cycled_walks() {
    let (c, x) = ([0.5, -1.25, 2.0, 0.75], [0.3, -0.8, 1.7]);
    for w in 0..3 {
        // Rust's own `skip(w).cycle()`: x[w..] over and over (not x from w round to w − 1).
        let part = &x[w..];
        let expected: f64 = (0..4).map(|i| c[i] * part[i % part.len()]).sum();
        close(&[ring_taps(&c, &x, w)], &[expected]);
        let (value, c_bar, x_bar) = ring_taps_grad(&c, &x, w);
        close(&[value], &[expected]);
        let mut want_x = vec![0.0; 3];
        let mut want_c = vec![];
        for i in 0..4 {
            want_c.push(part[i % part.len()]);
            want_x[w + i % part.len()] += c[i];
        }
        close(&c_bar, &want_c);
        close(&x_bar, &want_x);
        ring_taps_gradcheck(&c, &x, w).unwrap();
    }
    // Skipping past the end cycles nothing: the walk is empty, the sum 0.
    assert_eq!(ring_taps_grad(&c, &x, 5), (0.0, vec![0.0; 4], vec![0.0; 3]));

    let y = [1.5, -0.5, 0.25, 2.0, -1.0];
    let m = 7;
    let value = cycled_and_taken(&x, &y, m);
    let expected = (0..5).map(|i| x[i % 3] * y[i]).sum::<f64>()
        + (0..m).map(|j| x[j % 3] * x[j % 3]).sum::<f64>();
    close(&[value], &[expected]);
    let (_, x_bar, y_bar) = cycled_and_taken_grad(&x, &y, m);
    let want_x: Vec<f64> = (0..3)
        .map(|k| {
            let by_y: f64 = (0..5).filter(|i| i % 3 == k).map(|i| y[i]).sum();
            let uses = (0..m).filter(|j| j % 3 == k).count() as f64;
            by_y + 2.0 * uses * x[k]
        })
        .collect();
    close(&x_bar, &want_x);
    close(&y_bar, &(0..5).map(|i| x[i % 3]).collect::<Vec<_>>());
    cycled_and_taken_gradcheck(&x, &y, m).unwrap();
}

// A ring buffer read from its read position round to it again, as FIR filters zip their
// taps with it: Σᵢ cᵢ · x[(r + i) mod n] (`cycle` then `skip`, on either side of the zip),
// and Σᵢ cᵢ · x[1 + (2 + i) mod (n − 1)] (`skip`, `cycle`, `skip`).
#[differentiate]
fn fir(c: &[f64], x: &[f64], r: usize) -> f64 {
    let right: f64 = c
        .iter()
        .zip(x.iter().cycle().skip(r))
        .map(|(a, b)| a * b)
        .sum();
    let left: f64 = x
        .iter()
        .cycle()
        .skip(r)
        .zip(c.iter())
        .fold(0.0, |s, (b, a)| s + a * b);
    let tail: f64 = c
        .iter()
        .zip(x.iter().skip(1).cycle().skip(2))
        .map(|(a, b)| a * b)
        .sum();
    right + 2.0 * left + tail
}

#[test]
fn cycled_walks_started_by_skip() {
    let (c, x) = ([0.5, -1.25, 2.0, 0.75, 1.1], [0.3, -0.8, 1.7]);
    for r in 0..5 {
        let mut want = 0.0;
        let mut want_c = vec![0.0; 5];
        let mut want_x = vec![0.0; 3];
        for i in 0..5 {
            let (k, t) = ((r + i) % 3, 1 + (2 + i) % 2);
            want += 3.0 * c[i] * x[k] + c[i] * x[t];
            want_c[i] = 3.0 * x[k] + x[t];
            want_x[k] += 3.0 * c[i];
            want_x[t] += c[i];
        }
        let (value, c_bar, x_bar) = fir_grad(&c, &x, r);
        close(&[fir(&c, &x, r), value], &[want, want]);
        close(&c_bar, &want_c);
        close(&x_bar, &want_x);
        fir_gradcheck(&c, &x, r).unwrap();
    }
}

// A float sum starts at −0, as `std`'s does: the sum of nothing, and of −0s, is −0 in every
// derived item, bit for bit the function's own.
#[differentiate]
fn squares(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

#[differentiate]
fn taken(x: &[f64], n: usize) -> f64 {
    x.iter().cycle().take(n).sum()
}

#[test]
fn float_sums_start_at_negative_zero() {
    let nothing: [f64; 0] = [];
    assert_eq!(
        squares_grad(&nothing).0.to_bits(),
        squares(&nothing).to_bits()
    );
    assert!(squares(&nothing).is_sign_negative());
    let (v, _) = squares_jvp(&nothing, &nothing);
    assert_eq!(v.to_bits(), (-0.0f64).to_bits());
    assert_eq!(
        taken_grad(&[1.0], 0).0.to_bits(),
        taken(&[1.0], 0).to_bits()
    );
    assert_eq!(taken_grad(&[-0.0], 3).0.to_bits(), (-0.0f64).to_bits());
    close(&taken_grad(&[1.5, -2.0], 3).1, &[2.0, 1.0]);
}
