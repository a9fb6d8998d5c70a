use autodiff::{differentiate, Differentiable};
use autodiff::ndarray::Array1;

#[derive(Differentiable)]
pub struct Lms {
    pub w: Array1<f64>,
    pub mu: f64,
}

impl Lms {
    // An `ndarray` field updated whole in place (`scaled_add`), as adaptive filters write
    // it: the macro says to write it by element, which it follows.
    #[differentiate]
    pub fn adapt(&mut self, x: &Array1<f64>, t: f64) -> f64 {
        let e = t - self.w.dot(x);
        self.w.scaled_add(self.mu * e, x);
        e
    }
}

fn main() {}
