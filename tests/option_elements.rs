//! `match x.get(i) { Some(v) => …, None => … }` and `if let Some(&(h, l, c)) = x.get(i)`
//! on sequences that carry derivatives (of floats and of float tuples): the element is
//! bound by reading it (`let v = x[i];`), so its derivative flows. Checked against closed
//! forms and central differences.

use autodiff::differentiate;
use autodiff::gradcheck::{check_vjp, Tolerance};

/// Σᵢ (x₍ᵢ₊₁ mod n₎ − xᵢ)²: the last difference wraps around through `None`.
#[differentiate]
fn cyclic_roughness(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let next = match x.get(i + 1) {
            Some(&v) => v,
            None => x[0],
        };
        s += (next - x[i]).powi(2);
    }
    s
}

#[test]
fn match_on_get_binds_the_element() {
    let x = [0.5, -1.0, 2.0, 0.25];
    cyclic_roughness_gradcheck(&x).unwrap();
    // ∂/∂xⱼ = 2 (xⱼ − xⱼ₋₁) − 2 (xⱼ₊₁ − xⱼ), indices cyclic.
    let n = x.len();
    let (_, g) = cyclic_roughness_grad(&x);
    for j in 0..n {
        let (prev, next) = (x[(j + n - 1) % n], x[(j + 1) % n]);
        let expected = 2.0 * (x[j] - prev) - 2.0 * (next - x[j]);
        assert!(
            (g[j] - expected).abs() < 1e-12,
            "{j}: {} against {expected}",
            g[j]
        );
    }
}

/// The stochastic oscillator %K over high/low/close bars, as trading code writes it:
/// 100 (cᵢ − min low) / (max high − min low) over the last `period` bars.
#[differentiate]
fn stochastic(prices: Vec<(f32, f32, f32)>) -> Vec<f32> {
    let period = 2;
    let mut out = Vec::new();
    for i in 0..prices.len() {
        let mut hh = f32::NEG_INFINITY;
        let mut ll = f32::INFINITY;
        for j in (i + 1).saturating_sub(period)..i + 1 {
            if let Some(&(h, l, _)) = prices.get(j) {
                hh = hh.max(h);
                ll = ll.min(l);
            }
        }
        let close = match prices.get(i) {
            Some(&(_, _, c)) => c,
            None => 0.0,
        };
        out.push(100.0 * (close - ll) / (hh - ll));
    }
    out
}

/// The same at `f64`, for central differences of the whole Jacobian.
#[differentiate]
fn stochastic64(prices: Vec<(f64, f64, f64)>) -> Vec<f64> {
    let period = 2;
    let mut out = Vec::new();
    for i in 0..prices.len() {
        let mut hh = f64::NEG_INFINITY;
        let mut ll = f64::INFINITY;
        for j in (i + 1).saturating_sub(period)..i + 1 {
            if let Some(&(h, l, _)) = prices.get(j) {
                hh = hh.max(h);
                ll = ll.min(l);
            }
        }
        let close = match prices.get(i) {
            Some(&(_, _, c)) => c,
            None => 0.0,
        };
        out.push(100.0 * (close - ll) / (hh - ll));
    }
    out
}

const BARS: [(f64, f64, f64); 3] = [(10.0, 8.0, 9.0), (11.0, 9.5, 10.5), (10.5, 7.0, 8.0)];

#[test]
fn if_let_on_get_of_tuples_binds_the_parts() {
    let flat = |v: &[(f64, f64, f64)]| {
        v.iter()
            .flat_map(|&(h, l, c)| [h, l, c])
            .collect::<Vec<_>>()
    };
    let bars = |x: &[f64]| x.chunks(3).map(|c| (c[0], c[1], c[2])).collect::<Vec<_>>();
    let x = flat(&BARS);
    check_vjp(
        |x| stochastic64(bars(x)),
        &x,
        |ybar| {
            let (_, bar) = stochastic64_vjp(&bars(&x), ybar.to_vec());
            flat(&bar)
        },
        3,
        Tolerance::default(),
    )
    .unwrap();
    // Bar 1: hh = 11 (h₁), ll = 8 (l₀), c₁ = 10.5: K = 100 (c − ll) / (hh − ll).
    // ∂K/∂c₁ = 100 / 3, ∂K/∂h₁ = −100 (c − ll) / 3² = −250 / 9,
    // ∂K/∂l₀ = 100 (c − hh) / 3² = −50 / 9, the rest 0.
    let mut seed = vec![0.0; 3];
    seed[1] = 1.0;
    let (k, bar) = stochastic64_vjp(&BARS.to_vec(), seed);
    assert!((k[1] - 250.0 / 3.0).abs() < 1e-12);
    let expected = [
        (0.0, -50.0 / 9.0, 0.0),
        (-250.0 / 9.0, 0.0, 100.0 / 3.0),
        (0.0, 0.0, 0.0),
    ];
    for (b, e) in bar.iter().zip(&expected) {
        assert!(
            (b.0 - e.0).abs() < 1e-12 && (b.1 - e.1).abs() < 1e-12 && (b.2 - e.2).abs() < 1e-12,
            "{bar:?}"
        );
    }
    // At f32, as written: the same cotangents to f32's precision.
    let bars32: Vec<(f32, f32, f32)> = BARS
        .iter()
        .map(|&(h, l, c)| (h as f32, l as f32, c as f32))
        .collect();
    let (k32, bar32) = stochastic_vjp(&bars32, vec![0.0, 1.0, 0.0]);
    assert!((k32[1] - 250.0 / 3.0).abs() < 1e-4);
    assert!((bar32[1].0 + 250.0 / 9.0).abs() < 1e-4 && (bar32[0].1 + 50.0 / 9.0).abs() < 1e-4);
    assert!((bar32[1].2 - 100.0 / 3.0).abs() < 1e-4);
}

/// `match x.first()` with `_` for `None`, and `let Some(&(…)) = x.last() else { … }`.
#[differentiate]
fn ends(x: &[f64], pts: &[(f64, f64)]) -> f64 {
    let head = match x.first() {
        Some(v) => v * 2.0,
        _ => 0.0,
    };
    let Some(&(a, b)) = pts.last() else {
        return head;
    };
    head + a * b
}

#[test]
fn first_and_last_bind_their_elements() {
    let (x, pts) = ([1.5, 4.0], [(1.0, 2.0), (3.0, -0.5)]);
    ends_gradcheck(&x, &pts).unwrap();
    // 2 x₀ + a b of the last point: ∂x₀ = 2, ∂a = b, ∂b = a.
    let (v, x_bar, pts_bar) = ends_grad(&x, &pts);
    assert_eq!(v, 3.0 - 1.5);
    assert_eq!(x_bar, [2.0, 0.0]);
    assert_eq!(pts_bar, [(0.0, 0.0), (-0.5, 3.0)]);
    assert_eq!(ends_grad(&[], &[]).0, 0.0);
}
