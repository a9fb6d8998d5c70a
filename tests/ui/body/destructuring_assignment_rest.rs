// A destructuring assignment names every part: `..` is refused with a message.
use autodiff::differentiate;

#[differentiate]
fn first_of_three(x: f64) -> f64 {
    let a;
    (a, ..) = (x, 2.0 * x, 3.0 * x);
    a * a
}

fn main() {}
