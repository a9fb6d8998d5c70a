use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
struct Spring {
    k: f64,
}

impl Spring {
    // An `impl` of `f64` fields cannot be run on dual numbers.
    #[differentiate(hvp)]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
