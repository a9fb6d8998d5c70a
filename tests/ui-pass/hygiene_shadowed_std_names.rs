#![deny(warnings)]
//! User items that shadow the names generated code might use: a struct `Vec`, a module
//! `ndarray`, a function `zeros_like`, a trait giving `f64` an extra method.

use autodiff::differentiate;

#[allow(dead_code)]
struct Vec;

#[allow(dead_code)]
mod ndarray {}

#[allow(dead_code)]
fn zeros_like() {}

trait Twice {
    fn twice(self) -> f64;
}

impl Twice for f64 {
    fn twice(self) -> f64 {
        2.0 * self
    }
}

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut v = vec![0.0; x.len()];
    let mut w = ::std::vec::Vec::with_capacity(x.len());
    for i in 0..x.len() {
        v[i] = x[i] * x[i];
        w.push(v[i].sin());
    }
    let c = 3.0_f64.twice();
    v[0] * c + w[1]
}

fn main() {
    let x = [0.5, 1.5];
    let (_, g) = f_grad(&x);
    assert!((g[0] - 6.0 * 2.0 * 0.5).abs() < 1e-12);
    assert!((g[1] - 2.0 * 1.5 * (1.5f64 * 1.5).cos()).abs() < 1e-12);
    f_gradcheck(&x).unwrap();
}
