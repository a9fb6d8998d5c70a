//! The course, 2: the `Value` graph. Reverse mode records every operation on a tape (a
//! Wengert list) with its local partial derivatives, then sweeps the tape backwards once,
//! accumulating adjoints: `x̄ += ȳ · ∂y/∂x` for every use of `x`. A value used several times
//! collects one contribution per use; one backward sweep gives the partials of all inputs.
//!
//! Run: `cargo run --release --example course_tape`
//!      `cargo run --example course_tape -- --quick`   (CI: a few seconds, also with
//!      `AUTODIFF_QUICK=1`)

use autodiff::gradcheck::{gradcheck, Rng, Tolerance};
use autodiff::Tape;
use std::time::Instant;

fn main() {
    let quick = quick();

    println!("1. y = x·x + x at x = 3: the tape in topological order");
    let x0 = 3.0_f64;
    let tape = Tape::traced();
    let x = tape.var(x0);
    let y = x * x + x;
    print!("{}", indent(&tape.describe()));
    println!(
        "   (each node: its operation, its parents, its value, ∂node/∂parent for each parent)"
    );

    println!("\n   Backward: seed ȳ = 1 and visit the nodes from last to first.");
    let y_bar = 1.0;
    // v2 = add(v1, v0), ∂ = (1, 1); v1 = mul(v0, v0), ∂ = (x, x).
    let v1_bar = y_bar * 1.0;
    let from_add = y_bar * 1.0;
    let from_mul_left = v1_bar * x0;
    let from_mul_right = v1_bar * x0;
    println!("   v2 = add(v1, v0): v1̄ += ȳ·1 = {v1_bar}, x̄ += ȳ·1 = {from_add}");
    println!("   v1 = mul(v0, v0): x̄ += v1̄·x = {from_mul_left}  (left operand)");
    println!("                     x̄ += v1̄·x = {from_mul_right}  (right operand)");
    let by_hand = from_add + from_mul_left + from_mul_right;
    let grads = y.backward();
    println!(
        "   x̄ = {from_add} + {from_mul_left} + {from_mul_right} = {by_hand}: three contributions, one per use of x"
    );
    println!(
        "   y.backward()[x] = {}; closed form dy/dx = 2x + 1 = {}",
        grads[x],
        2.0 * x0 + 1.0
    );
    println!(
        "   had the adjoint been assigned (x̄ = …) instead of accumulated (x̄ += …), the last \
         write would win: x̄ = {from_mul_right}, wrong."
    );

    println!("\n2. A shared subexpression is one node: u = x·y, f = sin u + u·u + u·x");
    let (x0, y0) = (0.5_f64, 2.0);
    let tape = Tape::traced();
    let (x, y) = (tape.var(x0), tape.var(y0));
    let u = x * y;
    let f = u.sin() + u * u + u * x;
    print!("{}", indent(&tape.describe()));
    let g = f.backward();
    let u0 = x0 * y0;
    let u_bar = u0.cos() + 2.0 * u0 + x0; // from sin u, both operands of u·u, u·x
    let (x_closed, y_closed) = (u_bar * y0 + u0, u_bar * x0);
    println!(
        "   {} nodes: u is computed once (v2) and read by three nodes, four operand slots, so\n   \
         ū collects four contributions: cos u (sin) + u + u (u·u) + x (u·x) = {u_bar:.12}",
        tape.len()
    );
    println!(
        "   ∂f/∂x = ū·y + u = {x_closed:.12} (closed form), tape {:.12}, |difference| = {:.1e}",
        g[x],
        (g[x] - x_closed).abs()
    );
    println!(
        "   ∂f/∂y = ū·x     = {y_closed:.12} (closed form), tape {:.12}, |difference| = {:.1e}",
        g[y],
        (g[y] - y_closed).abs()
    );
    let f_plain = |p: &[f64]| {
        let u = p[0] * p[1];
        u.sin() + u * u + u * p[0]
    };
    let check = gradcheck(f_plain, &[x0, y0], &[g[x], g[y]], Tolerance::default());
    println!(
        "   gradcheck against central differences: {}",
        if check.is_ok() { "passed" } else { "FAILED" }
    );

    println!("\n3. One backward sweep gives every partial: f(x) = Σᵢ sin(xᵢ)·xᵢ₊₁ over n inputs");
    let (sizes, runs): (&[usize], usize) = if quick {
        (&[1_000, 10_000], 1)
    } else {
        (&[1_000, 10_000, 100_000, 1_000_000], 5)
    };
    println!(
        "   (best of {runs} run(s); max |Δ∇| against the closed form cos(xᵢ)xᵢ₊₁ + sin(xᵢ₋₁))"
    );
    println!(
        "   {:>9} | {:>10} | {:>13} | {:>14} | {:>15} | {:>14}",
        "n", "tape nodes", "record (ms)", "backward (ms)", "backward/record", "max |Δ∇|"
    );
    println!(
        "   {:->9}-+-{:->10}-+-{:->13}-+-{:->14}-+-{:->15}-+-{:->14}",
        "", "", "", "", "", ""
    );
    for &n in sizes {
        let xs = Rng::new(7).vector(n, -1.0, 1.0);
        // The best of a few runs, each on a fresh tape with room for all its nodes.
        let (mut record, mut backward) = (f64::INFINITY, f64::INFINITY);
        let mut grad = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let tape = Tape::with_capacity(4 * n);
            let start = Instant::now();
            let vars = tape.vars(&xs);
            let mut s = tape.constant(0.0);
            for i in 0..n - 1 {
                s += vars[i].sin() * vars[i + 1];
            }
            record = record.min(start.elapsed().as_secs_f64());
            let start = Instant::now();
            let g = s.backward();
            backward = backward.min(start.elapsed().as_secs_f64());
            grad = vars.iter().map(|&v| g[v]).collect();
            nodes = tape.len();
        }
        // ∂f/∂xᵢ = cos(xᵢ)·xᵢ₊₁ + sin(xᵢ₋₁).
        let err = (0..n)
            .map(|i| {
                let mut d = 0.0;
                if i + 1 < n {
                    d += xs[i].cos() * xs[i + 1];
                }
                if i > 0 {
                    d += xs[i - 1].sin();
                }
                (grad[i] - d).abs()
            })
            .fold(0.0, f64::max);
        println!(
            "   {n:>9} | {:>10} | {:>13.3} | {:>14.3} | {:>15.2} | {err:>14.1e}",
            nodes,
            record * 1e3,
            backward * 1e3,
            backward / record
        );
    }
    println!(
        "   the backward sweep costs a small constant times recording, whatever n: the whole\n   \
         gradient for the price of about one more evaluation."
    );
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("   {l}\n")).collect()
}

/// `--quick` or `AUTODIFF_QUICK=1`: small sizes, for CI.
fn quick() -> bool {
    std::env::args().any(|a| a == "--quick")
        || std::env::var("AUTODIFF_QUICK").is_ok_and(|v| !v.is_empty() && v != "0")
}
