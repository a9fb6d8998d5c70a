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

mod soft {
    pub fn abs(x: f32) -> f32 {
        (x * x + 0.01).sqrt()
    }
}

// A function of the user's named like a float method (`soft::abs`) is the user's, not `abs`.
#[differentiate]
pub fn smooth_l1(x: &Array1<f32>) -> f32 {
    x.mapv(soft::abs).sum()
}

fn main() {}
