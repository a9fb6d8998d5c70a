use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Filter {
    y: f64,
}

impl Filter {
    #[differentiate]
    fn step(&mut self, x: f64) -> Option<f64> {
        self.y = 0.5 * self.y + x;
        Some(self.y)
    }
}

fn main() {}
