// `nested` takes float parameters: a slice would need entry points of its own shape.
use autodiff::differentiate;

#[differentiate(nested)]
fn energy(x: &[f64], k: f64) -> f64 {
    k * x.iter().map(|v| v * v).sum::<f64>()
}

fn main() {}
