use autodiff::differentiate;

struct Model {
    scale: f64,
}

impl Model {
    // `&mut self` that assigns nothing: a function of its state, whose type must derive it.
    #[differentiate]
    fn f(&mut self, x: f64) -> f64 {
        x * x
    }
}

fn main() {
    let _ = Model { scale: 1.0 }.scale;
}
