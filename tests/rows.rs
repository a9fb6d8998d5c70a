//! Matrices as rows (`&[Vec<f64>]`, `&Vec<Vec<f64>>`, `&[[f64; N]]`): the forms numerical
//! code reads them in, each checked against central differences.

// Index loops and `&Vec<Vec<f64>>`, as numerical code over rows is written.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

use autodiff::differentiate;

#[differentiate]
fn frobenius(a: &[Vec<f64>]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        for j in 0..a[i].len() {
            s += a[i][j] * a[i][j];
        }
    }
    s
}

#[differentiate]
fn quad_form(a: &[Vec<f64>], x: &[f64]) -> f64 {
    let n = x.len();
    let mut total = 0.0;
    for i in 0..n {
        let row = &a[i];
        let mut ax = 0.0;
        for j in 0..row.len() {
            ax += row[j] * x[j];
        }
        total += x[i] * ax;
    }
    total
}

#[differentiate]
fn row_sums(a: &Vec<Vec<f64>>, w: &[f64]) -> f64 {
    let mut total = 0.0;
    for (i, row) in a.iter().enumerate() {
        let s: f64 = row.iter().zip(w.iter()).map(|(r, v)| r * v).sum();
        total += (i as f64 + 1.0) * s.tanh();
    }
    total
}

#[differentiate]
fn points_energy(p: &[[f64; 2]]) -> f64 {
    let mut e = 0.0;
    for i in 0..p.len() {
        for j in (i + 1)..p.len() {
            let dx = p[i][0] - p[j][0];
            let dy = p[i][1] - p[j][1];
            e += 1.0 / (dx * dx + dy * dy).sqrt();
        }
    }
    e
}

#[test]
fn frobenius_gradient() {
    let a = vec![vec![1.0, -2.0, 0.5], vec![0.3, 0.7]];
    let (v, g) = frobenius_grad(&a);
    assert!((v - (1.0 + 4.0 + 0.25 + 0.09 + 0.49)).abs() < 1e-12);
    assert_eq!(g, vec![vec![2.0, -4.0, 1.0], vec![0.6, 1.4]]);
    frobenius_gradcheck(&a).unwrap();
}

#[test]
fn quad_form_gradient() {
    let a = vec![
        vec![2.0, 0.5, -1.0],
        vec![0.1, 3.0, 0.2],
        vec![-0.4, 0.6, 1.5],
    ];
    let x = vec![0.3, -0.7, 1.1];
    let (_, ga, gx) = quad_form_grad(&a, &x);
    // d(xᵀAx)/dA = x xᵀ, d/dx = (A + Aᵀ) x.
    for i in 0..3 {
        for j in 0..3 {
            assert!((ga[i][j] - x[i] * x[j]).abs() < 1e-12);
        }
        let want: f64 = (0..3).map(|j| (a[i][j] + a[j][i]) * x[j]).sum();
        assert!((gx[i] - want).abs() < 1e-12);
    }
    quad_form_gradcheck(&a, &x).unwrap();
}

#[test]
fn row_sums_gradient() {
    let a = vec![vec![0.2, -0.4], vec![1.0, 0.3], vec![-0.5, 0.8]];
    let w = vec![0.9, -1.2];
    row_sums_gradcheck(&a, &w).unwrap();
}

#[test]
fn points_energy_gradient() {
    let p = [[0.0, 0.0], [1.0, 0.2], [0.3, 1.4]];
    points_energy_gradcheck(&p).unwrap();
}

#[differentiate]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[differentiate]
fn matvec(a: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; a.len()];
    for i in 0..a.len() {
        y[i] = dot(&a[i], x);
    }
    y
}

#[differentiate]
fn residual_norm(a: &[Vec<f64>], x: &[f64], b: &[f64]) -> f64 {
    let ax = matvec(a, x);
    let mut s = 0.0;
    for i in 0..b.len() {
        s += (ax[i] - b[i]).powi(2);
    }
    s
}

#[differentiate]
fn row_means(a: &[Vec<f64>]) -> f64 {
    let mut total = 0.0;
    for row in a {
        let mut s = 0.0;
        for &v in row.iter() {
            s += v.exp();
        }
        total += s / row.len() as f64;
    }
    total
}

#[differentiate]
fn chained(a: &[Vec<f64>]) -> f64 {
    a.iter()
        .map(|row| row.iter().map(|v| v * v).sum::<f64>().sqrt())
        .sum()
}

