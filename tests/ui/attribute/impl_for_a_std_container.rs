use autodiff::differentiate;

trait Energy {
    fn energy(&self) -> f64;
}

// `Vec<Vec<f64>>` is the standard library's: no inherent `impl` of it can hold the derived
// items, and it is no sequence of floats, whose derived items go into a trait of their own.
#[differentiate]
impl Energy for Vec<Vec<f64>> {
    fn energy(&self) -> f64 {
        self.iter().map(|r| r[0] * r[0]).sum()
    }
}

fn main() {}
