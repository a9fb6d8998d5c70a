use autodiff::differentiate;

/// `c` is a constant of `f`'s derivatives.
#[differentiate(wrt(x))]
fn f(x: f64, c: f64) -> f64 {
    x * c
}

/// Passes `c` a value with a derivative: its derivative through `c` would be lost.
#[differentiate]
fn g(a: f64) -> f64 {
    f(a, a * 2.0)
}

fn main() {}
