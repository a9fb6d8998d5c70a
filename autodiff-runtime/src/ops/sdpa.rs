//! Scaled dot-product attention `O = softmax(Q Kᵀ / √d + M) V` for one head, with the
//! Jacobian in closed form (PyTorch's `scaled_dot_product_attention`, `is_causal` masking
//! query `i` from keys `j > i`).
//!
//! With `S = Q Kᵀ / √d`, `P = softmax(S + M)` row-wise and `O = P V`:
//! - JVP: `Ṡ = (Q̇ Kᵀ + Q K̇ᵀ)/√d`, `Ṗ = P ⊙ (Ṡ − rowsum(P ⊙ Ṡ))`, `Ȯ = Ṗ V + P V̇`;
//! - VJP: `V̄ = Pᵀ G`, `P̄ = G Vᵀ`, `S̄ = P ⊙ (P̄ − rowsum(P̄ ⊙ P))`, `Q̄ = S̄ K/√d`,
//!   `K̄ = S̄ᵀ Q/√d`.
//!
//! Masked entries have `P = 0`, so they receive no cotangent. Five GEMMs in all, through
//! ndarray's `dot`; the pullback keeps `P`.

use super::check_shape;
use super::softmax_family::{softmax_lane_in_place, softmax_vjp_lane};
use ndarray::linalg::general_mat_mul;
use ndarray::{Array2, Axis, Zip};
use num_traits::Float;

#[track_caller]
fn check_qkv<T>(op: &str, q: &Array2<T>, k: &Array2<T>, v: &Array2<T>) {
    assert!(
        q.ncols() == k.ncols(),
        "{op}: q of shape {:?} and k of shape {:?} need the same number of columns",
        q.shape(),
        k.shape()
    );
    assert!(
        k.nrows() == v.nrows(),
        "{op}: k of shape {:?} and v of shape {:?} need the same number of rows",
        k.shape(),
        v.shape()
    );
}

/// `1/√d` for `d` query columns.
fn scale<T: Float>(q: &Array2<T>) -> T {
    T::from(q.ncols())
        .expect("a width is representable in every float type")
        .sqrt()
        .recip()
}

/// `P = softmax(Q Kᵀ/√d + M)`: the masked entries of row `i` (columns `j > i`) are 0.
fn probabilities<T: Float + 'static>(q: &Array2<T>, k: &Array2<T>, causal: bool) -> Array2<T> {
    let mut p = Array2::zeros((q.nrows(), k.nrows()));
    general_mat_mul(scale(q), q, &k.t(), T::zero(), &mut p);
    for (i, row) in p.outer_iter_mut().enumerate() {
        if causal {
            let visible = (i + 1).min(row.len());
            let (seen, mut masked) = row.split_at(Axis(0), visible);
            masked.fill(T::zero());
            softmax_lane_in_place(seen);
        } else {
            softmax_lane_in_place(row);
        }
    }
    p
}

/// Single-head scaled dot-product attention: `softmax(q kᵀ/√d + mask) v` for `q` of shape
/// `n×d`, `k` of shape `m×d` and `v` of shape `m×e`, giving `n×e`. With `causal`, query `i`
/// sees keys `0..=i` only.
///
/// ***Panics*** if `q` and `k` differ in width or `k` and `v` in length, naming the shapes.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (q, k, v) = (array![[1.0], [1.0]], array![[0.0], [0.0]], array![[1.0], [3.0]]);
/// assert_eq!(ops::attention(&q, &k, &v, false), array![[2.0], [2.0]]); // equal weights
/// assert_eq!(ops::attention(&q, &k, &v, true), array![[1.0], [2.0]]); // row 0 sees key 0 only
/// ```
#[track_caller]
pub fn attention<T: Float + 'static>(
    q: &Array2<T>,
    k: &Array2<T>,
    v: &Array2<T>,
    causal: bool,
) -> Array2<T> {
    check_qkv("attention", q, k, v);
    probabilities(q, k, causal).dot(v)
}

