use autodiff::differentiate;

#[differentiate]
fn two(x: &[f64], out: &mut [f64]) -> (f64, f64) {
    for i in 0..x.len() {
        out[i] = 2.0 * x[i];
    }
    (x[0], x[1])
}

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut b = vec![0.0; x.len()];
    let (p, q) = two(x, &mut b);
    p * q + b[0]
}

fn main() {}
