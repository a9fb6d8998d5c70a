use autodiff::differentiate;

#[differentiate]
fn g(x: f64) -> f64 {
    x * x
}

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    while g(y) > 2.0 {
        y = y * 0.5;
    }
    y
}

fn main() {}
