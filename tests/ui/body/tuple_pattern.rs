use autodiff::differentiate;

struct Pair {
    a: f64,
    b: f64,
}

#[differentiate]
fn f(x: f64) -> f64 {
    let Pair { a, b } = Pair { a: x, b: x * 2.0 };
    a * b
}

fn main() {}
