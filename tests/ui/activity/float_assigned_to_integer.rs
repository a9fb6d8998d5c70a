use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut n = 0;
    if x > 0.0 {
        n = x as usize;
    }
    x * n as f64
}

fn main() {}
