use autodiff::differentiate;

#[differentiate]
fn f(x: f64, name: &str) -> f64 {
    if name == "square" {
        x * x
    } else {
        x
    }
}

fn main() {}
