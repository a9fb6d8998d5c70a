use autodiff::differentiate;

// After a `filter`, `enumerate` counts the kept items only: not desugared.
#[differentiate]
fn f(x: &[f64]) -> f64 {
    x.iter()
        .filter(|v| **v > 0.0)
        .enumerate()
        .map(|(i, v)| i as f64 * v)
        .sum()
}

fn main() {}
