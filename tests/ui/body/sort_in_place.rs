use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut y = x.to_vec();
    y.sort_by(|a, b| a.partial_cmp(b).unwrap());
    y[0] * 2.0 + y[y.len() - 1]
}

fn main() {}
