use autodiff::differentiate;

// Derivatives are carried in `f64` here; an active `f32` would need its own.
#[differentiate]
fn f(x: f64) -> f64 {
    let y = x as f32;
    (y * y) as f64
}

fn main() {}
