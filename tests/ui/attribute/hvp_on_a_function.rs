use autodiff::differentiate;

// Functions get `_hvp` without asking; `hvp` is a method's request.
#[differentiate(hvp)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
