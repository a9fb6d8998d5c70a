// A field of a slice element that is itself a sequence: the elements are read through
// float fields only.
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Particle {
    pos: [f64; 2],
    m: f64,
}

#[differentiate]
fn potential(ps: &[Particle]) -> f64 {
    let mut e = 0.0;
    for p in ps {
        e += p.m * p.pos[1];
    }
    e
}

fn main() {}
