use autodiff::differentiate;

// Rows taken by value: a slice of rows (`&[Vec<f64>]`) is what the derivatives take.
#[differentiate]
fn frobenius(m: Vec<Vec<f64>>) -> f64 {
    let mut s = 0.0;
    for i in 0..m.len() {
        for j in 0..m[i].len() {
            s += m[i][j] * m[i][j];
        }
    }
    s
}

fn main() {}
