#[differentiate]
fn damped(x: f64, y: f64, n: usize) -> f64 {
    let mut b = x;
    #[checkpoint]
    for _j in 0..n {
        b = (b * y).cos() + b * 0.5;
    }
    b
}
