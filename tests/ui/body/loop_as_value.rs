use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    let z = loop {
        y = y * 0.5;
        if y < 1.0 {
            break y;
        }
    };
    z * x
}

fn main() {}
