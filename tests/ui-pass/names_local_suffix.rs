#![deny(warnings)]

use autodiff::differentiate;

/// A local named `x_bar` beside the parameter `x`.
#[differentiate]
fn f(x: f64) -> f64 {
    let x_bar = x * 2.0;
    x_bar * x
}

fn main() {
    let (_, d) = f_grad(1.5);
    assert_eq!(d, 6.0);
}
