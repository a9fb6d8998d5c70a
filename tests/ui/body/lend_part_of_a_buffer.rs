use autodiff::differentiate;

#[differentiate]
fn fill_sq(x: &[f64], out: &mut [f64]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i];
    }
}

// Only a whole buffer can be lent.
#[differentiate]
fn tail_sq(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len() + 1];
    fill_sq(x, &mut buf[1..]);
    buf[1] + buf[2]
}

fn main() {}
