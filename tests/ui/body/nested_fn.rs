use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    fn square(t: f64) -> f64 {
        t * t
    }
    square(x)
}

fn main() {}
