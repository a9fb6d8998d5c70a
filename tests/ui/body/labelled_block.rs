use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let mut y = x;
    'done: {
        if x > 1.0 {
            break 'done;
        }
        y = y * y;
    }
    y
}

fn main() {}
