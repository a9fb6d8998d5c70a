use autodiff::Differentiable;

#[derive(Differentiable)]
#[no_grad]
struct Params {
    w: Vec<f64>,
}

fn main() {}
