use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
struct Scale<T: Float> {
    s: T,
}

impl<T: Float + 'static> Scale<T> {
    // `w` is a constant array, which has no dual-number form for `_hvp` to pass.
    #[differentiate(wrt(x), hvp)]
    fn energy(&self, x: T, w: [T; 2]) -> T {
        self.s * x * x * w[0]
    }
}

fn main() {}
