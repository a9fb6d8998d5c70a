use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut a = x.to_vec();
    let mut b = vec![0.0; x.len()];
    std::mem::swap(&mut a, &mut b);
    a[0] + b[0]
}

fn main() {}
