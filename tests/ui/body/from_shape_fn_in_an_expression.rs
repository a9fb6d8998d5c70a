use autodiff::differentiate;
use autodiff::ndarray::Array2;

// `from_shape_fn` is taken bound by a `let`; inside an expression it gets the macro's
// message saying so.
#[differentiate]
fn total(x: &[f64]) -> f64 {
    Array2::from_shape_fn((2, 2), |(i, j)| x[i] * x[j]).sum()
}

fn main() {}
