//! The course, 4: Hessian-vector products. `f_hvp` runs the reverse sweep on dual numbers
//! seeded with a direction v (forward-over-reverse), so the tangent of the gradient is H·v,
//! exact to rounding, for a small constant times the cost of a gradient. Central differences
//! of the gradient (`gradcheck::hvp_fd`) cost two gradients and lose digits to the step.
//! With HVPs alone, conjugate gradients solve the Newton system H p = −∇f without ever
//! forming H: Newton-CG, here on the extended Rosenbrock function.
//!
//! Run: `cargo run --release --example course_hvp`
//!      `cargo run --example course_hvp -- --quick`   (CI: a few seconds, also with
//!      `AUTODIFF_QUICK=1`)
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;
use autodiff::gradcheck::{hvp_fd, Rng};
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// H·v of Rosenbrock in closed form: H is tridiagonal with
/// `Hᵢᵢ = [i < n−1](1200xᵢ² − 400xᵢ₊₁ + 2) + [i > 0]·200` and `Hᵢ,ᵢ₊₁ = −400xᵢ`.
fn hvp_exact(x: &[f64], v: &[f64]) -> Vec<f64> {
    let n = x.len();
    let mut hv = vec![0.0; n];
    for i in 0..n {
        let mut diag = 0.0;
        if i + 1 < n {
            diag += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
            hv[i] += -400.0 * x[i] * v[i + 1];
        }
        if i > 0 {
            diag += 200.0;
            hv[i] += -400.0 * x[i - 1] * v[i - 1];
        }
        hv[i] += diag * v[i];
    }
    hv
}

fn main() {
    let quick = quick();
    let n = 100;
    let x = Rng::new(3).vector(n, -1.5, 1.5);
    let v = Rng::new(4).vector(n, -1.0, 1.0);
    let exact = hvp_exact(&x, &v);
    let scale = norm_inf(&exact);
    let rel = |hv: &[f64]| {
        hv.iter()
            .zip(&exact)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
            / scale
    };

    println!(
        "1. Accuracy: H·v of Rosenbrock (n = {n}, random x and v) against the closed-form Hessian"
    );
    println!("   (relative error = max |Hv − Hv_exact| / max |Hv_exact|)\n");
    let (_, _, hv_ad) = rosenbrock_hvp(&x, &v);
    println!(
        "   rosenbrock_hvp (forward-over-reverse)        {:.1e}",
        rel(&hv_ad)
    );
    let grad = |p: &[f64]| rosenbrock_grad(p).1;
    let hv_fd = hvp_fd(grad, &x, &v);
    println!(
        "   gradcheck::hvp_fd (central differences)      {:.1e}",
        rel(&hv_fd)
    );
    println!("   central differences (∇f(x + hv) − ∇f(x − hv))/2h by step h:");
    for h in [1e-2, 1e-4, 1e-6, 1e-8, 1e-10] {
        let shifted = |s: f64| {
            let p: Vec<f64> = x.iter().zip(&v).map(|(a, b)| a + s * b).collect();
            grad(&p)
        };
        let (up, down) = (shifted(h), shifted(-h));
        let hv: Vec<f64> = up
            .iter()
            .zip(&down)
            .map(|(a, b)| (a - b) / (2.0 * h))
            .collect();
        println!(
            "     h = {h:.0e}                                  {:.1e}",
            rel(&hv)
        );
    }
    println!("   a difference trades truncation (h²) against cancellation (ε/h); the dual-number");
    println!("   pass has no step to choose.");

    println!("\n2. Cost per call (best of 5 batches), n = {n}:");
    if cfg!(debug_assertions) {
        println!("   (debug build: run with --release for meaningful timings)");
    }
    let budget = if quick {
        Duration::from_millis(1)
    } else {
        Duration::from_millis(50)
    };
    let t_f = per_call(budget, || {
        black_box(rosenbrock(black_box(&x)));
    });
    let t_grad = per_call(budget, || {
        black_box(rosenbrock_grad(black_box(&x)));
    });
    let t_hvp = per_call(budget, || {
        black_box(rosenbrock_hvp(black_box(&x), black_box(&v)));
    });
    let t_fd = per_call(budget, || {
        black_box(hvp_fd(grad, black_box(&x), black_box(&v)));
    });
    println!("   {:<34} | {:>10} | {:>10}", "", "µs", "÷ gradient");
    println!("   {:-<34}-+-{:->10}-+-{:->10}", "", "", "");
    for (name, t) in [
        ("rosenbrock (value)", t_f),
        ("rosenbrock_grad (value, ∇f)", t_grad),
        ("rosenbrock_hvp (value, ∇f, H·v)", t_hvp),
        ("hvp_fd (two gradients)", t_fd),
    ] {
        println!("   {name:<34} | {:>10.3} | {:>10.2}", t * 1e6, t / t_grad);
    }

    println!("\n3. Newton-CG on Rosenbrock, n = {n}, from xᵢ = 1 + sin(0.7 i) (in [0, 2]):");
    println!("   each step solves H p = −∇f by conjugate gradients using only rosenbrock_hvp,");
    println!("   then backtracks on f (Armijo). H (n×n) is never formed.\n");
    newton_cg(n);
}

