//! The gradient descent of GradBench's `gd.hpp`, which `particle` and `saddle` share:
//! steps of `−η·g` from `η = 1e-5`, `η` doubled after ten accepted steps and halved after a
//! step that does not decrease the objective; it stops when `|g| ≤ 1e-5` or a step is
//! shorter than `1e-5`. The objective's gradient is passed in: each eval's mode decides
//! which generated item computes it. (Inside a differentiated objective, where this loop
//! itself is differentiated, the evals write it out over their own floats.)

/// `gd.hpp`'s `multivariate_argmin`: the point gradient descent stops at, from `start`.
pub fn argmin(
    f: impl Fn(&[f64]) -> f64,
    gradient: impl Fn(&[f64]) -> Vec<f64>,
    start: &[f64],
) -> Vec<f64> {
    let mut x = start.to_vec();
    let mut fx = f(&x);
    let mut gx = gradient(&x);
    let mut accepted = 0;
    let mut eta = 1e-5;
    loop {
        if magnitude(&gx) <= 1e-5 {
            return x;
        }
        if accepted == 10 {
            eta *= 2.0;
            accepted = 0;
            continue;
        }
        let x_prime: Vec<f64> = x.iter().zip(&gx).map(|(a, g)| a - eta * g).collect();
        if distance(&x, &x_prime) <= 1e-5 {
            return x;
        }
        let fx_prime = f(&x_prime);
        if fx_prime < fx {
            x = x_prime;
            fx = fx_prime;
            gx = gradient(&x);
            accepted += 1;
        } else {
            eta /= 2.0;
            accepted = 0;
        }
    }
}

/// `gd.hpp`'s `multivariate_argmax`: [`argmin`] of `−f`.
pub fn argmax(
    f: impl Fn(&[f64]) -> f64,
    gradient: impl Fn(&[f64]) -> Vec<f64>,
    start: &[f64],
) -> Vec<f64> {
    argmin(
        |x| -f(x),
        |x| gradient(x).into_iter().map(|g| -g).collect(),
        start,
    )
}

fn magnitude(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

fn distance(u: &[f64], v: &[f64]) -> f64 {
    u.iter()
        .zip(v)
        .map(|(a, b)| (a - b) * (a - b))
        .sum::<f64>()
        .sqrt()
}
