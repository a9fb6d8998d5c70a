// A struct of parameters generic over its float type: field reads, the struct's cotangent
// gathered from its fields, and `_hvp` as the function's own pullback on dual numbers.
use autodiff::differentiate;
use autodiff::ndarray::{Array1, Array2};
use autodiff::num_traits::Float;
use autodiff::ops;

#[differentiate]
fn loss<T: Float + 'static>(p: &Layer<T>, x: &Array2<T>, targets: &[usize]) -> T {
    let h = &x.dot(&p.w) + &p.b;
    ops::cross_entropy(&h, targets) * p.gain
}
