#![deny(warnings)]

use autodiff::differentiate;

/// Only `x` is active: `c` and `ys` are constants, for differentiated callers too.
#[differentiate(wrt(x))]
fn f(x: f64, c: f64, ys: &[f64], n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += (x * c).sin() * ys[i];
    }
    s
}

/// Calls `f` with constants for the parameters its `wrt` leaves out (`data` is one of `g`
/// too).
#[differentiate(wrt(a, b))]
fn g(a: f64, b: f64, data: &[f64]) -> f64 {
    f(a * b, 1.5, data, 2) + f(b, 0.5, data, 1)
}

fn main() {
    let (_, dx) = f_grad(0.3, 1.2, &[1.0, 2.0], 2);
    let (_, da, db) = g_grad(0.3, 1.2, &[1.0, 2.0]);
    assert!(dx.is_finite() && da.is_finite() && db.is_finite());
    g_gradcheck(0.3, 1.2, &[1.0, 2.0]).unwrap();
}
