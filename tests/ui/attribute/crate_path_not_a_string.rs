// `crate = …` takes the path as a string, as serde's `#[serde(crate = "…")]` does.
use autodiff::differentiate;

#[differentiate(crate = autodiff)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
