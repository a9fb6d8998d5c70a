use autodiff::differentiate;

#[differentiate]
fn exp_fill(x: &[f64], out: &mut [f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        out[i] = x[i].exp();
        s += out[i];
    }
    s
}

// A call lending a buffer is a statement or a `let` of its own.
#[differentiate]
fn twice(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    let s = 2.0 * exp_fill(x, &mut buf);
    s + buf[0]
}

fn main() {}
