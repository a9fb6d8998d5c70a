use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Data {
    pub value: f64,
    pub weight: f64,
}

// A `&mut` slice of structs the body only reads is taken shared; one it changes is refused.
#[differentiate]
fn normalise_weights(input: &mut [Data]) -> f64 {
    let mut total = 0.0;
    for i in 0..input.len() {
        input[i].value = 2.0 * input[i].weight;
        total += input[i].weight;
    }
    total
}

fn main() {}