#[differentiate(wrt(w))]
fn least_squares(w: &[f64], xs: &[Vec<f64>], ys: &[f64]) -> f64 {
    let mut loss = 0.0;
    for (x, y) in xs.iter().zip(ys) {
        let pred = dot(x, w);
        loss += (pred - y) * (pred - y);
    }
    loss / ys.len() as f64
}

#[differentiate]
fn trace_f32(a: &[Vec<f32>]) -> f32 {
    let mut t = 0.0;
    for i in 0..a.len() {
        t += a[i][i].sin();
    }
    t
}

#[test]
fn rows_passed_to_helpers() {
    let a = vec![vec![1.0, 0.5], vec![-0.3, 2.0], vec![0.7, 0.1]];
    let (x, b) = (vec![0.4, -0.9], vec![0.2, 0.3, -0.1]);
    residual_norm_gradcheck(&a, &x, &b).unwrap();
    // ∂/∂A ‖Ax − b‖² = 2 (Ax − b) xᵀ.
    let (_, ga, _, _) = residual_norm_grad(&a, &x, &b);
    for i in 0..3 {
        let r = a[i][0] * x[0] + a[i][1] * x[1] - b[i];
        for j in 0..2 {
            assert!((ga[i][j] - 2.0 * r * x[j]).abs() < 1e-12);
        }
    }
}

#[test]
fn loops_and_chains_over_rows() {
    let a = vec![vec![0.2, -0.4, 0.1], vec![1.0], vec![-0.5, 0.8]];
    row_means_gradcheck(&a).unwrap();
    chained_gradcheck(&a).unwrap();
}

#[test]
fn rows_as_data() {
    let xs = vec![vec![1.0, 2.0], vec![0.5, -1.0], vec![-0.2, 0.3]];
    let ys = vec![1.0, 0.0, 0.5];
    let w = vec![0.1, 0.2];
    least_squares_gradcheck(&w, &xs, &ys).unwrap();
    let (_, gw) = least_squares_grad(&w, &xs, &ys);
    let want: Vec<f64> = (0..2)
        .map(|k| {
            (0..3)
                .map(|i| 2.0 * (xs[i][0] * w[0] + xs[i][1] * w[1] - ys[i]) * xs[i][k])
                .sum::<f64>()
                / 3.0
        })
        .collect();
    assert!((gw[0] - want[0]).abs() < 1e-12 && (gw[1] - want[1]).abs() < 1e-12);
}

#[test]
fn rows_in_f32() {
    let a = vec![vec![0.5f32, 2.0], vec![1.0, -0.25]];
    let (_, g) = trace_f32_grad(&a);
    assert_eq!(
        g,
        vec![vec![0.5f32.cos(), 0.0], vec![0.0, (-0.25f32).cos()]]
    );
    trace_f32_gradcheck(&a).unwrap();
}

#[differentiate]
fn mix(t: f64, a: f64, b: f64) -> f64 {
    a + (b - a) * t
}

// Bilinear interpolation on a 2×2 grid of corner values.
#[differentiate]
fn bilinear(x: f64, y: f64, corners: &[[f64; 2]; 2]) -> f64 {
    let bottom = mix(x, corners[0][0], corners[0][1]);
    let top = mix(x, corners[1][0], corners[1][1]);
    mix(y, bottom, top)
}

#[differentiate]
fn owned_rows(m: Vec<Vec<f64>>, s: f64) -> f64 {
    let mut total = 0.0;
    for row in m.iter() {
        total += row.iter().map(|v| (v * s).sin()).sum::<f64>();
    }
    total
}

#[differentiate]
fn owned_grid(g: [[f64; 3]; 2]) -> f64 {
    g[0][0] * g[1][2] - g[0][2] * g[1][0] + g[0][1].exp()
}

#[test]
fn rows_in_arrays_and_by_value() {
    let c = [[1.0, 2.0], [3.0, 5.0]];
    let (v, _, _, gc) = bilinear_grad(0.25, 0.5, &c);
    assert!((v - (0.5 * 1.25 + 0.5 * 3.5)).abs() < 1e-12);
    // ∂/∂c of the bilinear weights: (1−x)(1−y), x(1−y), (1−x)y, xy.
    let want = [[0.375, 0.125], [0.375, 0.125]];
    assert_eq!(gc, want);
    bilinear_gradcheck(0.25, 0.5, &c).unwrap();
    owned_rows_gradcheck(&vec![vec![0.3, 1.2], vec![-0.7]], 0.9).unwrap();
    let g = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]];
    let (_, gg) = owned_grid_grad(&g);
    assert_eq!(gg, [[-0.75, (-1.0f64).exp(), -1.5], [-2.0, 0.0, 0.5]]);
    owned_grid_gradcheck(&g).unwrap();
}

