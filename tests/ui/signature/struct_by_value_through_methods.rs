use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct P {
    pub x: f64,
    pub y: f64,
}

impl P {
    #[differentiate]
    pub fn dot(&self, o: &P) -> f64 {
        self.x * o.x + self.y * o.y
    }
}

// Structs taken by value and read only through their methods.
#[differentiate]
fn cosine(p: P, q: P) -> f64 {
    p.dot(&q)
}

fn main() {}
