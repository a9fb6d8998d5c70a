//! Parts of local `ndarray` arrays written whole, as layers pad and stack their inputs:
//! `p.slice_mut(s![k..]).assign(x)`, `m.row_mut(i).assign(&r)`, `m.column_mut(j).assign(c)`.
//! Checked against closed forms and the generated `_gradcheck` (central differences of the
//! value, the gradient and the HVP).

use autodiff::differentiate;
use autodiff::ndarray::{array, s, Array1, Array2};

/// Left padding by `k` zeros, then Σᵢ i·pᵢ²: ∂/∂xⱼ = 2 (j + k) xⱼ.
#[differentiate]
fn padded_weighted_squares(x: &Array1<f64>) -> f64 {
    let k = 2;
    let mut p = Array1::zeros(x.len() + k);
    p.slice_mut(s![k..]).assign(x);
    let mut s = 0.0;
    for i in 0..p.len() {
        s += p[i] * p[i] * (i as f64);
    }
    s
}

#[test]
fn a_padded_copy_gives_each_entry_its_shifted_weight() {
    let x = array![1.0, 2.0, -0.5];
    let (value, x_bar) = padded_weighted_squares_grad(&x);
    assert_eq!(value, 2.0 + 4.0 * 3.0 + 0.25 * 4.0);
    assert_eq!(x_bar, array![4.0, 12.0, -4.0]);
    padded_weighted_squares_gradcheck(&x).unwrap();
}

/// Two rows stacked, `a` and `b ⊙ b`, weighted by `w[i][j] = i + 2j + 1`, times `a₀`.
#[differentiate]
fn stacked_rows(a: &Array1<f64>, b: &Array1<f64>) -> f64 {
    let mut m = Array2::zeros((2, a.len()));
    m.row_mut(0).assign(a);
    m.row_mut(1).assign(&b.mapv(|v| v * v));
    let mut t = 0.0;
    for i in 0..2 {
        for j in 0..a.len() {
            t += m[[i, j]] * ((i + 2 * j) as f64 + 1.0);
        }
    }
    t * a[0]
}

#[test]
fn stacked_rows_send_their_cotangents_back_to_each_source() {
    let (a, b) = (array![1.0, 2.0, 3.0], array![0.5, -1.5, 2.0]);
    // t = Σⱼ (2j + 1) aⱼ + Σⱼ (2j + 2) bⱼ²; f = t a₀.
    let w0 = |j: usize| (2 * j + 1) as f64;
    let w1 = |j: usize| (2 * j + 2) as f64;
    let t: f64 = (0..3).map(|j| w0(j) * a[j] + w1(j) * b[j] * b[j]).sum();
    let (value, a_bar, b_bar) = stacked_rows_grad(&a, &b);
    assert!((value - t * a[0]).abs() < 1e-12);
    let mut want_a: Array1<f64> = (0..3).map(|j| w0(j) * a[0]).collect();
    want_a[0] += t;
    let want_b: Array1<f64> = (0..3).map(|j| 2.0 * w1(j) * b[j] * a[0]).collect();
    assert!(
        (&a_bar - &want_a).iter().all(|d| d.abs() < 1e-12),
        "{a_bar}"
    );
    assert!(
        (&b_bar - &want_b).iter().all(|d| d.abs() < 1e-12),
        "{b_bar}"
    );
    stacked_rows_gradcheck(&a, &b).unwrap();
}

/// A column overwritten, then the sum of squares: the overwritten entries of `x` get no
/// cotangent, `c` gets 2c.
#[differentiate]
fn column_overwritten(x: &Array2<f64>, c: &Array1<f64>) -> f64 {
    let mut m = x.to_owned();
    m.column_mut(1).assign(c);
    (&m * &m).sum()
}

#[test]
fn an_overwritten_column_takes_the_cotangent_from_the_matrix() {
    let x = array![[0.1, 0.6, 1.1], [0.6, 1.1, 1.6]];
    let c = array![1.0, 3.0];
    let (_, x_bar, c_bar) = column_overwritten_grad(&x, &c);
    assert_eq!(x_bar, array![[0.2, 0.0, 2.2], [1.2, 0.0, 3.2]]);
    assert_eq!(c_bar, array![2.0, 6.0]);
    column_overwritten_gradcheck(&x, &c).unwrap();
}

/// Columns written in a loop, each a copy of `x0` (an `n`-column result).
#[differentiate]
fn columns_of(x0: &Array1<f64>, n: usize) -> Array2<f64> {
    let mut m = Array2::zeros((x0.len(), n));
    for i in 0..n {
        m.slice_mut(s![.., i]).assign(x0);
    }
    m
}

#[test]
fn columns_written_in_a_loop_sum_their_cotangents() {
    let x0 = array![0.5, -1.0];
    let seed = array![[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25]];
    let (m, x0_bar) = columns_of_vjp(&x0, 3, seed.clone());
    assert_eq!(m, array![[0.5, 0.5, 0.5], [-1.0, -1.0, -1.0]]);
    // Each column is x0: x̄0 is the seed's row sums.
    assert_eq!(x0_bar, array![6.0, -0.25]);
    let (_, m_dot) = columns_of_jvp(&x0, 3, &array![1.0, 2.0]);
    assert_eq!(m_dot, array![[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]);
}

/// A row broadcast into two rows of a block, as `assign` broadcasts: Σ m² = 2 Σ r², so
/// ∂/∂r = 4 r.
#[differentiate]
fn row_into_two_rows(r: &Array1<f64>) -> f64 {
    let mut m = Array2::<f64>::zeros((3, 2));
    m.slice_mut(s![0..2, ..]).assign(r);
    m.mapv(|v| v * v).sum()
}

#[test]
fn a_broadcast_part_sums_its_cotangent_over_the_copies() {
    let r = array![0.5, 1.5];
    let (value, r_bar) = row_into_two_rows_grad(&r);
    assert_eq!(value, 5.0);
    assert_eq!(r_bar, array![2.0, 6.0]);
    row_into_two_rows_gradcheck(&r).unwrap();
}
