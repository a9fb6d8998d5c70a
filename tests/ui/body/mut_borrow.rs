use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    let r = &mut y;
    *r = *r * 2.0;
    y
}

fn main() {}
