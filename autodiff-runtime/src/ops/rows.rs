//! `rows_of(flat, cols)`: a matrix kept row after row in one sequence, cut into its rows
//! (`Vec<Vec<T>>`). `#[differentiate]` keeps a local matrix built as
//! `vec![vec![0.0; m]; n]` flat (`res[i][j]` is `res[i * m + j]`), and returns it through
//! this rule where the function's result is the matrix.
//!
//! Cutting is linear and moves no entry: the tangent is the tangent cut the same way, and
//! the cotangent of the flat sequence is the rows' cotangents joined again (`Ȳ` read row
//! after row). The width is an integer: no tangent, no cotangent.

use num_traits::Float;

#[track_caller]
fn cut<T: Copy>(op: &str, flat: &[T], cols: usize) -> Vec<Vec<T>> {
    if cols == 0 {
        return vec![];
    }
    assert!(
        flat.len().is_multiple_of(cols),
        "{op}: {} entries do not make rows of {cols}",
        flat.len()
    );
    flat.chunks(cols).map(<[T]>::to_vec).collect()
}

/// The rows of `flat`, each `cols` long (none where `cols` is 0).
///
/// ***Panics*** if `flat`'s length is not a multiple of `cols`, naming both.
///
/// ```
/// use autodiff_runtime::ops;
/// assert_eq!(ops::rows_of(&[1.0, 2.0, 3.0, 4.0], 2), vec![vec![1.0, 2.0], vec![3.0, 4.0]]);
/// ```
#[track_caller]
pub fn rows_of<T: Float>(flat: &[T], cols: usize) -> Vec<Vec<T>> {
    cut("rows_of", flat, cols)
}

/// The rows and the tangent's rows.
///
/// ```
/// use autodiff_runtime::ops;
/// let (y, dy) = ops::rows_of_jvp(&[1.0, 2.0], 1, &[0.5, 0.0]);
/// assert_eq!((y, dy), (vec![vec![1.0], vec![2.0]], vec![vec![0.5], vec![0.0]]));
/// ```
#[track_caller]
pub fn rows_of_jvp<T: Float>(
    flat: &[T],
    cols: usize,
    flat_dot: &[T],
) -> (Vec<Vec<T>>, Vec<Vec<T>>) {
    assert_eq!(
        flat.len(),
        flat_dot.len(),
        "rows_of_jvp: the tangent has {} entries, the value {}",
        flat_dot.len(),
        flat.len()
    );
    (
        cut("rows_of_jvp", flat, cols),
        cut("rows_of_jvp", flat_dot, cols),
    )
}

vjp! {
    /// The rows and the flat cotangent: `Ȳ`'s rows joined.
    #[track_caller]
    pub fn rows_of_vjp<T: Float>(flat: &[T], cols: usize; dout: Vec<Vec<T>>)
        -> (flat_bar: Vec<T>) by rows_of_pullback(flat);
    example: (&[1.0, 2.0, 3.0, 4.0], 2, vec![vec![5.0, 6.0], vec![7.0, 8.0]])
        gives vec![5.0, 6.0, 7.0, 8.0];
}

/// The rows and their pullback `(flat, Ȳ) ↦ (Ȳ joined,)`.
///
/// ***Panics*** (in the pullback) if `Ȳ` is not shaped as the rows are, naming both shapes.
///
/// ```
/// use autodiff_runtime::ops;
/// let flat = [1.0, 2.0];
/// let (y, pb) = ops::rows_of_pullback(&flat, 2);
/// assert_eq!((y, pb(&flat, vec![vec![1.0, -1.0]])), (vec![vec![1.0, 2.0]], (vec![1.0, -1.0],)));
/// ```
#[track_caller]
pub fn rows_of_pullback<T: Float>(
    flat: &[T],
    cols: usize,
) -> (Vec<Vec<T>>, impl FnOnce(&[T], Vec<Vec<T>>) -> (Vec<T>,)) {
    let y = cut("rows_of", flat, cols);
    let pullback = move |flat: &[T], dout: Vec<Vec<T>>| {
        let rows = flat.len().checked_div(cols).unwrap_or(0);
        let shaped = dout.len() == rows && dout.iter().all(|r| r.len() == cols);
        assert!(
            shaped,
            "rows_of: the cotangent has rows of lengths {:?}, the value {rows} rows of {cols}",
            dout.iter().map(Vec::len).collect::<Vec<_>>()
        );
        (dout.concat(),)
    };
    (y, pullback)
}

/// The entry points of generated callers (see `for_callers!`). A generated caller lends
/// the pullback of a call taking a float sequence an accumulator (the adjoint it keeps for
/// that sequence, `support::lend`), into which the cotangent is added.
#[doc(hidden)]
pub mod rows_of {
    use num_traits::Float;

    pub use super::rows_of_jvp as jvp_all;
    pub use crate::saved::unreported as saved_all;

    /// [`rows_of_pullback`](super::rows_of_pullback), adding the flat cotangent into the
    /// accumulator its caller lends.
    #[track_caller]
    pub fn pullback_all<T: Float>(
        flat: &[T],
        cols: usize,
    ) -> (
        Vec<Vec<T>>,
        impl FnOnce(&[T], Vec<Vec<T>>, Vec<T>) -> (Vec<T>,),
    ) {
        let (y, pullback) = super::rows_of_pullback(flat, cols);
        let pullback = move |flat: &[T], dout: Vec<Vec<T>>, acc: Vec<T>| {
            let (g,) = pullback(flat, dout);
            (crate::support::accumulate(acc, g),)
        };
        (y, pullback)
    }

    pub use pullback_all as dual_pullback_all;
}

#[cfg(test)]
mod tests {
    use super::*;

    // ⟨Ȳ, J v⟩ = ⟨Jᵀ Ȳ, v⟩ for the cut, at a 3×2 matrix.
    #[test]
    fn jvp_and_vjp_agree() {
        let flat = [1.0, -2.0, 0.5, 3.0, 4.0, -1.5];
        let v = [0.3, 0.1, -0.7, 0.2, 0.9, -0.4];
        let ybar = vec![vec![1.0, 2.0], vec![-1.0, 0.5], vec![0.25, 3.0]];
        let (_, jv) = rows_of_jvp(&flat, 2, &v);
        let (_, jt) = rows_of_vjp(&flat, 2, ybar.clone());
        let lhs: f64 = ybar
            .concat()
            .iter()
            .zip(jv.concat())
            .map(|(a, b)| a * b)
            .sum();
        let rhs: f64 = jt.iter().zip(&v).map(|(a, b)| a * b).sum();
        assert!((lhs - rhs).abs() < 1e-12);
    }

    #[test]
    #[should_panic(expected = "5 entries do not make rows of 2")]
    fn ragged_length_is_named() {
        rows_of(&[1.0; 5], 2);
    }
}
