//! Integer ranges walked by a `usize` counter: how an iterator chain over `(-2..3)` (any
//! integer type) becomes an index loop.

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
