use autodiff::differentiate;

struct Model {
    scale: f64,
}

impl Model {
    // A method differentiates `&self`; `&mut self` would be an output.
    #[differentiate]
    fn f(&mut self, x: f64) -> f64 {
        x * x
    }
}

fn main() {
    let _ = Model { scale: 1.0 }.scale;
}
