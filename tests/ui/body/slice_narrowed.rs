use autodiff::differentiate;

// A slice variable given a part of another slice in a loop.
#[differentiate]
fn dot(x: &[f64], y: &[f64]) -> f64 {
    let mut x = &x[..];
    let mut s = 0.0;
    while x.len() > 1 {
        s += x[0] * y[0];
        x = &y[1..];
    }
    s
}

// A slice narrowed where it is declared inside a loop's body.
#[differentiate]
fn pairs(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..2 {
        let mut x = &v[i..];
        while x.len() > 1 {
            s += x[0] * x[1];
            x = &x[2..];
        }
    }
    s
}

fn main() {}
