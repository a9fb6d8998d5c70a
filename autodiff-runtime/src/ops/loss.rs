//! `cross_entropy(logits, targets)`: the mean over rows of `−log softmax(zᵢ)[tᵢ]`, fused.
//!
//! Per row `ℓᵢ = lse(zᵢ) − zᵢ[tᵢ]`, so `dℓᵢ = ⟨pᵢ − e_tᵢ, dzᵢ⟩` with `pᵢ = softmax(zᵢ)`; the
//! loss is `L = (1/N) Σᵢ ℓᵢ`, hence `z̄ = (softmax(z) − onehot(t)) · ḡ / N`. The forward pass
//! never forms `log(softmax)`, and the pullback rebuilds `p` from the saved row log-sum-exps,
//! so logits of ±1e4 stay finite both ways.

use super::check_shape;
use super::softmax::logsumexp_lane;
use ndarray::{Array1, Array2, Zip};
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
    let mut d = T::zero();
    for (i, (z, dz)) in logits.outer_iter().zip(dlogits.outer_iter()).enumerate() {
        let l = lse[i];
        let p_dz = Zip::from(&z)
            .and(&dz)
            .fold(T::zero(), |s, &z, &dz| s + (z - l).exp() * dz);
        d = d + p_dz - dz[targets[i]];
    }
    (loss, d / rows(logits))
}

/// `z̄ = (softmax(z) − onehot(t)) · ḡ / N`.
///
/// ***Panics*** on bad targets.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (_, z_bar) = ops::cross_entropy_vjp(&array![[0.0, 0.0]], &[1], 1.0);
/// assert_eq!(z_bar, array![[0.5, -0.5]]);
/// ```
#[track_caller]
pub fn cross_entropy_vjp<T: Float + 'static>(
    logits: &Array2<T>,
    targets: &[usize],
    dout: T,
) -> (T, Array2<T>) {
    let (loss, pullback) = cross_entropy_pullback(logits, targets);
    let (z_bar,) = pullback(logits, targets, dout);
    (loss, z_bar)
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
            row.map_inplace(|v| *v = (*v - l).exp() * scale);
            row[targets[i]] = row[targets[i]] - scale;
        }
        (z_bar,)
    };
    (loss, pullback)
}

#[doc(hidden)]
pub use self::{
    cross_entropy_jvp as cross_entropy_jvp_all,
    cross_entropy_pullback as cross_entropy_pullback_all,
    cross_entropy_pullback as cross_entropy_dual_pullback_all,
};

/// The loss and the row log-sum-exps.
#[track_caller]
fn forward<T: Float + 'static>(op: &str, logits: &Array2<T>, targets: &[usize]) -> (T, Array1<T>) {
    check_targets(op, logits, targets);
    let lse: Array1<T> = logits.outer_iter().map(logsumexp_lane).collect();
    let total = lse
        .iter()
        .zip(targets)
        .enumerate()
        .fold(T::zero(), |s, (i, (&l, &t))| s + (l - logits[[i, t]]));
    (total / rows(logits), lse)
}
