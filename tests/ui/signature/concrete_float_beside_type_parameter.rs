use autodiff::differentiate;
use autodiff::num_traits::Float;

// A concrete `f64` beside the float type parameter `T`, differentiated with respect to.
#[differentiate]
fn scaled<T: Float>(x: T, y: f64) -> T {
    x * x * T::from(y).unwrap()
}

fn main() {}
