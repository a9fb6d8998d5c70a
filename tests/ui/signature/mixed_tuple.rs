use autodiff::differentiate;

// A tuple of a float and an index: its float would be a constant.
#[differentiate]
fn pick(x: f64, p: (f64, usize)) -> f64 {
    x * p.0 + p.1 as f64
}

fn main() {}
