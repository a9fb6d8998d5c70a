use autodiff::differentiate;
use autodiff::ndarray::Array1;

// A captured slice: the elementwise function takes floats only.
#[differentiate]
fn weighted(x: &Array1<f64>, w: &[f64]) -> f64 {
    x.mapv(|v| v * w[0]).sum()
}

fn main() {}
