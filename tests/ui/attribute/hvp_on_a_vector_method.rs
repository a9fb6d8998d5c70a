use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
struct Scale<T: Float> {
    s: T,
}

impl<T: Float + 'static> Scale<T> {
    // A Hessian-vector product is of a function with a float result.
    #[differentiate(hvp)]
    fn apply(&self, x: &[T]) -> Vec<T> {
        let mut y = vec![T::zero(); x.len()];
        for i in 0..x.len() {
            y[i] = self.s * x[i];
        }
        y
    }
}

fn main() {}
