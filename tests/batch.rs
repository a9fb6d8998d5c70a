//! `batch::sum_gradients` on a generated gradient: the sum of the examples' gradients, added
//! in a fixed order, so bit-identical for any number of threads.

use autodiff::batch::sum_gradients;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
struct Line {
    w: Vec<f64>,
    b: f64,
}

/// A squared error of a linear model on one example.
#[differentiate(wrt(p))]
fn loss(p: &Line, x: &[f64], y: f64) -> f64 {
    let mut z = p.b;
    for (w, xi) in p.w.iter().zip(x) {
        z += w * xi;
    }
    (z - y) * (z - y)
}

fn examples() -> Vec<(Vec<f64>, f64)> {
    (0..257)
        .map(|i| {
            let t = i as f64 * 0.37;
            (vec![t.sin(), t.cos(), 0.01 * t], (2.0 * t).sin())
        })
        .collect()
}

fn line() -> Line {
    Line {
        w: vec![0.3, -0.7, 1.1],
        b: 0.05,
    }
}

/// The same sum in the documented order, by hand: chunks in index order, then chunk sums.
fn in_chunk_order(p: &Line, data: &[(Vec<f64>, f64)], chunk: usize) -> (f64, Line) {
    let mut sums = data.chunks(chunk).map(|part| {
        let (mut v, mut g) = loss_grad(p, &part[0].0, part[0].1);
        for (x, y) in &part[1..] {
            let (v1, g1) = loss_grad(p, x, *y);
            v += v1;
            g.accumulate(&g1);
        }
        (v, g)
    });
    let (mut v, mut g) = sums.next().unwrap();
    for (v1, g1) in sums {
        v += v1;
        g.accumulate(&g1);
    }
    (v, g)
}

fn bits(v: f64, g: &Line) -> Vec<u64> {
    let mut out = vec![v.to_bits(), g.b.to_bits()];
    out.extend(g.w.iter().map(|w| w.to_bits()));
    out
}

#[test]
fn the_sum_is_that_of_the_chunks_in_order() {
    let (p, data) = (line(), examples());
    for chunk in [1, 16, 300] {
        let (v, g) = sum_gradients(&data, chunk, |(x, y)| loss_grad(&p, x, *y)).unwrap();
        let (v_ref, g_ref) = in_chunk_order(&p, &data, chunk);
        assert_eq!(bits(v, &g), bits(v_ref, &g_ref), "chunk = {chunk}");
    }
    // Against the gradient of the whole sum by central differences in b.
    let (_, g) = sum_gradients(&data, 16, |(x, y)| loss_grad(&p, x, *y)).unwrap();
    let total = |b: f64| {
        let q = Line { w: p.w.clone(), b };
        data.iter().map(|(x, y)| loss(&q, x, *y)).sum::<f64>()
    };
    let h = 1e-6;
    let fd = (total(p.b + h) - total(p.b - h)) / (2.0 * h);
    assert!((g.b - fd).abs() < 1e-6 * fd.abs().max(1.0), "{} {fd}", g.b);
    assert!(sum_gradients(&data[..0], 4, |(x, y)| loss_grad(&p, x, *y)).is_none());
}

#[cfg(feature = "rayon")]
#[test]
fn bit_identical_at_one_two_and_four_threads() {
    let (p, data) = (line(), examples());
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (v, g) = pool
            .install(|| sum_gradients(&data, 16, |(x, y)| loss_grad(&p, x, *y)))
            .unwrap();
        bits(v, &g)
    };
    let one = run(1);
    assert_eq!(run(2), one);
    assert_eq!(run(4), one);
    let (v_ref, g_ref) = in_chunk_order(&p, &data, 16);
    assert_eq!(one, bits(v_ref, &g_ref));
}
