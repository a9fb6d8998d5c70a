// A `&mut self` method giving a field an `ndarray` array whole (a recurrent cell's state).
use autodiff::ndarray::{Array1, Array2};
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Cell {
    w: Array2<f64>,
    h: Array1<f64>,
}

impl Cell {
    #[differentiate]
    fn step(&mut self, x: &Array1<f64>) -> f64 {
        self.h = (self.w.dot(&self.h) + x).mapv(f64::tanh);
        self.h.sum()
    }
}

fn main() {}
