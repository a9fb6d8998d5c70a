use autodiff::differentiate;
use autodiff::ndarray::ArrayViewMut1;

// A mutable view written in place (a projection step).
#[differentiate]
fn shrink(mut x: ArrayViewMut1<f64>, sub: f64) {
    for xi in x.iter_mut() {
        *xi = 0f64.max(*xi - sub);
    }
}

fn main() {}
