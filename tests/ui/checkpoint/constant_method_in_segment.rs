use autodiff::differentiate;
use std::cell::Cell;

pub struct Tick {
    c: Cell<u32>,
}

impl Tick {
    fn tick(&self) -> f64 {
        self.c.set(self.c.get() + 1);
        self.c.get() as f64 * 0.1
    }
}

// A constant's method in a checkpointed loop: it may change state behind `&self` (a
// counter), and the reverse sweep runs the segment again.
#[differentiate(wrt(x))]
pub fn ticked(x: f64, t: &Tick) -> f64 {
    let mut h = x;
    #[checkpoint]
    for _ in 0..12 {
        h = h * t.tick().cos() + 0.1 * h;
    }
    h
}

fn main() {}
