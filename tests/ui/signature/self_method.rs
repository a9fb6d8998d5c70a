use autodiff::differentiate;

struct Model {
    scale: f64,
}

impl Model {
    #[differentiate]
    fn f(&self, x: f64) -> f64 {
        x * x
    }
}

fn main() {
    let _ = Model { scale: 1.0 }.scale;
}
