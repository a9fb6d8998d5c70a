use autodiff::differentiate;
use autodiff::num_traits::Float;

struct Pair<T, U> {
    a: T,
    b: U,
}

// Two undeclared type names where a float could be: the attribute cannot tell which of the
// impl's parameters is the float type.
impl<T: Float, U: Float> Pair<T, U> {
    #[differentiate]
    fn mix(&self, x: T, _y: U) -> T {
        x + self.a
    }
}

fn main() {}
