use autodiff::differentiate;

fn square(t: f64) -> f64 {
    t * t
}

#[differentiate]
fn f(x: f64) -> f64 {
    square(x) + x
}

fn main() {}
