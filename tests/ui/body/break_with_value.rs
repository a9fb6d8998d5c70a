use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    loop {
        y = y * 0.5;
        if y < 1.0 {
            break y;
        }
    };
    y
}

fn main() {}
