use autodiff::differentiate;

struct Params {
    scale: f64,
}

#[differentiate]
fn f(x: f64, p: &Params) -> f64 {
    x * p.scale
}

fn main() {}
