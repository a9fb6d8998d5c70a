use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Cart {
    items: Vec<(f64, f64)>,
    receipt: Vec<f64>,
}

impl Cart {
    #[differentiate]
    fn close(&mut self) -> f64 {
        let total: f64 = self.items.iter().map(|&(_, price)| price).sum();
        self.receipt.insert(0, total);
        total
    }
}

fn main() {}
