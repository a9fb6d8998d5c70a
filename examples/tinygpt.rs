//! A character-level GPT, trained on the CPU with gradients written at compile time.
//!
//! The loss is one `#[differentiate]` function over a `#[derive(Differentiable)]` parameter
//! struct: token and position embeddings, a loop over transformer blocks (LayerNorm →
//! causal self-attention → residual → LayerNorm → GELU MLP → residual) under
//! `#[checkpoint]`, a final LayerNorm and an output projection tied to the token
//! embedding, then cross-entropy. Adam (decoupled weight decay) trains it on Genesis and
//! Exodus (King James Version, public domain, `examples/data/kjv.txt`).
//!
//! ```text
//! cargo run --release --example tinygpt                 # about two minutes
//! cargo run --release --example tinygpt -- --seconds 600
//! cargo run --release --example tinygpt -- --no-checkpoint
//! cargo run --example tinygpt -- --quick                # a few steps (CI)
//! ```
//!
//! At step 0 it checks the gradient of a few random parameters against central
//! differences (in f64, on the same model), and it measures the gradient's time and peak
//! memory with and without checkpointing before training.

use autodiff::gradcheck::Rng;
use autodiff::ndarray::{Array1, Array2};
use autodiff::num_traits::Float;
use autodiff::optim::Adam;
use autodiff::{differentiate, ops, Differentiable};
use std::io::Write;
use std::time::Instant;

/// One transformer block's parameters.
#[derive(Differentiable, Clone)]
struct Block<T: Float + 'static> {
    ln1_g: Array1<T>,
    ln1_b: Array1<T>,
    wq: Array2<T>,
    wk: Array2<T>,
    wv: Array2<T>,
    wo: Array2<T>,
    ln2_g: Array1<T>,
    ln2_b: Array1<T>,
    w1: Array2<T>,
    b1: Array1<T>,
    w2: Array2<T>,
    b2: Array1<T>,
}

/// The model: embeddings, blocks, final LayerNorm (the output projection is `wteᵀ`).
#[derive(Differentiable, Clone)]
struct Gpt<T: Float + 'static> {
    wte: Array2<T>,
    wpe: Array2<T>,
    blocks: Vec<Block<T>>,
    lnf_g: Array1<T>,
    lnf_b: Array1<T>,
}

/// x + attention(LN(x)), then + MLP(LN(·)): one pre-norm block on a sequence (rows).
#[differentiate]
fn block<T: Float + 'static>(b: &Block<T>, x: &Array2<T>) -> Array2<T> {
    let eps = T::from(1e-5).unwrap();
    let h = ops::layer_norm(x, &b.ln1_g, &b.ln1_b, eps);
    let att = ops::attention(&h.dot(&b.wq), &h.dot(&b.wk), &h.dot(&b.wv), true);
    let x1 = x + &att.dot(&b.wo);
    let h2 = ops::layer_norm(&x1, &b.ln2_g, &b.ln2_b, eps);
    let m = ops::gelu(&(&h2.dot(&b.w1) + &b.b1));
    &x1 + &(&m.dot(&b.w2) + &b.b2)
}

