use autodiff::Differentiable;

#[derive(Differentiable)]
struct Params {
    w: Vec<f64>,
    #[no_grad(skip)]
    step: usize,
}

fn main() {}
