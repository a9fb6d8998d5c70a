use autodiff::differentiate;

#[differentiate(report, report)]
fn f(x: f64) -> f64 {
    x * x
}

fn main() {}
