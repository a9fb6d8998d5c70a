use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    for e in v.iter_mut() {
        *e *= 2.0;
    }
    v[0]
}

fn main() {}
