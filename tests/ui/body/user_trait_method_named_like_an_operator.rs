// A trait of the user's whose method is named like an operator's (`mul` on `f64`): the
// derived items would compute `x * k`, so rustc is made to report the ambiguity at `mul`
// rather than a derivative of the wrong function being given.
use autodiff::differentiate;

trait Scale {
    fn mul(self, k: f64) -> f64;
}

impl Scale for f64 {
    fn mul(self, k: f64) -> f64 {
        self * k * k
    }
}

#[differentiate]
fn f(x: f64, k: f64) -> f64 {
    x.mul(k) + x
}

fn main() {}
