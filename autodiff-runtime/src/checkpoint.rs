//! Checkpoint schedules: which loop states the reverse sweep keeps, and in which order it
//! recomputes and reverses the steps between them.
//!
//! `#[checkpoint]` on a loop of n steps keeps only the loop-carried state at segment starts
//! and recomputes a segment, recording, just before reversing it:
//! - [`segment_len`]: about √n segments of about √n steps (or a fixed number of segments):
//!   O(√n) stored states for about one extra forward pass;
//! - [`Revolve`]: the binomial schedule of Griewank and Walther, optimal for a fixed number
//!   of stored states: with s states and r recomputations of each step, C(s + r, s) steps
//!   can be reversed.
//!
//! ```
//! use autodiff_runtime::checkpoint::{Action, Revolve};
//! // 3 steps with 2 state slots: advance to step 1 (saving it), reverse 2, restore 1,
//! // reverse 1, restore 0, reverse 0.
//! let actions: Vec<Action> = Revolve::new(3, 2).collect();
//! assert_eq!(Revolve::new(3, 2).advances(), 2);
//! assert_eq!(actions.last(), Some(&Action::Reverse { step: 0 }));
//! ```

/// How a checkpointed loop is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// About √n segments of about √n steps.
    Sqrt,
    /// A fixed number of segments.
    Segments(usize),
}

/// The number of steps per segment for a loop of `n` steps.
///
/// ```
/// use autodiff_runtime::checkpoint::{segment_len, Schedule};
/// assert_eq!(segment_len(10_000, Schedule::Sqrt), 100);
/// assert_eq!(segment_len(10, Schedule::Segments(3)), 4);
/// assert_eq!(segment_len(0, Schedule::Sqrt), 1);
/// ```
pub fn segment_len(n: usize, schedule: Schedule) -> usize {
    let len = match schedule {
        Schedule::Sqrt => (n as f64).sqrt().ceil() as usize,
        Schedule::Segments(k) => n.div_ceil(k.max(1)),
    };
    len.max(1)
}

/// Snapshots of a loop whose length is not known in advance (a `while`): one every
/// `every` steps, and when there are more than 2·`every` of them, every other one is
/// dropped and the spacing doubles. This keeps O(√n) snapshots at segment starts.
///
/// ```
/// use autodiff_runtime::checkpoint::Thinning;
/// let mut snaps = Thinning::new();
/// for step in 0..100 {
///     snaps.offer(step, || step);
/// }
/// assert!(snaps.states().len() <= 2 * snaps.every() + 1);
/// assert!(snaps.states().iter().enumerate().all(|(k, &s)| s == k * snaps.every()));
/// ```
#[derive(Debug)]
pub struct Thinning<S> {
    every: usize,
    states: Vec<S>,
}

impl<S> Default for Thinning<S> {
    fn default() -> Self {
        Thinning {
            every: 1,
            states: Vec::new(),
        }
    }
}

impl<S> Thinning<S> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Called at the start of each step; `state` is only taken at a segment start.
    pub fn offer(&mut self, step: usize, state: impl FnOnce() -> S) {
        if !step.is_multiple_of(self.every) {
            return;
        }
        self.states.push(state());
        if self.states.len() > 2 * self.every + 1 {
            let mut k = 0;
            self.states.retain(|_| {
                k += 1;
                k % 2 == 1
            });
            self.every *= 2;
        }
    }

    /// The spacing of the snapshots kept: state k is the state at step k·every.
    pub fn every(&self) -> usize {
        self.every
    }

    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The snapshots, first step first, with their spacing.
    pub fn into_parts(self) -> (usize, Vec<S>) {
        (self.every, self.states)
    }
}

/// One step of a binomial (Revolve) schedule. Slot 0 holds the loop's start state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Run steps `from..to` without recording.
    Advance { from: usize, to: usize },
    /// Copy the current state (at step `step`) into `slot`.
    Save { slot: usize, step: usize },
    /// Make the state in `slot` (taken at step `step`) current.
    Restore { slot: usize, step: usize },
    /// Run step `step` recording, then its reverse.
    Reverse { step: usize },
}

/// The binomial checkpointing schedule reversing `n` steps with `slots` stored states,
/// slot 0 holding the start state. An iterator over [`Action`]s, produced as they are
/// needed: the schedule itself takes O(slots · log n) memory, not O(n).
///
/// ```
/// use autodiff_runtime::checkpoint::{binomial_advances, Revolve};
/// // 10 000 steps with 10 stored states: within the binomial bound.
/// let schedule = Revolve::new(10_000, 10);
/// assert_eq!(schedule.advances(), binomial_advances(10_000, 10));
/// ```
#[derive(Debug, Clone)]
pub struct Revolve {
    /// Work still to do, the next item last.
    stack: Vec<Task>,
    advances: u64,
}

#[derive(Debug, Clone, Copy)]
enum Task {
    /// Reverse steps `a..b`; the state at `a` is current and in `slot`; `free` slots (that
    /// one included) may be used.
    Reverse {
        a: usize,
        b: usize,
        slot: usize,
        free: usize,
    },
    /// With only the start state: reverse step `j`, then the steps before it.
    Sweep {
        a: usize,
        j: usize,
        slot: usize,
    },
    Emit(Action),
}

