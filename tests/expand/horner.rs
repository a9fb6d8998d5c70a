#[differentiate]
fn horner(x: f64, c: &[f64]) -> f64 {
    let mut acc = 0.0;
    for i in (0..c.len()).rev() {
        acc = acc * x + c[i];
    }
    acc
}
