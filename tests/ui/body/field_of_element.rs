use autodiff::ndarray::Array2;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Block {
    w: Array2<f64>,
}

#[derive(Differentiable)]
struct Net {
    blocks: Vec<Block>,
}

#[differentiate]
fn f(p: &Net, x: &Array2<f64>) -> f64 {
    x.dot(&p.blocks[0].w).sum()
}

fn main() {}
