//! `cross_entropy(logits, targets)`: the mean over rows of `−log softmax(zᵢ)[tᵢ]`, fused.
//!
//! Per row `ℓᵢ = lse(zᵢ) − zᵢ[tᵢ]`, so `dℓᵢ = ⟨pᵢ − e_tᵢ, dzᵢ⟩` with `pᵢ = softmax(zᵢ)`; the
//! loss is `L = (1/N) Σᵢ ℓᵢ`, hence `z̄ = (softmax(z) − onehot(t)) · ḡ / N`. The forward pass
//! never forms `log(softmax)`, and the pullback rebuilds `p` from the saved row log-sum-exps,
//! so logits of ±1e4 stay finite both ways.
//!
//! With `lse = m + ln s` (the row maximum and `ln Σ exp(z − m)`), `ℓᵢ = (m − zᵢ[tᵢ]) + ln s`:
//! two terms `≥ 0`, so nothing cancels. Both the loss and its tangent are finite whenever the
//! exact mean fits in the float type: where the plain mean overflows (a row's `ℓᵢ` of logits
//! near `±MAX`, or the sum of the rows), it is taken again as twice the mean of `ℓᵢ/2` (each
//! half finite), averaged by `ops/rescale.rs`.

use super::check_shape;
use super::rescale::rescaled_mean;
use super::softmax_family::{log_prob, lse_parts};
use ndarray::{Array2, Zip};
use num_traits::Float;

#[track_caller]
fn check_targets<T>(op: &str, logits: &Array2<T>, targets: &[usize]) {
    assert!(
        targets.len() == logits.nrows(),
        "{op}: logits of shape {:?} need one target per row, got {} targets",
        logits.shape(),
        targets.len()
    );
    if let Some((i, &t)) = targets
        .iter()
        .enumerate()
        .find(|&(_, &t)| t >= logits.ncols())
    {
        panic!(
            "{op}: target {t} of row {i} is out of range for logits of shape {:?}",
            logits.shape()
        );
    }
}

fn rows<T: Float>(logits: &Array2<T>) -> T {
    T::from(logits.nrows()).expect("a row count is representable in every float type")
}

/// The mean over rows of `−log softmax(logits)[target]` (PyTorch's `cross_entropy` with
/// class indices and mean reduction). Zero rows give NaN, as in PyTorch.
///
/// ***Panics*** if there is not one target per row or a target is not a column index.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let loss = ops::cross_entropy(&array![[0.0, 0.0], [1e4, -1e4]], &[1, 0]);
/// assert_eq!(loss, 2.0_f64.ln() / 2.0);
/// ```
#[track_caller]
pub fn cross_entropy<T: Float + 'static>(logits: &Array2<T>, targets: &[usize]) -> T {
    cross_entropy_pullback(logits, targets).0
}

/// `dL = (1/N) Σᵢ ⟨softmax(zᵢ) − e_tᵢ, dzᵢ⟩`.
///
/// ***Panics*** on bad targets, or if the tangent's shape differs from the logits'.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, d) = ops::cross_entropy_jvp(&array![[0.0, 0.0]], &[0], &array![[1.0, 0.0]]);
/// assert_eq!(d, -0.5);
/// ```
#[track_caller]
pub fn cross_entropy_jvp<T: Float + 'static>(
    logits: &Array2<T>,
    targets: &[usize],
    dlogits: &Array2<T>,
) -> (T, T) {
    check_shape(
        "cross_entropy_jvp",
        "the tangent",
        logits.shape(),
        dlogits.shape(),
    );
    let (loss, lse) = forward("cross_entropy_jvp", logits, targets);
    // ⟨pᵢ, dzᵢ⟩ is a convex combination of dzᵢ: it cannot overflow, but its difference with
    // dzᵢ[tᵢ] and the sum over rows can.
    let p_dz: Vec<T> = (logits.outer_iter().zip(dlogits.outer_iter()).zip(&lse))
        .map(|((z, dz), &l)| {
            Zip::from(&z)
                .and(&dz)
                .fold(T::zero(), |s, &z, &dz| s + log_prob(z, l).exp() * dz)
        })
        .collect();
    let dz_t = |i: usize| dlogits[[i, targets[i]]];
    let terms = p_dz.iter().enumerate().map(|(i, &p)| (p, dz_t(i)));
    let plain = terms.clone().fold(T::zero(), |s, (p, t)| s + p - t) / rows(logits);
    (loss, mean_or_twice_half(plain, terms))
}

