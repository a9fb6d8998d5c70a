//! The push/pop stack on which a generated forward sweep saves the values its reverse sweep
//! reads back in reverse order (Tapenade's PUSH/POP): the old value of a variable overwritten
//! in a loop, a block's locals, a callee's pullback.
//!
//! It is a `Vec` whose growth path is kept out of the loop: `push` inlines only the store,
//! and the rare reallocation goes through a cold function that cannot unwind. That matters
//! because a call that may unwind out of a recording loop needs a landing pad that drops the
//! stack, and LLVM then keeps the loop-carried floats in stack memory for the whole loop
//! (a store and a load per step on the critical path) instead of in registers. Generated code
//! also reserves a loop's trip count before the loop, so the growth path is seldom taken.
//! The price: running out of memory or capacity while growing aborts instead of panicking
//! (allocation failure aborts with a `Vec` too).
//!
//! Stacks of `f64`, `f32` or their dual numbers can come from a per-thread
//! [`pool`] ([`SaveStack::pooled`]) and go back to it when dropped, as
//! Tapenade's stack persists between calls, so that a program taking gradient after
//! gradient does not allocate (and fault in) a large tape on every call.
//!
//! ```
//! use autodiff_runtime::save_stack::SaveStack;
//! let mut saved = SaveStack::new();
//! saved.reserve_for(&(0..3), 1);
//! for i in 0..3 {
//!     saved.push(i as f64 * 0.5);
//! }
//! assert_eq!(saved.pop(), 1.0);
//! assert_eq!(saved.pop(), 0.5);
//! assert_eq!(saved.len(), 1);
//! ```

use crate::pool::{self, Pooled};

/// A last-in, first-out stack of saved values; see the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub struct SaveStack<T> {
    items: Vec<T>,
    /// For a stack whose buffer comes from its thread's pool: how it takes one and gives it
    /// back.
    pool: Option<PoolFns<T>>,
}

#[derive(Debug)]
struct PoolFns<T> {
    take: fn(usize) -> Vec<T>,
    give_back: fn(Vec<T>),
}

// Function pointers copy whatever `T` is (a derive would ask `T: Copy`).
impl<T> Clone for PoolFns<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for PoolFns<T> {}

impl<T> Drop for SaveStack<T> {
    fn drop(&mut self) {
        if let Some(pool) = self.pool {
            (pool.give_back)(std::mem::take(&mut self.items));
        }
    }
}

impl<T: Pooled> SaveStack<T> {
    /// An empty stack whose buffer comes from this thread's pool when it is first reserved
    /// (the smallest pooled buffer with room for the reservation), and goes back to it when
    /// the stack is dropped.
    ///
    /// ```
    /// use autodiff_runtime::save_stack::SaveStack;
    /// let mut first = SaveStack::<f64>::pooled();
    /// first.reserve_for(&(0..1000), 1);
    /// drop(first);
    /// // The next stack reuses the buffer, cleared.
    /// let mut second = SaveStack::<f64>::pooled();
    /// second.reserve_for(&(0..10), 1);
    /// assert!(second.is_empty() && second.capacity() >= 1000);
    /// ```
    pub fn pooled() -> Self {
        SaveStack {
            items: Vec::new(),
            pool: Some(PoolFns {
                take: pool::take::<T>,
                give_back: pool::give_back::<T>,
            }),
        }
    }
}

impl<T> SaveStack<T> {
    /// An empty stack; it allocates on the first push or reservation.
    ///
    /// ```
    /// let saved = autodiff_runtime::save_stack::SaveStack::<f64>::new();
    /// assert!(saved.is_empty());
    /// ```
    pub const fn new() -> Self {
        SaveStack {
            items: Vec::new(),
            pool: None,
        }
    }

    /// Saves `value`.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.push(vec![1.0, 2.0]);
    /// assert_eq!(saved.pop(), vec![1.0, 2.0]);
    /// ```
    #[inline(always)]
    pub fn push(&mut self, value: T) {
        if self.items.len() < self.items.capacity() {
            // Cannot grow: the optimiser folds `Vec::push`'s own capacity test into this one.
            self.items.push(value);
        } else {
            push_growing(&mut self.items, value);
        }
    }

    /// Saves `values` in order, as pushing each would (the last is popped first): how a
    /// loop that overwrites `x[i]` in iteration `i` saves, before it starts, every element
    /// it will overwrite, in one copy rather than one push per iteration.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.extend_from_slice(&[1.0, 2.0, 3.0]);
    /// assert_eq!((saved.pop(), saved.pop(), saved.len()), (3.0, 2.0, 1));
    /// ```
    pub fn extend_from_slice(&mut self, values: &[T])
    where
        T: Clone,
    {
        self.reserve_for(&values.iter(), 1);
        self.items.extend_from_slice(values);
    }

