use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Params {
    scale: f64,
    w: Vec<f64>,
}

// `p.scale` is only read as a cast's operand, which says "integer"; it is a float, and
// reading it as an integer would drop its derivative: a compile error, not a lost gradient.
#[differentiate]
fn f(p: &Params, x: f64) -> f64 {
    x * p.w[0] * (p.scale as f32) as f64
}

fn main() {}
