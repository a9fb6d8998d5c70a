use autodiff::differentiate;

#[differentiate]
fn f(x: f64, g: fn(f64) -> f64) -> f64 {
    g(x) * x
}

fn main() {}