/// Value and tangent, see the module docs; `causal` gets no tangent.
///
/// ***Panics*** on mismatched shapes, naming them.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (q, k, v) = (array![[1.0]], array![[0.0], [0.0]], array![[1.0], [3.0]]);
/// let zero = array![[0.0], [0.0]];
/// let (_, d) = ops::attention_jvp(&q, &k, &v, false, &array![[0.0]], &zero, &array![[1.0], [1.0]]);
/// assert_eq!(d, array![[1.0]]); // moving every value by 1 moves the output by 1
/// ```
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn attention_jvp<T: Float + 'static>(
    q: &Array2<T>,
    k: &Array2<T>,
    v: &Array2<T>,
    causal: bool,
    dq: &Array2<T>,
    dk: &Array2<T>,
    dv: &Array2<T>,
) -> (Array2<T>, Array2<T>) {
    check_qkv("attention_jvp", q, k, v);
    check_shape("attention_jvp", "the tangent of q", q.shape(), dq.shape());
    check_shape("attention_jvp", "the tangent of k", k.shape(), dk.shape());
    check_shape("attention_jvp", "the tangent of v", v.shape(), dv.shape());
    let p = probabilities(q, k, causal);
    let out = p.dot(v);
    // Ṡ = (Q̇ Kᵀ + Q K̇ᵀ)/√d, then Ṗ = P ⊙ (Ṡ − rowsum(P ⊙ Ṡ)) in place.
    let c = scale(q);
    let mut dp = Array2::zeros(p.raw_dim());
    general_mat_mul(c, dq, &k.t(), T::zero(), &mut dp);
    general_mat_mul(c, q, &dk.t(), T::one(), &mut dp);
    Zip::from(dp.rows_mut())
        .and(p.rows())
        .for_each(softmax_vjp_lane);
    let mut dout = p.dot(dv);
    general_mat_mul(T::one(), &dp, v, T::one(), &mut dout);
    (out, dout)
}

vjp! {
    /// `(O, Q̄, K̄, V̄)`, see the module docs; `causal` gets no cotangent.
    ///
    /// ***Panics*** on mismatched shapes, naming them.
    #[track_caller]
    pub fn attention_vjp<T: Float + 'static>(
        q: &Array2<T>,
        k: &Array2<T>,
        v: &Array2<T>,
        causal: bool;
        dout: Array2<T>,
    ) -> (q_bar: Array2<T>, k_bar: Array2<T>, v_bar: Array2<T>) by attention_pullback(q, k, v);
    example: (&array![[1.0]], &array![[0.0], [0.0]], &array![[1.0], [3.0]], false, array![[1.0]])
        gives (array![[0.0]], array![[-0.5], [0.5]], array![[0.5], [0.5]]);
}

/// Attention and its pullback `(q, k, v, G) ↦ (Q̄, K̄, V̄)`, which keeps the attention
/// weights `P` (`n×m`).
///
/// ***Panics*** on mismatched shapes, naming them (the pullback: for `G`).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (q, k, v) = (array![[1.0], [1.0]], array![[0.0], [0.0]], array![[1.0], [3.0]]);
/// let (_, pb) = ops::attention_pullback(&q, &k, &v, true);
/// let (_, _, v_bar) = pb(&q, &k, &v, array![[1.0], [1.0]]);
/// assert_eq!(v_bar, array![[1.5], [0.5]]); // V̄ = Pᵀ G with P = [[1, 0], [½, ½]]
/// ```
#[track_caller]
pub fn attention_pullback<T: Float + 'static>(
    q: &Array2<T>,
    k: &Array2<T>,
    v: &Array2<T>,
    causal: bool,
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, &Array2<T>, &Array2<T>, Array2<T>) -> (Array2<T>, Array2<T>, Array2<T>),
) {
    check_qkv("attention", q, k, v);
    let p = probabilities(q, k, causal);
    let out = p.dot(v);
    let pullback = move |q: &Array2<T>, k: &Array2<T>, v: &Array2<T>, g: Array2<T>| {
        check_shape(
            "attention pullback",
            "the cotangent",
            &[q.nrows(), v.ncols()],
            g.shape(),
        );
        let v_bar = p.t().dot(&g);
        // P̄ = G Vᵀ, then S̄ = P ⊙ (P̄ − rowsum(P̄ ⊙ P)) in place.
        let mut s_bar = g.dot(&v.t());
        Zip::from(s_bar.rows_mut())
            .and(p.rows())
            .for_each(softmax_vjp_lane);
        let c = scale(q);
        let mut q_bar = Array2::zeros(q.raw_dim());
        general_mat_mul(c, &s_bar, k, T::zero(), &mut q_bar);
        let mut k_bar = Array2::zeros(k.raw_dim());
        general_mat_mul(c, &s_bar.t(), q, T::zero(), &mut k_bar);
        (q_bar, k_bar, v_bar)
    };
    (out, pullback)
}

for_callers!(attention, attention_jvp, attention_pullback);
