//! Tuples of floats as parameters (`p: (f64, f64)`, `&(f64, f64, f64)`, `pts: &[(f64, f64)]`),
//! read as structs of fields `.0`, `.1`, …: their cotangents are tuples of the same type.
//! Each checked against a closed form and central differences.

// Index loops, as numerical code writes them.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;

#[differentiate]
fn affine(x: f64, p: (f64, f64)) -> f64 {
    x * p.0 + p.1
}

#[differentiate]
fn distance(a: &(f64, f64, f64), b: &(f64, f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt()
}

// The shoelace formula over a polygon's vertices.
#[differentiate]
fn polygon_area(pts: &[(f64, f64)]) -> f64 {
    let n = pts.len();
    let mut s = 0.0;
    for i in 0..n {
        let j = (i + 1) % n;
        s += pts[i].0 * pts[j].1 - pts[j].0 * pts[i].1;
    }
    s.abs() / 2.0
}

#[differentiate]
fn centroid_spread(pts: &[(f64, f64)]) -> f64 {
    let n = pts.len() as f64;
    let cx: f64 = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let cy: f64 = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let mut s = 0.0;
    for p in pts {
        s += (p.0 - cx).powi(2) + (p.1 - cy).powi(2);
    }
    s
}

#[differentiate]
fn unpacked(p: (f64, f64)) -> f64 {
    let (a, b) = p;
    a.sin() * b
}

#[differentiate]
fn weighted((a, b): (f64, f64), [u, v]: [f64; 2]) -> f64 {
    a * u.exp() + b * v * v
}

#[differentiate]
fn moments(pts: &[(f64, f64)]) -> f64 {
    let mut s = 0.0;
    for &(x, y) in pts.iter() {
        s += x * y;
    }
    s + pts.iter().map(|&(x, y)| x * y * y).sum::<f64>()
}

#[test]
fn patterns_over_tuples() {
    // Parameters written as patterns are named after their bindings: `a_b`, `u_v`.
    let (_, gab, guv) = weighted_grad(&(2.0, 3.0), [0.5, -1.0]);
    assert_eq!(gab, (0.5f64.exp(), 1.0));
    assert_eq!(guv, [2.0 * 0.5f64.exp(), -6.0]);
    weighted_gradcheck(&(2.0, 3.0), [0.5, -1.0]).unwrap();
    let pts = [(1.0, 2.0), (-0.5, 0.25)];
    let (_, g) = moments_grad(&pts);
    // ∂/∂x = y + y², ∂/∂y = x + 2xy.
    assert_eq!(
        g,
        vec![(2.0 + 4.0, 1.0 + 4.0), (0.25 + 0.0625, -0.5 - 0.25)]
    );
    moments_gradcheck(&pts).unwrap();
}

#[test]
fn tuple_by_value() {
    let (v, gx, gp) = affine_grad(2.0, &(3.0, -1.0));
    assert_eq!((v, gx, gp), (5.0, 3.0, (2.0, 1.0)));
    affine_gradcheck(2.0, &(3.0, -1.0)).unwrap();
    let (_, g) = unpacked_grad(&(0.4, 2.0));
    assert!((g.0 - 0.4f64.cos() * 2.0).abs() < 1e-12 && (g.1 - 0.4f64.sin()).abs() < 1e-12);
    unpacked_gradcheck(&(0.4, 2.0)).unwrap();
}

#[test]
fn tuple_by_reference() {
    let (a, b) = ((1.0, 2.0, 3.0), (0.0, 4.0, 3.5));
    let (d, ga, gb) = distance_grad(&a, &b);
    let u = ((1.0 - 0.0) / d, (2.0 - 4.0) / d, (3.0 - 3.5) / d);
    assert!((ga.0 - u.0).abs() < 1e-12 && (ga.1 - u.1).abs() < 1e-12 && (ga.2 - u.2).abs() < 1e-12);
    assert!((gb.0 + u.0).abs() < 1e-12 && (gb.1 + u.1).abs() < 1e-12);
    distance_gradcheck(&a, &b).unwrap();
}

#[test]
fn slices_of_tuples() {
    // The unit square, counter-clockwise: area 1, and ∂A/∂(xᵢ, yᵢ) = ((yᵢ₊₁ − yᵢ₋₁)/2, (xᵢ₋₁ − xᵢ₊₁)/2).
    let sq = vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    let (a, g) = polygon_area_grad(&sq);
    assert_eq!(a, 1.0);
    assert_eq!(g, vec![(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]);
    polygon_area_gradcheck(&sq).unwrap();
    centroid_spread_gradcheck(&[(0.1, 0.3), (1.2, -0.4), (0.7, 0.9)]).unwrap();
}

#[differentiate]
fn cross_generic<T: autodiff::num_traits::Float>(a: (T, T), b: &[(T, T)]) -> T {
    let mut s = T::zero();
    for p in b {
        s = s + a.0 * p.1 - a.1 * p.0;
    }
    s
}

#[test]
fn generic_tuples() {
    let b = [(1.0, 2.0), (-0.5, 0.25)];
    let (_, ga, gb) = cross_generic_grad(&(0.3, 0.7), &b);
    // ∂/∂a = (Σ yᵢ, −Σ xᵢ), ∂/∂bᵢ = (−a.1, a.0).
    assert_eq!(ga, (2.25, -0.5));
    assert_eq!(gb, vec![(-0.7, 0.3), (-0.7, 0.3)]);
    cross_generic_gradcheck(&(0.3, 0.7), &b).unwrap();
    cross_generic_gradcheck(&(0.3f32, 0.7), &[(1.0f32, 2.0)]).unwrap();
}

#[differentiate]
fn triangle_area(p: &[(f64, f64); 3], scale: f64) -> f64 {
    let (a, b, c) = (p[0], p[1], p[2]);
    scale * ((b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1)) / 2.0
}

#[differentiate]
fn path_length(pts: Vec<(f64, f64)>) -> f64 {
    let mut s = 0.0;
    for i in 1..pts.len() {
        s += ((pts[i].0 - pts[i - 1].0).powi(2) + (pts[i].1 - pts[i - 1].1).powi(2)).sqrt();
    }
    s
}

#[test]
fn arrays_and_vecs_of_tuples() {
    let p = [(0.0, 0.0), (2.0, 0.0), (0.0, 1.0)];
    let (a, gp, gs) = triangle_area_grad(&p, 3.0);
    assert_eq!((a, gs), (3.0, 1.0));
    // The third vertex: ∂A/∂c = scale · (−(b.1 − a.1), b.0 − a.0) / 2.
    assert_eq!(gp[2], (0.0, 3.0));
    triangle_area_gradcheck(&p, 3.0).unwrap();
    let pts = vec![(0.0, 0.0), (3.0, 4.0), (3.0, 5.0)];
    let (l, g) = path_length_grad(&pts);
    assert_eq!(l, 6.0);
    // The middle vertex: (3, 4)/5 from the first segment, (0, −1) from the second.
    assert!((g[1].0 - 0.6).abs() < 1e-12 && (g[1].1 - (0.8 - 1.0)).abs() < 1e-12);
    path_length_gradcheck(&pts).unwrap();
}

#[differentiate]
fn norm2(p: (f64, f64)) -> f64 {
    (p.0 * p.0 + p.1 * p.1).sqrt()
}

// Elements of a slice of tuples passed by value to a function taking a tuple.
#[differentiate]
fn longest(pts: &[(f64, f64)]) -> f64 {
    let mut best = 0.0;
    for i in 0..pts.len() {
        best = f64::max(best, norm2(pts[i]));
    }
    best
}

#[test]
fn tuples_passed_by_value() {
    let pts = [(1.0, 0.0), (3.0, 4.0), (0.0, 2.0)];
    let (l, g) = longest_grad(&pts);
    assert_eq!(l, 5.0);
    let want = [(0.0, 0.0), (0.6, 0.8), (0.0, 0.0)];
    for (gi, wi) in g.iter().zip(want) {
        assert!((gi.0 - wi.0).abs() < 1e-12 && (gi.1 - wi.1).abs() < 1e-12);
    }
    longest_gradcheck(&pts).unwrap();
}

// `wrt` names a pattern parameter by the name the derived items give it.
#[differentiate(wrt(a_b))]
fn scaled_product((a, b): (f64, f64), c: f64) -> f64 {
    a * b * c
}

#[test]
fn wrt_a_pattern_parameter() {
    let (v, g) = scaled_product_grad(&(2.0, 3.0), 0.5);
    assert_eq!((v, g), (3.0, (1.5, 1.0)));
}

// A tuple pattern behind a reference.
#[differentiate]
fn product_of_pair(&(a, b): &(f64, f64)) -> f64 {
    a * b.sin()
}

#[test]
fn a_pattern_behind_a_reference() {
    let (v, g) = product_of_pair_grad(&(2.0, 0.5));
    assert!((v - 2.0 * 0.5f64.sin()).abs() < 1e-15);
    assert!((g.0 - 0.5f64.sin()).abs() < 1e-15 && (g.1 - 2.0 * 0.5f64.cos()).abs() < 1e-15);
    product_of_pair_gradcheck(&(2.0, 0.5)).unwrap();
}

// Tuples built in the body: passed as a literal, and bound first.
#[differentiate]
fn through_literal(x: f64, a: f64) -> f64 {
    affine(x, (a, 2.0 * a))
}

#[differentiate]
fn through_local(x: f64, a: f64) -> f64 {
    let p = (a.sin(), x * a);
    affine(x, p) + p.1
}

#[test]
fn tuples_built_in_the_body() {
    through_literal_gradcheck(0.5, 1.5).unwrap();
    through_local_gradcheck(0.5, 1.5).unwrap();
    // a x + 2a: (a, x + 2).
    assert_eq!(through_literal_grad(0.5, 1.5), (0.5 * 1.5 + 3.0, 1.5, 2.5));
    // sin(a) x + 2 x a: (sin a + 2a, x cos a + 2x).
    let (_, gx, ga) = through_local_grad(0.5, 1.5);
    assert!((gx - (1.5f64.sin() + 3.0)).abs() < 1e-12);
    assert!((ga - (0.5 * 1.5f64.cos() + 1.0)).abs() < 1e-12);
}

#[differentiate]
fn cube_through_a_tuple(x: f64) -> f64 {
    let t = (x, x * x);
    t.0 * t.1
}

#[test]
fn a_local_tuple_read_by_field() {
    // x³: 3x².
    assert_eq!(cube_through_a_tuple_grad(1.5), (3.375, 6.75));
    cube_through_a_tuple_gradcheck(1.5).unwrap();
}

// A tuple bound from a block or a branch (`let (s, q) = { …; (a, b) }`): each element is a
// variable of its own.
#[differentiate]
fn sums_from_a_block(xs: &[f64], k: f64) -> f64 {
    let (s, q) = {
        let mut a = 0.0;
        let mut b = 0.0;
        for &x in xs {
            a += x;
            b += x * x;
        }
        (a, b)
    };
    let (lo, hi) = if k > 0.0 { (s, q * k) } else { (q, s) };
    lo * hi
}

#[test]
fn tuples_bound_from_blocks_and_branches() {
    let xs = [1.0, 2.0, 4.0];
    // k > 0: s · q · k = 7 · 21 · k; ∂xᵢ = k (q + 2 s xᵢ), ∂k = s q.
    let (value, g, k_bar) = sums_from_a_block_grad(&xs, 0.5);
    assert_eq!(value, 7.0 * 21.0 * 0.5);
    assert_eq!(g, vec![0.5 * 35.0, 0.5 * 49.0, 0.5 * 77.0]);
    assert_eq!(k_bar, 147.0);
    sums_from_a_block_gradcheck(&xs, 0.5).unwrap();
    sums_from_a_block_gradcheck(&xs, -0.5).unwrap();
}

/// A callee returning a sequence beside a float, destructured (`let (d, e) = …; d[0]`): the
/// element used as a sequence is one, its cotangent added entry by entry into the tuple's.
#[differentiate]
fn residuals_and_energy(y: &[f64], u: f64) -> (Vec<f64>, f64) {
    let d: Vec<f64> = y.iter().map(|v| v - u).collect();
    let e = d.iter().map(|v| v * v).sum::<f64>();
    (d, e)
}

#[differentiate]
fn first_residual_times_energy(y: &[f64], u: f64) -> f64 {
    let (d, e) = residuals_and_energy(y, u);
    d[0] * e + d[1]
}

#[test]
fn a_sequence_inside_a_returned_tuple() {
    // d = y − u, e = Σ dᵢ²; f = d₀ e + d₁: ∂y₀ = e + 2d₀², ∂y₁ = 2d₀d₁ + 1, ∂u = −(∂y₀ + ∂y₁).
    let (v, gy, gu) = first_residual_times_energy_grad(&[1.0, 2.0], 0.5);
    assert_eq!((v, gy, gu), (2.75, vec![3.0, 2.5], -5.5));
    first_residual_times_energy_gradcheck(&[1.0, 2.0], 0.5).unwrap();
    let (_, dot) = first_residual_times_energy_jvp(&[1.0, 2.0], 0.5, &[0.0, 1.0], 1.0);
    assert_eq!(dot, 2.5 - 5.5);
}
