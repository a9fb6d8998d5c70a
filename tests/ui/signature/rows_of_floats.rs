use autodiff::differentiate;

// Rows the function modifies: their floats would be constants of the derivatives.
#[differentiate]
fn normalised(mut m: Vec<Vec<f64>>, s: f64) -> f64 {
    for row in m.iter_mut() {
        for v in row.iter_mut() {
            *v /= s;
        }
    }
    m[0][0]
}

#[differentiate]
fn scale_rows(m: &mut Vec<Vec<f64>>, s: f64) -> f64 {
    m[0][0] *= s;
    s
}

#[differentiate]
fn ragged(m: &[&[f64]]) -> f64 {
    m[0][0]
}

fn main() {}
