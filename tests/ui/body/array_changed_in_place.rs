use autodiff::differentiate;
use autodiff::ndarray::{Array1, Array2};

// An array changed in place by `scaled_add` (an axpy, as linear-algebra code writes it):
// the message says what to write instead.
#[differentiate]
fn axpy_norm(k: f64, x: &Array1<f64>, y: &Array1<f64>) -> f64 {
    let mut z = y.clone();
    z.scaled_add(k, x);
    z.dot(&z)
}

// A column of a matrix changed in place through its view, as a Householder reflection
// updates a matrix.
#[differentiate]
fn reflected_sum(k: f64, a: &Array2<f64>, x: &Array1<f64>) -> f64 {
    let mut m = a.clone();
    for i in 0..m.ncols() {
        m.column_mut(i).scaled_add(k, x);
    }
    m.sum()
}

// The same on a matrix parameter changed in place (linfa-linalg's `reflect_cols`): the
// parameter's message, and the call's.
#[differentiate]
fn reflect_cols(k: f64, rhs: &mut Array2<f64>, x: &Array1<f64>) {
    for i in 0..rhs.ncols() {
        rhs.column_mut(i).scaled_add(k, x);
    }
}

fn main() {}
