use autodiff::differentiate;
use autodiff::num_traits::FromPrimitive;

// The result is converted into `T`, a type the macro cannot differentiate through.
#[differentiate]
fn taps<T: FromPrimitive>(cutoff: f64, window: &[f64]) -> Vec<T> {
    let mut out = Vec::new();
    for i in 0..window.len() {
        out.push(T::from_f64(window[i] * cutoff).unwrap());
    }
    out
}

fn main() {}
