// Indices of the caller's sorted in place (a `&mut Vec<usize>` parameter): the message. A
// local sequence sorted by a comparator or a key, and a buffer of floats sorted in place,
// are differentiated (tests/searches.rs).
use autodiff::differentiate;

#[differentiate]
fn f(x: &[f64], order: &mut Vec<usize>) -> f64 {
    order.sort_by(|&a, &b| x[a].partial_cmp(&x[b]).unwrap());
    x[order[0]] * 2.0
}

fn main() {}
