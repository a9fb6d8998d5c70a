use autodiff::{differentiate, Differentiable};

// A float type inside a tuple field (or an array's): refused by the derive alone, and the
// struct's differentiated methods get no further error.
#[derive(Differentiable)]
pub struct Star {
    radius: f64,
    pos: (f32, f32),
}

impl Star {
    #[differentiate]
    pub fn area(&self) -> f64 {
        self.radius * self.radius
    }
}

fn main() {}
