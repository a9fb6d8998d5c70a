use autodiff::differentiate;

// A cycled walk that nothing ends: Rust would loop forever; the macro says what it takes.
#[differentiate]
fn energy(x: &[f64]) -> f64 {
    x.iter().cycle().map(|v| v * v).sum::<f64>()
}

fn main() {}
