//! The course, 3: closed-form VJPs. Differentiating a matrix function entry by entry works,
//! but its Jacobian has structure that matrix calculus writes down in one line (`Ā = G Bᵀ`),
//! and the one-line rule runs as a few GEMMs and row passes. For matmul, softmax, LayerNorm,
//! RMSNorm, cross-entropy and attention this example prints the rule of `autodiff::ops`,
//! checks it against central differences, differentiates the same function written as plain
//! index loops with `#[differentiate]`, checks that too, and times both.
//!
//! Each function is scalarised the same way on both sides: `L = ⟨G, f(X)⟩` for a fixed random
//! `G` (so `∇L` is the VJP of `f` at `G`), and cross-entropy, already a scalar, as it is.
//! Derivations: `docs/derivations.md`.
//!
//! Run: `cargo run --release --example course_rules`
//!      `cargo run --example course_rules -- --quick`   (CI: a few seconds, also with
//!      `AUTODIFF_QUICK=1`)
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

use autodiff::gradcheck::{gradcheck, numeric_gradient, Rng, Tolerance};
use autodiff::ndarray::{Array1, Array2};
use autodiff::{differentiate, ops};
use std::hint::black_box;
use std::time::{Duration, Instant};

const EPS: f64 = 1e-5;

// ---------------------------------------------------------------------------------------
// The same functions as scalar index loops over row-major `&[f64]`, for `#[differentiate]`.
// ---------------------------------------------------------------------------------------

/// ⟨G, A B⟩ for `A: m×k`, `B: k×n`.
#[differentiate(wrt(a, b))]
fn matmul_loops(a: &[f64], b: &[f64], g: &[f64], m: usize, k: usize, n: usize) -> f64 {
    let mut loss = 0.0;
    for i in 0..m {
        for j in 0..n {
            let mut s = 0.0;
            for p in 0..k {
                s += a[i * k + p] * b[p * n + j];
            }
            loss += g[i * n + j] * s;
        }
    }
    loss
}

/// ⟨G, softmax(X)⟩, row-wise softmax of `X: m×n` shifted by the row maximum.
#[differentiate(wrt(x))]
fn softmax_loops(x: &[f64], g: &[f64], m: usize, n: usize) -> f64 {
    let mut loss = 0.0;
    for i in 0..m {
        let mut mx = x[i * n];
        for j in 1..n {
            mx = mx.max(x[i * n + j]);
        }
        let mut z = 0.0;
        for j in 0..n {
            z += (x[i * n + j] - mx).exp();
        }
        for j in 0..n {
            loss += g[i * n + j] * (x[i * n + j] - mx).exp() / z;
        }
    }
    loss
}

/// ⟨G, LayerNorm(X; γ, β)⟩ over the `n` features of each of the `m` rows.
#[differentiate(wrt(x, gamma, beta))]
fn layer_norm_loops(
    x: &[f64],
    gamma: &[f64],
    beta: &[f64],
    g: &[f64],
    m: usize,
    n: usize,
    eps: f64,
) -> f64 {
    let mut loss = 0.0;
    for i in 0..m {
        let mut mu = 0.0;
        for j in 0..n {
            mu += x[i * n + j];
        }
        mu /= n as f64;
        let mut var = 0.0;
        for j in 0..n {
            let c = x[i * n + j] - mu;
            var += c * c;
        }
        var /= n as f64;
        let r = 1.0 / (var + eps).sqrt();
        for j in 0..n {
            let y = (x[i * n + j] - mu) * r * gamma[j] + beta[j];
            loss += g[i * n + j] * y;
        }
    }
    loss
}

/// ⟨G, RMSNorm(X; γ)⟩.
#[differentiate(wrt(x, gamma))]
fn rms_norm_loops(x: &[f64], gamma: &[f64], g: &[f64], m: usize, n: usize, eps: f64) -> f64 {
    let mut loss = 0.0;
    for i in 0..m {
        let mut ms = 0.0;
        for j in 0..n {
            ms += x[i * n + j] * x[i * n + j];
        }
        let r = 1.0 / (ms / n as f64 + eps).sqrt();
        for j in 0..n {
            loss += g[i * n + j] * x[i * n + j] * r * gamma[j];
        }
    }
    loss
}

