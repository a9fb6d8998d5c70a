use autodiff::differentiate;

fn apply(g: impl Fn(f64) -> f64, x: f64) -> f64 {
    g(x)
}

#[differentiate]
fn f(x: f64) -> f64 {
    apply(|t| t * t, x)
}

fn main() {}
