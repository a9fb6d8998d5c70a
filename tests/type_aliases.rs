//! Parameters typed by an alias the attribute cannot see, of an array (`type V3 = [f64;
//! 3]`), as geometry and physics code names its vectors: read by index or walked, their
//! cotangents have the alias's own type. Each gradient is checked against central
//! differences (`_gradcheck`, which also checks `_jvp` and `_hvp`) and a closed form. So are
//! rows behind an alias (`type Matrix = Vec<Vec<f64>>`).

use autodiff::differentiate;

type V3 = [f64; 3];

#[differentiate]
fn dot(a: &V3, b: &V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[differentiate]
fn norm_squared(v: &V3) -> f64 {
    v.iter().map(|x| x * x).sum()
}

/// By value, as `Copy` vectors are often passed: the derived items take it by reference.
#[differentiate]
fn stretched_length(v: V3, s: f64) -> f64 {
    (s * v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

/// A local array built from the parameters' entries.
#[differentiate]
fn cross_norm_squared(a: &V3, b: &V3) -> f64 {
    let c = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    c[0] * c[0] + c[1] * c[1] + c[2] * c[2]
}

#[test]
fn array_aliases_read_by_index() {
    let a = [1.0, 2.0, 3.0];
    let b = [0.5, -1.0, 2.0];
    let (v, ga, gb) = dot_grad(&a, &b);
    assert_eq!(v, 0.5 - 2.0 + 6.0);
    // The cotangents are arrays, the alias's own type.
    let (ga, gb): (V3, V3) = (ga, gb);
    assert_eq!((ga, gb), (b, a));
    dot_gradcheck(&a, &b).unwrap();
    cross_norm_squared_gradcheck(&a, &b).unwrap();
    // |a × b|² = |a|²|b|² − (a·b)²: ∂/∂a = 2|b|² a − 2(a·b) b.
    let (_, ga, _) = cross_norm_squared_grad(&a, &b);
    // |b|² = 5.25, a·b = 4.5.
    let (bb, ab) = (5.25, 4.5);
    for i in 0..3 {
        assert!((ga[i] - (2.0 * bb * a[i] - 2.0 * ab * b[i])).abs() < 1e-12);
    }
}

#[test]
fn array_aliases_walked_and_by_value() {
    let v = [1.0, -2.0, 0.5];
    let (_, g) = norm_squared_grad(&v);
    assert_eq!(g, [2.0, -4.0, 1.0]);
    norm_squared_gradcheck(&v).unwrap();
    let (len, g, gs) = stretched_length_grad(&v, 0.7);
    // ∂/∂v = (s v₀, v₁, v₂) / len, ∂/∂s = v₀² / (2 len).
    assert!((g[0] - 0.7 * v[0] / len).abs() < 1e-12);
    assert!((g[1] - v[1] / len).abs() < 1e-12);
    assert!((gs - v[0] * v[0] / (2.0 * len)).abs() < 1e-12);
    stretched_length_gradcheck(&v, 0.7).unwrap();
}

type Vector = Vec<f64>;

/// A `Vec` alias by value, indexed: a sequence with a derivative, not a constant.
#[differentiate]
fn weighted(v: Vector, s: f64) -> f64 {
    v[0] * s + v[1] * v[1]
}

#[test]
fn vec_alias_by_value() {
    let v = vec![1.0, 2.0];
    let (_, gv, gs) = weighted_grad(&v, 0.5);
    assert_eq!(gv, vec![0.5, 4.0]);
    assert_eq!(gs, 1.0);
    weighted_gradcheck(&v, 0.5).unwrap();
}

type Indices = Vec<usize>;

/// An alias of integers by value, indexing a float slice: indices, not a sequence with a
/// derivative (a review's regression: it was read as floats).
#[differentiate]
fn picked(x: &[f64], idx: Indices) -> f64 {
    let mut s = 0.0;
    for k in 0..idx.len() {
        s += x[idx[k]] * x[idx[k]];
    }
    s
}

#[test]
fn integer_alias_by_value() {
    let (_, g) = picked_grad(&[1.0, 2.0, 3.0], vec![0, 2]);
    assert_eq!(g, vec![2.0, 0.0, 6.0]);
}

/// An alias-typed parameter shadowed by a local copy that is pushed: the parameter is still
/// a sequence (a reviewer's regression: the local's `push` was read as the parameter's).
pub type Samples = Vec<f64>;

#[differentiate]
fn extended_energy(v: &Samples) -> f64 {
    let n = v.len();
    let mut v = v.clone();
    v.push(2.0);
    let mut s = 0.0;
    for i in 0..n {
        s += v[i] * v[i] * v[n];
    }
    s
}

#[test]
fn a_shadowed_alias_parameter_pushed() {
    let v = vec![0.3, -0.8, 1.2];
    // f = 2 Σ vᵢ²: ∇f = 4 v.
    let (_, g) = extended_energy_grad(&v);
    assert_eq!(g, vec![1.2, -3.2, 4.8]);
    extended_energy_gradcheck(&v).unwrap();
}

// Rows behind an alias, as hand-written matrix code names them (`type Matrix =
// Vec<Vec<f64>>`): read as `m[i][j]`, `m[i].len()` or walked row by row, their cotangent
// has the alias's own type.
type Matrix = Vec<Vec<f64>>;
type M3 = [[f64; 3]; 3];
type Polygon = Vec<[f64; 2]>;

/// vᵀ M v.
#[differentiate]
fn quadratic_form(m: &Matrix, v: &Vector) -> f64 {
    let mut s = 0.0;
    for i in 0..m.len() {
        let mut row = 0.0;
        for j in 0..m[i].len() {
            row += m[i][j] * v[j];
        }
        s += v[i] * row;
    }
    s
}

/// The Frobenius norm, row by row.
#[differentiate]
fn frobenius(m: &Matrix) -> f64 {
    let mut s = 0.0;
    for row in m {
        for x in row.iter() {
            s += x * x;
        }
    }
    s.sqrt()
}

#[differentiate]
fn det3(a: &M3) -> f64 {
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
}

#[differentiate]
fn perimeter(p: &Polygon) -> f64 {
    let mut s = 0.0;
    for i in 0..p.len() {
        let j = (i + 1) % p.len();
        let (dx, dy) = (p[j][0] - p[i][0], p[j][1] - p[i][1]);
        s += (dx * dx + dy * dy).sqrt();
    }
    s
}

#[test]
fn rows_aliases_read_by_index() {
    let m: Matrix = vec![vec![1.0, 2.0], vec![3.0, 4.5]];
    let v: Vector = vec![0.5, -1.0];
    quadratic_form_gradcheck(&m, &v).unwrap();
    // ∂(vᵀMv)/∂M = v vᵀ, a `Matrix`.
    let (value, m_bar, v_bar): (f64, Matrix, Vector) = quadratic_form_grad(&m, &v);
    assert!((value - 2.25).abs() < 1e-12);
    assert_eq!(m_bar, vec![vec![0.25, -0.5], vec![-0.5, 1.0]]);
    // ∂/∂v = (M + Mᵀ) v = (2·0.5 − 5·1, 5·0.5 − 9·1).
    assert!((v_bar[0] + 4.0).abs() < 1e-12 && (v_bar[1] + 6.5).abs() < 1e-12);

    let a: M3 = [[2.0, 0.1, 0.3], [0.4, 1.5, 0.2], [0.1, 0.7, 3.0]];
    det3_gradcheck(&a).unwrap();
    // ∂det/∂a is the cofactor matrix: its (0, 0) entry is a₁₁a₂₂ − a₁₂a₂₁.
    let (_, cof): (f64, M3) = det3_grad(&a);
    assert!((cof[0][0] - (1.5 * 3.0 - 0.2 * 0.7)).abs() < 1e-12);
    assert!((cof[2][1] + (2.0 * 0.2 - 0.3 * 0.4)).abs() < 1e-12);

    let p: Polygon = vec![[0.0, 0.0], [3.0, 0.0], [3.0, 4.0]];
    perimeter_gradcheck(&p).unwrap();
}

#[test]
fn rows_alias_walked_row_by_row() {
    let m: Matrix = vec![vec![3.0, 0.0], vec![0.0, 4.0]];
    frobenius_gradcheck(&m).unwrap();
    // ∂‖M‖/∂M = M / ‖M‖.
    let (norm, g) = frobenius_grad(&m);
    assert!((norm - 5.0).abs() < 1e-12);
    let expected = [[0.6, 0.0], [0.0, 0.8]];
    for (row, want) in g.iter().zip(expected) {
        for (x, w) in row.iter().zip(want) {
            assert!((x - w).abs() < 1e-12, "{g:?}");
        }
    }
}

/// Rows behind an alias taken by value: by reference in the derived items, differentiated.
#[differentiate]
fn trace_scaled(a: M3, s: f64) -> f64 {
    s * (a[0][0] + a[1][1] + a[2][2])
}

#[test]
fn a_rows_alias_by_value() {
    let a: M3 = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]];
    trace_scaled_gradcheck(&a, 0.5).unwrap();
    let (_, a_bar, s_bar) = trace_scaled_grad(&a, 0.5);
    assert_eq!(a_bar, [[0.5, 0.0, 0.0], [0.0, 0.5, 0.0], [0.0, 0.0, 0.5]]);
    assert_eq!(s_bar, 15.0);
}
