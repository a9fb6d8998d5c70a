use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for (i, v) in x.iter().enumerate() {
        s += v * i as f64;
    }
    s
}

fn main() {}
