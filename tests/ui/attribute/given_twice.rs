use autodiff::differentiate;

#[differentiate]
#[differentiate]
fn twice(x: f64, y: f64) -> f64 {
    x * y
}

#[differentiate(wrt(x, x))]
fn named_twice(x: f64, y: f64) -> f64 {
    x * y
}

#[differentiate(wrt())]
fn named_none(x: f64, y: f64) -> f64 {
    x * y
}

fn main() {}
