use autodiff::differentiate;

// `dbg!` returns its argument: a value the macro would have to differentiate through.
#[differentiate]
fn f(x: f64) -> f64 {
    dbg!(x);
    x * x
}

fn main() {}
