use autodiff::differentiate;

struct Filter {
    gain: f64,
}

impl Filter {
    // A `&mut self` method whose buffer's entry contents are read: the state and the
    // buffer would both be in and out, which `&mut self` methods do not take.
    #[differentiate]
    fn apply(&mut self, signal: &mut [f64]) {
        for s in signal.iter_mut() {
            *s *= self.gain;
        }
        self.gain *= 0.5;
    }
}

fn main() {}
