use autodiff::{differentiate, Differentiable};

const DT: f64 = 1e-2;

#[derive(Debug, Differentiable)]
struct V {
    x: f64,
}

#[derive(Debug, Differentiable)]
struct Particle {
    pos: V,
    vel: V,
}

// A struct stepped through nested fields, with no float in the signature.
#[differentiate]
fn push_particle(p: &mut Particle) {
    p.pos.x = p.pos.x + DT * p.vel.x;
}

#[derive(Debug, Differentiable)]
struct Pair(f64, f64);

// A tuple struct stepped through its fields.
#[differentiate]
fn push_pair(p: &mut Pair) {
    p.0 = p.0 + DT * p.1;
}

fn main() {}
