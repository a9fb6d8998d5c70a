// `nested` is for a float result.
use autodiff::differentiate;

#[differentiate(nested)]
fn pair(a: f64, b: f64) -> (f64, f64) {
    (a * b, a + b)
}

fn main() {}
