use autodiff::differentiate;

#[differentiate]
fn f(x: f64, mode: u8) -> f64 {
    match mode {
        0 if x > 1.0 => x * x,
        _ => x,
    }
}

// The right of `&&` runs only where the left lets it: what it reads is not bound before the
// `match` (it could panic there), so it is the same message.
#[differentiate]
fn first_row(rows: &[Vec<f64>], x: f64, k: Option<usize>) -> f64 {
    match k {
        Some(j) if !rows.is_empty() && j < rows[0].len() => rows[0][j] * x,
        _ => x * x,
    }
}

fn main() {}
