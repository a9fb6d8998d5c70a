#[differentiate]
fn norm(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s.sqrt()
}

#[differentiate]
fn unit_sum(x: &[f64]) -> f64 {
    let n = norm(x);
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] / n;
    }
    s
}
