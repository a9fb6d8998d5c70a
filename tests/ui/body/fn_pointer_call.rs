use autodiff::differentiate;

// A function value of a slice, called on one that carries a derivative: the derived items
// take function values of one to four floats with their derivatives, not of sequences.
#[differentiate]
fn f(x: &[f64], g: fn(&[f64]) -> f64) -> f64 {
    g(x) * x[0]
}

fn main() {}
