//! A tour of autodiff: dual numbers, the reverse-mode tape, gradient checking, and
//! `#[differentiate]`, each printing what it computes next to a closed form or a check.
//!
//! Run: `cargo run --release --example tour`

use autodiff::gradcheck::{gradcheck, hvp_check, Tolerance};
use autodiff::{derivative, differentiate, Dual, Tape};

/// Any generic float function runs on dual numbers unchanged.
fn f<T: autodiff::num_traits::Float>(x: T) -> T {
    x * x.sin()
}

#[differentiate]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

fn main() {
    println!("1. Forward mode: dual numbers a + bε with ε² = 0");
    let x = 1.3_f64;
    let (value, slope) = derivative(f, x);
    println!("   f(x) = x sin x at x = {x}: f = {value:.6}, f' = {slope:.6}");
    println!(
        "   closed form  f' = sin x + x cos x = {:.6}",
        x.sin() + x * x.cos()
    );
    let second = f(Dual::new(Dual::new(x, 1.0), Dual::new(1.0, 0.0)))
        .tangent
        .tangent;
    println!(
        "   nested duals f'' = {second:.6}; closed form 2 cos x − x sin x = {:.6}",
        2.0 * x.cos() - x * x.sin()
    );

    println!("\n2. Reverse mode on a tape (a Wengert list, swept backwards)");
    let tape = Tape::traced();
    let (a, b) = (tape.var(2.0), tape.var(3.0));
    let y = a * b + a * a;
    print!(
        "{}",
        tape.describe()
            .lines()
            .map(|l| format!("   {l}\n"))
            .collect::<String>()
    );
    let grads = y.backward();
    println!(
        "   y = ab + a²: ∂y/∂a = {} (b + 2a = 7), ∂y/∂b = {} (a = 2)",
        grads[a], grads[b]
    );

    println!("\n3. Gradient checking against central differences");
    let x = [0.5, -1.2, 0.8, 1.5];
    let tape = Tape::new();
    let xs = tape.vars(&x);
    let mut s = tape.constant(0.0);
    for i in 0..x.len() - 1 {
        let (p, q) = (xs[i + 1] - xs[i] * xs[i], 1.0 - xs[i]);
        s = s + 100.0 * p * p + q * q;
    }
    let g = s.backward();
    let tape_grad: Vec<f64> = xs.iter().map(|&v| g[v]).collect();
    let check = gradcheck(rosenbrock, &x, &tape_grad, Tolerance::default());
    println!(
        "   Rosenbrock gradient from the tape: {tape_grad:.4?}: gradcheck {}",
        verdict(check.is_ok())
    );

    println!("\n4. #[differentiate]: the same function, differentiated at compile time");
    let (value, grad) = rosenbrock_grad(&x);
    println!("   rosenbrock_grad: f = {value:.4}, ∇f = {grad:.4?}");
    let same = grad
        .iter()
        .zip(&tape_grad)
        .all(|(p, q)| (p - q).abs() < 1e-12);
    println!("   equals the tape's gradient: {}", verdict(same));
    let v = [1.0, 0.0, -1.0, 0.5];
    let (_, _, hv) = rosenbrock_hvp(&x, &v);
    let check = hvp_check(
        |p| rosenbrock_grad(p).1,
        &x,
        &v,
        &hv,
        Tolerance::new(1e-5, 1e-4),
    );
    println!("   rosenbrock_hvp (forward-over-reverse): H·v = {hv:.4?}: check against differences of the gradient {}", verdict(check.is_ok()));
    let (_, jv) = rosenbrock_jvp(&x, &v);
    let gv: f64 = grad.iter().zip(&v).map(|(g, v)| g * v).sum();
    println!("   rosenbrock_jvp: J·v = {jv:.6}; ⟨∇f, v⟩ from reverse mode = {gv:.6}");
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "passed"
    } else {
        "FAILED"
    }
}
