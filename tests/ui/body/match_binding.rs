use autodiff::differentiate;

#[differentiate]
fn f(x: f64, mode: u8) -> f64 {
    match mode {
        0 => x,
        k => x * k as f64,
    }
}

fn main() {}
