use autodiff::{differentiate, Differentiable};

// A struct borrowing a table of floats: a cotangent cannot be a borrow.
#[derive(Differentiable)]
pub struct Table<'a> {
    data: &'a [f64],
    gain: f64,
}

impl Table<'_> {
    #[differentiate]
    pub fn at(&self, t: f64) -> f64 {
        self.data[0] * t * self.gain
    }
}

fn main() {}
