// `hessian` is for a float result.
use autodiff::differentiate;

#[differentiate(hessian)]
fn pair(x: &[f64]) -> Vec<f64> {
    vec![x[0] * x[1], x[1]]
}

fn main() {}
