//! A transformer block differentiated at compile time: LayerNorm → single-head causal
//! attention → residual → RMSNorm → MLP with GELU → residual → cross-entropy, written once
//! with `autodiff::ops` inside `#[differentiate]`, every parameter active.
//!
//! 1. At a small size: the loss, then the generated `block_gradcheck` (the gradient of every
//!    parameter against central differences, `block_jvp` against the gradient, `block_hvp`
//!    against differences of `block_grad`).
//! 2. At a realistic size: the shapes of the cotangents against the parameters', the time of
//!    the forward pass (`block`) and of the gradient (`block_grad`), and their ratio.
//! 3. `block_hvp` along a random direction against central differences of `block_grad`.
//!
//! Run: `cargo run --release --example transformer_block`
//!      `cargo run --example transformer_block -- --quick`   (CI: a few seconds in a debug
//!      build, smaller sizes; also with `AUTODIFF_QUICK=1`)

use autodiff::gradcheck::Rng;
use autodiff::ndarray::{Array1, Array2};
use autodiff::{differentiate, ops};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The block. `x` is `T × d` (tokens × width), `wq`, `wk`, `wv` are `d × d`, `w1` is `d × f`,
/// `w2` is `f × d`, `g1`, `b1` (LayerNorm) and `g2` (RMSNorm) have length `d`; the output
/// rows are read as logits over `d` classes, one target per token.
#[allow(clippy::too_many_arguments)]
#[differentiate(wrt(x, wq, wk, wv, w1, w2, g1, b1, g2))]
fn block(
    x: &Array2<f64>,
    wq: &Array2<f64>,
    wk: &Array2<f64>,
    wv: &Array2<f64>,
    w1: &Array2<f64>,
    w2: &Array2<f64>,
    g1: &Array1<f64>,
    b1: &Array1<f64>,
    g2: &Array1<f64>,
    targets: &[usize],
) -> f64 {
    let h = ops::layer_norm(x, g1, b1, 1e-5);
    let q = h.dot(wq);
    let k = h.dot(wk);
    let v = h.dot(wv);
    let a = ops::attention(&q, &k, &v, true);
    let r = x + &a;
    let n = ops::rms_norm(&r, g2, 1e-5);
    let m = ops::gelu(&n.dot(w1)).dot(w2);
    let out = &r + &m;
    ops::cross_entropy(&out, targets)
}

const NAMES: [&str; 9] = ["x", "wq", "wk", "wv", "w1", "w2", "g1", "b1", "g2"];

/// The block's parameters and targets at one size.
#[derive(Clone)]
struct Block {
    x: Array2<f64>,
    wq: Array2<f64>,
    wk: Array2<f64>,
    wv: Array2<f64>,
    w1: Array2<f64>,
    w2: Array2<f64>,
    g1: Array1<f64>,
    b1: Array1<f64>,
    g2: Array1<f64>,
    targets: Vec<usize>,
}

/// The nine cotangents (or directions, or H·v), in parameter order.
type Cotangents = (
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array1<f64>,
    Array1<f64>,
    Array1<f64>,
);

fn matrix(rng: &mut Rng, rows: usize, cols: usize, scale: f64) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), rng.vector(rows * cols, -scale, scale)).unwrap()
}

fn vector(rng: &mut Rng, n: usize, lo: f64, hi: f64) -> Array1<f64> {
    Array1::from(rng.vector(n, lo, hi))
}

impl Block {
    /// Random parameters for `t` tokens, width `d`, MLP width `f`, weights scaled by
    /// 1/√fan-in as an initialisation would.
    fn random(seed: u64, t: usize, d: usize, f: usize) -> Self {
        let mut rng = Rng::new(seed);
        let (sd, sf) = (1.0 / (d as f64).sqrt(), 1.0 / (f as f64).sqrt());
        Self {
            x: matrix(&mut rng, t, d, 1.0),
            wq: matrix(&mut rng, d, d, sd),
            wk: matrix(&mut rng, d, d, sd),
            wv: matrix(&mut rng, d, d, sd),
            w1: matrix(&mut rng, d, f, sd),
            w2: matrix(&mut rng, f, d, sf),
            g1: vector(&mut rng, d, 0.5, 1.5),
            b1: vector(&mut rng, d, -0.2, 0.2),
            g2: vector(&mut rng, d, 0.5, 1.5),
            targets: (0..t)
                .map(|_| (rng.next_u64() % d as u64) as usize)
                .collect(),
        }
    }

