use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Detector {
    level: f64,
    #[no_grad]
    crossings: Vec<usize>,
}

// A step logging the indices where its level crosses a threshold: pushes of floats onto a
// field are followed, an index's get the message.
impl Detector {
    #[differentiate]
    pub fn run(&mut self, gain: f64, x: &[f64]) {
        for i in 0..x.len() {
            let before = self.level;
            self.level = 0.9 * self.level + gain * x[i];
            let at = x.len() - i;
            if before < 1.0 && self.level >= 1.0 {
                self.crossings.push(at);
            }
        }
    }
}

fn main() {}
