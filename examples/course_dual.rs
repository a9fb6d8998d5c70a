//! The course, 1: dual numbers. A dual number `a + bε` with `ε² = 0` carries a value and a
//! derivative through ordinary arithmetic, so one forward pass of any generic float function
//! gives its derivative; nesting duals gives an exact second derivative; and forward mode
//! costs one pass per input direction, which a table of timings against one reverse pass
//! (`#[differentiate]`'s `_grad`) shows for growing n.
//!
//! Run: `cargo run --release --example course_dual`
//!      `cargo run --example course_dual -- --quick`   (CI: a few seconds, also with
//!      `AUTODIFF_QUICK=1`)
#![allow(clippy::needless_range_loop)]

use autodiff::num_traits::Float;
use autodiff::{derivative, differentiate, gradient, gradient_vec, Dual, DualVec};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// f(x) = eˣ sin x, generic: it runs on `f64`, on `Dual<f64>` and on `Dual<Dual<f64>>`.
fn f<T: Float>(x: T) -> T {
    x.exp() * x.sin()
}

/// The extended Rosenbrock function, generic so that the same code runs on `Dual`,
/// `DualVec` and (through `#[differentiate]`) in reverse mode.
#[differentiate]
fn rosenbrock<T: Float>(x: &[T]) -> T {
    let hundred = T::from(100.0).unwrap();
    let mut s: T = T::zero();
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = T::one() - x[i];
        s = s + hundred * a * a + b * b;
    }
    s
}

fn main() {
    let quick = quick();

    println!("1. One forward pass: f(x) = eˣ sin x at x = 0.7");
    let x = 0.7_f64;
    let y = f(Dual::new(x, 1.0)); // seed dx/dx = 1
    let closed = x.exp() * (x.sin() + x.cos());
    println!("   f(0.7 + 1ε) = {:.15} + {:.15}ε", y.primal, y.tangent);
    println!(
        "   closed form f'(x) = eˣ(sin x + cos x) = {closed:.15}   |difference| = {:.1e}",
        (y.tangent - closed).abs()
    );
    let (_, d) = derivative(f, x);
    println!("   autodiff::derivative(f, x) gives the same: {d:.15}");

    println!("\n2. Nested duals: x + ε₁ + ε₂ as a Dual<Dual<f64>>; the ε₁ε₂ coefficient is f''");
    // The outer dual's primal is x + 1·ε₂, its tangent 1 + 0·ε₂ (the ε₁ part):
    // f(x + ε₁ + ε₂) = f + f'·ε₂ + (f' + f''·ε₂)·ε₁.
    let yy = f(Dual::new(Dual::new(x, 1.0), Dual::new(1.0, 0.0)));
    let second = 2.0 * x.exp() * x.cos();
    println!(
        "   f = {:.15}, f' = {:.15} (ε₂) = {:.15} (ε₁), f'' = {:.15} (ε₁ε₂)",
        yy.primal.primal, yy.primal.tangent, yy.tangent.primal, yy.tangent.tangent
    );
    println!(
        "   closed form f''(x) = 2eˣ cos x = {second:.15}   |difference| = {:.1e}",
        (yy.tangent.tangent - second).abs()
    );
    let h = 1e-4;
    let fd = (f(x + h) - 2.0 * f(x) + f(x - h)) / (h * h);
    println!(
        "   for comparison, a second difference with h = 1e-4: {fd:.15}   |difference| = {:.1e}",
        (fd - second).abs()
    );

    println!("\n3. Forward mode costs one pass per input direction");
    println!("   ∇ of Rosenbrock in ℝⁿ, three ways, time per gradient (best of 5 batches):");
    println!("   - n passes of Dual (autodiff::gradient: seed eᵢ, one pass each),");
    println!(
        "   - one pass of DualVec<f64, n> (all n tangents at once, each op scales n numbers),"
    );
    println!("   - one reverse pass, rosenbrock_grad (written by #[differentiate]).");
    if cfg!(debug_assertions) {
        println!(
            "   (debug build: the ratios still grow with n, but run --release for real timings)"
        );
    }
    let budget = if quick {
        Duration::from_millis(1)
    } else {
        Duration::from_millis(20)
    };
    println!(
        "\n   {:>5} | {:>8} | {:>14} | {:>13} | {:>12} | {:>12} | {:>13} | {:>7} | {:>9}",
        "n",
        "f (µs)",
        "n × Dual (µs)",
        "DualVec (µs)",
        "reverse (µs)",
        "n×Dual / rev",
        "DualVec / rev",
        "rev / f",
        "max |Δ∇|"
    );
    println!(
        "   {:->5}-+-{:->8}-+-{:->14}-+-{:->13}-+-{:->12}-+-{:->12}-+-{:->13}-+-{:->7}-+-{:->9}",
        "", "", "", "", "", "", "", "", ""
    );
    row::<4>(budget);
    row::<16>(budget);
    row::<64>(budget);
    if !quick {
        row::<256>(budget);
    }
    println!("\n   n forward passes of O(n) work each: the n × Dual column grows like n², the");
    println!("   DualVec column too (one pass, but every operation carries n tangents), while one");
    println!("   reverse pass gives the whole gradient for a small constant times one evaluation");
    println!("   (rev / f). max |Δ∇|: the largest difference between the three gradients.");
}

/// One line of the table for n = N.
fn row<const N: usize>(budget: Duration) {
    let x: [f64; N] =
        std::array::from_fn(|i| if i % 2 == 0 { -1.2 } else { 1.0 } + 0.01 * i as f64);
    let (_, g_dual) = gradient(|v: &[Dual<f64>]| rosenbrock(v), &x);
    let (_, g_vec) = gradient_vec(|v: &[DualVec<f64, N>]| rosenbrock(v), &x);
    let (_, g_rev) = rosenbrock_grad(&x[..]);
    let diff = (0..N)
        .map(|i| {
            (g_dual[i] - g_rev[i])
                .abs()
                .max((g_vec[i] - g_rev[i]).abs())
        })
        .fold(0.0, f64::max);

    let t_f = per_call(budget, || {
        black_box(rosenbrock(black_box(&x[..])));
    });
    let t_dual = per_call(budget, || {
        black_box(gradient(|v: &[Dual<f64>]| rosenbrock(v), black_box(&x)));
    });
    let t_vec = per_call(budget, || {
        black_box(gradient_vec(
            |v: &[DualVec<f64, N>]| rosenbrock(v),
            black_box(&x),
        ));
    });
    let t_rev = per_call(budget, || {
        black_box(rosenbrock_grad(black_box(&x[..])));
    });
    println!(
        "   {N:>5} | {:>8.3} | {:>14.2} | {:>13.2} | {:>12.3} | {:>12.1} | {:>13.1} | {:>7.1} | {diff:>9.1e}",
        t_f * 1e6,
        t_dual * 1e6,
        t_vec * 1e6,
        t_rev * 1e6,
        t_dual / t_rev,
        t_vec / t_rev,
        t_rev / t_f
    );
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
