use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    x.foo()
}

fn main() {}
