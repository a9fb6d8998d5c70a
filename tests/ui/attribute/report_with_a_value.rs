use autodiff::differentiate;

#[differentiate(report = "table")]
fn f(x: f64) -> f64 {
    x * x
}

fn main() {}
