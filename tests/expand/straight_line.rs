#[differentiate]
fn f(x: f64, y: f64) -> f64 {
    let a = x * y;
    let b = a.sin() + x / y;
    a * b
}
