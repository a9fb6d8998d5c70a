use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> (f64, f64) {
    let t = (x * x, x);
    t
}

fn main() {}
