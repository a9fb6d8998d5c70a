use autodiff::ndarray::{s, Array1};
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Gains {
    pub w: Array1<f64>,
    pub mu: f64,
}

impl Gains {
    // A mutable view of an `ndarray` field written through: the macro's message, not a
    // step of a sub-state.
    #[differentiate]
    pub fn nudge(&mut self, t: f64) {
        let mut v = self.w.slice_mut(s![0..2]);
        v[0] += t * self.mu;
    }
}

fn main() {}
