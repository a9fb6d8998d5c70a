use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Oscillator {
    phase: f64,
    rate: f64,
}

impl Oscillator {
    // A number changed in place beside a state changed in place: functions and `&self`
    // methods take such numbers, a `&mut self` method does not yet.
    #[differentiate]
    fn advance(&mut self, out: &mut f64, dt: f64) {
        self.phase += self.rate * dt;
        *out = self.phase.sin();
    }
}

fn main() {}
