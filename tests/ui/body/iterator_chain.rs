use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    x.iter().sum()
}

fn main() {}
