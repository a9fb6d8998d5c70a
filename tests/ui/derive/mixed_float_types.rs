use autodiff::Differentiable;

#[derive(Differentiable)]
struct Params {
    w: Vec<f64>,
    b: f32,
}

fn main() {}