/// The mean next-character cross-entropy of one sequence, once with `#[checkpoint]` on the
/// loop over blocks (their activations are recomputed in the reverse sweep instead of
/// stored) and once without, the baseline for memory (the attribute takes a literal, so
/// each variant is its own function).
macro_rules! gpt_loss {
    ($(#[$doc:meta])* $name:ident $(, #[$checkpoint:meta])?) => {
        $(#[$doc])*
        #[differentiate]
        fn $name<T: Float + 'static>(
            p: &Gpt<T>,
            tokens: &[usize],
            positions: &[usize],
            targets: &[usize],
        ) -> T {
            let mut x = &ops::embedding(&p.wte, tokens) + &ops::embedding(&p.wpe, positions);
            $(#[$checkpoint])?
            for l in 0..p.blocks.len() {
                x = block(&p.blocks[l], &x);
            }
            let eps = T::from(1e-5).unwrap();
            let h = ops::layer_norm(&x, &p.lnf_g, &p.lnf_b, eps);
            let logits = h.dot(&p.wte.t());
            ops::cross_entropy(&logits, targets)
        }
    };
}

gpt_loss!(
    /// The loss, blocks checkpointed.
    loss, #[checkpoint]
);
gpt_loss!(
    /// The loss, every activation stored.
    loss_stored
);

/// The logits of a sequence, for sampling.
fn logits(p: &Gpt<f32>, tokens: &[usize]) -> Array2<f32> {
    let positions: Vec<usize> = (0..tokens.len()).collect();
    let mut x = &ops::embedding(&p.wte, tokens) + &ops::embedding(&p.wpe, &positions);
    for b in &p.blocks {
        x = block(b, &x);
    }
    ops::layer_norm(&x, &p.lnf_g, &p.lnf_b, 1e-5).dot(&p.wte.t())
}

struct Config {
    width: usize,
    hidden: usize,
    layers: usize,
    context: usize,
    batch: usize,
    lr: f64,
    seconds: f64,
    max_steps: usize,
    checkpoint: bool,
}

fn init<T: Float + 'static>(c: &Config, vocab: usize, rng: &mut Rng) -> Gpt<T> {
    let mut normal = |rows: usize, cols: usize, std: f64| {
        // Uniform with the given standard deviation: √3·std·U(−1, 1).
        let a = 3f64.sqrt() * std;
        Array2::from_shape_fn((rows, cols), |_| T::from(rng.uniform(-a, a)).unwrap())
    };
    let (d, h) = (c.width, c.hidden);
    let proj = 0.02 / (2.0 * c.layers as f64).sqrt();
    let ones = || Array1::from_elem(d, T::one());
    let zeros = |n: usize| Array1::from_elem(n, T::zero());
    let blocks = (0..c.layers)
        .map(|_| Block {
            ln1_g: ones(),
            ln1_b: zeros(d),
            wq: normal(d, d, 0.02),
            wk: normal(d, d, 0.02),
            wv: normal(d, d, 0.02),
            wo: normal(d, d, proj),
            ln2_g: ones(),
            ln2_b: zeros(d),
            w1: normal(d, h, 0.02),
            b1: zeros(h),
            w2: normal(h, d, proj),
            b2: zeros(d),
        })
        .collect();
    Gpt {
        wte: normal(vocab, d, 0.02),
        wpe: normal(c.context, d, 0.02),
        blocks,
        lnf_g: ones(),
        lnf_b: zeros(d),
    }
}

/// Peak heap bytes this thread allocates while `f` runs, above what was live before
/// (`allocation-counter`'s counting allocator, which counts each thread on its own).
fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let mut result = None;
    let info = allocation_counter::measure(|| result = Some(f()));
    let result = result.expect("`measure` runs its closure once");
    (
        result,
        usize::try_from(info.bytes_max).unwrap_or(usize::MAX),
    )
}

/// A training example: `context` tokens and the next token after each.
struct Example {
    tokens: Vec<usize>,
    targets: Vec<usize>,
}

fn sample_batch(data: &[usize], c: &Config, rng: &mut Rng) -> Vec<Example> {
    (0..c.batch)
        .map(|_| {
            let start = (rng.next_u64() as usize) % (data.len() - c.context - 1);
            Example {
                tokens: data[start..start + c.context].to_vec(),
                targets: data[start + 1..start + c.context + 1].to_vec(),
            }
        })
        .collect()
}

/// The mean loss and gradient over a batch, on every core: `sum_gradients` sums fixed
/// chunks of four examples, then the chunks in order, so the result is the same to the
/// bit whatever the number of threads (rayon's with the `rayon` feature).
fn batch_grad(p: &Gpt<f32>, batch: &[Example], checkpoint: bool) -> (f32, Gpt<f32>) {
    let positions: Vec<usize> = (0..batch[0].tokens.len()).collect();
    let example_grad = |e: &Example| {
        if checkpoint {
            loss_grad(p, &e.tokens, &positions, &e.targets)
        } else {
            loss_stored_grad(p, &e.tokens, &positions, &e.targets)
        }
    };
    let (total, mut grad) = autodiff::batch::sum_gradients(batch, 4, example_grad)
        .expect("a batch holds at least one example");
    let n = batch.len() as f32;
    grad.scale_leaves(1.0 / n);
    (total / n, grad)
}

