use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    #[checkpoint]
    for _i in (0..10).step_by(2) {
        y = y.sin();
    }
    y
}

fn main() {}
