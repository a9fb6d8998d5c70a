//! Rows held in a field of a struct (`w: Vec<Vec<f64>>`), as hand-written networks and
//! matrix types keep their weights: `self.w[i][j]`, `self.w[i].len()`, a row walked by an
//! iterator chain or a `for` loop, and the field's rows walked whole. Each gradient is
//! checked against central differences (the generated `_gradcheck`) and, where it is
//! short, against its closed form worked out by hand.

// Index loops over rows, as such code is written.
#![allow(clippy::needless_range_loop)]

use autodiff::{differentiate, Differentiable};

/// A dense layer as hand-written networks keep one: a row of weights per output.
#[derive(Differentiable, Clone, Debug)]
struct Layer {
    w: Vec<Vec<f64>>,
    b: Vec<f64>,
}

impl Layer {
    /// Σᵢ tanh(bᵢ + Σⱼ wᵢⱼ xⱼ), by index loops.
    #[differentiate]
    fn activation_sum(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..self.w.len() {
            let mut z = self.b[i];
            for j in 0..self.w[i].len() {
                z += self.w[i][j] * x[j];
            }
            s += z.tanh();
        }
        s
    }

    /// The same sum with each row walked by an iterator chain.
    #[differentiate]
    fn activation_sum_zip(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..self.w.len() {
            let z: f64 = self.w[i].iter().zip(x.iter()).map(|(w, v)| w * v).sum();
            s += (z + self.b[i]).tanh();
        }
        s
    }

    /// The rows walked whole by a `for` loop over the field.
    #[differentiate]
    fn squared_weights(&self) -> f64 {
        let mut s = 0.0;
        for row in &self.w {
            for v in row {
                s += v * v;
            }
        }
        s
    }
}

/// A row of a field bound by `let` and read by index.
#[differentiate]
fn first_row_affine(m: &Matrix, x: f64) -> f64 {
    let row = &m.data[0];
    row[0] * x + row[1]
}

/// The rows of a field walked by a closure.
#[differentiate]
fn squared_entries(m: &Matrix) -> f64 {
    m.data
        .iter()
        .map(|row| row.iter().map(|a| a * a).sum::<f64>())
        .sum()
}

/// A row of a field measured, then passed to a differentiated function.
#[differentiate]
fn scaled_row_dot(m: &Matrix, x: &[f64]) -> f64 {
    let row = &m.data[1];
    let n = row.len();
    dot(row, x) * n as f64
}

#[differentiate]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(p, q)| p * q).sum()
}

/// A matrix type keeping its entries as rows, read by a free function.
#[derive(Differentiable, Clone, Debug)]
struct Matrix {
    data: Vec<Vec<f64>>,
}

/// xᵀ M x through the struct's rows.
#[differentiate]
fn quadratic(m: &Matrix, x: &[f64]) -> f64 {
    let n = x.len();
    let mut total = 0.0;
    for i in 0..n {
        for j in 0..n {
            total += x[i] * m.data[i][j] * x[j];
        }
    }
    total
}

fn layer() -> Layer {
    Layer {
        w: vec![vec![0.2, -0.5, 0.1], vec![0.7, 0.3, -0.4]],
        b: vec![0.05, -0.1],
    }
}

#[test]
fn index_loops_over_field_rows() {
    let l = layer();
    let x = [0.3, -1.2, 0.8];
    l.activation_sum_gradcheck(&x).unwrap();
    let (_, g, gx) = l.activation_sum_grad(&x);
    // ∂/∂wᵢⱼ = (1 − tanh² zᵢ) xⱼ, ∂/∂bᵢ = 1 − tanh² zᵢ.
    for i in 0..2 {
        let z: f64 = l.b[i] + (0..3).map(|j| l.w[i][j] * x[j]).sum::<f64>();
        let d = 1.0 - z.tanh().powi(2);
        assert!((g.b[i] - d).abs() < 1e-12);
        for j in 0..3 {
            assert!((g.w[i][j] - d * x[j]).abs() < 1e-12);
        }
    }
    // ∂/∂xⱼ = Σᵢ (1 − tanh² zᵢ) wᵢⱼ.
    for j in 0..3 {
        let want: f64 = (0..2)
            .map(|i| {
                let z: f64 = l.b[i] + (0..3).map(|k| l.w[i][k] * x[k]).sum::<f64>();
                (1.0 - z.tanh().powi(2)) * l.w[i][j]
            })
            .sum();
        assert!((gx[j] - want).abs() < 1e-12);
    }
}

#[test]
fn chains_over_field_rows() {
    let l = layer();
    let x = [0.3, -1.2, 0.8];
    l.activation_sum_zip_gradcheck(&x).unwrap();
    let (a, ga, gxa) = l.activation_sum_grad(&x);
    let (b, gb, gxb) = l.activation_sum_zip_grad(&x);
    assert!((a - b).abs() < 1e-12);
    assert_eq!(ga.w.len(), gb.w.len());
    for i in 0..2 {
        for j in 0..3 {
            assert!((ga.w[i][j] - gb.w[i][j]).abs() < 1e-12);
        }
    }
    for j in 0..3 {
        assert!((gxa[j] - gxb[j]).abs() < 1e-12);
    }
}

