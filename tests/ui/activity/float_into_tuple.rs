use autodiff::differentiate;

// A tuple mixing a float that carries a derivative with an integer.
#[differentiate]
fn f(x: f64, n: usize) -> f64 {
    let t = (x * x, n);
    t.0 * t.1 as f64
}

fn main() {}
