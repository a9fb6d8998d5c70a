use autodiff::differentiate;

#[differentiate]
fn f(x: &mut [f64], y: f64) -> f64 {
    x[0] * y
}

fn main() {}
