//! `a.map_axis(axis, f)` and `a.index_axis(axis, k)` of a matrix, with the axis a literal or
//! a parameter: each lane along the axis passed to a closure or a differentiated function
//! (`std1d`, as ndarray's own column-standardising example writes it). Checked against
//! central differences (`check_vjp`, `_gradcheck`), closed forms, and the dot-product identity
//! between `_jvp` and `_vjp`.

use autodiff::differentiate;
use autodiff::gradcheck::{check_vjp, Tolerance};
use autodiff::ndarray::{array, Array1, Array2, ArrayView1, Axis};

/// The population standard deviation of a lane.
#[differentiate]
fn std1d(a: ArrayView1<'_, f64>) -> f64 {
    let n = a.len() as f64;
    if n == 0. {
        return 0.;
    }
    let mean = a.sum() / n;
    (a.fold(0., |acc, &x| acc + (x - mean).powi(2)) / n).sqrt()
}

#[differentiate]
fn std(a: &Array2<f64>, axis: Axis) -> Array1<f64> {
    a.map_axis(axis, std1d)
}

/// Σⱼ Σᵢ aᵢⱼ², lane by lane through a closure: ∂/∂a = 2a.
#[differentiate]
fn column_sums_of_squares(a: &Array2<f64>) -> f64 {
    let s = a.map_axis(Axis(0), |lane| lane.fold(0.0, |acc, &x| acc + x * x));
    s.sum()
}

/// ‖row k‖², the row read by `index_axis` along an axis given at run time.
#[differentiate]
fn lane_norm(a: &Array2<f64>, axis: Axis, k: usize) -> f64 {
    let r = a.index_axis(axis, k);
    r.dot(&r)
}

fn flat(a: &Array2<f64>) -> Vec<f64> {
    a.iter().copied().collect()
}

#[test]
fn map_axis_of_a_function_along_either_axis() {
    let a = array![[1.0, 2.0, 0.5], [3.0, -1.0, 2.5]];
    // Along Axis(0) the lanes are the columns: std of (1, 3), (2, −1), (0.5, 2.5).
    assert_eq!(std(&a, Axis(0)), array![1.0, 1.5, 1.0]);
    for axis in [Axis(0), Axis(1)] {
        let shape = a.dim();
        let f = |p: &[f64]| {
            let m = Array2::from_shape_vec(shape, p.to_vec()).unwrap();
            std(&m, axis).to_vec()
        };
        let vjp = |g: &[f64]| flat(&std_vjp(&a, axis, Array1::from(g.to_vec())).1);
        check_vjp(f, &flat(&a), vjp, 5, Tolerance::default()).unwrap();
        // ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.
        let v = array![[0.3, -0.2, 0.7], [0.1, 0.4, -0.6]];
        let y_bar =
            Array1::from_iter((0..a.len_of(Axis(1 - axis.index()))).map(|k| 1.0 - k as f64));
        let (_, jv) = std_jvp(&a, axis, &v);
        let (_, jt) = std_vjp(&a, axis, y_bar.clone());
        assert!((jv.dot(&y_bar) - (&jt * &v).sum()).abs() < 1e-12);
    }
    // Along Axis(0), the column (1, 3) has σ = 1 and ∂σ/∂aᵢ = (aᵢ − mean)/(nσ) = ∓1/2.
    let (_, a_bar) = std_vjp(&a, Axis(0), array![1.0, 0.0, 0.0]);
    assert_eq!(a_bar, array![[-0.5, 0.0, 0.0], [0.5, 0.0, 0.0]]);
}

#[test]
fn map_axis_of_a_closure_and_index_axis() {
    let a = array![[1.0, 2.0, 0.5], [3.0, -1.0, 2.5]];
    let (s, a_bar) = column_sums_of_squares_grad(&a);
    assert_eq!(s, 1.0 + 4.0 + 0.25 + 9.0 + 1.0 + 6.25);
    assert_eq!(a_bar, &a * 2.0);
    column_sums_of_squares_gradcheck(&a).unwrap();
    // Row 1 along Axis(0), column 2 along Axis(1): 2× the line in its place.
    let (n, a_bar) = lane_norm_grad(&a, Axis(0), 1);
    assert_eq!(
        (n, a_bar),
        (16.25, array![[0.0, 0.0, 0.0], [6.0, -2.0, 5.0]])
    );
    let (n, a_bar) = lane_norm_grad(&a, Axis(1), 2);
    assert_eq!((n, a_bar), (6.5, array![[0.0, 0.0, 1.0], [0.0, 0.0, 5.0]]));
    lane_norm_gradcheck(&a, Axis(1), 0).unwrap();
}

