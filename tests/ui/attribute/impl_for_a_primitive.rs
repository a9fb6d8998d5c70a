use autodiff::differentiate;

pub trait Lerp {
    fn lerp(&self, other: &Self, v: f64) -> Self;
}

#[differentiate]
impl Lerp for f64 {
    fn lerp(&self, other: &Self, v: f64) -> Self {
        self * (1.0 - v) + other * v
    }
}

fn main() {}
