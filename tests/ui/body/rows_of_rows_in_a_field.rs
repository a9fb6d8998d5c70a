use autodiff::{differentiate, Differentiable};

/// A network keeping every layer's weight rows in one field.
#[derive(Differentiable)]
pub struct Net {
    pub w: Vec<Vec<Vec<f64>>>,
}

impl Net {
    // Rows of rows, read by three indices.
    #[differentiate]
    pub fn output(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for l in 0..self.w.len() {
            for i in 0..self.w[l].len() {
                for j in 0..x.len() {
                    s += self.w[l][i][j] * x[j];
                }
            }
        }
        s
    }
}

fn main() {}
