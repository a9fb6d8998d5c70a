use autodiff::differentiate;

// `wrt` names a binding of a parameter written as a pattern, which is named `a_b`.
#[differentiate(wrt(a))]
fn product((a, b): (f64, f64), c: f64) -> f64 {
    a * b * c
}

fn main() {}
