// The attribute on a method of an operator trait's `impl`: its derived items cannot go there.
use autodiff::{differentiate, Differentiable};
use std::ops::Mul;

#[derive(Differentiable)]
struct Diagonal {
    d: Vec<f64>,
}

impl Mul<Vec<f64>> for &Diagonal {
    type Output = Vec<f64>;
    #[differentiate]
    fn mul(self, rhs: Vec<f64>) -> Self::Output {
        let mut out = vec![];
        for i in 0..rhs.len() {
            out.push(self.d[i] * rhs[i]);
        }
        out
    }
}

fn main() {}
