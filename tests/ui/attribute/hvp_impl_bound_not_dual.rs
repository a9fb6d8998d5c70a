use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
struct Scale<T: Float> {
    s: T,
}

// `hvp` vouches that the impl's bounds hold at `Dual<T>`: `Dual<T>` has no `Display`.
impl<T: Float + std::fmt::Display + 'static> Scale<T> {
    #[differentiate(hvp)]
    fn energy(&self, x: T) -> T {
        self.s * x * x
    }
}

fn main() {}
