// An `&mut Array1` output buffer passed on whole to another function: the derived items
// read such a buffer by index only.
use autodiff::differentiate;
use autodiff::ndarray::Array1;

#[differentiate]
fn energy(v: &Array1<f64>) -> f64 {
    v[0] * v[0] + v[1]
}

#[differentiate]
fn fill_then_energy(x: &[f64], out: &mut Array1<f64>) -> f64 {
    out[0] = x[0] * x[1];
    out[1] = x[1] + x[0];
    energy(out)
}

fn main() {}
