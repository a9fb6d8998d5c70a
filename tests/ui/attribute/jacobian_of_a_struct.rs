// The columns of `f_jacobian` are coordinates of floats, slices and arrays: a struct
// parameter is left out with `wrt`.
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
struct Line {
    slope: f64,
    intercept: f64,
}

#[differentiate(jacobian)]
fn residuals(line: &Line, x: &[f64]) -> Vec<f64> {
    x.iter().map(|&v| line.slope * v + line.intercept).collect()
}

fn main() {}
