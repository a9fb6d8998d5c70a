use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in x {
        s += v * v;
    }
    s
}

fn main() {}
