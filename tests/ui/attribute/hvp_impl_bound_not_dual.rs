use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};

/// A trait of the user's, for `f64` alone.
trait Calibrated {}
impl Calibrated for f64 {}

#[derive(Differentiable, Clone)]
struct Scale<T: Float> {
    s: T,
}

// `hvp` vouches that the impl's bounds hold at `Dual<T>`: `Calibrated` does not.
impl<T: Float + Calibrated + 'static> Scale<T> {
    #[differentiate(hvp)]
    fn energy(&self, x: T) -> T {
        self.s * x * x
    }
}

fn main() {}
