use autodiff::differentiate;
use autodiff::ndarray::{s, Array1, Array2};

// A column of a local array filled by `slice_mut(…).fill(…)` (`assign` is supported).
#[differentiate]
pub fn fill(x0: &Array1<f64>, n: usize) -> Array2<f64> {
    let mut m = Array2::zeros((x0.len(), n));
    for i in 0..n {
        m.slice_mut(s![.., i]).fill(x0[i]);
    }
    m
}

fn main() {}
