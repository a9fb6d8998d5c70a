use autodiff::Differentiable;

struct Log;

#[derive(Differentiable)]
struct Params {
    w: Vec<f64>,
    #[no_grad]
    log: Log,
}

fn main() {}
