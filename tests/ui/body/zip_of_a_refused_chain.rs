use autodiff::differentiate;

// A zip whose argument is a chain the macro refuses: one message, naming the part refused
// (`chain`), not a second one for the chain around it.
#[differentiate]
fn dot_of_two(a: &[f64], b: &[f64], c: &[f64]) -> f64 {
    a.iter().zip(b.iter().chain(c.iter())).map(|(x, y)| x * y).sum::<f64>()
}

fn main() {}