/// At step 0: the gradient of a few random parameters against central differences, on the
/// same model in f64 (f32 differences would be mostly rounding).
fn gradcheck_at_start(p: &Gpt<f32>, c: &Config, vocab: usize, e: &Example, rng: &mut Rng) {
    let mut p64: Gpt<f64> = init(c, vocab, &mut Rng::new(0));
    p64.set_from_flat(&p.to_flat().iter().map(|&v| v as f64).collect::<Vec<_>>());
    let positions: Vec<usize> = (0..e.tokens.len()).collect();
    let (_, g64) = loss_grad(&p64, &e.tokens, &positions, &e.targets);
    let (_, g32) = loss_grad(p, &e.tokens, &positions, &e.targets);
    let (flat, g64, g32) = (p64.to_flat(), g64.to_flat(), g32.to_flat());
    println!("gradcheck at step 0 (central differences in f64, h = 1e-5):");
    println!(
        "  {:>8}  {:>13}  {:>13}  {:>13}",
        "index", "analytic f64", "numeric f64", "analytic f32"
    );
    let mut worst: f64 = 0.0;
    for _ in 0..6 {
        let i = (rng.next_u64() as usize) % flat.len();
        let at = |v: f64| {
            let mut x = flat.clone();
            x[i] = v;
            let mut q = p64.clone();
            q.set_from_flat(&x);
            loss(&q, &e.tokens, &positions, &e.targets)
        };
        let h = 1e-5;
        let numeric = (at(flat[i] + h) - at(flat[i] - h)) / (2.0 * h);
        worst = worst.max((numeric - g64[i]).abs() / (1e-6 + numeric.abs().max(g64[i].abs())));
        println!(
            "  {i:>8}  {:>13.6e}  {numeric:>13.6e}  {:>13.6e}",
            g64[i], g32[i]
        );
    }
    println!("  worst relative difference: {worst:.1e}");
    assert!(
        worst < 1e-4,
        "the gradient disagrees with central differences"
    );
    hvp_at_start(&p64, e, rng);
}

/// At step 0: the Hessian of the loss along a random direction, H·v, by `loss_hvp` (the
/// loss's own pullback, checkpointed loop included, run on dual numbers: one
/// forward-over-reverse pass, no Hessian formed), against central differences of the
/// gradient along v.
fn hvp_at_start(p: &Gpt<f64>, e: &Example, rng: &mut Rng) {
    let positions: Vec<usize> = (0..e.tokens.len()).collect();
    let mut v = p.clone();
    v.set_from_flat(
        &(0..p.num_params())
            .map(|_| rng.uniform(-1.0, 1.0))
            .collect::<Vec<_>>(),
    );
    let (_, _, hv) = loss_hvp(p, &e.tokens, &positions, &e.targets, &v);
    let h = 1e-5;
    let grad_at = |s: f64| {
        let mut q = p.clone();
        q.set_from_flat(
            &p.to_flat()
                .iter()
                .zip(v.to_flat())
                .map(|(a, b)| a + s * h * b)
                .collect::<Vec<_>>(),
        );
        loss_grad(&q, &e.tokens, &positions, &e.targets).1.to_flat()
    };
    let (plus, minus) = (grad_at(1.0), grad_at(-1.0));
    let numeric: Vec<f64> = plus
        .iter()
        .zip(&minus)
        .map(|(a, b)| (a - b) / (2.0 * h))
        .collect();
    let hv = hv.to_flat();
    let scale = numeric.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let worst = hv
        .iter()
        .zip(&numeric)
        .fold(0.0f64, |m, (a, b)| m.max((a - b).abs() / scale));
    println!(
        "Hessian-vector product at step 0 (forward-over-reverse, {} parameters): largest \
         difference from central differences of the gradient {worst:.1e} (relative to max |H·v| = {scale:.2e})",
        hv.len()
    );
    assert!(
        worst < 1e-4,
        "H·v disagrees with differences of the gradient"
    );
}

/// Time per gradient and peak memory of the gradient, with and without checkpointing.
fn compare_checkpointing(p: &Gpt<f32>, e: &Example, c: &Config) {
    let positions: Vec<usize> = (0..e.tokens.len()).collect();
    let measure = |checkpoint: bool| {
        let reps = 5;
        let start = Instant::now();
        let mut peak = 0;
        for _ in 0..reps {
            let (_, bytes) = peak_during(|| {
                if checkpoint {
                    loss_grad(p, &e.tokens, &positions, &e.targets)
                } else {
                    loss_stored_grad(p, &e.tokens, &positions, &e.targets)
                }
            });
            peak = peak.max(bytes);
        }
        (start.elapsed().as_secs_f64() / reps as f64, peak)
    };
    let (t_plain, m_plain) = measure(false);
    let (t_ckpt, m_ckpt) = measure(true);
    println!(
        "one sequence ({} tokens, {} blocks): stored {:.1} ms, {:.0} KiB peak; checkpointed {:.1} ms, {:.0} KiB peak",
        c.context,
        c.layers,
        t_plain * 1e3,
        m_plain as f64 / 1024.0,
        t_ckpt * 1e3,
        m_ckpt as f64 / 1024.0
    );
}