    fn loss(&self) -> f64 {
        let p = self;
        block(
            &p.x, &p.wq, &p.wk, &p.wv, &p.w1, &p.w2, &p.g1, &p.b1, &p.g2, &p.targets,
        )
    }

    fn grad(&self) -> (f64, Cotangents) {
        let p = self;
        let (l, x, wq, wk, wv, w1, w2, g1, b1, g2) = block_grad(
            &p.x, &p.wq, &p.wk, &p.wv, &p.w1, &p.w2, &p.g1, &p.b1, &p.g2, &p.targets,
        );
        (l, (x, wq, wk, wv, w1, w2, g1, b1, g2))
    }

    fn gradcheck(&self) -> Result<(), autodiff::GradcheckReport> {
        let p = self;
        block_gradcheck(
            &p.x, &p.wq, &p.wk, &p.wv, &p.w1, &p.w2, &p.g1, &p.b1, &p.g2, &p.targets,
        )
    }

    /// A random direction with the parameters' shapes.
    fn direction(&self, seed: u64) -> Cotangents {
        let mut rng = Rng::new(seed);
        let mut m = |a: &Array2<f64>| matrix(&mut rng, a.nrows(), a.ncols(), 1.0);
        let (x, wq, wk, wv, w1, w2) = (
            m(&self.x),
            m(&self.wq),
            m(&self.wk),
            m(&self.wv),
            m(&self.w1),
            m(&self.w2),
        );
        let mut v = |a: &Array1<f64>| vector(&mut rng, a.len(), -1.0, 1.0);
        (x, wq, wk, wv, w1, w2, v(&self.g1), v(&self.b1), v(&self.g2))
    }

    /// The parameters moved by `h · dir`.
    fn moved(&self, h: f64, dir: &Cotangents) -> Self {
        let mut p = self.clone();
        p.x.scaled_add(h, &dir.0);
        p.wq.scaled_add(h, &dir.1);
        p.wk.scaled_add(h, &dir.2);
        p.wv.scaled_add(h, &dir.3);
        p.w1.scaled_add(h, &dir.4);
        p.w2.scaled_add(h, &dir.5);
        p.g1.scaled_add(h, &dir.6);
        p.b1.scaled_add(h, &dir.7);
        p.g2.scaled_add(h, &dir.8);
        p
    }

    fn hvp(&self, dir: &Cotangents) -> (f64, Cotangents, Cotangents) {
        let (p, d) = (self, dir);
        let (l, x, wq, wk, wv, w1, w2, g1, b1, g2, hx, hq, hk, hv, h1, h2, hg1, hb1, hg2) =
            block_hvp(
                &p.x, &p.wq, &p.wk, &p.wv, &p.w1, &p.w2, &p.g1, &p.b1, &p.g2, &p.targets, &d.0,
                &d.1, &d.2, &d.3, &d.4, &d.5, &d.6, &d.7, &d.8,
            );
        (
            l,
            (x, wq, wk, wv, w1, w2, g1, b1, g2),
            (hx, hq, hk, hv, h1, h2, hg1, hb1, hg2),
        )
    }

    /// The parameters' shapes, in order.
    fn shapes(&self) -> Vec<Vec<usize>> {
        let p = self;
        vec![
            p.x.shape().to_vec(),
            p.wq.shape().to_vec(),
            p.wk.shape().to_vec(),
            p.wv.shape().to_vec(),
            p.w1.shape().to_vec(),
            p.w2.shape().to_vec(),
            p.g1.shape().to_vec(),
            p.b1.shape().to_vec(),
            p.g2.shape().to_vec(),
        ]
    }
}

fn shapes(c: &Cotangents) -> Vec<Vec<usize>> {
    vec![
        c.0.shape().to_vec(),
        c.1.shape().to_vec(),
        c.2.shape().to_vec(),
        c.3.shape().to_vec(),
        c.4.shape().to_vec(),
        c.5.shape().to_vec(),
        c.6.shape().to_vec(),
        c.7.shape().to_vec(),
        c.8.shape().to_vec(),
    ]
}

