use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut it = x.iter();
    let mut s = 0.0;
    while let Some(v) = it.next() {
        s += v * v;
    }
    s
}

fn main() {}
