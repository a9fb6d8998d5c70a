use autodiff::Differentiable;

#[derive(Differentiable)]
struct Config {
    #[no_grad]
    layers: usize,
    #[no_grad]
    name: String,
}

fn main() {}
