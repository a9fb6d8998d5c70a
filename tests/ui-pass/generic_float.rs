#![deny(warnings)]

use autodiff::differentiate;
use autodiff::num_traits::Float;

#[differentiate]
fn f<T: Float>(x: T, y: T) -> T {
    let two = T::from(2.0).unwrap();
    x * y.sin() + two * x * x
}

/// The `Float` bound may also sit in a `where` clause.
#[differentiate]
fn g<T>(x: T) -> T
where
    T: Float,
{
    x.exp() * x
}

fn main() {
    let (x, y) = (1.5_f64, 0.5_f64);
    let (_, dx, dy) = f_grad(x, y);
    assert!((dx - (y.sin() + 4.0 * x)).abs() < 1e-12);
    assert!((dy - x * y.cos()).abs() < 1e-12);
    let (_, _, _, hx, hy) = f_hvp(x, y, 1.0, 0.0);
    assert!((hx - 4.0).abs() < 1e-12 && (hy - y.cos()).abs() < 1e-12);

    let (_, dx32, _) = f_grad(1.5_f32, 0.5_f32);
    assert!((dx32 - (0.5_f32.sin() + 6.0)).abs() < 1e-5);

    // d/dx x eˣ = (1 + x) eˣ
    let (_, d) = g_grad(0.7_f64);
    assert!((d - 1.7 * 0.7_f64.exp()).abs() < 1e-12);
}
