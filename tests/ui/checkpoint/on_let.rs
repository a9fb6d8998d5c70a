use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    #[checkpoint]
    let y = x * x;
    y
}

fn main() {}
