use autodiff::differentiate;

pub struct Lcg {
    pub s: u64,
}

impl Lcg {
    pub fn next(&mut self) -> f64 {
        self.s = self.s.wrapping_mul(6364136223846793005).wrapping_add(1);
        (self.s >> 11) as f64 / (1u64 << 53) as f64
    }
}

// A generator lent mutably, left out by `wrt`.
#[differentiate(wrt(x))]
pub fn noisy(x: f64, rng: &mut Lcg) -> f64 {
    x * rng.next()
}

fn main() {}
