use autodiff::differentiate;

#[differentiate]
fn f(x: f64, scale: Option<f64>) -> Option<f64> {
    let s = scale?;
    Some(x * s)
}

fn main() {}
