use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Smoother {
    alpha: f64,
    prev: Option<f64>,
}

#[differentiate]
impl Smoother {
    fn smooth(&self, x: f64) -> f64 {
        match self.prev {
            Some(p) => self.alpha * x + (1.0 - self.alpha) * p,
            None => x,
        }
    }
}

fn main() {}
