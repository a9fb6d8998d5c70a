use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let _p = &raw const x;
    x * x
}

fn main() {}
