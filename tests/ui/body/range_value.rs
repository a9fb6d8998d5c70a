use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let r = 0..x.len();
    let mut s = 0.0;
    for i in r {
        s += x[i];
    }
    s
}

fn main() {}
