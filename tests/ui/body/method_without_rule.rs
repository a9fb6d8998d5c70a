use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    x.to_degrees() * 2.0
}

fn main() {}
