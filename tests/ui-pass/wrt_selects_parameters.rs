#![deny(warnings)]

use autodiff::differentiate;

/// Only `x` is active: `c` and `n` get no tangent and no cotangent.
#[differentiate(wrt(x))]
fn f(x: f64, c: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for k in 1..=n {
        s += (x * c).sin() / (k as f64);
    }
    s
}

fn main() {
    let (x, c, n) = (0.4_f64, 1.7_f64, 3);
    let expected = c * (x * c).cos() * (1.0 + 1.0 / 2.0 + 1.0 / 3.0);
    let (value, dx) = f_grad(x, c, n);
    assert_eq!(value, f(x, c, n));
    assert!((dx - expected).abs() < 1e-12);
    let (_, tangent) = f_jvp(x, c, n, 1.0);
    assert!((tangent - expected).abs() < 1e-12);
    let (_, dx2) = f_vjp(x, c, n, 2.0);
    assert!((dx2 - 2.0 * expected).abs() < 1e-12);
}
