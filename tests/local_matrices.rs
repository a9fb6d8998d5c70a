//! Local matrices built as rows (`let mut m = vec![vec![0.0; cols]; rows];`), written
//! entry by entry and returned whole or reduced: a matrix product and a transpose as
//! numerical code writes them, checked against closed forms, central differences and the
//! other mode.

#![allow(clippy::needless_range_loop, clippy::ptr_arg, clippy::needless_return)]

use autodiff::differentiate;
use autodiff::gradcheck::{check_vjp, Tolerance};

// As a linear-algebra crate writes the product (`res[i][j] += …`, `return res;`).
#[differentiate]
pub fn mat_mul(a: &Vec<Vec<f64>>, b: &Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let mut res: Vec<Vec<f64>> = vec![vec![0.0; b[0].len()]; a.len()];
    for i in 0..a.len() {
        for j in 0..b[0].len() {
            for k in 0..b.len() {
                res[i][j] += a[i][k] * b[k][j];
            }
        }
    }
    return res;
}

#[differentiate]
pub fn transpose(a: &Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let mut res = vec![vec![0.0; a.len()]; a[0].len()];
    for i in 0..a.len() {
        for j in 0..a[i].len() {
            res[j][i] = a[i][j];
        }
    }
    res
}

// A local Gram matrix, reduced to a float: its lengths read as the rows' own.
#[differentiate]
fn gram_energy(x: &[Vec<f64>]) -> f64 {
    let n = x.len();
    let mut g = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..g[i].len() {
            for k in 0..x[i].len() {
                g[i][j] += x[i][k] * x[j][k];
            }
        }
    }
    let mut e = 0.0;
    for i in 0..g.len() {
        for j in 0..n {
            e += (g[i][j] * 0.5).sin();
        }
    }
    e
}

fn rows(flat: &[f64], cols: usize) -> Vec<Vec<f64>> {
    flat.chunks(cols).map(<[f64]>::to_vec).collect()
}

#[test]
fn product_and_transpose_against_closed_forms() {
    let a = vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]];
    let b = vec![vec![1.0], vec![0.5], vec![-1.0]];
    let g = vec![vec![1.0], vec![2.0]];
    let (c, a_bar, b_bar) = mat_mul_vjp(&a, &b, g);
    assert_eq!(c, mat_mul(&a, &b));
    assert_eq!(c, vec![vec![-1.0], vec![0.5]]);
    // Ā = G Bᵀ, B̄ = Aᵀ G.
    assert_eq!(a_bar, vec![vec![1.0, 0.5, -1.0], vec![2.0, 1.0, -2.0]]);
    assert_eq!(b_bar, vec![vec![9.0], vec![12.0], vec![15.0]]);
    // The transpose's tangent is the tangent transposed; its cotangent the seed transposed.
    let da = vec![vec![0.1, 0.2, 0.3], vec![0.4, 0.5, 0.6]];
    let (t, dt) = transpose_jvp(&a, &da);
    assert_eq!(t, vec![vec![1.0, 4.0], vec![2.0, 5.0], vec![3.0, 6.0]]);
    assert_eq!(dt, vec![vec![0.1, 0.4], vec![0.2, 0.5], vec![0.3, 0.6]]);
    let (_, seed_t) = transpose_vjp(&a, vec![vec![1.0, 0.0], vec![0.0, 1.0], vec![1.0, 1.0]]);
    assert_eq!(seed_t, vec![vec![1.0, 0.0, 1.0], vec![0.0, 1.0, 1.0]]);
}

