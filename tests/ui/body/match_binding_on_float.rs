use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    match x.first() {
        Some(v) => v * 2.0,
        None => 0.0,
    }
}

fn main() {}
