use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    x.windows(2).map(|w| w[1] - w[0]).sum()
}

fn main() {}
