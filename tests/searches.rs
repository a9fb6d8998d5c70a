//! Searches for an index (`binary_search_by`, `partition_point`, `position`), as table
//! lookups write them: the index is piecewise constant in what it compares, so only the
//! arithmetic on the entries it selects carries derivatives. Checked against central
//! differences (the generated `_gradcheck`, which also checks `_jvp` and `_hvp`) and the
//! closed form of linear interpolation.

mod common;

use autodiff::{differentiate, Differentiable};

/// Linear interpolation in a sorted table, the knot found by `binary_search_by` and its
/// `Err` turned into the segment's start.
#[differentiate]
fn interpolate(xs: &[f64], ys: &[f64], x: f64) -> f64 {
    let i = xs
        .binary_search_by(|p| p.partial_cmp(&x).unwrap())
        .unwrap_or_else(|i| i - 1);
    let t = (x - xs[i]) / (xs[i + 1] - xs[i]);
    ys[i] + t * (ys[i + 1] - ys[i])
}

/// The same, the segment found by `partition_point`.
#[differentiate]
fn interpolate_by_partition(xs: &[f64], ys: &[f64], x: f64) -> f64 {
    let i = xs.partition_point(|&v| v <= x).clamp(1, xs.len() - 1) - 1;
    let t = (x - xs[i]) / (xs[i + 1] - xs[i]);
    ys[i] * (1.0 - t) + ys[i + 1] * t
}

const XS: [f64; 4] = [0.0, 1.0, 2.5, 4.0];
const YS: [f64; 4] = [1.0, 3.0, 2.0, 0.5];

/// ∂/∂y of linear interpolation: 1 − t and t on the segment's ends; ∂/∂x the slope;
/// ∂/∂xs by the quotient rule.
fn closed_form(x: f64) -> (Vec<f64>, Vec<f64>, f64) {
    let i = XS.iter().rposition(|&k| k <= x).unwrap().min(XS.len() - 2);
    let (x0, x1, y0, y1) = (XS[i], XS[i + 1], YS[i], YS[i + 1]);
    let h = x1 - x0;
    let t = (x - x0) / h;
    let mut ys_bar = vec![0.0; 4];
    ys_bar[i] = 1.0 - t;
    ys_bar[i + 1] = t;
    let mut xs_bar = vec![0.0; 4];
    // t = (x − x₀)/h: ∂t/∂x₀ = (x − x₁)/h², ∂t/∂x₁ = −(x − x₀)/h².
    xs_bar[i] = (y1 - y0) * (x - x1) / (h * h);
    xs_bar[i + 1] = -(y1 - y0) * (x - x0) / (h * h);
    (xs_bar, ys_bar, (y1 - y0) / h)
}

#[test]
fn a_binary_search_selects_the_segment_and_carries_no_derivative() {
    for x in [0.3, 1.7, 3.1] {
        interpolate_gradcheck(&XS, &YS, x).unwrap();
        interpolate_by_partition_gradcheck(&XS, &YS, x).unwrap();
        let (xs_bar, ys_bar, x_bar) = closed_form(x);
        for (_, xs_g, ys_g, x_g) in [
            interpolate_grad(&XS, &YS, x),
            interpolate_by_partition_grad(&XS, &YS, x),
        ] {
            common::assert_close(&xs_g, &xs_bar);
            common::assert_close(&ys_g, &ys_bar);
            common::assert_close(&[x_g], &[x_bar]);
        }
    }
}

/// A table held in a struct, the search's `Result` matched arm by arm.
#[derive(Differentiable)]
struct Table {
    xs: Vec<f64>,
    ys: Vec<f64>,
}

impl Table {
    #[differentiate]
    fn at(&self, x: f64) -> f64 {
        let i = match self.xs.binary_search_by(|p| p.total_cmp(&x)) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) => i - 1,
        };
        let t = (x - self.xs[i]) / (self.xs[i + 1] - self.xs[i]);
        self.ys[i] + t * (self.ys[i + 1] - self.ys[i])
    }
}

#[test]
fn a_matched_search_in_a_method_of_a_table() {
    let table = Table {
        xs: XS.to_vec(),
        ys: YS.to_vec(),
    };
    for x in [0.3, 1.7, 3.1] {
        table.at_gradcheck(x).unwrap();
        let (value, table_bar, x_bar) = table.at_grad(x);
        let (xs_bar, ys_bar, slope) = closed_form(x);
        assert!((value - interpolate(&XS, &YS, x)).abs() < 1e-15);
        common::assert_close(&table_bar.xs, &xs_bar);
        common::assert_close(&table_bar.ys, &ys_bar);
        common::assert_close(&[x_bar], &[slope]);
    }
}

