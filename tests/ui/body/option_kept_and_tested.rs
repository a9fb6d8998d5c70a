use autodiff::differentiate;

// An `Option` of elements kept in a variable, then tested and unwrapped.
#[differentiate]
pub fn second_times_first(x: &[f64]) -> f64 {
    let r = x.get(1).copied();
    if r.is_some() {
        r.unwrap() * x[0]
    } else {
        0.0
    }
}

// An `Option` of a computed value, kept and tested.
#[differentiate]
pub fn square_if_positive(x: f64) -> f64 {
    let r = if x > 0.0 { Some(x * x) } else { None };
    if r.is_some() {
        r.unwrap() + x
    } else {
        x
    }
}

fn main() {}
