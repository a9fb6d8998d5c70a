#[differentiate]
fn dense(x: &Array2<f64>, w: &Array2<f64>, b: &Array1<f64>) -> f64 {
    let h = x.dot(w) + b;
    let y = h.mapv(f64::tanh);
    y.sum()
}