/// The first entry above a threshold, found by `position` with a default.
#[differentiate]
fn first_above(v: &[f64], x: f64) -> f64 {
    let k = v.iter().position(|&e| e > x).unwrap_or(v.len() - 1);
    v[k] * x
}

/// A table of `(x, y)` pairs searched by their first element.
#[differentiate]
fn pair_lookup(pts: &[(f64, f64)], x: f64) -> f64 {
    let k = pts
        .binary_search_by(|p| p.0.partial_cmp(&x).unwrap())
        .unwrap_or_else(|e| e.max(1) - 1);
    pts[k].1 * x
}

#[test]
fn a_position_and_a_search_over_pairs() {
    let v = [1.0, 2.0, 3.0];
    for x in [0.5, 1.5, 2.5, 3.5] {
        first_above_gradcheck(&v, x).unwrap();
        // v[k]·x: ∂/∂v[k] = x, ∂/∂x = v[k], k the first entry above x (the last if none).
        let k = v.iter().position(|&e| e > x).unwrap_or(2);
        let (_, v_bar, x_bar) = first_above_grad(&v, x);
        let mut want = vec![0.0; 3];
        want[k] = x;
        common::assert_close(&v_bar, &want);
        common::assert_close(&[x_bar], &[v[k]]);
    }
    let pts = [(1.0, 2.0), (2.0, 3.0), (4.0, -1.0)];
    for (x, k) in [(1.5, 0), (3.0, 1), (0.5, 0)] {
        let (value, pts_bar, x_bar) = pair_lookup_grad(&pts, x);
        assert_eq!(value, pts[k].1 * x);
        let mut want = vec![(0.0, 0.0); 3];
        want[k].1 = x;
        assert_eq!(pts_bar, want);
        assert_eq!(x_bar, pts[k].1);
    }
}

/// A median by sorting a copy, as statistics code writes it (round 58's `get_median`).
#[allow(clippy::manual_is_multiple_of)] // the form under test
#[differentiate]
fn median(data: &[f64]) -> f64 {
    let mut sorted_data = data.to_vec();
    sorted_data.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let len = sorted_data.len();
    if len % 2 == 0 {
        (sorted_data[len / 2 - 1] + sorted_data[len / 2]) / 2.0
    } else {
        sorted_data[len / 2]
    }
}

/// A trimmed mean of squares: a computed sequence sorted by a path comparator.
#[differentiate]
fn trimmed_mean_of_squares(data: &[f64], k: usize) -> f64 {
    let mut v: Vec<f64> = data.iter().map(|x| x * x).collect();
    v.sort_unstable_by(f64::total_cmp);
    let kept = &v[k..v.len() - k];
    kept.iter().sum::<f64>() / kept.len() as f64
}

/// The smallest after rounding to a grid, by a key.
#[differentiate]
fn smallest_on_a_grid(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    v.sort_by_key(|a| (a * 10.0).round() as i64);
    3.0 * v[0]
}

/// The sum of the `k` largest, sorted in descending order.
#[differentiate]
fn top_k_sum(x: &[f64], k: usize) -> f64 {
    let mut v = x.to_vec();
    v.sort_by(|a, b| b.partial_cmp(a).unwrap());
    v.iter().take(k).sum()
}

/// The order itself sorted by the values it indexes.
#[allow(clippy::ptr_arg)] // the form under test
#[differentiate]
fn second_smallest_scaled(x: &Vec<f64>, s: f64) -> f64 {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&a, &b| x[a].partial_cmp(&x[b]).unwrap());
    s * x[order[1]]
}

/// A buffer of the caller's sorted in place.
#[differentiate]
fn sort_and_weigh(x: &mut [f64]) -> f64 {
    x.sort_by(|a, b| a.partial_cmp(b).unwrap());
    x[0] * 2.0 + x[x.len() - 1]
}

#[test]
fn a_buffer_sorted_in_place() {
    // [3, 1, 2] sorted is [1, 2, 3] = x[order] with order [1, 2, 0]: the cotangent of the
    // buffer after (w) goes back through the order, x̄[order[k]] += w[k], beside the
    // result's 2·x₁ + x₀.
    let mut x = vec![3.0, 1.0, 2.0];
    let mut bar = vec![10.0, 20.0, 30.0];
    let (value,) = sort_and_weigh_vjp(&mut x, 1.0, &mut bar);
    assert_eq!(
        (value, &x, &bar),
        (5.0, &vec![1.0, 2.0, 3.0], &vec![31.0, 12.0, 20.0])
    );
    let mut x = vec![3.0, 1.0, 2.0];
    let mut dot = vec![0.1, 0.2, 0.3];
    let (value, value_dot) = sort_and_weigh_jvp(&mut x, &mut dot);
    assert_eq!((value, value_dot), (5.0, 2.0 * 0.2 + 0.1));
    assert_eq!(dot, vec![0.2, 0.3, 0.1]);
}

