use autodiff::differentiate;

fn square(t: f64) -> f64 {
    t * t
}

#[differentiate]
fn f(x: f64) -> f64 {
    let fs = [square as fn(f64) -> f64];
    fs[0](x)
}

fn main() {}
