use autodiff::differentiate;

// Only one list may name the parameters: a second would silently replace the first.
#[differentiate(wrt(x), wrt(y))]
fn f(x: f64, y: f64) -> f64 {
    x * y
}

fn main() {}
