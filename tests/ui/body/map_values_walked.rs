use autodiff::{differentiate, Differentiable};
use std::collections::HashMap;

/// Holdings by name, as a portfolio keeps them: (amount, price).
#[derive(Differentiable)]
pub struct Portfolio {
    #[no_grad]
    assets: HashMap<String, (f64, f64)>,
    fee: f64,
}

// A map's values walked by a tuple pattern: the message names the map's walk, not the
// pattern.
impl Portfolio {
    #[differentiate]
    fn total_value(&self) -> f64 {
        let mut total = 0.0;
        for (amount, price) in self.assets.values() {
            total += amount * price * (1.0 - self.fee);
        }
        total
    }
}

fn main() {}