/// Σ over rows of the row's norm, by `for row in a.axis_iter(Axis(0))` (held-out round 11's
/// `kl_divergence` of paiml/entrenar walks rows so): ∂/∂aᵢⱼ = aᵢⱼ/‖row i‖.
#[differentiate]
fn row_norms(a: &Array2<f64>) -> f64 {
    let mut t = 0.0;
    for row in a.axis_iter(Axis(0)) {
        let s: f64 = row.iter().map(|v| v * v).sum();
        t += s.sqrt();
    }
    t
}

/// With `enumerate()`, over the columns: Σⱼ (j + 1)·a₀ⱼ·a₁ⱼ.
#[differentiate]
fn weighted_column_products(a: &Array2<f64>) -> f64 {
    let mut t = 0.0;
    for (j, col) in a.axis_iter(Axis(1)).enumerate() {
        t += (j as f64 + 1.0) * col[0] * col[1];
    }
    t
}

/// The same by `outer_iter()` (held-out round 18's Hausdorff distance), which is
/// `axis_iter(Axis(0))`.
#[differentiate]
fn row_norms_by_outer_iter(a: &Array2<f64>) -> f64 {
    let mut t = 0.0;
    for row in a.outer_iter() {
        let s: f64 = row.iter().map(|v| v * v).sum();
        t += s.sqrt();
    }
    t
}

#[test]
fn loops_over_axis_iter() {
    let a = array![[3.0, 4.0, 0.0], [1.0, -2.0, 2.0]];
    let (t, a_bar) = row_norms_grad(&a);
    assert_eq!(t, 5.0 + 3.0);
    let want = array![[0.6, 0.8, 0.0], [1.0 / 3.0, -2.0 / 3.0, 2.0 / 3.0]];
    assert!((&a_bar - &want).iter().all(|d| d.abs() < 1e-15), "{a_bar}");
    row_norms_gradcheck(&a).unwrap();
    assert_eq!(row_norms_by_outer_iter_grad(&a), (t, a_bar));
    let (t, a_bar) = weighted_column_products_grad(&a);
    assert_eq!(t, 3.0 - 16.0 + 0.0);
    assert_eq!(a_bar, array![[1.0, -4.0, 6.0], [3.0, 8.0, 0.0]]);
    weighted_column_products_gradcheck(&a).unwrap();
}

/// ½ Σᵢ ‖row i‖² by a closure taking each row's dot product with itself (held-out round
/// 11's matrix factorisation `mse` of gonza0086/mf_rust): ∂/∂a = a.
#[differentiate]
fn half_row_squares(a: &Array2<f64>) -> f64 {
    0.5 * (a.map_axis(Axis(1), |x| x.dot(&x))).sum()
}

#[test]
fn map_axis_of_a_closure_taking_a_dot_product() {
    let a = array![[1.0, 2.0], [3.0, -1.0]];
    let (v, a_bar) = half_row_squares_grad(&a);
    assert_eq!((v, a_bar), (7.5, a.clone()));
    half_row_squares_gradcheck(&a).unwrap();
}

/// A row of `axis_iter` passed on to a function taking a view (`total(row)`, found by a
/// reviewer): Σᵢ Σⱼ aᵢⱼ², so ∂/∂a = 2a.
#[differentiate]
fn squares(v: ArrayView1<'_, f64>) -> f64 {
    v.iter().map(|x| x * x).sum()
}

#[differentiate]
fn squares_by_rows(a: &Array2<f64>) -> f64 {
    let mut t = 0.0;
    for row in a.axis_iter(Axis(0)) {
        t += squares(row);
    }
    t
}

#[test]
fn a_row_of_axis_iter_passed_to_a_function_taking_a_view() {
    let a = array![[1.0, 2.0], [3.0, -1.0]];
    assert_eq!(squares_by_rows_grad(&a), (15.0, &a * 2.0));
    squares_by_rows_gradcheck(&a).unwrap();
}
