use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut y = x.to_vec();
    let last = y.pop().unwrap();
    y[0] * last
}

fn main() {}
