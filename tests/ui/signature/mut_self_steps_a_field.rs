use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Ema {
    alpha: f64,
    value: f64,
    warm: bool,
}

#[differentiate]
impl Ema {
    fn update(&mut self, x: f64) -> f64 {
        if !self.warm {
            self.value = x;
            self.warm = true;
        } else {
            self.value = self.alpha * x + (1.0 - self.alpha) * self.value;
        }
        self.value
    }
}

#[derive(Differentiable, Clone)]
pub struct Macd {
    fast: Ema,
    slow: Ema,
    signal: Ema,
}

#[differentiate]
impl Macd {
    // The fields' states change inside their own `update`.
    fn update(&mut self, close: f64) -> f64 {
        let f = self.fast.update(close);
        let s = self.slow.update(close);
        let m = f - s;
        let sig = self.signal.update(m);
        m - sig
    }
}

#[derive(Differentiable, Clone)]
pub struct Doubled {
    inner: Ema,
    last: f64,
}

#[differentiate]
impl Doubled {
    // A method of a field named like this one, beside an assignment of its own.
    fn update(&mut self, x: f64) -> f64 {
        self.last = self.inner.update(x) * 2.0;
        self.last
    }
}

fn main() {}
