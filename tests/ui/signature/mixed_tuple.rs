use autodiff::differentiate;

// A tuple of a float and a label: its float would be a constant (integers beside floats,
// `(f64, usize)`, are taken; a `String` is not).
#[differentiate]
fn pick(x: f64, p: (f64, String)) -> f64 {
    x * p.0 + p.1.len() as f64
}

fn main() {}
