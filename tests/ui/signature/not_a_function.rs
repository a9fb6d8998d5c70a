use autodiff::differentiate;

#[differentiate]
struct Point {
    x: f64,
}

fn main() {}
