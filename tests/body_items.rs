//! Items in a function's body (`const`, `static`, `use`, `type` aliases, nested `fn`s on
//! inactive values, nested `#[differentiate]` helpers), as numerical code writes them:
//! every generated function repeats them.
//! Checked against closed forms and the generated `_gradcheck`.

#![allow(clippy::needless_range_loop)] // index loops are the form under test

use autodiff::differentiate;

// f = Σᵢ wᵢ·sin(π·xᵢ)·SCALE with wᵢ = 1 / (i + 1)² from a nested helper.
#[differentiate]
fn weighted_waves(x: &[f64]) -> f64 {
    use std::f64::consts::PI;
    const SCALE: f64 = 0.5;
    static OFFSET: usize = 1;
    type Idx = usize;
    fn weight(i: usize) -> f64 {
        let k = (i + OFFSET_AGAIN) as f64;
        1.0 / (k * k)
    }
    const OFFSET_AGAIN: usize = 1;
    let mut s = 0.0;
    let n: Idx = x.len();
    for i in 0..n {
        s += weight(i) * (PI * x[i]).sin() * SCALE * (OFFSET as f64);
    }
    s
}

// A nested `fn` on an integer, used before its line, with an early return after it.
#[differentiate]
fn clipped_square(x: f64, n: usize) -> f64 {
    if twice(n) > 10 {
        return x;
    }
    fn twice(k: usize) -> usize {
        2 * k
    }
    x * x * twice(n) as f64
}

#[test]
fn body_items_are_repeated_in_every_generated_function() {
    let x = [0.3, -0.7, 1.1];
    let (v, g) = weighted_waves_grad(&x);
    let pi = std::f64::consts::PI;
    let w = |i: usize| 1.0 / ((i + 1) as f64).powi(2);
    let want: f64 = (0..3).map(|i| w(i) * (pi * x[i]).sin() * 0.5).sum();
    assert!((v - want).abs() < 1e-14);
    for i in 0..3 {
        let d = w(i) * pi * (pi * x[i]).cos() * 0.5;
        assert!((g[i] - d).abs() < 1e-13, "∂{i}: {} against {d}", g[i]);
    }
    weighted_waves_gradcheck(&x).unwrap();

    let (_, g) = clipped_square_grad(0.8, 3);
    assert!((g - 2.0 * 0.8 * 6.0).abs() < 1e-14);
    let (_, g) = clipped_square_grad(0.8, 6);
    assert_eq!(g, 1.0);
    clipped_square_gradcheck(0.8, 3).unwrap();
}

// A nested helper marked `#[differentiate]`, called on active values: each generated
// function repeats it with its derived items. f = g(K·x)·t + g(t), g(v) = (v / 255)^2.2.
#[differentiate]
fn gamma_mix(x: f64, t: f64) -> f64 {
    #[differentiate]
    fn to_gamma(v: f64) -> f64 {
        (v / 255.0).powf(2.2)
    }
    const K: f64 = 3.0;
    let r = to_gamma(x * K);
    r * t + to_gamma(t)
}

#[test]
fn a_nested_differentiated_helper_is_called_with_derivatives() {
    let (x, t) = (40.0, 2.0);
    let g = |v: f64| (v / 255.0_f64).powf(2.2);
    // g'(v) = 2.2 / 255 · (v / 255)^1.2.
    let dg = |v: f64| 2.2 / 255.0 * (v / 255.0_f64).powf(1.2);
    let (value, x_bar, t_bar) = gamma_mix_grad(x, t);
    assert!((value - (g(3.0 * x) * t + g(t))).abs() < 1e-15);
    assert!((x_bar - 3.0 * dg(3.0 * x) * t).abs() < 1e-15);
    assert!((t_bar - (g(3.0 * x) + dg(t))).abs() < 1e-15);
    gamma_mix_gradcheck(x, t).unwrap();
}
