use autodiff::{differentiate, Differentiable};

/// A graph keeping its neighbour lists as rows of indices in a field.
#[derive(Differentiable)]
pub struct Graph {
    #[no_grad]
    pub neighbours: Vec<Vec<usize>>,
    pub weight: f64,
}

// An entry of the rows, bound by `let`, indexes `x`: rows of indices, not floats.
#[differentiate]
pub fn dirichlet_energy(g: &Graph, x: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..g.neighbours.len() {
        for k in 0..g.neighbours[i].len() {
            let j = g.neighbours[i][k];
            e += g.weight * (x[i] - x[j]).powi(2);
        }
    }
    e
}

// Walked by loops over the field and a row.
#[differentiate]
pub fn dirichlet_energy_walked(g: &Graph, x: &[f64]) -> f64 {
    let mut e = 0.0;
    for (i, row) in g.neighbours.iter().enumerate() {
        for &j in row {
            e += g.weight * (x[i] - x[j]).powi(2);
        }
    }
    e
}

/// Counts and a mask kept as rows of integers.
#[derive(Differentiable)]
pub struct Tally {
    #[no_grad]
    pub counts: Vec<Vec<usize>>,
    #[no_grad]
    pub mask: Vec<Vec<i32>>,
    pub w: Vec<f64>,
}

// An entry cast to the float type.
#[differentiate]
pub fn counted(t: &Tally, x: f64) -> f64 {
    t.counts[0][1] as f64 * x * t.w[0]
}

// An entry compared with an integer.
#[differentiate]
pub fn masked(t: &Tally) -> f64 {
    let mut s = 0.0;
    for row in &t.mask {
        for j in 0..row.len() {
            if row[j] > 0 {
                s += t.w[j] * t.w[j];
            }
        }
    }
    s
}

fn main() {}
