// A struct with an `Index` of its own, indexed twice (`p[i][0]`) beside a field read
// (`p.scale`): the macro cannot see what `p[i]` is, so it asks for the field that holds the
// entries.
use autodiff::{differentiate, Differentiable};
use std::ops::Index;

#[derive(Clone, Differentiable)]
pub struct Polygon {
    pub v: Vec<[f64; 2]>,
    pub scale: f64,
}

impl Index<usize> for Polygon {
    type Output = [f64; 2];
    fn index(&self, i: usize) -> &[f64; 2] {
        &self.v[i]
    }
}

#[differentiate]
fn first_x(p: &Polygon) -> f64 {
    p[0][0] * p.scale
}

fn main() {}