/// Mean over the `m` rows of `−log softmax(zᵢ)[tᵢ] = lse(zᵢ) − zᵢ[tᵢ]`.
#[differentiate(wrt(z))]
fn cross_entropy_loops(z: &[f64], targets: &[usize], m: usize, n: usize) -> f64 {
    let mut loss = 0.0;
    for i in 0..m {
        let mut mx = z[i * n];
        for j in 1..n {
            mx = mx.max(z[i * n + j]);
        }
        let mut s = 0.0;
        for j in 0..n {
            s += (z[i * n + j] - mx).exp();
        }
        loss += mx + s.ln() - z[i * n + targets[i]];
    }
    loss / m as f64
}

/// ⟨G, softmax(Q Kᵀ/√d + mask) V⟩ for `Q: nq×d`, `K: nk×d`, `V: nk×e`; with `causal`, query
/// `i` sees keys `0..=i`.
#[differentiate(wrt(q, k, v))]
fn attention_loops(
    q: &[f64],
    k: &[f64],
    v: &[f64],
    g: &[f64],
    nq: usize,
    nk: usize,
    d: usize,
    e: usize,
    causal: bool,
) -> f64 {
    let scale = 1.0 / (d as f64).sqrt();
    let mut loss = 0.0;
    for i in 0..nq {
        let mut seen = nk;
        if causal && i + 1 < nk {
            seen = i + 1;
        }
        let mut s = vec![0.0; seen];
        let mut mx = f64::NEG_INFINITY;
        for j in 0..seen {
            let mut dot = 0.0;
            for c in 0..d {
                dot += q[i * d + c] * k[j * d + c];
            }
            s[j] = dot * scale;
            mx = mx.max(s[j]);
        }
        let mut p = vec![0.0; seen];
        let mut z = 0.0;
        for j in 0..seen {
            p[j] = (s[j] - mx).exp();
            z += p[j];
        }
        for c in 0..e {
            let mut o = 0.0;
            for j in 0..seen {
                o += p[j] * v[j * e + c];
            }
            loss += g[i * e + c] * o / z;
        }
    }
    loss
}

// ---------------------------------------------------------------------------------------
// One operation: its data at a given size, its closed form and its loops.
// ---------------------------------------------------------------------------------------

fn arr2(v: &[f64], rows: usize, cols: usize) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), v.to_vec()).unwrap()
}

/// ⟨G, Y⟩.
fn inner(g: &Array2<f64>, y: &Array2<f64>) -> f64 {
    (g * y).sum()
}

/// A scalar function of the arguments (each a row-major vector).
type Scalar = Box<dyn Fn(&[Vec<f64>]) -> f64>;
/// The gradient with respect to each argument.
type Grads = Box<dyn Fn(&[Vec<f64>]) -> Vec<Vec<f64>>>;
/// Whether a check passes.
type Check = Box<dyn Fn(&[Vec<f64>]) -> bool>;

