use autodiff::differentiate;

#[differentiate]
fn square_all(y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = y[i] * y[i];
    }
}

// A differentiated function of buffers called for what it writes.
#[differentiate]
fn caller(y: &mut [f64], x: f64) {
    square_all(y);
    y[0] = y[0] + x * y[1];
}

fn main() {}
