#![deny(warnings)]

use autodiff::differentiate;

/// Locals named like the variables and closures of the generated code.
#[differentiate]
fn f(x: f64, y: f64) -> f64 {
    let tape = x * y;
    let dout = tape * x;
    let pullback = dout + 1.0;
    let value = pullback * y;
    let ret_bar = value.sin();
    let ret = ret_bar + x;
    ret * 2.0
}

fn main() {
    let (x, y) = (0.7, 1.3);
    // f = 2 (sin((x² y + 1) y) + x)
    let u = (x * x * y + 1.0) * y;
    let (value, dx, dy) = f_grad(x, y);
    assert_eq!(value, f(x, y));
    assert!((dx - 2.0 * (u.cos() * 2.0 * x * y * y + 1.0)).abs() < 1e-12);
    assert!((dy - 2.0 * u.cos() * (2.0 * x * x * y + 1.0)).abs() < 1e-12);
    let (_, t) = f_jvp(x, y, 1.0, 0.0);
    assert!((t - dx).abs() < 1e-12);
    let (_, vx, vy) = f_vjp(x, y, 0.5);
    assert!((vx - 0.5 * dx).abs() < 1e-12 && (vy - 0.5 * dy).abs() < 1e-12);
}