// Bilinear interpolation generic over the float type, on a grid of rows.
#[differentiate]
fn bilinear_generic<T: autodiff::num_traits::Float>(x: T, y: T, c: &[[T; 2]; 2]) -> T {
    let one = T::one();
    c[0][0] * (one - x) * (one - y)
        + c[0][1] * x * (one - y)
        + c[1][0] * (one - x) * y
        + c[1][1] * x * y
}

#[test]
fn generic_rows() {
    let c = [[1.0, 2.0], [3.0, 5.0]];
    let (_, gx, gy, gc): (f64, f64, f64, _) = bilinear_generic_grad(0.25, 0.5, &c);
    // ∂/∂x = (1−y)(c01 − c00) + y(c11 − c10), ∂/∂y = (1−x)(c10 − c00) + x(c11 − c01).
    assert!((gx - (0.5 * 1.0 + 0.5 * 2.0)).abs() < 1e-12);
    assert!((gy - (0.75 * 2.0 + 0.25 * 3.0)).abs() < 1e-12);
    assert_eq!(gc, [[0.375, 0.125], [0.375, 0.125]]);
    bilinear_generic_gradcheck(0.25, 0.5, &c).unwrap();
    bilinear_generic_gradcheck(0.25f32, 0.5, &[[1.0f32, 2.0], [3.0, 5.0]]).unwrap();
}

#[differentiate]
fn mean_of(x: &[f64]) -> Option<f64> {
    if x.is_empty() {
        return None;
    }
    Some(x.iter().sum::<f64>() / x.len() as f64)
}

// Rows handed to an `Option` function and asked whether they are empty.
#[differentiate]
fn row_means_sum(a: &[Vec<f64>]) -> f64 {
    let mut s = 0.0;
    for row in a {
        if row.is_empty() {
            continue;
        }
        s += mean_of(row).unwrap();
    }
    s + mean_of(&a[0]).expect("a first row")
}

#[test]
fn rows_to_option_functions() {
    let a = vec![vec![1.0, 3.0], vec![], vec![2.0, 4.0, 6.0]];
    let (v, g) = row_means_sum_grad(&a);
    assert_eq!(v, 2.0 + 4.0 + 2.0);
    // Each entry of row i weighs 1/len(row i); the first row counts twice.
    assert_eq!(g, vec![vec![1.0, 1.0], vec![], vec![1.0 / 3.0; 3]]);
    row_means_sum_gradcheck(&a).unwrap();
}

// A row walked by reference, and a row bound with its type.
#[differentiate]
fn walks(a: &[Vec<f64>]) -> f64 {
    let mut s = 0.0;
    for &v in &a[0] {
        s += v * v;
    }
    let last: &Vec<f64> = &a[a.len() - 1];
    for v in last {
        s += v.sin();
    }
    s
}

#[test]
fn rows_walked_by_reference() {
    let a = vec![vec![1.0, -2.0], vec![0.5, 0.25]];
    let (_, g) = walks_grad(&a);
    assert_eq!(g, vec![vec![2.0, -4.0], vec![0.5f64.cos(), 0.25f64.cos()]]);
    walks_gradcheck(&a).unwrap();
}

#[differentiate]
fn predictions(xs: &[Vec<f64>], w: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; xs.len()];
    for i in 0..xs.len() {
        out[i] = dot(&xs[i], w);
    }
    out
}

// Data rows left out by `wrt`, passed on to a helper beside the weights.
#[differentiate(wrt(w))]
fn squared_loss(xs: &[Vec<f64>], w: &[f64], ys: &[f64]) -> f64 {
    let p = predictions(xs, w);
    let mut s = 0.0;
    for i in 0..ys.len() {
        s += (p[i] - ys[i]).powi(2);
    }
    s
}

#[test]
fn constant_rows_passed_on() {
    let xs = vec![vec![1.0, 2.0], vec![0.5, -1.0]];
    let (w, ys) = (vec![0.3, -0.2], vec![1.0, 0.0]);
    let (_, gw) = squared_loss_grad(&xs, &w, &ys);
    // ∂/∂w = 2 Σᵢ (xᵢ·w − yᵢ) xᵢ.
    let r: Vec<f64> = (0..2)
        .map(|i| xs[i][0] * w[0] + xs[i][1] * w[1] - ys[i])
        .collect();
    for k in 0..2 {
        assert!((gw[k] - 2.0 * (r[0] * xs[0][k] + r[1] * xs[1][k])).abs() < 1e-12);
    }
    squared_loss_gradcheck(&xs, &w, &ys).unwrap();
}

