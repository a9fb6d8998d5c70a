// A `&mut self` method keeping its input in an `Option` field for later (a layer's cache).
use autodiff::ndarray::Array2;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Affine {
    w: Array2<f64>,
    input: Option<Array2<f64>>,
}

impl Affine {
    #[differentiate]
    fn forward(&mut self, x: &Array2<f64>) -> Array2<f64> {
        self.input = Some(x.to_owned());
        x.dot(&self.w)
    }
}

fn main() {}
