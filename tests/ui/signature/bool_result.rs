use autodiff::differentiate;
#[differentiate]
fn in_range(v: &[f64]) -> bool { v.iter().all(|&x| x > 0.0) }
fn main() {}