#[test]
fn product_against_central_differences() {
    let a = vec![vec![1.0, 2.0, -1.0], vec![0.5, -0.3, 2.0]];
    let b = vec![vec![0.2, 1.0], vec![-1.5, 0.4], vec![0.7, 0.9]];
    let p = [a.concat(), b.concat()].concat();
    let f = |v: &[f64]| mat_mul(&rows(&v[..6], 3), &rows(&v[6..], 2)).concat();
    let vjp = |w: &[f64]| {
        let (_, a_bar, b_bar) = mat_mul_vjp(&a, &b, rows(w, 2));
        [a_bar.concat(), b_bar.concat()].concat()
    };
    check_vjp(f, &p, vjp, 7, Tolerance::default()).unwrap();
    // ⟨Ȳ, J v⟩ = ⟨Jᵀ Ȳ, v⟩ between the modes.
    let (da, db) = (
        rows(&[0.3, -0.1, 0.2, 0.5, 0.0, -0.4], 3),
        rows(&[0.1, 0.2, -0.3, 0.4, 0.6, -0.5], 2),
    );
    let (_, dc) = mat_mul_jvp(&a, &b, &da, &db);
    let ybar = rows(&[1.0, -2.0, 0.5, 3.0], 2);
    let (_, a_bar, b_bar) = mat_mul_vjp(&a, &b, ybar.clone());
    let dot = |x: &[Vec<f64>], y: &[Vec<f64>]| -> f64 {
        x.concat().iter().zip(y.concat()).map(|(p, q)| p * q).sum()
    };
    assert!((dot(&ybar, &dc) - (dot(&a_bar, &da) + dot(&b_bar, &db))).abs() < 1e-12);
}

#[test]
fn a_local_matrix_reduced_to_a_float() {
    let x = vec![vec![0.3, -1.0], vec![0.8, 0.2], vec![-0.5, 0.6]];
    gram_energy_gradcheck(&x).unwrap();
    // The directional derivative is the gradient's inner product with the direction.
    let dir = rows(&[0.2, -0.1, 0.4, 0.3, -0.6, 0.1], 2);
    let (_, d) = gram_energy_jvp(&x, &dir);
    let (_, g) = gram_energy_grad(&x);
    let inner: f64 = g
        .concat()
        .iter()
        .zip(dir.concat())
        .map(|(a, b)| a * b)
        .sum();
    assert!((d - inner).abs() < 1e-12);
}

// A raw identifier as the matrix's name.
#[differentiate]
fn outer_product(x: &[f64]) -> Vec<Vec<f64>> {
    let mut r#type = vec![vec![0.0; x.len()]; x.len()];
    for i in 0..x.len() {
        for j in 0..r#type[i].len() {
            r#type[i][j] = x[i] * x[j];
        }
    }
    r#type
}

#[test]
fn a_raw_identifier_names_the_matrix() {
    // ⟨Ȳ, ∂(x xᵀ)⟩: x̄ = (Ȳ + Ȳᵀ) x.
    let x = [1.0, -2.0];
    let ybar = vec![vec![1.0, 0.5], vec![0.0, 2.0]];
    let (v, g) = outer_product_vjp(&x, ybar);
    assert_eq!(v, vec![vec![1.0, -2.0], vec![-2.0, 4.0]]);
    assert_eq!(g, vec![2.0 * 1.0 + 0.5 * -2.0, 0.5 * 1.0 + 4.0 * -2.0]);
}

#[differentiate]
fn row_dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

// Rows of a local matrix read whole: one passed to a helper, all walked by a loop.
#[differentiate]
fn rows_read_whole(x: &[f64]) -> f64 {
    let n = x.len();
    let mut m = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            m[i][j] = (x[i] - x[j]).powi(2);
        }
    }
    let mut s = row_dot(&m[0], x);
    for row in &m {
        s += row.iter().map(|v| (v + 1.0).sqrt()).sum::<f64>().ln();
    }
    s
}

#[test]
fn rows_of_a_local_matrix_read_whole() {
    let x = [0.3, -1.2, 2.0];
    rows_read_whole_gradcheck(&x).unwrap();
    // The other mode: ⟨∇f, v⟩ = f_jvp along v.
    let v = [0.5, 0.1, -0.3];
    let (_, d) = rows_read_whole_jvp(&x, &v);
    let (_, g) = rows_read_whole_grad(&x);
    assert!((d - g.iter().zip(v).map(|(a, b)| a * b).sum::<f64>()).abs() < 1e-12);
}

// Fixed-size matrices as nested arrays (`[[c, -s], [s, c]]`, `[[0.0; 3]; 3]`), read and
// written as `m[i][j]`: held flat by the macro, row after row.

