use autodiff::Differentiable;

#[derive(Differentiable)]
struct Params {
    w: Vec<f64>,
    step: usize,
}

fn main() {}
