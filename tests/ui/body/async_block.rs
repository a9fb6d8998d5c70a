use autodiff::differentiate;

#[differentiate]
fn f(x: f64) -> f64 {
    let _fut = async { 1 };
    x * x
}

fn main() {}
