use autodiff::differentiate;

struct Grid;

impl Grid {
    #[differentiate(associated)]
    fn fill(x: &[f64], out: &mut [f64]) {
        for i in 0..x.len() {
            out[i] = 2.0 * x[i];
        }
    }
}

// The lent form exists for free functions only.
#[differentiate]
fn total(x: &[f64]) -> f64 {
    let mut buf = vec![0.0; x.len()];
    Grid::fill(x, &mut buf);
    buf[0]
}

fn main() {}
