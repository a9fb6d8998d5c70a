use autodiff::differentiate;

fn mean(w: &[f64]) -> f64 {
    w.iter().sum::<f64>() / w.len() as f64
}

// A window passed on whole (not read through `w[j]`, `w.len()`, `w.iter()`).
#[differentiate]
fn f(x: &[f64]) -> f64 {
    x.windows(2).map(|w| mean(w)).sum()
}

fn main() {}
