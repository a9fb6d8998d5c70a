use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut m = vec![vec![0.0; 2]; 2];
    m[0][0] = x[0] * x[1];
    let copy = m.clone();
    copy[0][0] + x[1]
}

fn main() {}
