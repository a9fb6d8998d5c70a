// `mut self` by value: the derived items borrow the receiver, so a body that changes it
// cannot be followed.
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Copy)]
struct Point {
    x: f64,
    y: f64,
}

impl Point {
    #[differentiate]
    fn stepped(mut self, h: f64) -> f64 {
        self.x += h;
        self.x * self.y
    }
}

fn main() {}