#[test]
fn sorts_of_floats_follow_the_order_they_find() {
    // Even length: the mean of the two middle values; odd: the middle one.
    assert_eq!(
        median_grad(&[3.0, 1.0, 2.0, 7.0]),
        (2.5, vec![0.5, 0.0, 0.5, 0.0])
    );
    assert_eq!(median_grad(&[3.0, 1.0, 2.0]), (2.0, vec![0.0, 0.0, 1.0]));
    median_gradcheck(&[3.0, 1.0, 2.0, 7.0]).unwrap();
    median_gradcheck(&[0.3, -1.0, 2.5, 7.0, 4.4]).unwrap();
    // Piecewise linear: no curvature.
    let (_, _, hv) = median_hvp(&[3.0, 1.0, 2.0], &[1.0, 0.5, -0.5]);
    assert_eq!(hv, vec![0.0; 3]);
    // Squares [9, 1, 4, 0.25, 16] sorted, the middle three kept: (1 + 4 + 9) / 3, and
    // ∂/∂xᵢ = 2xᵢ / 3 for the kept ones.
    let (value, grad) = trimmed_mean_of_squares_grad(&[3.0, -1.0, 2.0, 0.5, 4.0], 1);
    assert!((value - 14.0 / 3.0).abs() < 1e-12);
    common::assert_close(&grad, &[2.0, -2.0 / 3.0, 4.0 / 3.0, 0.0, 0.0]);
    trimmed_mean_of_squares_gradcheck(&[3.0, -1.0, 2.0, 0.5, 4.0], 1).unwrap();
    // By a key: [0.52, 0.31, 0.77] keyed 5, 3, 8: the smallest is x₁.
    assert_eq!(
        smallest_on_a_grid_grad(&[0.52, 0.31, 0.77]).1,
        vec![0.0, 3.0, 0.0]
    );
    // The two largest of [1, 5, 3, 4]: 5 + 4.
    assert_eq!(
        top_k_sum_grad(&[1.0, 5.0, 3.0, 4.0], 2),
        (9.0, vec![0.0, 1.0, 0.0, 1.0])
    );
    // The second smallest of [3, 1, 2] is x₂.
    assert_eq!(
        second_smallest_scaled_grad(&vec![3.0, 1.0, 2.0], 1.5),
        (3.0, vec![0.0, 0.0, 1.5], 2.0)
    );
    second_smallest_scaled_gradcheck(&vec![3.0, 1.0, 2.0], 1.5).unwrap();
}

/// A table lookup matching the search's `Result`, with clamping arms, one guarded by the
/// table's length (read before the arms are tried).
#[differentiate]
fn lookup_clamped(knots: &[f64], values: &[f64], x: f64) -> f64 {
    match knots.binary_search_by(|k| k.partial_cmp(&x).unwrap()) {
        Ok(i) => values[i],
        Err(0) => values[0] * x.exp(),
        Err(i) if i == knots.len() => values[i - 1] + x,
        Err(i) => {
            let t = (x - knots[i - 1]) / (knots[i] - knots[i - 1]);
            values[i - 1] + (values[i] - values[i - 1]) * t
        }
    }
}

#[test]
fn a_match_guard_reads_the_tables_length() {
    // Inside the table: interpolation (its closed form above); past either end: the arms'
    // own closed forms.
    for x in [0.3, 1.7, 3.1] {
        let (_, xs_g, ys_g, x_g) = lookup_clamped_grad(&XS, &YS, x);
        let (xs_bar, ys_bar, x_bar) = closed_form(x);
        common::assert_close(&xs_g, &xs_bar);
        common::assert_close(&ys_g, &ys_bar);
        common::assert_close(&[x_g], &[x_bar]);
    }
    let (v, _, ys_g, x_g) = lookup_clamped_grad(&XS, &YS, 5.0);
    assert_eq!(v, YS[3] + 5.0);
    common::assert_close(&ys_g, &[0.0, 0.0, 0.0, 1.0]);
    common::assert_close(&[x_g], &[1.0]);
    let (v, _, ys_g, x_g) = lookup_clamped_grad(&XS, &YS, -0.5);
    assert_eq!(v, YS[0] * (-0.5f64).exp());
    common::assert_close(&ys_g, &[(-0.5f64).exp(), 0.0, 0.0, 0.0]);
    common::assert_close(&[x_g], &[YS[0] * (-0.5f64).exp()]);
    for x in [-0.5, 0.3, 1.7, 3.1, 5.0] {
        lookup_clamped_gradcheck(&XS, &YS, x).unwrap();
    }
}
