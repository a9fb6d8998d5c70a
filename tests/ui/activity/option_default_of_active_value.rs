use autodiff::differentiate;

#[differentiate]
fn mean(x: &[f64]) -> Option<f64> {
    if x.is_empty() {
        None
    } else {
        Some(x.iter().sum::<f64>() / x.len() as f64)
    }
}

#[differentiate]
fn spread(x: &[f64]) -> f64 {
    let m = mean(x).unwrap_or(0.0);
    x.iter().map(|v| (v - m).powi(2)).sum()
}

fn main() {}
