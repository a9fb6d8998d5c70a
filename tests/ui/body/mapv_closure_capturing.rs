use autodiff::differentiate;
use autodiff::ndarray::Array1;

#[differentiate]
fn standardise(x: &Array1<f64>, mean: f64) -> f64 {
    x.mapv(|v| (v - mean).powi(2)).sum()
}

fn main() {}
