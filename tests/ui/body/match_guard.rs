use autodiff::differentiate;

#[differentiate]
fn f(x: f64, mode: u8) -> f64 {
    match mode {
        0 if x > 1.0 => x * x,
        _ => x,
    }
}

fn main() {}
