use autodiff::differentiate;

// A struct parameter must derive `Differentiable`: its cotangent has its type.
struct Params {
    scale: f64,
}

#[differentiate]
fn f(x: f64, p: &Params) -> f64 {
    x * p.scale
}

fn main() {}
