use autodiff::differentiate;
use autodiff::ndarray::Array1;

#[differentiate]
fn rectify(x: Array1<f64>) -> Array1<f64> {
    fn positive_part(v: f64) -> f64 {
        if v > 0.0 {
            v
        } else {
            0.0
        }
    }
    x.mapv_into(|v| positive_part(v))
}

fn main() {}
