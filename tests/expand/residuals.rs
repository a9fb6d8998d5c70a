// The logistic function: `1.0 / t` is `t.recip()`, and the results of `exp` and `recip`
// are kept for the reverse sweep rather than computed again.
#[differentiate]
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

// `sum` is read only after the loop, so the loop saves no old `sum`; it saves each `exp`.
#[differentiate]
fn log_sum_exp(y: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..y.len() {
        sum += y[i].exp();
    }
    sum.ln()
}
