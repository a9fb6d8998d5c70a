use autodiff::ndarray::Array2;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Params {
    w: Array2<f64>,
    v: Vec<f64>,
}

#[differentiate]
fn total(v: &[f64]) -> f64 {
    v.iter().sum()
}

// `&p.v` is read as an array (the default for a borrowed field); it is a `Vec`.
#[differentiate]
fn f(p: &Params, x: &Array2<f64>) -> f64 {
    x.dot(&p.w).sum() + total(&p.v)
}

fn main() {}
