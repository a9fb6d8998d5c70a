// A `&mut self` method stepping its state through other steps (`self.inner.update(x)`,
// `self.forces()`) is differentiated step by step; what it cannot follow gets a message.
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Ema {
    alpha: f64,
    value: f64,
}

#[differentiate]
impl Ema {
    fn update(&mut self, x: f64) -> f64 {
        self.value = self.alpha * x + (1.0 - self.alpha) * self.value;
        self.value
    }
}

#[derive(Differentiable, Clone)]
pub struct Tracker {
    inner: Ema,
    last: f64,
    v: f64,
}

impl Tracker {
    // A local of the statements before a step, read after it.
    #[differentiate]
    fn crossing(&mut self, x: f64) -> f64 {
        let m = x * 2.0;
        self.last = m;
        let y = self.inner.update(m);
        y
    }

    // The same, read inside a step's argument expression.
    #[differentiate]
    fn squared(&mut self, x: f64) -> f64 {
        let m = x * 2.0;
        self.last = m;
        self.inner.update(m * m)
    }

    #[differentiate]
    fn kick(&mut self, x: f64) {
        self.v += x;
    }

    // A `return` before a step would leave the part, not the method.
    #[differentiate]
    fn early(&mut self, x: f64) {
        if x < 0.0 {
            return;
        }
        self.last = x;
        self.inner.update(x);
    }

    // A step inside a loop.
    #[differentiate]
    fn twice(&mut self, x: f64) {
        self.last = x;
        for _ in 0..2 {
            self.inner.update(x);
        }
    }

    fn noise() -> f64 {
        0.1
    }

    // A call in a step's argument expression would run again in the reverse.
    #[differentiate]
    fn noisy(&mut self, x: f64) {
        self.last = x;
        self.inner.update(x * Self::noise());
    }

    // A parameter passed to each step again must be copied.
    #[differentiate]
    fn owned(&mut self, xs: Vec<f64>) {
        self.last = xs[0];
        self.inner.update(self.last);
    }
}

fn main() {}
