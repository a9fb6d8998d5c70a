use autodiff::Differentiable;

#[derive(Differentiable)]
enum Layer {
    Dense(f64),
    Conv(Vec<f64>),
}

fn main() {}
