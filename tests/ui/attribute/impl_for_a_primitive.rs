use autodiff::differentiate;

pub trait Norm {
    fn norm(&self) -> f64;
}

// A tuple type has no inherent `impl`, and is no float type or sequence of floats whose
// derived items go into a trait of their own.
#[differentiate]
impl Norm for (f64, f64) {
    fn norm(&self) -> f64 {
        (self.0 * self.0 + self.1 * self.1).sqrt()
    }
}

fn main() {}
