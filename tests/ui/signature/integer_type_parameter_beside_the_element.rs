// Two type parameters bounded by arithmetic traits that no bound links (`T` the element,
// `I` an integer count): `I` is not taken for a second float type (a float count would
// change what `%` and `/` compute), so the signature shows no float type: the macro's
// message, not derivatives of another function.
use autodiff::differentiate;
use autodiff::num_traits::{One, Zero};
use std::ops::{Div, Mul, Rem, Sub};

#[differentiate]
fn power<T, I>(x: T, n: I) -> T
where
    T: Copy + Mul<Output = T> + One,
    I: Copy + PartialOrd + Sub<Output = I> + Rem<Output = I> + Div<Output = I> + Zero + One,
{
    let mut acc = T::one();
    let mut base = x;
    let mut k = n;
    let two = I::one() + I::one();
    while k > I::zero() {
        if k % two == I::one() {
            acc = acc * base;
        }
        base = base * base;
        k = k / two;
    }
    acc
}

fn main() {
    println!("{}", power(1.5f64, 5u32));
}
