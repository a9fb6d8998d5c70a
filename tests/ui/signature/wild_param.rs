use autodiff::differentiate;

#[differentiate]
fn scaled(x: f64, _: usize) -> f64 {
    2.0 * x
}

fn main() {}
