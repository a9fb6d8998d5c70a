use autodiff::differentiate;

struct Model {
    scale: f64,
}

impl Model {
    // `&mut self` that assigns nothing: `&self` is what it means.
    #[differentiate]
    fn f(&mut self, x: f64) -> f64 {
        x * x
    }
}

fn main() {
    let _ = Model { scale: 1.0 }.scale;
}