/// Line-search Newton-CG (Nocedal & Wright, Algorithm 7.1) with H·v from `rosenbrock_hvp`.
fn newton_cg(n: usize) {
    let mut x: Vec<f64> = (0..n).map(|i| 1.0 + (0.7 * i as f64).sin()).collect();
    println!(
        "   {:>4} | {:>12} | {:>10} | {:>14} | {:>10}",
        "step", "f", "‖∇f‖", "CG iterations", "step size"
    );
    println!(
        "   {:->4}-+-{:->12}-+-{:->10}-+-{:->14}-+-{:->10}",
        "", "", "", "", ""
    );
    let mut hvps = 0;
    for step in 0..100 {
        let (f, g) = rosenbrock_grad(&x);
        let gnorm = dot(&g, &g).sqrt();
        if gnorm < 1e-10 {
            println!("   {step:>4} | {f:>12.3e} | {gnorm:>10.2e} |");
            break;
        }
        // CG on H p = −g, stopped at a relative residual min(0.1, √‖g‖) (superlinear
        // convergence near the minimum) or at negative curvature.
        let tol = gnorm * gnorm.sqrt().min(0.1);
        let mut p = vec![0.0; n];
        let mut r = g.clone();
        let mut d: Vec<f64> = g.iter().map(|gi| -gi).collect();
        let mut iters = 0;
        for _ in 0..n {
            let (_, _, hd) = rosenbrock_hvp(&x, &d);
            iters += 1;
            let curvature = dot(&d, &hd);
            if curvature <= 0.0 {
                if iters == 1 {
                    p.clone_from(&d); // steepest descent
                }
                break;
            }
            let rr = dot(&r, &r);
            let alpha = rr / curvature;
            axpy(&mut p, alpha, &d);
            axpy(&mut r, alpha, &hd);
            let rr_new = dot(&r, &r);
            if rr_new.sqrt() < tol {
                break;
            }
            let beta = rr_new / rr;
            for k in 0..n {
                d[k] = -r[k] + beta * d[k];
            }
        }
        hvps += iters;
        // Backtracking: the largest t = 2⁻ᵏ with sufficient decrease.
        let slope = dot(&g, &p);
        let mut t = 1.0;
        let mut trial: Vec<f64> = x.iter().zip(&p).map(|(a, b)| a + b).collect();
        while rosenbrock(&trial) > f + 1e-4 * t * slope && t > 1e-10 {
            t *= 0.5;
            trial = x.iter().zip(&p).map(|(a, b)| a + t * b).collect();
        }
        println!("   {step:>4} | {f:>12.3e} | {gnorm:>10.2e} | {iters:>14} | {t:>10.4}");
        x = trial;
    }
    let dist = x.iter().map(|xi| (xi - 1.0).abs()).fold(0.0, f64::max);
    println!(
        "\n   {hvps} Hessian-vector products in all (forming H once would take {n}); \
         max |xᵢ − 1| = {dist:.1e} at the end."
    );
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `y += a·x`.
fn axpy(y: &mut [f64], a: f64, x: &[f64]) {
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

fn norm_inf(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// Seconds per call of `f`: the best of 5 batches, each made long enough (≥ `budget`) to time.
fn per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    let mut iters = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..iters {
            f();
        }
        if start.elapsed() >= budget || iters >= 1 << 24 {
            break;
        }
        iters *= 2;
    }
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iters {
                f();
            }
            start.elapsed().as_secs_f64() / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// `--quick` or `AUTODIFF_QUICK=1`: small sizes, for CI.
fn quick() -> bool {
    std::env::args().any(|a| a == "--quick")
        || std::env::var("AUTODIFF_QUICK").is_ok_and(|v| !v.is_empty() && v != "0")
}
