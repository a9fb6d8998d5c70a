#![deny(warnings)]

use autodiff::differentiate;

#[differentiate]
fn square(t: f64) -> f64 {
    t * t
}

/// Calls a differentiated function and returns a pair.
#[differentiate]
fn pair(x: f64, y: f64) -> (f64, f64) {
    let s = square(x);
    (s * y, square(y) + x)
}

fn main() {
    let ((a, b), dx, dy) = pair_vjp(2.0, 3.0, (1.0, 10.0));
    assert_eq!((a, b), pair(2.0, 3.0));
    // ∂/∂x = 2xy + 10, ∂/∂y = x² + 20y
    assert_eq!((dx, dy), (12.0 + 10.0, 4.0 + 60.0));
    let (_, (ta, tb)) = pair_jvp(2.0, 3.0, 1.0, 0.0);
    assert_eq!((ta, tb), (12.0, 1.0));
}
