use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Delay {
    pub buf: [f64; 4],
    pub gain: f64,
    pub pos: usize,
    pub pairs: [(f64, f64); 2],
}

impl Delay {
    // A tuple given to an element of a field is no float.
    #[differentiate]
    pub fn tick(&mut self, x: f64) -> f64 {
        let y = self.buf[self.pos] * self.gain;
        self.buf[self.pos] = x;
        self.pos = 0;
        self.pairs[0] = (x, y);
        y
    }

    // Assigns no field and returns a sequence: `&self` is what it means.
    #[differentiate]
    pub fn peek(&mut self, x: f64) -> Vec<f64> {
        vec![self.gain * x]
    }
}

fn main() {}

#[derive(Differentiable, Clone)]
pub struct Smoother {
    pub y: f64,
}

impl Smoother {
    fn output(&self) -> f64 {
        self.y
    }

    // `output` would read `y` as it was before the assignment.
    #[differentiate]
    pub fn step(&mut self, x: f64) -> f64 {
        self.y = 0.5 * (self.y + x);
        self.output()
    }
}
