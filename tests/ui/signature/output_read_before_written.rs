use autodiff::differentiate;

// An in-place update: `rhs` holds the right-hand side on entry, which the derivatives
// would treat as a constant.
#[differentiate]
fn scale_in_place(a: f64, rhs: &mut [f64]) {
    for i in 0..rhs.len() {
        rhs[i] = rhs[i] / a;
    }
}

fn main() {}
