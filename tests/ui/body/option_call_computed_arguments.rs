use autodiff::differentiate;

#[differentiate]
pub fn safe_div(a: f64, b: f64) -> Option<f64> {
    if b == 0.0 {
        None
    } else {
        Some(a / b)
    }
}

// The call's arguments are computed: it would be made twice (test, then unwrap), so the
// macro asks for them in `let`s first.
#[differentiate]
pub fn ratio_or_zero(x: f64, y: f64) -> f64 {
    if let Some(m) = safe_div(x * x, y + 1.0) {
        m
    } else {
        0.0
    }
}

fn main() {}
