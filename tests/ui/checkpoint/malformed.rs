use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    #[checkpoint(every = 3)]
    for _i in 0..10 {
        y = y.sin();
    }
    y
}

fn main() {}
