use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct P {
    x: f64,
    y: f64,
}

#[differentiate]
fn f(a: &[P], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for (p, wi) in a.iter().rev().zip(w.iter()) {
        s += p.x * wi + p.y;
    }
    s
}

fn main() {}
