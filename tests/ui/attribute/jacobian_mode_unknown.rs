// `jacobian = …` says how to build it: "forward" or "reverse".
use autodiff::differentiate;

#[differentiate(jacobian = "sideways")]
fn pair(x: &[f64]) -> Vec<f64> {
    vec![x[0] * x[1], x[1]]
}

fn main() {}
