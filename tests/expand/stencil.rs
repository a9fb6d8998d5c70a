#[differentiate(wrt(k, x0))]
fn mass_chain(k: &[f64], x0: &[f64], steps: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut v = vec![0.0; n];
    let mut loss = 0.0;
    for _ in 0..steps {
        for i in 1..n - 1 {
            let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1]) - 0.1 * v[i];
            v[i] += 0.01 * a;
        }
        for i in 1..n - 1 {
            x[i] += 0.01 * v[i];
            loss += x[i] * x[i];
        }
    }
    loss
}
