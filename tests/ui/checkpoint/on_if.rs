use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    #[checkpoint]
    if x > 0.0 {
        y = y.sin();
    }
    y
}

fn main() {}