/// q = R(θ) p, then q₀ q₁.
#[differentiate]
fn rotated_product(theta: f64, p: &[f64]) -> f64 {
    let (s, c) = theta.sin_cos();
    let r = [[c, -s], [s, c]];
    let mut q = [0.0; 2];
    for i in 0..r.len() {
        for j in 0..r[i].len() {
            q[i] += r[i][j] * p[j];
        }
    }
    q[0] * q[1]
}

#[test]
fn a_rotation_matrix_as_a_nested_array() {
    let (theta, p) = (0.3f64, [1.0, 2.0]);
    let (s, c) = theta.sin_cos();
    let (q0, q1) = (c * p[0] - s * p[1], s * p[0] + c * p[1]);
    let (value, d_theta, p_bar) = rotated_product_grad(theta, &p);
    assert!((value - q0 * q1).abs() < 1e-14);
    // dq/dθ = (−q₁, q₀): d(q₀q₁)/dθ = q₀² − q₁²; ∂/∂p = Rᵀ (q₁, q₀).
    assert!((d_theta - (q0 * q0 - q1 * q1)).abs() < 1e-13);
    let want = [c * q1 + s * q0, -s * q1 + c * q0];
    assert!((p_bar[0] - want[0]).abs() < 1e-13 && (p_bar[1] - want[1]).abs() < 1e-13);
    let (_, tangent) = rotated_product_jvp(theta, &p, 0.5, &[1.0, -1.0]);
    let dot = 0.5 * d_theta + p_bar[0] - p_bar[1];
    assert!((tangent - dot).abs() < 1e-13);
    rotated_product_gradcheck(theta, &p).unwrap();
}

/// det(A + x xᵀ) for a 3×3 A, the matrix built in a `[[0.0; 3]; 3]` and expanded by its
/// first row.
#[differentiate]
fn det_of_rank_one_update(x: &[f64]) -> f64 {
    let a: [[f64; 3]; 3] = [[2.0, 0.5, 0.0], [0.5, 3.0, 0.25], [0.0, 0.25, 1.5]];
    let mut m = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            m[i][j] = a[i][j] + x[i] * x[j];
        }
    }
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

#[test]
fn a_matrix_filled_in_a_nested_array() {
    let x = [0.4, -0.3, 0.8];
    // Central differences of the same determinant written out here.
    let det = |x: &[f64]| {
        let a = [[2.0, 0.5, 0.0], [0.5, 3.0, 0.25], [0.0, 0.25, 1.5]];
        let m = |i: usize, j: usize| a[i][j] + x[i] * x[j];
        m(0, 0) * (m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1))
            - m(0, 1) * (m(1, 0) * m(2, 2) - m(1, 2) * m(2, 0))
            + m(0, 2) * (m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0))
    };
    let (value, grad) = det_of_rank_one_update_grad(&x);
    assert!((value - det(&x)).abs() < 1e-13);
    let h = 1e-6;
    for k in 0..3 {
        let (mut up, mut down) = (x, x);
        up[k] += h;
        down[k] -= h;
        let want = (det(&up) - det(&down)) / (2.0 * h);
        assert!(
            (grad[k] - want).abs() < 1e-7,
            "{k}: {} against {want}",
            grad[k]
        );
    }
    det_of_rank_one_update_gradcheck(&x).unwrap();
}

/// The same matrix written in a block (`let r = { [[c, -s], [s, c]] };`), as a mutant of the
/// test above writes it.
#[differentiate]
fn rotated_product_in_a_block(theta: f64, p: &[f64]) -> f64 {
    let (s, c) = theta.sin_cos();
    let r = { [[c, -s], [s, c]] };
    let mut q = [0.0; 2];
    for i in 0..r.len() {
        for j in 0..r[i].len() {
            q[i] += r[i][j] * p[j];
        }
    }
    q[0] * q[1]
}

#[test]
fn a_nested_array_written_in_a_block() {
    let (theta, p) = (0.3f64, [1.0, 2.0]);
    assert_eq!(
        rotated_product_in_a_block_grad(theta, &p),
        rotated_product_grad(theta, &p)
    );
    rotated_product_in_a_block_gradcheck(theta, &p).unwrap();
}