impl Revolve {
    /// The bytes of its work list (the capacity it grew to).
    #[doc(hidden)]
    pub fn held_bytes(&self) -> usize {
        self.stack.capacity() * std::mem::size_of::<Task>()
    }

    /// ***Panics*** if `slots` is 0 (the start state needs a slot).
    pub fn new(n: usize, slots: usize) -> Self {
        assert!(
            slots >= 1,
            "a binomial schedule needs at least one snapshot slot, for the start state"
        );
        let task = Task::Reverse {
            a: 0,
            b: n,
            slot: 0,
            free: slots,
        };
        // Each level of the split leaves two tasks below the ones it expands to (at most
        // five), and there are at most `slots` levels: the list never grows past this, so
        // it is allocated once (a `report`'s measure of it is what an allocator sees).
        let mut stack = Vec::with_capacity(2 * slots + 6);
        stack.push(task);
        Revolve {
            stack,
            advances: binomial_advances(n, slots),
        }
    }

    /// The number of steps the schedule runs forward without recording (its extra cost).
    pub fn advances(&self) -> u64 {
        self.advances
    }

    /// Replaces the task on top of the stack by the ones it expands to.
    fn expand(&mut self, task: Task) {
        match task {
            Task::Emit(_) => unreachable!("emitted directly"),
            Task::Reverse { a, b, .. } if b - a == 0 => {}
            Task::Reverse { a, b, .. } if b - a == 1 => {
                self.stack.push(Task::Emit(Action::Reverse { step: a }))
            }
            Task::Reverse {
                a,
                b,
                slot,
                free: 1,
            } => self.stack.push(Task::Sweep { a, j: b - 1, slot }),
            Task::Reverse { a, b, slot, free } => {
                let m = a + best_split(b - a, free);
                // In order: advance to m, save, reverse m..b, restore a, reverse a..m.
                self.stack.push(Task::Reverse {
                    a,
                    b: m,
                    slot,
                    free,
                });
                self.stack
                    .push(Task::Emit(Action::Restore { slot, step: a }));
                self.stack.push(Task::Reverse {
                    a: m,
                    b,
                    slot: slot + 1,
                    free: free - 1,
                });
                self.stack.push(Task::Emit(Action::Save {
                    slot: slot + 1,
                    step: m,
                }));
                self.stack
                    .push(Task::Emit(Action::Advance { from: a, to: m }));
            }
            Task::Sweep { a, j, slot } => {
                // Recompute from the start state for every step, last first.
                if j > a {
                    self.stack.push(Task::Sweep { a, j: j - 1, slot });
                    self.stack
                        .push(Task::Emit(Action::Restore { slot, step: a }));
                    self.stack.push(Task::Emit(Action::Reverse { step: j }));
                    self.stack
                        .push(Task::Emit(Action::Advance { from: a, to: j }));
                } else {
                    self.stack.push(Task::Emit(Action::Reverse { step: a }));
                }
            }
        }
    }
}

impl Iterator for Revolve {
    type Item = Action;
    fn next(&mut self) -> Option<Action> {
        loop {
            match self.stack.pop()? {
                Task::Emit(action) => return Some(action),
                task => self.expand(task),
            }
        }
    }
}

/// β(s, r) = C(s + r, s): the number of steps reversible with s states and r repetitions.
fn beta(s: u64, r: u64) -> u64 {
    let mut b = 1u64;
    for i in 1..=s.min(r) {
        b = b * (s + r - s.min(r) + i) / i;
    }
    b
}

/// The fewest forward steps that reverse `l` steps with `s` stored states (the start state
/// included): t(l, s) = r·l − β(s + 1, r − 1) for β(s, r − 1) < l ≤ β(s, r).
///
/// ```
/// use autodiff_runtime::checkpoint::binomial_advances;
/// assert_eq!(binomial_advances(3, 1), 3); // 2 + 1 steps from the start, then none
/// assert_eq!(binomial_advances(3, 2), 2);
/// ```
pub fn binomial_advances(l: usize, s: usize) -> u64 {
    let (l, s) = (l as u64, s as u64);
    if l <= 1 {
        return 0;
    }
    if s <= 1 {
        return l * (l - 1) / 2;
    }
    let mut r = 0;
    while beta(s, r) < l {
        r += 1;
    }
    r * l - beta(s + 1, r - 1)
}

/// The first split of `len` steps with `free` states that meets the binomial bound.
fn best_split(len: usize, free: usize) -> usize {
    let total =
        |m: usize| m as u64 + binomial_advances(len - m, free - 1) + binomial_advances(m, free);
    (1..len)
        .min_by_key(|&m| (total(m), std::cmp::Reverse(m)))
        .unwrap_or(1)
}

/// Integer loop indices: the index `k` steps after `start`, in the index's own type, and
/// the number of steps of a range.
pub trait StepIndex: Copy + PartialOrd {
    fn nth_after(self, k: usize) -> Self;
    fn steps_to(self, end: Self, inclusive: bool) -> usize;
}

