//! Forward mode (`Dual`) and reverse mode (`Value`) agree on random compositions of every
//! elementary operation: two independent implementations of the same derivatives.

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::{Dual, Tape, Value};
use num_traits::Float;

/// A random expression over two inputs, kept inside the domains of its functions.
#[derive(Debug)]
enum Expr {
    X,
    Y,
    Const(f64),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    /// a / (1 + b²): never divides by zero.
    SafeDiv(Box<Expr>, Box<Expr>),
    /// A unary function, applied to a value mapped into its domain.
    Unary(usize, Box<Expr>),
}

const UNARY: usize = 12;

fn random(rng: &mut Rng, depth: usize) -> Expr {
    let pick = (rng.next_u64() % if depth == 0 { 3 } else { 8 }) as usize;
    // The unary function is drawn before the closure borrows the generator.
    let f = (rng.next_u64() % UNARY as u64) as usize;
    let mut sub = || Box::new(random(rng, depth.saturating_sub(1)));
    match pick {
        0 => Expr::X,
        1 => Expr::Y,
        2 => Expr::Const(0.5 + (depth as f64) * 0.25),
        3 => Expr::Add(sub(), sub()),
        4 => Expr::Sub(sub(), sub()),
        5 => Expr::Mul(sub(), sub()),
        6 => Expr::SafeDiv(sub(), sub()),
        _ => Expr::Unary(f, sub()),
    }
}

/// The same evaluation for any number type with the float methods.
macro_rules! unary {
    ($f:expr, $a:expr, $one:expr) => {{
        let a = $a;
        let one = $one;
        // Squash into (−1, 1) first so every function below stays in its domain.
        let s = a.tanh() * 0.9;
        match $f {
            0 => s.sin(),
            1 => s.cos(),
            2 => s.exp(),
            3 => (s + one * 2.0).ln(),
            4 => (s + one * 2.0).sqrt(),
            5 => s.atan(),
            6 => s.asin(),
            7 => s.sinh(),
            8 => (s * s + one).powf(one * 1.5),
            9 => s.powi(3),
            10 => (s + one * 1.5).cbrt(),
            _ => s.hypot(one * 0.5),
        }
    }};
}

fn eval_dual(e: &Expr, x: Dual<f64>, y: Dual<f64>) -> Dual<f64> {
    let one = Dual::constant(1.0);
    match e {
        Expr::X => x,
        Expr::Y => y,
        Expr::Const(c) => Dual::constant(*c),
        Expr::Add(a, b) => eval_dual(a, x, y) + eval_dual(b, x, y),
        Expr::Sub(a, b) => eval_dual(a, x, y) - eval_dual(b, x, y),
        Expr::Mul(a, b) => eval_dual(a, x, y) * eval_dual(b, x, y),
        Expr::SafeDiv(a, b) => {
            let d = eval_dual(b, x, y);
            eval_dual(a, x, y) / (one + d * d)
        }
        Expr::Unary(f, a) => unary!(*f, eval_dual(a, x, y), one),
    }
}

fn eval_value<'t>(e: &Expr, x: Value<'t>, y: Value<'t>) -> Value<'t> {
    let one = x.tape().constant(1.0);
    match e {
        Expr::X => x,
        Expr::Y => y,
        Expr::Const(c) => x.tape().constant(*c),
        Expr::Add(a, b) => eval_value(a, x, y) + eval_value(b, x, y),
        Expr::Sub(a, b) => eval_value(a, x, y) - eval_value(b, x, y),
        Expr::Mul(a, b) => eval_value(a, x, y) * eval_value(b, x, y),
        Expr::SafeDiv(a, b) => {
            let d = eval_value(b, x, y);
            eval_value(a, x, y) / (one + d * d)
        }
        Expr::Unary(f, a) => unary!(*f, eval_value(a, x, y), one),
    }
}

#[test]
fn dual_and_value_agree_on_random_compositions() {
    let mut rng = Rng::new(2026);
    for case in 0..300 {
        let e = random(&mut rng, 4);
        let (x0, y0) = (rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0));
        let fx = eval_dual(&e, Dual::variable(x0), Dual::constant(y0));
        let fy = eval_dual(&e, Dual::constant(x0), Dual::variable(y0));
        let tape = Tape::new();
        let (x, y) = (tape.var(x0), tape.var(y0));
        let out = eval_value(&e, x, y);
        let g = out.backward();
        for (fwd, rev, name) in [(fx.tangent, g[x], "x"), (fy.tangent, g[y], "y")] {
            let tol = 1e-11 * fwd.abs().max(1.0);
            assert!(
                (fwd - rev).abs() <= tol,
                "case {case}, ∂/∂{name}: Dual {fwd} vs Value {rev} for {e:?}"
            );
        }
        assert_eq!(fx.primal, out.value(), "case {case}: values differ");
    }
}
