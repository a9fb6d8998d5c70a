use autodiff::Differentiable;

#[derive(Differentiable)]
union Bits {
    a: f64,
    b: u64,
}

fn main() {}
