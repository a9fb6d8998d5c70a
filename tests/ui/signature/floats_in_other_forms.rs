use autodiff::differentiate;
use std::collections::HashMap;

// Floats in forms the derivatives do not take: each would be a constant without a word.
#[differentiate]
fn weighted(x: f64, weights: &HashMap<usize, f64>) -> f64 {
    x * weights[&0]
}

#[differentiate]
fn boxed(x: f64, p: Box<(f64, f64)>) -> f64 {
    x * p.0 + p.1
}

#[differentiate]
fn refs(x: f64, p: &[&(f64, f64)]) -> f64 {
    x * p[0].0
}

#[differentiate]
fn single(x: f64, p: (f64,)) -> f64 {
    x * p.0
}

// Left out by `wrt`, the same parameter is a constant by request.
#[differentiate(wrt(x))]
fn weighted_by_request(x: f64, weights: &HashMap<usize, f64>) -> f64 {
    x * weights[&0]
}

fn main() {}
