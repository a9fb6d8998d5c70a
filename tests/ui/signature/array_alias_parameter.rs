use autodiff::differentiate;
use autodiff::ndarray::ArrayView2;

// A view behind an alias, read by entry: the attribute cannot see what it is.
pub type MatrixView<'a> = ArrayView2<'a, f64>;

#[differentiate]
pub fn wilkinson(m: MatrixView, p: usize) -> f64 {
    let a = m[[p, p]];
    let b = m[[p + 1, p + 1]];
    let c = m[[p, p + 1]];
    let d = (a - b) / 2.0;
    b - c * c / (d + d.signum() * (d * d + c * c).sqrt())
}

fn main() {}
