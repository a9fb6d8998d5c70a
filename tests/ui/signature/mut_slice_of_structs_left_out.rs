use autodiff::{differentiate, Differentiable};

#[derive(Debug, Differentiable)]
pub struct Data {
    pub value: f64,
    pub weight: f64,
}

// A `&mut` slice of structs that `wrt` leaves out: refused, saying to take it shared.
#[differentiate(wrt(s))]
fn weighted(input: &mut [Data], s: f64) -> f64 {
    let mut t = 0.0;
    for i in 0..input.len() {
        t += input[i].weight * s;
    }
    t
}

fn main() {}
