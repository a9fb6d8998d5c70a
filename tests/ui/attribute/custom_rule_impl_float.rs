use autodiff::differentiate;
use autodiff::num_traits::Float;

struct Act<T>(T);

impl<T: Float> Act<T> {
    // A custom rule over the impl's `T` could not run on dual numbers.
    #[differentiate(custom, associated)]
    fn softplus(x: T) -> T {
        x.exp().ln_1p()
    }
}

fn main() {}
