use autodiff::differentiate;

// A slice variable narrowed to a part of itself in a loop.
#[differentiate]
fn dot(x: &[f64], y: &[f64]) -> f64 {
    let (mut x, mut y) = (&x[..], &y[..]);
    let mut s = 0.0;
    while !x.is_empty() {
        s += x[0] * y[0];
        x = &x[1..];
        y = &y[1..];
    }
    s
}

fn main() {}
