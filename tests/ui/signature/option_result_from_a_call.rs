use autodiff::differentiate;

#[differentiate]
fn doubled_first(x: &[f64]) -> Option<f64> {
    x.first().map(|v| v * 2.0)
}

fn main() {}
