use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let n: i64 = (x * 10.0) as i64;
    x * n as f64
}

fn main() {}
