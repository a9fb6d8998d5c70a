use autodiff::differentiate;

const M: [[f64; 2]; 2] = [[1.0, 2.0], [3.0, 4.0]];

#[differentiate]
fn dot2(a: &[f64], b: &[f64]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

// A row of a constant table walked by `for` and both measured and passed on whole: the
// macro's message (a row used only as a sequence is read in place).
#[differentiate]
fn rows_whole(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for row in M.iter() {
        s += dot2(row, x) * row.len() as f64;
    }
    s
}

fn main() {}
