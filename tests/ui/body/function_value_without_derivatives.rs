use autodiff::differentiate;

#[differentiate]
fn trapezoid(f: fn(f64) -> f64, a: f64, b: f64) -> f64 {
    0.5 * (b - a) * (f(a) + f(b))
}

fn square(x: f64) -> f64 {
    x * x
}

fn main() {
    // The primal takes the function; its derived items take it with its derivatives
    // (`square::with_derivatives()` of a `#[differentiate] fn square`).
    let _ = trapezoid(square, 0.0, 1.0);
    let _ = trapezoid_grad(square, 0.0, 1.0);
}
