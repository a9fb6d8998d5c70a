#[differentiate(wrt(x))]
fn first_big(x: &[f64], limit: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        if x[i] < 0.0 {
            continue;
        }
        s = s * 0.5 + x[i].exp();
        if s > limit {
            break;
        }
    }
    s
}
