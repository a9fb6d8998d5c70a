use autodiff::differentiate;
use std::ops::Sub;

// Sequences of a type parameter that is not the float type, whose operators give floats
// (a distance over any element type): the macro cannot see what differentiates.
#[differentiate]
fn first_difference<T: Sub<Output = f64> + Copy>(x: &[T], y: &Vec<T>) -> f64 {
    x[0] - y[0]
}

fn main() {}
