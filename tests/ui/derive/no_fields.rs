use autodiff::Differentiable;

#[derive(Differentiable)]
struct Empty;

fn main() {}
