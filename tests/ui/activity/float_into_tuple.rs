use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let t = (x, x * x);
    t.0 * t.1
}

fn main() {}
