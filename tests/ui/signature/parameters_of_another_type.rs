use autodiff::differentiate;

// A helper of integers, marked: nothing to differentiate.
#[differentiate]
fn count(n: usize) -> f64 {
    n as f64 * 2.0
}

fn main() {}
