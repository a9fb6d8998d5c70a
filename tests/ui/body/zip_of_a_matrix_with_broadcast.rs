use autodiff::differentiate;
use autodiff::ndarray::{Array2, Axis, Zip};

#[differentiate]
fn mutual(p: &Array2<f64>) -> f64 {
    Zip::from(p)
        .and_broadcast(&p.sum_axis(Axis(0)))
        .fold(0.0, |acc, xy, x| acc + xy * (xy / x).ln())
}

fn main() {}
