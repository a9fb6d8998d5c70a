// A step whose `wrt(…)` leaves out the parameter its caller passes a derivative to: rustc's
// error names the slot (`NoDerivative`) with a message saying so, never a derivative dropped.
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Fixed {
    a: f64,
    z: f64,
}

impl Fixed {
    #[differentiate(wrt(self))]
    pub fn process(&mut self, x: f64) -> f64 {
        self.z = self.a * self.z + (1.0 - self.a) * x;
        self.z
    }
}

#[derive(Differentiable, Clone)]
pub struct Chain {
    fx: Fixed,
    g: f64,
}

impl Chain {
    #[differentiate]
    pub fn process(&mut self, x: f64) -> f64 {
        let y = self.fx.process(x);
        y * self.g
    }
}

fn main() {}
