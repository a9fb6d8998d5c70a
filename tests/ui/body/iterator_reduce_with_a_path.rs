use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    x.iter().copied().reduce(f64::max).unwrap()
}

fn main() {}
