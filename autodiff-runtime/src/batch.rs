//! Gradients of a loss summed over independent examples, computed on every core and
//! bit-identical whatever the number of threads.
//!
//! Floating-point addition is not associative, so a sum split differently across threads
//! rounds differently. Here the split does not depend on the threads: the batch is cut into
//! fixed chunks of `chunk` examples, each chunk's values and cotangents are summed in index
//! order, and the chunks' sums are then added in chunk order. Threads only decide which
//! chunks run at the same time. With the cargo feature `rayon` the chunks are scheduled by
//! rayon's work stealing (in the current rayon pool, so `ThreadPool::install` picks the
//! threads); without it, by scoped standard threads, one contiguous run of chunks per
//! available core.

use crate::Differentiable;

/// `(Σ value, Σ gradient)` of `grad` over `examples`, or `None` for no examples.
///
/// `grad(example)` returns the example's value and gradient (a generated `f_grad` with the
/// parameters captured: `|x| loss_grad(&params, x)`). The sum is bit-identical for any
/// number of threads; `chunk` (at least 1) sets the granularity, and changes the rounding
/// (a different `chunk` is a different order of addition).
///
/// ```
/// use autodiff_runtime::batch::sum_gradients;
///
/// // loss(w, x) = (w·x)², one example per x: its gradient in w is 2 (w·x) x.
/// let w = [0.5, -1.0];
/// let examples: Vec<[f64; 2]> = (0..100).map(|i| [i as f64, 1.0]).collect();
/// let grad = |x: &[f64; 2]| {
///     let d = w[0] * x[0] + w[1] * x[1];
///     (d * d, vec![2.0 * d * x[0], 2.0 * d * x[1]])
/// };
/// let (loss, g) = sum_gradients(&examples, 8, grad).unwrap();
/// let by_hand: f64 = examples.iter().map(|x| grad(x).0).sum();
/// assert!((loss - by_hand).abs() < 1e-9 * by_hand);
/// assert_eq!(g.len(), 2);
/// ```
pub fn sum_gradients<X, G, F>(examples: &[X], chunk: usize, grad: F) -> Option<(G::Scalar, G)>
where
    X: Sync,
    G: Differentiable + Send,
    G::Scalar: Send,
    F: Fn(&X) -> (G::Scalar, G) + Sync,
{
    assert!(
        chunk > 0,
        "sum_gradients: a chunk holds at least one example"
    );
    let sums = chunk_sums(examples, chunk, &grad);
    let mut sums = sums.into_iter();
    let (mut total, mut gradient) = sums.next()?;
    for (value, g) in sums {
        total = total + value;
        gradient.accumulate(&g);
    }
    Some((total, gradient))
}

/// One chunk's sum, in index order.
fn chunk_sum<X, G, F>(part: &[X], grad: &F) -> (G::Scalar, G)
where
    G: Differentiable,
    F: Fn(&X) -> (G::Scalar, G),
{
    let (first, rest) = part.split_first().expect("chunks are not empty");
    let (mut total, mut gradient) = grad(first);
    for x in rest {
        let (value, g) = grad(x);
        total = total + value;
        gradient.accumulate(&g);
    }
    (total, gradient)
}

/// Every chunk's sum, in chunk order.
#[cfg(feature = "rayon")]
fn chunk_sums<X, G, F>(examples: &[X], chunk: usize, grad: &F) -> Vec<(G::Scalar, G)>
where
    X: Sync,
    G: Differentiable + Send,
    G::Scalar: Send,
    F: Fn(&X) -> (G::Scalar, G) + Sync,
{
    use rayon::prelude::*;
    examples
        .par_chunks(chunk)
        .map(|part| chunk_sum(part, grad))
        .collect()
}

/// Every chunk's sum, in chunk order.
#[cfg(not(feature = "rayon"))]
fn chunk_sums<X, G, F>(examples: &[X], chunk: usize, grad: &F) -> Vec<(G::Scalar, G)>
where
    X: Sync,
    G: Differentiable + Send,
    G::Scalar: Send,
    F: Fn(&X) -> (G::Scalar, G) + Sync,
{
    let chunks: Vec<&[X]> = examples.chunks(chunk).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per_thread = chunks.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|s| {
        let workers: Vec<_> = chunks
            .chunks(per_thread)
            .map(|run| {
                s.spawn(move || {
                    run.iter()
                        .map(|part| chunk_sum(part, grad))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a batch worker thread panicked"))
            .collect()
    })
}
