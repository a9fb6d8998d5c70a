use autodiff::differentiate;

#[differentiate]
fn f(x: f64, y: f64) -> f64 {
    x * y + x.sin()
}

#[test]
fn smoke() {
    let (v, dx, dy) = f_grad(2.0, 3.0);
    assert_eq!(v, 6.0 + 2.0_f64.sin());
    assert!((dx - (3.0 + 2.0_f64.cos())).abs() < 1e-12);
    assert_eq!(dy, 2.0);
}
