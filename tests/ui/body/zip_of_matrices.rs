use autodiff::differentiate;
use autodiff::ndarray::{Array2, Zip};

// `Zip` over two-dimensional arrays.
#[differentiate]
fn frobenius(a: &Array2<f64>, b: &Array2<f64>) -> f64 {
    Zip::from(a).and(b).fold(0.0, |acc, x, y| acc + x * y)
}

fn main() {}