    /// Saves `values` from the last to the first, as a loop running down over them would
    /// push them (the first is popped first).
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.extend_reversed(&[1.0, 2.0, 3.0]);
    /// assert_eq!((saved.pop(), saved.pop(), saved.len()), (1.0, 2.0, 1));
    /// ```
    pub fn extend_reversed(&mut self, values: &[T])
    where
        T: Clone,
    {
        self.reserve_for(&values.iter(), 1);
        self.items.extend(values.iter().rev().cloned());
    }

    /// Takes back the value saved last. Popping an empty stack is a bug in the code that
    /// pushes and pops (generated code pops exactly what it pushed); it aborts the process
    /// with a message rather than unwinding, so that no landing pad is kept in the loop.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.push(1.5f32);
    /// assert_eq!(saved.pop(), 1.5);
    /// ```
    #[inline(always)]
    pub fn pop(&mut self) -> T {
        match self.items.pop() {
            Some(value) => value,
            None => popped_empty(),
        }
    }

    /// Takes back the last `dst.len()` values saved, in the order they were pushed, into
    /// `dst`: how the reverse of a loop that saved `x[lo..hi]` with
    /// [`extend_from_slice`](Self::extend_from_slice) puts the elements back in one copy.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.extend_from_slice(&[1.0, 2.0, 3.0]);
    /// let mut x = [0.0; 2];
    /// saved.pop_into(&mut x);
    /// assert_eq!((x, saved.len()), ([2.0, 3.0], 1));
    /// ```
    pub fn pop_into(&mut self, dst: &mut [T])
    where
        T: Clone,
    {
        let start = self.split_top(dst.len());
        dst.clone_from_slice(&self.items[start..]);
        self.items.truncate(start);
    }

    /// [`pop_into`](Self::pop_into) for values saved with
    /// [`extend_reversed`](Self::extend_reversed).
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.extend_reversed(&[1.0, 2.0, 3.0]);
    /// let mut x = [0.0; 3];
    /// saved.pop_into_reversed(&mut x);
    /// assert_eq!((x, saved.len()), ([1.0, 2.0, 3.0], 0));
    /// ```
    pub fn pop_into_reversed(&mut self, dst: &mut [T])
    where
        T: Clone,
    {
        let start = self.split_top(dst.len());
        for (d, s) in dst.iter_mut().zip(self.items[start..].iter().rev()) {
            d.clone_from(s);
        }
        self.items.truncate(start);
    }

    /// Where the last `n` values start.
    fn split_top(&self, n: usize) -> usize {
        match self.items.len().checked_sub(n) {
            Some(start) => start,
            None => popped_empty(),
        }
    }

    /// Makes room for `per_trip` pushes on each of the iterations `trips` has left (its
    /// `size_hint` lower bound), so that a recording loop never reallocates.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::<f64>::new();
    /// saved.reserve_for(&(0..100).rev(), 2);
    /// assert!(saved.capacity() >= 200);
    /// ```
    pub fn reserve_for<I: Iterator>(&mut self, trips: &I, per_trip: usize) {
        let more = trips.size_hint().0.saturating_mul(per_trip);
        match self.pool {
            // A pooled stack's first reservation picks the buffer that fits it.
            Some(pool) if self.items.capacity() == 0 && more > 0 => self.items = (pool.take)(more),
            _ => self.items.reserve(more),
        }
    }

    /// Lends the stack to a loop nest, with room for `room` more values: the nest's pushes
    /// go through the [`Reserved`] it returns, which never grows the buffer. Generated code
    /// reserves this way where it can count, before a nest runs, every value the nest
    /// will push (see [`room`]); a nest that then pushed more would be a bug in that count,
    /// and aborts the process with a message.
    ///
    /// Why: a push that may grow is a call, and LLVM keeps a float carried through an
    /// inner loop (`loss += x[i] * x[i]`) in stack memory when the outer loop makes any
    /// call, cold or not, so its every step waits on a store and a load. A nest whose
    /// pushes cannot grow makes no call.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// {
    ///     let mut nest = saved.reserved(6);
    ///     for row in [[1.0, 2.0], [3.0, 4.0]] {
    ///         nest.extend_from_slice(&row);
    ///         nest.push(row[0] + row[1]);
    ///     }
    /// }
    /// assert_eq!((saved.pop(), saved.pop(), saved.len()), (7.0, 4.0, 4));
    /// ```
    pub fn reserved(&mut self, room: usize) -> Reserved<'_, T> {
        self.reserve_for(&(0..room), 1);
        Reserved {
            items: std::mem::take(&mut self.items),
            home: &mut self.items,
        }
    }

    /// How many values are saved.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.push(0.0);
    /// assert_eq!(saved.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether nothing is saved.
    ///
    /// ```
    /// assert!(autodiff_runtime::save_stack::SaveStack::<f32>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The values saved, oldest first (what `saved::Held` measures).
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// How many values fit before the stack reallocates.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::<f64>::new();
    /// saved.reserve_for(&(0..8), 1);
    /// assert!(saved.capacity() >= 8);
    /// ```
    pub fn capacity(&self) -> usize {
        self.items.capacity()
    }
}