fn flatten(c: &Cotangents) -> Vec<f64> {
    let mut v = Vec::new();
    for a in [&c.0, &c.1, &c.2, &c.3, &c.4, &c.5] {
        v.extend(a.iter());
    }
    for a in [&c.6, &c.7, &c.8] {
        v.extend(a.iter());
    }
    v
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The median wall time of `f` over `reps` runs, after one warm-up run.
fn median_time<R>(reps: usize, mut f: impl FnMut() -> R) -> Duration {
    black_box(f());
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[reps / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick")
        || std::env::var("AUTODIFF_QUICK").is_ok_and(|v| v != "0");

    // 1. Small: every parameter against central differences.
    let (t, d, f) = (6, 4, 8);
    let small = Block::random(7, t, d, f);
    println!("transformer block: LayerNorm → causal attention → residual → RMSNorm → MLP(GELU) → residual → cross-entropy");
    println!("\n1. gradcheck at {t} tokens × width {d}, MLP {f}");
    println!("   loss = {:.12}", small.loss());
    match small.gradcheck() {
        Ok(()) => println!(
            "   block_gradcheck: ok. gradient of every parameter ({}) matches central \
             differences; block_jvp matches the gradient, block_hvp matches differences of block_grad",
            NAMES.join(", ")
        ),
        Err(report) => {
            eprintln!("{report}");
            std::process::exit(1);
        }
    }

    // 2. Realistic: shapes and timings.
    let (t, d, f, reps) = if quick {
        (16, 16, 64, 5)
    } else {
        (64, 64, 256, 51)
    };
    let big = Block::random(11, t, d, f);
    println!("\n2. {t} tokens × width {d}, MLP {f}");
    let (loss, grad) = big.grad();
    assert_eq!(loss, big.loss(), "block_grad returns the primal loss");
    println!("   loss = {loss:.12}");
    println!("   parameter | shape       | cotangent shape");
    let (ps, cs) = (big.shapes(), shapes(&grad));
    for ((name, p), c) in NAMES.iter().zip(&ps).zip(&cs) {
        assert_eq!(p, c, "the cotangent of {name} has its parameter's shape");
        println!("   {name:<9} | {:<11} | {:?}", format!("{p:?}"), c);
    }
    let fwd = median_time(reps, || big.loss());
    let grd = median_time(reps, || big.grad());
    println!(
        "   forward  (block)      {:>8.3} ms   (median of {reps} runs)",
        ms(fwd)
    );
    println!(
        "   gradient (block_grad) {:>8.3} ms   = {:.2} × forward{}",
        ms(grd),
        grd.as_secs_f64() / fwd.as_secs_f64(),
        if cfg!(debug_assertions) {
            "   (debug build: timings are not meaningful)"
        } else {
            "   (at this size the elementwise rules weigh more than at 256 × 256, where GEMM \
             dominates: see benches/transformer.rs)"
        }
    );

    // 3. H·v against differences of the gradient along a random direction.
    let dir = big.direction(13);
    let (l, g, hv) = big.hvp(&dir);
    assert_eq!(shapes(&hv), ps, "H·v has the parameters' shapes");
    let h = 1e-5;
    let (gp, gm) = (
        flatten(&big.moved(h, &dir).grad().1),
        flatten(&big.moved(-h, &dir).grad().1),
    );
    let fd: Vec<f64> = gp
        .iter()
        .zip(&gm)
        .map(|(a, b)| (a - b) / (2.0 * h))
        .collect();
    let hv = flatten(&hv);
    let diff: Vec<f64> = hv.iter().zip(&fd).map(|(a, b)| a - b).collect();
    let grad_diff: Vec<f64> = flatten(&g)
        .iter()
        .zip(flatten(&grad))
        .map(|(a, b)| a - b)
        .collect();
    println!(
        "\n3. block_hvp along a random direction v ({} coordinates)",
        hv.len()
    );
    println!(
        "   value and gradient of block_hvp vs block_grad: |Δloss| = {:.1e}, ‖Δgrad‖ = {:.1e}",
        (l - loss).abs(),
        norm(&grad_diff)
    );
    let rel = norm(&diff) / norm(&fd);
    println!(
        "   ‖H·v‖ = {:.6e}, ‖H·v − (∇f(θ+hv) − ∇f(θ−hv))/2h‖ / ‖(…)/2h‖ = {rel:.2e}  (h = {h:e})",
        norm(&hv)
    );
    assert!(rel < 1e-5, "H·v disagrees with differences of the gradient");
}
