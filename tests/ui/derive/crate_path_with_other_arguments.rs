// `#[differentiable(…)]` beside the derive takes `crate = "path"` and nothing else.
use autodiff::Differentiable;

#[derive(Differentiable)]
#[differentiable(crate = "autodiff", wrt(w))]
struct Layer {
    w: Vec<f64>,
}

fn main() {}
