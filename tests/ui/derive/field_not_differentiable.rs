use autodiff::Differentiable;

#[derive(Differentiable)]
struct Params {
    w: Vec<f64>,
    timeout: std::time::Duration,
}

fn main() {}
