use autodiff::differentiate;
use autodiff::ndarray::Array1;

// `from_shape_fn` with a closure the rewrite does not take (a `mut` index, an early
// `return`): the macro's message, once each.
#[differentiate]
fn reversed(x: &Array1<f64>) -> f64 {
    let n = x.len();
    let c = Array1::from_shape_fn(n, |mut i| {
        i = n - 1 - i;
        x[i]
    });
    c[0]
}

#[differentiate]
fn first_fixed(x: &Array1<f64>) -> f64 {
    let n = x.len();
    let v = Array1::from_shape_fn(n, |i| {
        if i == 0 {
            return 1.0;
        }
        x[i] * x[i]
    });
    v.sum()
}

fn main() {}
