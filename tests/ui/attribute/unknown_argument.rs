use autodiff::differentiate;

#[differentiate(forward)]
fn f(x: f64) -> f64 {
    x * x
}

fn main() {}