vjp! {
    /// `z̄ = (softmax(z) − onehot(t)) · ḡ / N`.
    ///
    /// ***Panics*** on bad targets.
    #[track_caller]
    pub fn cross_entropy_vjp<T: Float + 'static>(logits: &Array2<T>, targets: &[usize]; dout: T)
        -> (logits_bar: Array2<T>) by cross_entropy_pullback(logits, targets);
    example: (&array![[0.0, 0.0]], &[1], 1.0)
        gives array![[0.5, -0.5]];
}

/// The loss and its pullback `(logits, targets, ḡ) ↦ ((softmax(z) − onehot(t)) ḡ / N,)`,
/// which keeps the row log-sum-exps.
///
/// ***Panics*** on bad targets (the pullback: if it is given other logits' shape).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (z, t) = (array![[0.0, 0.0, 0.0, 0.0]], [2]);
/// let (loss, pb) = ops::cross_entropy_pullback(&z, &t);
/// assert_eq!(loss, 4.0_f64.ln());
/// assert_eq!(pb(&z, &t, 4.0), (array![[1.0, 1.0, -3.0, 1.0]],));
/// ```
#[track_caller]
pub fn cross_entropy_pullback<T: Float + 'static>(
    logits: &Array2<T>,
    targets: &[usize],
) -> (T, impl FnOnce(&Array2<T>, &[usize], T) -> (Array2<T>,)) {
    let (loss, lse) = forward("cross_entropy", logits, targets);
    let pullback = move |logits: &Array2<T>, targets: &[usize], g: T| {
        check_targets("cross_entropy pullback", logits, targets);
        check_shape(
            "cross_entropy pullback",
            "the logits",
            &[lse.len()],
            &[logits.nrows()],
        );
        let scale = g / rows(logits);
        let mut z_bar = logits.to_owned();
        for (i, mut row) in z_bar.outer_iter_mut().enumerate() {
            let l = lse[i];
            row.map_inplace(|v| *v = log_prob(*v, l).exp() * scale);
            row[targets[i]] = row[targets[i]] - scale;
        }
        (z_bar,)
    };
    (loss, pullback)
}

for_callers!(cross_entropy, cross_entropy_jvp, cross_entropy_pullback);

/// The loss and the row log-sum-exps, each as its parts `(m, ln s)`.
#[track_caller]
fn forward<T: Float + 'static>(
    op: &str,
    logits: &Array2<T>,
    targets: &[usize],
) -> (T, Vec<(T, T)>) {
    check_targets(op, logits, targets);
    let lse: Vec<(T, T)> = logits.outer_iter().map(lse_parts).collect();
    // ℓᵢ = (m − zᵢ[tᵢ]) + ln s, as the pair (m + ln s, zᵢ[tᵢ]) whose difference it is.
    let terms = (lse.iter().zip(targets).enumerate())
        .map(|(i, (&(m, ln_s), &t))| (m + ln_s, logits[[i, t]]));
    let total = (lse.iter().zip(targets).enumerate())
        .fold(T::zero(), |s, (i, (&(m, ln_s), &t))| {
            s + ((m - logits[[i, t]]) + ln_s)
        });
    (mean_or_twice_half(total / rows(logits), terms), lse)
}

/// `plain`, the mean over rows of `aᵢ − bᵢ`, if it is finite; else that mean again as
/// `2 · mean(aᵢ/2 − bᵢ/2)`, whose terms cannot overflow (`|aᵢ|, |bᵢ| ≤ MAX`) and whose sum
/// is rescaled: finite whenever the exact mean fits.
fn mean_or_twice_half<T: Float>(plain: T, terms: impl ExactSizeIterator<Item = (T, T)>) -> T {
    if plain.is_finite() {
        return plain;
    }
    let half = (T::one() + T::one()).recip();
    let n = terms.len();
    let halves = terms.map(|(a, b)| a * half - b * half);
    rescaled_mean(n, halves) / half
}
