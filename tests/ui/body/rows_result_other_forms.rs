use autodiff::differentiate;

#[differentiate]
fn copied(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    a.to_vec()
}

#[differentiate]
fn collected(x: &[f64]) -> Vec<Vec<f64>> {
    (0..x.len()).map(|_| x.to_vec()).collect()
}

fn main() {}
