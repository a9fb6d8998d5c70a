use autodiff::differentiate;

trait Energy {
    fn energy(&self) -> f64;
}

// `Vec<f64>` is the standard library's: no inherent `impl` of it can hold the derived items.
#[differentiate]
impl Energy for Vec<f64> {
    fn energy(&self) -> f64 {
        self.iter().map(|x| x * x).sum()
    }
}

fn main() {}
