use autodiff::differentiate;

// Inlined at its call, this `return` would leave `f` itself.
#[differentiate]
fn f(x: f64) -> f64 {
    let g = |t: f64| {
        if t < 0.0 {
            return -t;
        }
        t
    };
    g(x) + 1.0
}

fn main() {}