#[differentiate]
fn norm3(v: &[f64; 3]) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

// A row of arrays passed to a helper taking the array (`&[f64; 3]`), by index and as a
// loop's element.
#[differentiate]
fn total_norm(pts: &[[f64; 3]]) -> f64 {
    let mut s = 0.0;
    for i in 0..pts.len() {
        s += norm3(&pts[i]);
    }
    for p in pts {
        s += 0.5 * norm3(p);
    }
    s
}

#[differentiate]
fn frob(a: &[[f64; 2]]) -> f64 {
    let mut s = 0.0;
    for r in a {
        s += r[0] * r[0] + r[1] * r[1];
    }
    s
}

// An array of rows passed to a helper taking a slice of them.
#[differentiate]
fn frob_fixed(a: &[[f64; 2]; 2]) -> f64 {
    frob(a) + a[0][1]
}

// Another name for the rows.
#[differentiate]
fn alias_rows(a: &[Vec<f64>]) -> f64 {
    let b = a;
    b[0][0] * b[1][1]
}

#[test]
fn rows_passed_on_as_arrays_and_slices() {
    let pts = [[1.0, 2.0, 0.5], [0.3, -1.0, 2.0]];
    total_norm_gradcheck(&pts).unwrap();
    // ∂/∂p = 1.5 p / |p|.
    let (_, g) = total_norm_grad(&pts);
    for (p, gp) in pts.iter().zip(&g) {
        let n = norm3(p);
        for k in 0..3 {
            assert!((gp[k] - 1.5 * p[k] / n).abs() < 1e-12);
        }
    }
    let a = [[1.0, 2.0], [0.3, -1.0]];
    // ∂/∂a = 2a, plus 1 at [0][1].
    let (_, g) = frob_fixed_grad(&a);
    assert_eq!(g, [[2.0, 5.0], [0.6, -2.0]]);
    frob_fixed_gradcheck(&a).unwrap();
    let rows = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
    let (_, g) = alias_rows_grad(&rows);
    assert_eq!(g, vec![vec![4.0, 0.0], vec![0.0, 1.0]]);
}

// The ends of the rows, as slices name them.
#[differentiate]
fn ends(a: &[Vec<f64>]) -> f64 {
    let r = a.first().unwrap();
    r[0] * a.last().unwrap()[1] + a.get(1).unwrap()[0]
}

#[test]
fn first_last_and_get() {
    let a = vec![vec![1.0, 2.0], vec![3.0, 4.0], vec![5.0, 6.0]];
    // a₀₀ a₂₁ + a₁₀.
    let (v, g) = ends_grad(&a);
    assert_eq!(v, 9.0);
    assert_eq!(g, vec![vec![6.0, 0.0], vec![1.0, 0.0], vec![0.0, 1.0]]);
    ends_gradcheck(&a).unwrap();
}

/// Rows made by a differentiated call, kept in a local and passed on (held-out round 15's
/// pseudo-inverse: `let t = transpose(m); det(&t)`): an adjoint of the rows' shape.
#[differentiate]
fn transposed(m: &Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let mut r = vec![vec![0.0; m.len()]; m[0].len()];
    for i in 0..m.len() {
        for j in 0..m[0].len() {
            r[j][i] = m[i][j];
        }
    }
    r
}

#[differentiate]
fn det2(m: &Vec<Vec<f64>>) -> f64 {
    m[0][0] * m[1][1] - m[0][1] * m[1][0]
}

#[differentiate]
fn det_of_transpose_times_corner(m: &Vec<Vec<f64>>) -> f64 {
    let t = transposed(m);
    det2(&t) * m[0][1]
}

#[test]
fn rows_returned_by_a_call_and_passed_on() {
    let m = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
    // det(mᵀ) m₀₁ = det(m) m₀₁: the gradient is m₀₁ cof(m) + det(m) e₀₁.
    let (v, g) = det_of_transpose_times_corner_grad(&m);
    assert_eq!((v, g), (-4.0, vec![vec![8.0, -8.0], vec![-4.0, 2.0]]));
    det_of_transpose_times_corner_gradcheck(&m).unwrap();
}
