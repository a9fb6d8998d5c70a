use autodiff::differentiate;

// A `move` closure updates its own copy of `total`; the function's `total` stays 0.
#[differentiate]
fn f(x: f64) -> f64 {
    let mut total = 0.0;
    let mut add = move |v: f64| total += v;
    add(x);
    total
}

fn main() {}
