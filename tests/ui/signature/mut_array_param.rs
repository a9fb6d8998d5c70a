use autodiff::differentiate;

// Output buffers are `&mut [f64]` or `&mut Vec<f64>`; a `&mut` array or float is refused.
#[differentiate]
fn f(x: &mut [f64; 3], y: f64) -> f64 {
    x[0] = y * y;
    y
}

fn main() {}
