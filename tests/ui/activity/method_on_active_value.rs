use autodiff::differentiate;

pub struct Model {
    k: f64,
}

impl Model {
    fn apply(&self, x: f64) -> f64 {
        self.k * x
    }
}

#[differentiate(wrt(x))]
fn f(x: f64, m: &Model) -> f64 {
    let y = m.apply(x);
    y * x
}

fn main() {}