/// A [`SaveStack`] lent to a loop nest with room reserved for all it pushes (see
/// [`SaveStack::reserved`]): its pushes and copies never grow the buffer, so they make no
/// call.
///
/// It holds the stack's buffer itself while the nest runs and hands it back when dropped:
/// a buffer reached through the `SaveStack` (whose address the reservation's call has
/// seen) had its length loaded and stored around every push, since LLVM could not rule out
/// that the values pushed overwrite it; the guard's own copy of the length stays in a
/// register.
#[derive(Debug)]
pub struct Reserved<'s, T> {
    items: Vec<T>,
    home: &'s mut Vec<T>,
}

impl<T> Drop for Reserved<'_, T> {
    fn drop(&mut self) {
        *self.home = std::mem::take(&mut self.items);
    }
}

impl<T> Reserved<'_, T> {
    /// Saves `value` in the room reserved for it.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.reserved(1).push(2.5);
    /// assert_eq!(saved.pop(), 2.5);
    /// ```
    #[inline]
    pub fn push(&mut self, value: T) {
        if self.items.len() < self.items.capacity() {
            self.items.push(value);
        } else {
            room_exhausted()
        }
    }

    /// [`SaveStack::extend_from_slice`] in the reserved room: one push per value, not a
    /// `memcpy` (a call).
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.reserved(2).extend_from_slice(&[1.0, 2.0]);
    /// assert_eq!((saved.pop(), saved.pop()), (2.0, 1.0));
    /// ```
    #[inline]
    pub fn extend_from_slice(&mut self, values: &[T])
    where
        T: Clone,
    {
        for value in values {
            self.push(value.clone());
        }
    }

    /// [`SaveStack::extend_reversed`] in the reserved room.
    ///
    /// ```
    /// let mut saved = autodiff_runtime::save_stack::SaveStack::new();
    /// saved.reserved(2).extend_reversed(&[1.0, 2.0]);
    /// assert_eq!((saved.pop(), saved.pop()), (1.0, 2.0));
    /// ```
    #[inline]
    pub fn extend_reversed(&mut self, values: &[T])
    where
        T: Clone,
    {
        for value in values.iter().rev() {
            self.push(value.clone());
        }
    }
}

/// The room a loop over `trips` needs for `per_trip()` values on each of its iterations
/// (its `size_hint` lower bound, exact for ranges). `per_trip` runs only when the loop
/// runs: it may evaluate the bounds of inner loops, which the loop itself evaluates only
/// in its iterations (`n - 1` for an `n` that is 0 when the loop runs no iteration).
///
/// ```
/// use autodiff_runtime::save_stack::room;
/// assert_eq!(room(&(0..10), || room(&(1..=3), || 2)), 60);
/// let n: usize = 0;
/// assert_eq!(room(&(0..n), || n - 1), 0);
/// ```
pub fn room<I: Iterator>(trips: &I, per_trip: impl FnOnce() -> usize) -> usize {
    match trips.size_hint().0 {
        0 => 0,
        n => n.saturating_mul(per_trip()),
    }
}

#[cold]
#[inline(never)]
extern "C" fn room_exhausted() -> ! {
    panic!("autodiff: a loop nest pushed more saved values than the room reserved for it")
}

/// The growth path, out of line. `extern "C"` makes it a function that cannot unwind (a
/// panic inside aborts), so calling it needs no landing pad.
#[cold]
#[inline(never)]
#[allow(improper_ctypes_definitions)] // called from Rust only; the ABI is for `nounwind`
extern "C" fn push_growing<T>(items: &mut Vec<T>, value: T) {
    items.reserve(items.len().max(8));
    items.push(value);
}

#[cold]
#[inline(never)]
extern "C" fn popped_empty() -> ! {
    panic!("autodiff: a reverse sweep popped more saved values than its forward sweep pushed")
}

#[cfg(test)]
mod tests {
    use super::SaveStack;

    #[test]
    fn pops_in_reverse_order_across_growth() {
        let mut saved = SaveStack::new();
        for i in 0..1000 {
            saved.push(i);
        }
        for i in (0..1000).rev() {
            assert_eq!(saved.pop(), i);
        }
        assert!(saved.is_empty());
    }

    #[test]
    fn owned_values_round_trip_and_drop() {
        let mut saved = SaveStack::new();
        saved.reserve_for(&(0..2), 1);
        saved.push(vec![1.0; 3]);
        saved.push(vec![2.0; 2]);
        saved.push(vec![3.0]);
        assert_eq!(saved.pop(), vec![3.0]);
        assert_eq!(saved.len(), 2);
        // The rest are dropped with the stack.
    }

    #[test]
    fn reservation_counts_the_iterations_left() {
        let mut saved = SaveStack::<f64>::new();
        saved.reserve_for(&(0..10).step_by(3), 2);
        assert!(saved.capacity() >= 8);
        let mut none = SaveStack::<f64>::new();
        none.reserve_for(&(3..3), 4);
        assert_eq!(none.capacity(), 0);
    }
}