fn sample(p: &Gpt<f32>, prompt: &[usize], n: usize, context: usize, rng: &mut Rng) -> Vec<usize> {
    let mut out = prompt.to_vec();
    for _ in 0..n {
        let window = &out[out.len().saturating_sub(context)..];
        let z = logits(p, window);
        let last = z.row(z.nrows() - 1);
        let temperature = 0.8;
        let max = last.fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let w: Vec<f64> = last
            .iter()
            .map(|&v| (((v - max) / temperature) as f64).exp())
            .collect();
        let mut u = rng.uniform(0.0, w.iter().sum());
        let mut next = w.len() - 1;
        for (i, wi) in w.iter().enumerate() {
            if u < *wi {
                next = i;
                break;
            }
            u -= wi;
        }
        out.push(next);
    }
    out
}

fn parse_args() -> (Config, bool) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| {
                v.parse::<f64>()
                    .unwrap_or_else(|_| panic!("{name} takes a number"))
            })
    };
    let quick = args.iter().any(|a| a == "--quick");
    let c = Config {
        width: 64,
        hidden: 256,
        layers: value("--layers").map_or(2, |v| v as usize),
        context: 64,
        batch: 16,
        lr: value("--lr").unwrap_or(3e-3),
        seconds: value("--seconds").unwrap_or(if quick { 1e9 } else { 110.0 }),
        max_steps: value("--steps").map_or(if quick { 3 } else { usize::MAX }, |v| v as usize),
        checkpoint: !args.iter().any(|a| a == "--no-checkpoint"),
    };
    (c, quick)
}

fn main() {
    let (c, quick) = parse_args();
    let text = include_str!("data/kjv.txt");
    let mut vocab: Vec<char> = text.chars().collect();
    vocab.sort_unstable();
    vocab.dedup();
    let encode = |s: &str| -> Vec<usize> {
        s.chars()
            .map(|ch| vocab.binary_search(&ch).expect("a known character"))
            .collect()
    };
    let data = encode(text);
    let split = data.len() * 9 / 10;
    let (train, val) = (&data[..split], &data[split..]);
    let mut rng = Rng::new(1);
    let mut p: Gpt<f32> = init(&c, vocab.len(), &mut rng);
    println!(
        "tinygpt: {} characters, vocabulary {}, {} parameters ({} blocks, width {}, context {}), batch {}",
        data.len(),
        vocab.len(),
        p.num_params(),
        c.layers,
        c.width,
        c.context,
        c.batch
    );
    let probe = sample_batch(train, &c, &mut rng).remove(0);
    gradcheck_at_start(&p, &c, vocab.len(), &probe, &mut rng);
    compare_checkpointing(&p, &probe, &c);
    println!(
        "training with Adam, {} (loss starts near ln {} = {:.2} nats/char)",
        if c.checkpoint {
            "checkpointed"
        } else {
            "every activation stored"
        },
        vocab.len(),
        (vocab.len() as f64).ln()
    );

    let mut opt = Adam::new(c.lr).weight_decay(0.01);
    let start = Instant::now();
    let mut tokens_seen = 0usize;
    let mut step = 0;
    let mut smoothed = None;
    while step < c.max_steps && start.elapsed().as_secs_f64() < c.seconds {
        // A short warm-up, then the base rate.
        opt.set_lr(c.lr * ((step + 1) as f64 / 50.0).min(1.0));
        let batch = sample_batch(train, &c, &mut rng);
        let (l, g) = batch_grad(&p, &batch, c.checkpoint);
        opt.step(&mut p, &g);
        tokens_seen += c.batch * c.context;
        let l = l as f64;
        smoothed = Some(smoothed.map_or(l, |s: f64| 0.9 * s + 0.1 * l));
        if step % 25 == 0 || quick {
            let rate = tokens_seen as f64 / start.elapsed().as_secs_f64();
            print!(
                "\rstep {step:>5} | loss {:.3} | {:>6.0} tokens/s | {:>5.1} s ",
                smoothed.unwrap(),
                rate,
                start.elapsed().as_secs_f64()
            );
            std::io::stdout().flush().ok();
        }
        step += 1;
    }
    println!();
    let val_batch = sample_batch(val, &Config { batch: 32, ..c }, &mut rng);
    let (val_loss, _) = batch_grad(&p, &val_batch, true);
    println!(
        "after {step} steps ({:.0} s): training loss {:.3}, validation loss {val_loss:.3} nats/char",
        start.elapsed().as_secs_f64(),
        smoothed.unwrap_or(f64::NAN)
    );
    let prompt = encode("And God said");
    let text: String = sample(
        &p,
        &prompt,
        if quick { 20 } else { 300 },
        c.context,
        &mut rng,
    )
    .into_iter()
    .map(|i| vocab[i])
    .collect();
    println!("--- sample ---\n{text}");
}
