use autodiff::ndarray::Array2;
use autodiff::{differentiate, Differentiable};

// An inverse kept up to date by a rank-one correction: the field read as an array first,
// then given an array in place.
#[derive(Differentiable)]
struct Newton {
    ai: Array2<f64>,
}

impl Newton {
    #[differentiate]
    fn update(&mut self, v: &Array2<f64>) -> f64 {
        let u = self.ai.dot(v);
        let s = u.sum();
        self.ai = self.ai.clone() * 0.5;
        s
    }

    #[differentiate]
    fn correct(&mut self, u: &Array2<f64>) {
        self.ai -= &(u.dot(&u.t()));
    }
}

fn main() {}
