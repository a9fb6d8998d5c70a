use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64], y: &[f64]) -> f64 {
    x.iter().chain(y.iter()).map(|v| v * v).sum()
}

fn main() {}
