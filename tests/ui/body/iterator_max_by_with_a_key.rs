use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    *x.iter().max_by(|a, b| (*a * *a).partial_cmp(&(*b * *b)).unwrap()).unwrap()
}

fn main() {}
