use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    #[checkpoint]
    for _i in 0..10 {
        y = y.sin();
        if y < 0.1 {
            break;
        }
    }
    y
}

fn main() {}
