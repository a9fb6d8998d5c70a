use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Matrix2 {
    pub data: Vec<Vec<f64>>,
}

impl Matrix2 {
    // Rows held in a field, read by two indices.
    #[differentiate]
    pub fn determinant(&self) -> f64 {
        self.data[0][0] * self.data[1][1] - self.data[0][1] * self.data[1][0]
    }
}

fn main() {}
