use autodiff::differentiate;

// The first access writes `out[0]`, but `out[1]` is read before anything writes it:
// its entry value, which the derivatives would treat as a constant.
#[differentiate]
fn pair(x: f64, out: &mut [f64]) {
    out[0] = x * x;
    out[0] += out[1] * x;
}

fn main() {}
