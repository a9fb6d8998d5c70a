use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Colony {
    pub size: f64,
    pub rate: f64,
    #[no_grad]
    pub days: usize,
}

impl Colony {
    #[differentiate]
    fn grow(&mut self) {
        self.size *= 1.0 + self.rate;
    }

    #[differentiate]
    fn feed(&mut self, k: f64) {
        self.rate += k;
    }

    // Loops of steps the macro does not take, each told why: a step reading the loop's
    // variable, a range reading a field, an argument computed in the loop.
    #[differentiate]
    fn fed_by_day(&mut self, n: usize) {
        for day in 0..n {
            self.feed(day as f64 * 0.01);
        }
    }

    #[differentiate]
    fn run_for_days(&mut self) {
        for _ in 0..self.days {
            self.grow();
        }
    }

    #[differentiate]
    fn fed_by_size(&mut self, n: usize, k: f64) {
        for _ in 0..n {
            self.grow();
            self.feed(self.size * k);
        }
    }
}

fn main() {}
