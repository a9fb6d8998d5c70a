use autodiff::differentiate;

#[allow(dead_code)]
struct Point {
    x: f64,
}

#[differentiate]
fn f(x: f64) -> f64 {
    let _p = Point { x };
    x * x
}

fn main() {}
