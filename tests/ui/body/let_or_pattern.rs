use autodiff::differentiate;

// An or-pattern inside a destructuring `let`, each side binding the same name.
#[differentiate]
fn larger_square(x: f64, y: f64) -> f64 {
    let ((a, _) | (_, a)) = (x * x, y * y);
    a
}

fn main() {}
