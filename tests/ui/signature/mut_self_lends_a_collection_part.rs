use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Debug)]
pub struct Lot {
    amount: f64,
    price: f64,
}

#[derive(Differentiable, Clone, Debug)]
pub struct Book {
    lots: Vec<Lot>,
}

// A collection field lent mutably (`last_mut`) in a `&mut self` method: refused, saying
// where state that changes can live.
impl Book {
    #[differentiate]
    fn sell(&mut self, q: f64, price: f64) -> f64 {
        let lot = self.lots.last_mut().unwrap();
        let gain = (price - lot.price) * q;
        lot.amount -= q;
        gain
    }
}

fn main() {}
