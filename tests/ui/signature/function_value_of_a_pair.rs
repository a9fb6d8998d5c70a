use autodiff::differentiate;

// A Newton step's function giving its value and slope as a pair: a function value of the
// derived items returns one float.
#[differentiate]
fn newton<F>(func: F, x0: f64) -> f64
where
    F: Fn(f64) -> (f64, f64),
{
    let mut x = x0;
    for _ in 0..20 {
        let (f, df) = func(x);
        x -= f / df;
    }
    x
}

// Its type an alias of a function type, which the attribute cannot see through.
type Rhs = fn(f64, f64) -> f64;

#[differentiate]
fn euler(rhs: Rhs, y0: f64, h: f64) -> f64 {
    let mut y = y0;
    for k in 0..10 {
        y += h * rhs(k as f64 * h, y);
    }
    y
}

// A generic alias (`type DiffEq<T> = fn(T, T) -> T;`), called in the body.
type DiffEq<T> = fn(T, T) -> T;

#[differentiate]
fn step<T: num_traits::Float>(equation: DiffEq<T>, t: T, y: T, h: T) -> T {
    y + h * equation(t, y)
}

fn main() {}
