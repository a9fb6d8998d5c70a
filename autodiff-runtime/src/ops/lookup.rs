//! `embedding(table, ids)`: the token-embedding lookup, row `i` of the result being row
//! `ids[i]` of the table (PyTorch's `F.embedding`).
//!
//! The gather is `Y = S W` with `S` the `N×V` selection matrix (`S[i, ids[i]] = 1`), so it is
//! linear in the table: `dY = S dW` gathers the tangent, and `dL = tr(Gᵀ S dW)` gives
//! `W̄ = Sᵀ G`, a scatter-add of the rows of `G` into a zero table (an id that repeats
//! accumulates). Neither pass forms `S`. The ids are integers: no tangent, no cotangent.

use super::check_shape;
use ndarray::{Array2, Axis};
use num_traits::Float;

#[track_caller]
fn check_ids<T>(op: &str, table: &Array2<T>, ids: &[usize]) {
    if let Some((i, &id)) = ids.iter().enumerate().find(|&(_, &id)| id >= table.nrows()) {
        panic!(
            "{op}: id {id} (position {i}) is out of range for a table of {} rows (shape {:?})",
            table.nrows(),
            table.shape()
        );
    }
}

/// The rows `ids` of `table`, in order: an `ids.len() × table.ncols()` matrix whose row `i` is
/// `table[ids[i], :]`. Ids may repeat and come in any order.
///
/// ***Panics*** if an id is not a row index of the table, naming the id and the row count.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let w = array![[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]];
/// assert_eq!(ops::embedding(&w, &[2, 0, 2]), array![[4.0, 5.0], [0.0, 1.0], [4.0, 5.0]]);
/// ```
#[track_caller]
pub fn embedding<T: Float + 'static>(table: &Array2<T>, ids: &[usize]) -> Array2<T> {
    check_ids("embedding", table, ids);
    table.select(Axis(0), ids)
}

/// `dY = S dW`: the same rows of the tangent table.
///
/// ***Panics*** on an out-of-range id, or if the tangent's shape differs from the table's.
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (w, dw) = (array![[1.0], [2.0]], array![[0.5], [-1.0]]);
/// let (y, dy) = ops::embedding_jvp(&w, &[1, 1, 0], &dw);
/// assert_eq!((y, dy), (array![[2.0], [2.0], [1.0]], array![[-1.0], [-1.0], [0.5]]));
/// ```
#[track_caller]
pub fn embedding_jvp<T: Float + 'static>(
    table: &Array2<T>,
    ids: &[usize],
    dtable: &Array2<T>,
) -> (Array2<T>, Array2<T>) {
    check_shape(
        "embedding_jvp",
        "the tangent",
        table.shape(),
        dtable.shape(),
    );
    check_ids("embedding_jvp", table, ids);
    (table.select(Axis(0), ids), dtable.select(Axis(0), ids))
}

vjp! {
    /// `W̄ = Sᵀ G`: a zero table with `W̄[ids[i], :] += G[i, :]` for every `i` (from
    /// `dL = tr(Gᵀ S dW)`); rows no id names get zero, a repeated id the sum of its rows of `G`.
    ///
    /// ***Panics*** on an out-of-range id, or if `dout` is not `ids.len() × table.ncols()`.
    #[track_caller]
    pub fn embedding_vjp<T: Float + 'static>(table: &Array2<T>, ids: &[usize]; dout: Array2<T>)
        -> (table_bar: Array2<T>) by embedding_pullback(table, ids);
    example: (
        &array![[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]],
        &[2, 0, 2],
        array![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
    ) gives array![[3.0, 4.0], [0.0, 0.0], [6.0, 8.0]];
}

/// The value and the pullback `(table, ids, G) ↦ (Sᵀ G,)`, the scatter-add; it keeps only the
/// shapes (`table` and `ids` are passed to it again).
///
/// ***Panics*** on an out-of-range id (the pullback too, for the ids it is given, and if `G`
/// is not `ids.len() × table.ncols()`).
///
/// ```
/// use autodiff_runtime::{ndarray::array, ops};
/// let (w, ids) = (array![[1.0], [2.0]], [1, 1]);
/// let (y, pb) = ops::embedding_pullback(&w, &ids);
/// assert_eq!(y, array![[2.0], [2.0]]);
/// assert_eq!(pb(&w, &ids, array![[0.5], [0.25]]), (array![[0.0], [0.75]],));
/// ```
#[track_caller]
pub fn embedding_pullback<T: Float + 'static>(
    table: &Array2<T>,
    ids: &[usize],
) -> (
    Array2<T>,
    impl FnOnce(&Array2<T>, &[usize], Array2<T>) -> (Array2<T>,),
) {
    let y = embedding(table, ids);
    let (shape, out_shape) = (table.dim(), [ids.len(), table.ncols()]);
    let pullback = move |table: &Array2<T>, ids: &[usize], g: Array2<T>| {
        check_shape(
            "embedding pullback",
            "the table",
            &[shape.0, shape.1],
            table.shape(),
        );
        check_shape(
            "embedding pullback",
            "the ids",
            &out_shape[..1],
            &[ids.len()],
        );
        check_ids("embedding pullback", table, ids);
        check_shape("embedding pullback", "the cotangent", &out_shape, g.shape());
        let mut table_bar = Array2::zeros(shape);
        for (&id, g_row) in ids.iter().zip(g.outer_iter()) {
            table_bar
                .row_mut(id)
                .zip_mut_with(&g_row, |w, &g| *w = *w + g);
        }
        (table_bar,)
    };
    (y, pullback)
}

for_callers!(embedding, embedding_jvp, embedding_pullback);
