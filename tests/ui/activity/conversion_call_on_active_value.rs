use autodiff::differentiate;

fn scale(v: f64) -> f64 {
    2.0 * v
}

#[differentiate]
fn f(x: f64) -> f64 {
    let n = 3;
    let y = (x * 2.0).div_euclid(7.0) + scale(1.0) * n as f64;
    y * x
}

fn main() {}
