#![deny(warnings)]

use autodiff::differentiate;

/// Parameters named like the derived names of another parameter.
#[differentiate]
fn g(x: f64, x_dot: f64, x_bar: f64, dout: f64) -> f64 {
    x * x_dot + x_bar * dout * x
}

fn main() {
    let (_, ga, gb, gc, gd) = g_grad(2.0, 3.0, 5.0, 7.0);
    assert_eq!((ga, gb, gc, gd), (3.0 + 35.0, 2.0, 14.0, 10.0));
    let (_, t) = g_jvp(2.0, 3.0, 5.0, 7.0, 1.0, 0.0, 0.0, 0.0);
    assert_eq!(t, 38.0);
}
