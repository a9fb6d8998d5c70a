use autodiff::differentiate;

// A table of objective functions, chosen by a constant: the macro cannot see which
// function the constant holds.
const OBJECTIVE_FN: fn(f64) -> f64 = |x| x * x;

#[differentiate]
fn objective(x: f64) -> f64 {
    2.0 * OBJECTIVE_FN(x)
}

fn main() {}
