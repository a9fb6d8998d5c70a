// A parameter of the other float type: its derivative cannot be carried in the function's
// float type, so it is refused unless `wrt` leaves it out (a constant).
use autodiff::differentiate;

#[differentiate]
fn scaled(x: f64, k: f32) -> f64 {
    x * k as f64
}

fn main() {}
