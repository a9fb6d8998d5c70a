use autodiff::differentiate;

#[differentiate]
fn energy<T: autodiff::num_traits::Float>(s: &T<T>, x: &[T]) -> T {
    x[0] * x[0]
}

fn main() {}
