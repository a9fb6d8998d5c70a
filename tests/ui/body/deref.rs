use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let r = &x;
    *r * x
}

fn main() {}
