use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Body {
    pub x: f64,
    pub v: f64,
}

impl Body {
    // A `&mut self` method taking a tuple: the macro's message (its wrappers do not pass
    // a tuple on yet), not rustc errors about generated code.
    #[differentiate]
    pub fn push(&mut self, force: (f64, f64), dt: f64) -> f64 {
        self.v += (force.0 + force.1) * dt;
        self.x += self.v * dt;
        self.x
    }
}

fn main() {}
