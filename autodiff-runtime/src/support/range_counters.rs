//! Integer ranges walked by a `usize` counter: how an iterator chain over `(-2..3)` (any
//! integer type) becomes an index loop, and how a counter over an array of any rank
//! (`a.iter()` of an `Array3`) becomes the index of an entry.

/// The number of integers in `start..end` (0 if `end <= start`), whatever their type: an
/// iterator chain over `(-2..3)` walks it by a `usize` counter.
///
/// ```
/// use autodiff_runtime::support::range_len;
/// assert_eq!((range_len(-2, 3), range_len(4usize, 1), range_len(-100i8, 100)), (5, 0, 200));
/// ```
#[track_caller]
pub fn range_len<I: TryInto<i128>>(start: I, end: I) -> usize {
    // (In `i128`: `end - start` of an `i8` range may not fit an `i8`.)
    let wide = |i: I| i.try_into().ok().expect("a range's bounds fit an i128");
    let (start, end) = (wide(start), wide(end));
    usize::try_from(end.saturating_sub(start).max(0)).expect("a range's length fits a usize")
}

/// The integer `at` places after `start`, in `start`'s type: the item a chain's counter
/// stands for in a range.
///
/// ```
/// use autodiff_runtime::support::range_item;
/// assert_eq!((range_item(-2i32, 3), range_item(-100i8, 199)), (1, 99));
/// ```
#[track_caller]
pub fn range_item<I: TryInto<i128> + TryFrom<i128>>(start: I, at: usize) -> I {
    let start: i128 = start.try_into().ok().expect("a range's bounds fit an i128");
    let item = start + i128::try_from(at).expect("a range's position fits an i128");
    I::try_from(item)
        .ok()
        .expect("a range's items fit its integer type")
}

/// The index of entry `at` of an array of shape `shape` in its logical (row-major) order, the
/// order `iter()` walks: a chain over an array of three or more (or an unknown number of)
/// axes counts its entries, and reads entry `a[unravel_index(&a.raw_dim(), k)]`.
///
/// ```
/// use autodiff_runtime::ndarray::{Array3, Dim};
/// use autodiff_runtime::support::unravel_index;
/// let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
/// let shape = a.raw_dim();
/// assert_eq!(unravel_index(&shape, 17), Dim([1, 1, 1]));
/// let walked: Vec<usize> = (0..a.len()).map(|k| a[unravel_index(&shape, k)]).collect();
/// assert_eq!(walked, a.iter().copied().collect::<Vec<_>>());
/// ```
pub fn unravel_index<D: ndarray::Dimension>(shape: &D, at: usize) -> D {
    let mut index = shape.clone();
    let mut rest = at;
    for axis in (0..shape.ndim()).rev() {
        let len = shape[axis];
        index[axis] = rest % len.max(1);
        rest /= len.max(1);
    }
    index
}

/// [`unravel_index`] as the pattern `indexed_iter()` yields: `(i, j, k)` for three axes, an
/// `IxDyn` for a dynamic number.
///
/// ```
/// use autodiff_runtime::ndarray::Array3;
/// use autodiff_runtime::support::unravel_pattern;
/// let a = Array3::<f64>::zeros((2, 3, 4));
/// assert_eq!(unravel_pattern(&a.raw_dim(), 17), (1, 1, 1));
/// ```
pub fn unravel_pattern<D: ndarray::Dimension>(shape: &D, at: usize) -> D::Pattern {
    unravel_index(shape, at).into_pattern()
}
