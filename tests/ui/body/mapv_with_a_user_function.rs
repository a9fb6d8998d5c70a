use autodiff::differentiate;
use autodiff::ndarray::Array1;

fn squash(v: f32) -> f32 {
    v / (1.0 + v.abs())
}

// A function of the user's mapped by name: its derivative is not visible to the macro.
#[differentiate]
pub fn squashed_sum(x: &Array1<f32>) -> f32 {
    x.mapv(squash).sum()
}

fn main() {}
