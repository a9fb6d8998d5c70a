// A `&mut self` method that changes `self` only through another method of it, called in
// a closure (a filter's `process_block` over its `process`): the macro's message at the
// call, not "take `&self`" (which would not compile).
use autodiff::{differentiate, Differentiable};

#[derive(Clone, Differentiable)]
struct Smooth {
    y: f64,
}

impl Smooth {
    #[differentiate]
    fn process(&mut self, x: f64) -> f64 {
        self.y = 0.5 * self.y + x;
        self.y
    }

    #[differentiate]
    fn process_block(&mut self, input: &[f64]) -> Vec<f64> {
        input.iter().map(|&s| self.process(s)).collect()
    }
}

fn main() {
    let mut s = Smooth { y: 0.0 };
    println!("{:?}", s.process_block(&[1.0, 2.0]));
}
