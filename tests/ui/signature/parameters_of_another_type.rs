use autodiff::differentiate;
use autodiff::ndarray::Array1;

// Arrays of a type converted into `f64` inside: no parameter holds the float type.
#[differentiate]
pub fn log_cosh<T>(pred: &Array1<T>, actual: &Array1<T>) -> f64
where
    T: Into<f64> + Copy,
{
    let total: f64 = pred
        .iter()
        .zip(actual.iter())
        .map(|(p, a)| ((*a).into() - (*p).into()).cosh().ln())
        .sum();
    total / pred.len() as f64
}

// A helper of integers, marked: nothing to differentiate.
#[differentiate]
fn count(n: usize) -> f64 {
    n as f64 * 2.0
}

fn main() {}