macro_rules! step_index {
    ($($t:ty)*) => {$(
        impl StepIndex for $t {
            #[inline]
            fn nth_after(self, k: usize) -> Self {
                self + k as $t
            }
            #[inline]
            fn steps_to(self, end: Self, inclusive: bool) -> usize {
                if end < self || (end == self && !inclusive) {
                    0
                } else {
                    (end - self) as usize + usize::from(inclusive)
                }
            }
        }
    )*};
}

/// The number of steps of `lo..hi` (`lo..=hi` when `inclusive`).
///
/// ```
/// use autodiff_runtime::checkpoint::steps;
/// assert_eq!((steps(2usize, 7, false), steps(2i32, 7, true), steps(5u8, 3, false)), (5, 6, 0));
/// ```
#[inline]
pub fn steps<I: StepIndex>(lo: I, hi: I, inclusive: bool) -> usize {
    lo.steps_to(hi, inclusive)
}
step_index!(usize u8 u16 u32 u64 isize i8 i16 i32 i64);

/// `start + k` for any integer index type: the loop index of step `k`.
///
/// ```
/// assert_eq!(autodiff_runtime::checkpoint::nth_index(5i32, 3), 8);
/// ```
#[inline]
pub fn nth_index<I: StepIndex>(start: I, k: usize) -> I {
    start.nth_after(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_list_stays_within_its_first_allocation() {
        for slots in 1..10 {
            for n in 0..300 {
                let mut schedule = Revolve::new(n, slots);
                let capacity = schedule.stack.capacity();
                while schedule.next().is_some() {
                    assert_eq!(schedule.stack.capacity(), capacity, "n {n}, {slots} slots");
                }
            }
        }
    }

    /// Brute force: the cheapest schedule over every split (small sizes only).
    fn optimal(
        l: usize,
        s: usize,
        memo: &mut std::collections::HashMap<(usize, usize), u64>,
    ) -> u64 {
        if l <= 1 {
            return 0;
        }
        if s <= 1 {
            return (l * (l - 1) / 2) as u64;
        }
        if let Some(&c) = memo.get(&(l, s)) {
            return c;
        }
        let c = (1..l)
            .map(|m| m as u64 + optimal(l - m, s - 1, memo) + optimal(m, s, memo))
            .min()
            .unwrap();
        memo.insert((l, s), c);
        c
    }

    #[test]
    fn the_closed_form_is_the_optimum() {
        let mut memo = Default::default();
        for l in 1..60 {
            for s in 1..6 {
                assert_eq!(
                    binomial_advances(l, s),
                    optimal(l, s, &mut memo),
                    "l = {l}, s = {s}"
                );
            }
        }
    }

    /// Runs a schedule on a model loop whose state is the step number, checking every
    /// action is legal and every step is reversed once, last first.
    fn simulate(n: usize, slots: usize) -> u64 {
        let schedule = Revolve::new(n, slots);
        let expected = schedule.advances();
        let mut stored: Vec<Option<usize>> = vec![None; slots];
        stored[0] = Some(0);
        let (mut current, mut next_reverse, mut advances) = (0usize, n, 0u64);
        for action in schedule {
            match action {
                Action::Advance { from, to } => {
                    assert_eq!(current, from);
                    advances += (to - from) as u64;
                    current = to;
                }
                Action::Save { slot, step } => {
                    assert_eq!(current, step);
                    stored[slot] = Some(step);
                }
                Action::Restore { slot, step } => {
                    assert_eq!(stored[slot], Some(step));
                    current = step;
                }
                Action::Reverse { step } => {
                    assert_eq!(current, step, "reversing step {step} from state {current}");
                    assert_eq!(step + 1, next_reverse, "steps are reversed last first");
                    next_reverse = step;
                }
            }
        }
        assert_eq!(next_reverse, 0, "every step is reversed");
        assert_eq!(advances, expected);
        advances
    }

    #[test]
    fn the_schedule_is_produced_in_small_memory() {
        let mut schedule = Revolve::new(100_000, 10);
        let (mut deepest, mut count) = (0, 0);
        while schedule.next().is_some() {
            deepest = deepest.max(schedule.stack.len());
            count += 1;
        }
        assert!(count > 200_000);
        assert!(deepest < 200, "the pending work grew to {deepest} tasks");
    }

    #[test]
    fn schedules_are_legal_and_meet_the_bound() {
        for n in [1, 2, 3, 7, 20, 100, 1000] {
            for s in [1, 2, 3, 5] {
                if s == 1 && n > 100 {
                    continue;
                }
                assert_eq!(simulate(n, s), binomial_advances(n, s), "n = {n}, s = {s}");
            }
        }
        // The issue's target: 10⁴ steps with 10 states, within the binomial bound.
        assert_eq!(simulate(10_000, 10), binomial_advances(10_000, 10));
        // β(10, 6) = 8008 < 10⁴ ≤ β(10, 7) = 19448: each step is run at most 7 times.
        assert_eq!(binomial_advances(10_000, 10), 7 * 10_000 - 12_376);
    }
}
