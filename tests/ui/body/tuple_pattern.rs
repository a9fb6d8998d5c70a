use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let (a, b) = (x, x * 2.0);
    a * b
}

fn main() {}
