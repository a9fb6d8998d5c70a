use autodiff::differentiate;

pub trait Norm {
    fn norm(&self) -> f64;
}

// An array type has no inherent `impl`, and is no float type whose derived items go into
// a trait of their own.
#[differentiate]
impl Norm for [f64; 2] {
    fn norm(&self) -> f64 {
        (self[0] * self[0] + self[1] * self[1]).sqrt()
    }
}

fn main() {}
