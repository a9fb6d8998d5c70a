// `f_vjp` fuses loops with their reverse: a loop over samples with a scratch vector it
// writes whole in every iteration, then a call, then a second sum; the tail is linear in
// both sums, so its reverse runs first.
#[differentiate(wrt(w))]
fn fused(w: &[f64], data: &[f64], m: usize) -> f64 {
    let n = data.len() / m;
    let mut h = vec![0.0; m];
    let mut loss = 0.0;
    for s in 0..n {
        for j in 0..m {
            h[j] = (w[j] * data[s * m + j]).tanh();
        }
        let mut y = 0.0;
        for j in 0..m {
            y += h[j];
        }
        loss += (y - 1.0) * (y - 1.0);
    }
    let mut reg = 0.0;
    for j in 0..m {
        reg += w[j] * w[j];
    }
    loss / (n as f64) + 0.01 * reg
}
