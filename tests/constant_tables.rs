//! Constant tables walked as their authors walk them: Horner coefficients, quadrature nodes
//! and weights, breakpoints searched with `position`, a constant matrix row by row, an
//! associated constant. Their elements carry no derivative; each function's `_grad` is
//! checked against a closed form worked out by hand, its `_jvp` against the gradient, and
//! its `_gradcheck` against central differences.

#![allow(clippy::needless_range_loop)] // the loops are written as their authors write them

use autodiff::differentiate;

const HORNER: [f64; 4] = [1.0, -2.0, 0.5, 0.25];

/// 1 − 2x + ½x² + ¼x³ by Horner's rule, highest coefficient first.
#[differentiate]
fn horner(x: f64) -> f64 {
    let mut acc = 0.0;
    for &c in HORNER.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

/// The same polynomial as a fold.
#[differentiate]
fn horner_fold(x: f64) -> f64 {
    HORNER.iter().rev().fold(0.0, |acc, &c| acc * x + c)
}

#[test]
fn horner_over_a_constant_table() {
    for x in [-1.5, 0.0, 0.75, 2.0] {
        let value = 1.0 - 2.0 * x + 0.5 * x * x + 0.25 * x * x * x;
        let slope = -2.0 + x + 0.75 * x * x;
        for (v, d) in [horner_grad(x), horner_fold_grad(x)] {
            assert!((v - value).abs() < 1e-12);
            assert!((d - slope).abs() < 1e-12);
        }
        let (_, tangent) = horner_jvp(x, 0.5);
        assert!((tangent - 0.5 * slope).abs() < 1e-12);
        // p''(x) = 1 + 1.5 x
        let (_, _, hv) = horner_hvp(x, 1.0);
        assert!((hv - (1.0 + 1.5 * x)).abs() < 1e-12);
        horner_gradcheck(x).unwrap();
        horner_fold_gradcheck(x).unwrap();
    }
}

const NODES: [f64; 3] = [-0.7745966692414834, 0.0, 0.7745966692414834];
const WEIGHTS: [f64; 3] = [0.5555555555555556, 0.8888888888888888, 0.5555555555555556];

/// ∫ₐᵇ eᵗ dt by three-point Gauss–Legendre, the nodes and weights zipped.
#[differentiate]
fn integral_of_exp(a: f64, b: f64) -> f64 {
    let mut s = 0.0;
    for (x, w) in NODES.iter().zip(WEIGHTS.iter()) {
        let t = 0.5 * (b - a) * x + 0.5 * (a + b);
        s += w * t.exp();
    }
    0.5 * (b - a) * s
}

#[test]
fn quadrature_over_zipped_constant_tables() {
    let (a, b) = (0.2, 1.3);
    let (value, da, db) = integral_of_exp_grad(a, b);
    // The rule is exact to 1e-5 here; its derivative is the rule's own, near ∓eᵃ, eᵇ.
    assert!((value - (b.exp() - a.exp())).abs() < 1e-5);
    assert!((da + a.exp()).abs() < 1e-4 && (db - b.exp()).abs() < 1e-4);
    let (_, tangent) = integral_of_exp_jvp(a, b, 1.0, -0.5);
    assert!((tangent - (da - 0.5 * db)).abs() < 1e-12);
    integral_of_exp_gradcheck(a, b).unwrap();
}

const GAUSS_2: [(f64, f64); 2] = [(-0.5773502691896258, 1.0), (0.5773502691896258, 1.0)];

/// Σ wₖ sin(a xₖ) + a Σ wₖ xₖ², over a table of (node, weight) pairs.
#[differentiate]
fn paired_table(a: f64) -> f64 {
    let s: f64 = GAUSS_2.iter().map(|&(x, w)| w * (a * x).sin()).sum();
    let q: f64 = GAUSS_2.iter().map(|(x, w)| w * x * x).sum();
    s + a * q
}

#[test]
fn a_table_of_pairs_mapped_and_summed() {
    // The nodes are ±1/√3 with unit weights: the sines cancel, Σ wₖ xₖ² = 2/3, and
    // d/da Σ wₖ sin(a xₖ) = Σ wₖ xₖ cos(a xₖ) = 0.
    let (value, slope) = paired_table_grad(0.7);
    assert!((value - 0.7 * 2.0 / 3.0).abs() < 1e-12);
    assert!((slope - 2.0 / 3.0).abs() < 1e-12);
    paired_table_gradcheck(0.7).unwrap();
}

const BREAKS: [f64; 4] = [0.0, 1.0, 2.0, 3.0];

/// x times the first breakpoint past x (the last if none is).
#[differentiate]
fn scaled_by_next_break(x: f64) -> f64 {
    let k = BREAKS
        .iter()
        .position(|&b| b > x)
        .unwrap_or(BREAKS.len() - 1);
    x * BREAKS[k]
}

#[test]
fn a_breakpoint_found_with_position() {
    for (x, slope) in [(0.5, 1.0), (1.5, 2.0), (2.5, 3.0), (7.0, 3.0)] {
        let (value, d) = scaled_by_next_break_grad(x);
        assert_eq!((value, d), (x * slope, slope));
        scaled_by_next_break_gradcheck(x).unwrap();
    }
}

const M: [[f64; 2]; 2] = [[1.0, 2.0], [3.0, 4.0]];

/// vᵀ M v, the constant matrix walked row by row.
#[differentiate]
fn quadratic_form(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for (i, row) in M.iter().enumerate() {
        for (j, m) in row.iter().enumerate() {
            s += v[i] * m * v[j];
        }
    }
    s
}

#[test]
fn a_constant_matrix_walked_row_by_row() {
    let v = [1.0, 2.0];
    let (value, grad) = quadratic_form_grad(&v);
    assert_eq!(value, 27.0);
    // ∇ = (M + Mᵀ) v = [[2, 5], [5, 8]] v
    assert_eq!(grad, vec![12.0, 21.0]);
    let (_, _, hv) = quadratic_form_hvp(&v, &[1.0, 0.0]);
    assert_eq!(hv, vec![2.0, 5.0]);
    quadratic_form_gradcheck(&v).unwrap();
}

const SITES: &[f64] = &[0.5, 1.5, 2.5];

/// The squared distance from x to the nearest site, over a constant slice.
#[differentiate]
fn nearest_site(x: f64) -> f64 {
    let mut best = f64::INFINITY;
    for &p in SITES {
        let d = (x - p).abs();
        if d < best {
            best = d;
        }
    }
    best * best
}

#[test]
fn a_constant_slice_searched() {
    let (value, slope) = nearest_site_grad(1.2);
    assert!((value - 0.09).abs() < 1e-12);
    assert!((slope - 2.0 * (1.2 - 1.5)).abs() < 1e-12);
    nearest_site_gradcheck(1.2).unwrap();
}

struct Quadratic;

impl Quadratic {
    const C: [f64; 3] = [1.0, 2.0, 3.0];

    /// 1 + 2x + 3x², over an associated constant.
    #[differentiate]
    fn eval(x: f64) -> f64 {
        let mut acc = 0.0;
        for &c in Self::C.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }
}

#[test]
fn an_associated_constant_table() {
    let (value, slope) = Quadratic::eval_grad(1.5);
    assert_eq!((value, slope), (10.75, 11.0));
    Quadratic::eval_gradcheck(1.5).unwrap();
}

const KNOTS: &[f64] = &[0.0, 0.5, 1.5, 3.0];

/// Σ (tₖ₊₁ − tₖ) sin(x tₖ) over the windows of a constant slice.
#[differentiate]
fn left_riemann_sum(x: f64) -> f64 {
    let mut s = 0.0;
    for w in KNOTS.windows(2) {
        s += (w[1] - w[0]) * (x * w[0]).sin();
    }
    s
}

#[test]
fn windows_of_a_constant_slice() {
    let x = 0.7f64;
    let want: f64 = KNOTS
        .windows(2)
        .map(|w| (w[1] - w[0]) * w[0] * (x * w[0]).cos())
        .sum();
    let (_, slope) = left_riemann_sum_grad(x);
    assert!((slope - want).abs() < 1e-14);
    left_riemann_sum_gradcheck(x).unwrap();
}

const EDGES: [[usize; 2]; 3] = [[0, 1], [1, 2], [2, 0]];

/// Σ over a constant edge list of (xᵢ − xⱼ)², each edge destructured (`let [i, j] = EDGES[e];`).
#[differentiate]
fn edge_energy(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for e in 0..EDGES.len() {
        let [i, j] = EDGES[e];
        s += (x[i] - x[j]).powi(2);
    }
    s
}

#[test]
fn an_element_of_a_constant_table_destructured() {
    let x = [1.0, 2.0, 4.0];
    // ∂/∂xₖ = Σ over edges touching k of ±2(xᵢ − xⱼ).
    assert_eq!(edge_energy_grad(&x), (14.0, vec![-8.0, -2.0, 10.0]));
    edge_energy_gradcheck(&x).unwrap();
}
