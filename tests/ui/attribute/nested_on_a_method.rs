// `nested` is for free functions.
use autodiff::differentiate;

struct Spring {
    k: f64,
}

impl Spring {
    #[differentiate(nested, associated)]
    fn energy(x: f64, k: f64) -> f64 {
        0.5 * k * x * x
    }
}

fn main() {
    let _ = Spring { k: 1.0 }.k;
}