#[test]
fn field_rows_walked_whole() {
    let l = Layer {
        w: vec![vec![1.0, -2.0], vec![0.5], vec![3.0, 0.25, -1.0]],
        b: vec![0.0; 3],
    };
    let (v, g) = l.squared_weights_grad();
    assert!((v - (1.0 + 4.0 + 0.25 + 9.0 + 0.0625 + 1.0)).abs() < 1e-12);
    assert_eq!(g.w, vec![vec![2.0, -4.0], vec![1.0], vec![6.0, 0.5, -2.0]]);
    assert_eq!(g.b, vec![0.0; 3]);
    l.squared_weights_gradcheck().unwrap();
}

#[test]
fn free_function_reading_field_rows() {
    let m = Matrix {
        data: vec![
            vec![2.0, 0.5, -1.0],
            vec![0.1, 3.0, 0.2],
            vec![-0.4, 0.6, 1.5],
        ],
    };
    let x = [0.3, -0.7, 1.1];
    let (_, gm, gx) = quadratic_grad(&m, &x);
    // d(xᵀMx)/dM = x xᵀ, d/dx = (M + Mᵀ) x.
    for i in 0..3 {
        for j in 0..3 {
            assert!((gm.data[i][j] - x[i] * x[j]).abs() < 1e-12);
        }
        let want: f64 = (0..3).map(|j| (m.data[i][j] + m.data[j][i]) * x[j]).sum();
        assert!((gx[i] - want).abs() < 1e-12);
    }
    quadratic_gradcheck(&m, &x).unwrap();
}

/// A 2 × 2 matrix type, its determinant read by literal indices.
#[derive(Differentiable, Clone, Debug)]
struct Matrix2 {
    data: Vec<Vec<f64>>,
}

impl Matrix2 {
    #[differentiate]
    fn determinant(&self) -> f64 {
        self.data[0][0] * self.data[1][1] - self.data[0][1] * self.data[1][0]
    }
}

#[test]
fn determinant_of_field_rows() {
    let m = Matrix2 {
        data: vec![vec![1.5, -0.5], vec![2.0, 3.0]],
    };
    let (v, g) = m.determinant_grad();
    assert!((v - 5.5).abs() < 1e-12);
    // ∂ det / ∂A = cofactor matrix: [[d, −c], [−b, a]].
    assert_eq!(g.data, vec![vec![3.0, -2.0], vec![0.5, 1.5]]);
    m.determinant_gradcheck().unwrap();
}

#[test]
fn forward_mode_agrees_with_reverse_on_field_rows() {
    let m = Matrix {
        data: vec![vec![2.0, 0.5], vec![0.1, -3.0]],
    };
    let x = [0.4, -0.9];
    let m_dot = Matrix {
        data: vec![vec![0.3, -0.2], vec![0.7, 0.1]],
    };
    let x_dot = [0.5, 0.25];
    let (_, gm, gx) = quadratic_grad(&m, &x);
    let (_, jv) = quadratic_jvp(&m, &x, &m_dot, &x_dot);
    // ⟨∇f, v⟩ = J v.
    let mut want = gx[0] * x_dot[0] + gx[1] * x_dot[1];
    for i in 0..2 {
        for j in 0..2 {
            want += gm.data[i][j] * m_dot.data[i][j];
        }
    }
    assert!((jv - want).abs() < 1e-12);
}

#[test]
fn field_rows_bound_walked_and_passed_on() {
    let m = Matrix {
        data: vec![vec![1.0, 2.0], vec![0.5, -1.0]],
    };
    // ∂/∂m₀₀ = x, ∂/∂m₀₁ = 1, ∂/∂x = m₀₀.
    let (_, gm, gx) = first_row_affine_grad(&m, 0.3);
    assert_eq!(gm.data, vec![vec![0.3, 1.0], vec![0.0, 0.0]]);
    assert_eq!(gx, 1.0);
    let (_, gm) = squared_entries_grad(&m);
    assert_eq!(gm.data, vec![vec![2.0, 4.0], vec![1.0, -2.0]]);
    // 2 (m₁ · x): ∂/∂m₁ = 2x, ∂/∂x = 2m₁.
    let x = [0.2, 0.4];
    let (_, gm, gx) = scaled_row_dot_grad(&m, &x);
    assert_eq!(gm.data, vec![vec![0.0, 0.0], vec![0.4, 0.8]]);
    assert_eq!(gx, vec![1.0, -2.0]);
    first_row_affine_gradcheck(&m, 0.3).unwrap();
    squared_entries_gradcheck(&m).unwrap();
    scaled_row_dot_gradcheck(&m, &x).unwrap();
}
