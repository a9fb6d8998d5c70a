// A custom rule's `_jvp` and `_vjp` are the user's own: `nested` cannot differentiate them.
use autodiff::differentiate;
use autodiff::num_traits::Float;

#[differentiate(custom, nested)]
fn softplus<T: Float>(x: T) -> T {
    (T::one() + x.exp()).ln()
}

fn main() {}