/// The gradient of an operation by its closed form and by its loops, per differentiable
/// argument, and the scalar function of each argument alone (the others fixed) to check it.
struct Case {
    name: &'static str,
    shape: String,
    rule: &'static str,
    /// (argument name, its value).
    args: Vec<(&'static str, Vec<f64>)>,
    /// L of all the arguments, by the closed form.
    value: Scalar,
    /// ∇L per argument, by the closed-form VJP.
    closed: Grads,
    /// L by the loops (the primal written by hand).
    loops: Scalar,
    /// ∇L per argument, by the loops' `_grad`.
    loops_grad: Grads,
    /// The loops' generated `_gradcheck`.
    loops_check: Check,
}

fn matmul_case(d: &mut Rng, m: usize, k: usize, n: usize) -> Case {
    let g = d.vector(m * n, -1.0, 1.0);
    let ga = arr2(&g, m, n);
    let g2 = g.clone();
    let g3 = g.clone();
    let g4 = g.clone();
    Case {
        name: "matmul",
        shape: format!("{m}×{k} · {k}×{n}"),
        rule: "Y = A B:  Ā = G Bᵀ,  B̄ = Aᵀ G",
        args: vec![
            ("A", d.vector(m * k, -1.0, 1.0)),
            ("B", d.vector(k * n, -1.0, 1.0)),
        ],
        value: {
            let ga = ga.clone();
            Box::new(move |p| inner(&ga, &ops::matmul(&arr2(&p[0], m, k), &arr2(&p[1], k, n))))
        },
        closed: Box::new(move |p| {
            let (_, a_bar, b_bar) =
                ops::matmul_vjp(&arr2(&p[0], m, k), &arr2(&p[1], k, n), ga.clone());
            vec![
                a_bar.into_raw_vec_and_offset().0,
                b_bar.into_raw_vec_and_offset().0,
            ]
        }),
        loops: Box::new(move |p| matmul_loops(&p[0], &p[1], &g2, m, k, n)),
        loops_grad: Box::new(move |p| {
            let (_, a, b) = matmul_loops_grad(&p[0], &p[1], &g3, m, k, n);
            vec![a, b]
        }),
        loops_check: Box::new(move |p| matmul_loops_gradcheck(&p[0], &p[1], &g4, m, k, n).is_ok()),
    }
}

fn softmax_case(d: &mut Rng, m: usize, n: usize) -> Case {
    let g = d.vector(m * n, -1.0, 1.0);
    let ga = arr2(&g, m, n);
    let (g2, g3, g4) = (g.clone(), g.clone(), g.clone());
    Case {
        name: "softmax",
        shape: format!("{m}×{n}"),
        rule: "p = softmax(z) per row:  z̄ = p ⊙ (g − ⟨g, p⟩)",
        args: vec![("X", d.vector(m * n, -4.0, 4.0))],
        value: {
            let ga = ga.clone();
            Box::new(move |p| inner(&ga, &ops::softmax(&arr2(&p[0], m, n))))
        },
        closed: Box::new(move |p| {
            let (_, x_bar) = ops::softmax_vjp(&arr2(&p[0], m, n), ga.clone());
            vec![x_bar.into_raw_vec_and_offset().0]
        }),
        loops: Box::new(move |p| softmax_loops(&p[0], &g2, m, n)),
        loops_grad: Box::new(move |p| vec![softmax_loops_grad(&p[0], &g3, m, n).1]),
        loops_check: Box::new(move |p| softmax_loops_gradcheck(&p[0], &g4, m, n).is_ok()),
    }
}

fn layer_norm_case(d: &mut Rng, m: usize, n: usize) -> Case {
    let g = d.vector(m * n, -1.0, 1.0);
    let ga = arr2(&g, m, n);
    let (g2, g3, g4) = (g.clone(), g.clone(), g.clone());
    let v1 = |p: &[f64]| Array1::from(p.to_vec());
    Case {
        name: "layer_norm",
        shape: format!("{m}×{n}"),
        rule: "ĝ = g ⊙ γ:  x̄ = r (ĝ − mean(ĝ) − x̂ mean(ĝ ⊙ x̂)),  γ̄ = Σ g ⊙ x̂,  β̄ = Σ g",
        args: vec![
            ("X", d.vector(m * n, -2.0, 2.0)),
            ("γ", d.vector(n, 0.5, 1.5)),
            ("β", d.vector(n, -0.5, 0.5)),
        ],
        value: {
            let ga = ga.clone();
            Box::new(move |p| {
                inner(
                    &ga,
                    &ops::layer_norm(&arr2(&p[0], m, n), &v1(&p[1]), &v1(&p[2]), EPS),
                )
            })
        },
        closed: Box::new(move |p| {
            let (_, x, gm, bt) =
                ops::layer_norm_vjp(&arr2(&p[0], m, n), &v1(&p[1]), &v1(&p[2]), EPS, ga.clone());
            vec![x.into_raw_vec_and_offset().0, gm.to_vec(), bt.to_vec()]
        }),
        loops: Box::new(move |p| layer_norm_loops(&p[0], &p[1], &p[2], &g2, m, n, EPS)),
        loops_grad: Box::new(move |p| {
            let (_, x, gm, bt) = layer_norm_loops_grad(&p[0], &p[1], &p[2], &g3, m, n, EPS);
            vec![x, gm, bt]
        }),
        loops_check: Box::new(move |p| {
            layer_norm_loops_gradcheck(&p[0], &p[1], &p[2], &g4, m, n, EPS).is_ok()
        }),
    }
}

fn rms_norm_case(d: &mut Rng, m: usize, n: usize) -> Case {
    let g = d.vector(m * n, -1.0, 1.0);
    let ga = arr2(&g, m, n);
    let (g2, g3, g4) = (g.clone(), g.clone(), g.clone());
    let v1 = |p: &[f64]| Array1::from(p.to_vec());
    Case {
        name: "rms_norm",
        shape: format!("{m}×{n}"),
        rule: "ĝ = g ⊙ γ:  x̄ = r (ĝ − x̂ mean(ĝ ⊙ x̂)),  γ̄ = Σ g ⊙ x̂",
        args: vec![
            ("X", d.vector(m * n, -2.0, 2.0)),
            ("γ", d.vector(n, 0.5, 1.5)),
        ],
        value: {
            let ga = ga.clone();
            Box::new(move |p| inner(&ga, &ops::rms_norm(&arr2(&p[0], m, n), &v1(&p[1]), EPS)))
        },
        closed: Box::new(move |p| {
            let (_, x, gm) = ops::rms_norm_vjp(&arr2(&p[0], m, n), &v1(&p[1]), EPS, ga.clone());
            vec![x.into_raw_vec_and_offset().0, gm.to_vec()]
        }),
        loops: Box::new(move |p| rms_norm_loops(&p[0], &p[1], &g2, m, n, EPS)),
        loops_grad: Box::new(move |p| {
            let (_, x, gm) = rms_norm_loops_grad(&p[0], &p[1], &g3, m, n, EPS);
            vec![x, gm]
        }),
        loops_check: Box::new(move |p| {
            rms_norm_loops_gradcheck(&p[0], &p[1], &g4, m, n, EPS).is_ok()
        }),
    }
}

fn cross_entropy_case(d: &mut Rng, m: usize, n: usize) -> Case {
    let targets: Vec<usize> = (0..m).map(|i| (i * 7 + 3) % n).collect();
    let (t1, t2, t3, t4, t5) = (
        targets.clone(),
        targets.clone(),
        targets.clone(),
        targets.clone(),
        targets,
    );
    Case {
        name: "cross_entropy",
        shape: format!("{m}×{n}"),
        rule: "L = mean lse(zᵢ) − zᵢ[tᵢ]:  Z̄ = (softmax(Z) − onehot(t)) ḡ / N",
        args: vec![("Z", d.vector(m * n, -4.0, 4.0))],
        value: Box::new(move |p| ops::cross_entropy(&arr2(&p[0], m, n), &t1)),
        closed: Box::new(move |p| {
            let (_, z_bar) = ops::cross_entropy_vjp(&arr2(&p[0], m, n), &t2, 1.0);
            vec![z_bar.into_raw_vec_and_offset().0]
        }),
        loops: Box::new(move |p| cross_entropy_loops(&p[0], &t3, m, n)),
        loops_grad: Box::new(move |p| vec![cross_entropy_loops_grad(&p[0], &t4, m, n).1]),
        loops_check: Box::new(move |p| cross_entropy_loops_gradcheck(&p[0], &t5, m, n).is_ok()),
    }
}

fn attention_case(d: &mut Rng, t: usize, dk: usize, e: usize) -> Case {
    let g = d.vector(t * e, -1.0, 1.0);
    let ga = arr2(&g, t, e);
    let (g2, g3, g4) = (g.clone(), g.clone(), g.clone());
    let qkv = move |p: &[Vec<f64>]| (arr2(&p[0], t, dk), arr2(&p[1], t, dk), arr2(&p[2], t, e));
    Case {
        name: "attention",
        shape: format!("T = {t}, d = {dk}, causal"),
        rule: "P = softmax(QKᵀ/√d + M), O = PV:  V̄ = PᵀG,  S̄ = P ⊙ (GVᵀ − rowsum(GVᵀ ⊙ P)),  \
               Q̄ = S̄K/√d,  K̄ = S̄ᵀQ/√d",
        args: vec![
            ("Q", d.vector(t * dk, -1.0, 1.0)),
            ("K", d.vector(t * dk, -1.0, 1.0)),
            ("V", d.vector(t * e, -1.0, 1.0)),
        ],
        value: {
            let ga = ga.clone();
            Box::new(move |p| {
                let (q, k, v) = qkv(p);
                inner(&ga, &ops::attention(&q, &k, &v, true))
            })
        },
        closed: Box::new(move |p| {
            let (q, k, v) = qkv(p);
            let (_, qb, kb, vb) = ops::attention_vjp(&q, &k, &v, true, ga.clone());
            vec![
                qb.into_raw_vec_and_offset().0,
                kb.into_raw_vec_and_offset().0,
                vb.into_raw_vec_and_offset().0,
            ]
        }),
        loops: Box::new(move |p| attention_loops(&p[0], &p[1], &p[2], &g2, t, t, dk, e, true)),
        loops_grad: Box::new(move |p| {
            let (_, q, k, v) = attention_loops_grad(&p[0], &p[1], &p[2], &g3, t, t, dk, e, true);
            vec![q, k, v]
        }),
        loops_check: Box::new(move |p| {
            attention_loops_gradcheck(&p[0], &p[1], &p[2], &g4, t, t, dk, e, true).is_ok()
        }),
    }
}

/// Every operation at one size scale `s` (`s` rows and features; matmul and attention smaller).
fn cases(s: usize) -> Vec<Case> {
    let mut d = Rng::new(2024);
    let h = (s / 2).max(2);
    vec![
        matmul_case(&mut d, h, h + 1, h + 2),
        softmax_case(&mut d, s, s),
        layer_norm_case(&mut d, s, s),
        rms_norm_case(&mut d, s, s),
        cross_entropy_case(&mut d, s, s),
        attention_case(&mut d, h, (h / 2).max(2), (h / 2).max(2)),
    ]
}

fn main() {
    let quick = quick();

    println!("1. The rules, checked: L = ⟨G, f(X)⟩ at small sizes, every differentiable argument");
    println!(
        "   against central differences (rel err = max |∇ − ∇_fd| / max |∇_fd|), and the same"
    );
    println!("   function written as index loops and differentiated by #[differentiate].\n");
    for case in cases(6) {
        let args: Vec<Vec<f64>> = case.args.iter().map(|(_, v)| v.clone()).collect();
        let closed = (case.closed)(&args);
        let mut checks = Vec::new();
        for (i, (name, _)) in case.args.iter().enumerate() {
            let f = |p: &[f64]| {
                let mut all = args.clone();
                all[i] = p.to_vec();
                (case.value)(&all)
            };
            let ok = gradcheck(f, &args[i], &closed[i], Tolerance::default()).is_ok();
            let fd = numeric_gradient(f, &args[i]);
            let scale = fd.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
            let err = max_diff(&closed[i], &fd) / scale;
            checks.push(format!("{name} {} ({err:.0e})", verdict(ok)));
        }
        let loops_ok = (case.loops_check)(&args);
        let agree = max_diff_all(&closed, &(case.loops_grad)(&args));
        let value_diff = ((case.value)(&args) - (case.loops)(&args)).abs();
        println!("   {:<13} {}   [{}]", case.name, case.rule, case.shape);
        println!(
            "   {:<13} closed form, gradcheck: {}",
            "",
            checks.join(", ")
        );
        println!(
            "   {:<13} loops, {}_loops_gradcheck: {};  |L_closed − L_loops| = {value_diff:.0e}, \
             max |∇_closed − ∇_loops| = {agree:.0e}\n",
            "",
            case.name,
            verdict(loops_ok)
        );
    }

    let (size, budget) = if quick {
        (16, Duration::from_millis(1))
    } else {
        (256, Duration::from_millis(50))
    };
    println!(
        "2. Time of the value f and of a gradient ∇ (value and ∇L): closed form (ops::*, \
         ops::*_vjp)\n   against the loops and their _grad, per call, best of 5 batches:"
    );
    if cfg!(debug_assertions) {
        println!("   (debug build: run with --release for meaningful timings)");
    }
    println!(
        "\n   {:<13} | {:<23} | {:>13} | {:>13} | {:>13} | {:>13} | {:>8} | {:>13}",
        "op",
        "shape",
        "closed f (µs)",
        "loops f (µs)",
        "closed ∇ (µs)",
        "loops ∇ (µs)",
        "speedup",
        "max |Δ∇|"
    );
    println!(
        "   {:-<13}-+-{:-<23}-+-{:->13}-+-{:->13}-+-{:->13}-+-{:->13}-+-{:->8}-+-{:->13}",
        "", "", "", "", "", "", "", ""
    );
    for case in cases(size) {
        let args: Vec<Vec<f64>> = case.args.iter().map(|(_, v)| v.clone()).collect();
        let agree = max_diff_all(&(case.closed)(&args), &(case.loops_grad)(&args));
        let tc = per_call(budget, || {
            black_box((case.value)(black_box(&args)));
        });
        let tl = per_call(budget, || {
            black_box((case.loops)(black_box(&args)));
        });
        let gc = per_call(budget, || {
            black_box((case.closed)(black_box(&args)));
        });
        let gl = per_call(budget, || {
            black_box((case.loops_grad)(black_box(&args)));
        });
        println!(
            "   {:<13} | {:<23} | {:>13.1} | {:>13.1} | {:>13.1} | {:>13.1} | {:>7.1}× | {agree:>13.1e}",
            case.name,
            case.shape,
            tc * 1e6,
            tl * 1e6,
            gc * 1e6,
            gl * 1e6,
            gl / gc
        );
    }
    println!("\n   speedup = loops ∇ / closed ∇. The closed forms include copying the inputs into");
    println!("   ndarray arrays and the cotangents out; the loops' timings include nothing extra.");
}

fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

fn max_diff_all(a: &[Vec<f64>], b: &[Vec<f64>]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| max_diff(x, y))
        .fold(0.0, f64::max)
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "passed"
    } else {
        "FAILED"
    }
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
