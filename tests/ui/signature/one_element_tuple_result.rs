use autodiff::differentiate;

// A tuple of one element as the result.
#[differentiate]
fn squared(x: f64) -> (f64,) {
    (x * x,)
}

fn main() {}
