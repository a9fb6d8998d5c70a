// `nested` needs every parameter's derivative: a caller's `_hvp`-based rule needs the
// mixed second derivatives.
use autodiff::differentiate;

#[differentiate(nested, wrt(x))]
fn potential(x: f64, w: f64) -> f64 {
    1.0 / (x - w).abs()
}

fn main() {}
