use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct S {
    pub k: f64,
}

// One struct parameter or the other, chosen by a condition.
#[differentiate]
pub fn chosen(a: &S, b: &S, x: f64) -> f64 {
    let s = if x > 0.0 { a } else { b };
    s.k * x
}

fn main() {}
