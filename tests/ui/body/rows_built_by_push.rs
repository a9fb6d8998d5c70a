use autodiff::differentiate;

#[differentiate]
fn running_rows(x: &[f64]) -> Vec<Vec<f64>> {
    let mut rows = Vec::new();
    rows.push(x.to_vec());
    rows.push(x.iter().map(|v| v * v).collect());
    rows
}

fn main() {}
