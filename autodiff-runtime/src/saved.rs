//! What a reverse pass keeps: the report `#[differentiate(report)]` builds (`f_saved`), as
//! JAX's `print_saved_residuals` prints, and [`Held`], how a saved value is measured.
//!
//! `f_saved(<f's parameters>)` runs the same forward sweep `f_pullback` runs, then, where
//! `f_pullback` would build its pullback closure, measures each value that closure would
//! capture: the user's locals the reverse sweep reads, the tapes loops push to, the locals
//! keeping overwritten values, checkpoint snapshots, callees' pullbacks. Values the reverse
//! sweep computes again (rematerialised ones, the recordings of a checkpointed segment) are
//! listed with 0 bytes and `recomputed`.
//!
//! The macro writes these calls; a program reads [`SavedReport`]'s fields or prints it
//! (`autodiff`'s README has an example with `#[differentiate(report)]`).

use crate::save_stack::SaveStack;
use std::fmt;
use std::mem::size_of;

/// What a generated reverse pass keeps for one call (`f_saved`, from
/// `#[differentiate(report)]`). `Display` prints it as a table.
///
/// ```
/// use autodiff_runtime::saved::{Held, Probe, SavedReport};
/// use autodiff_runtime::saved::MeasureHeld as _;
/// // What `f_saved` does for a tape of three old values of `h` in a loop at line 12.
/// let mut report = SavedReport::new("energy");
/// let tape = vec![0.5f64, 0.25, 0.125];
/// let size = (&&&&&Probe(&tape)).measure();
/// report.add("tape of `h`".into(), "the loop at line 12".into(), 12, size, false);
/// assert_eq!(report.values[0].elements, 3);
/// assert_eq!(report.values[0].bytes, 3 * 8); // the capacity × 8 bytes
/// assert_eq!(report.total_bytes, 24);
/// println!("{report}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedReport {
    /// The differentiated function's name.
    pub function: &'static str,
    /// Each value the pullback keeps (or computes again), in the order the forward sweep
    /// made them.
    pub values: Vec<SavedValue>,
    /// The bytes of all values' data: `f64`s held in the pullback itself, and the heap
    /// buffers it owns (a `Vec`'s or a tape's capacity × the element's size).
    pub total_bytes: usize,
    /// The part of `total_bytes` on the heap: what a counting allocator sees the pullback
    /// hold between its forward sweep and its reverse.
    pub heap_bytes: usize,
    /// The most the pullback's saved values take at once: `total_bytes`, where the forward
    /// sweep only adds to what it keeps and the reverse only takes from it; more where the
    /// reverse sweep records checkpointed segments again (their tapes at their largest,
    /// with the snapshots not yet used). The cotangents the reverse sweep computes are not
    /// saved values and are not counted.
    pub peak_bytes: usize,
    /// The part of `peak_bytes` on the heap: what a counting allocator sees the pullback
    /// hold at that moment.
    pub peak_heap_bytes: usize,
}

/// One value a reverse pass keeps (see [`SavedReport`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedValue {
    /// What it is in the source: the user's variable (`h`), or a description (``tape of `h` ``).
    pub name: String,
    /// Where it is saved: ``line 12``, or ``the loop at line 12`` for a tape.
    pub site: String,
    /// The source line of `site`.
    pub line: u32,
    /// How many scalars (or entries) it holds.
    pub elements: usize,
    /// The bytes of its data: 8 for an `f64`, a `Vec`'s capacity × its element's size.
    pub bytes: usize,
    /// The part of `bytes` on the heap.
    pub heap_bytes: usize,
    /// Computed again by the reverse sweep instead of stored (0 bytes).
    pub recomputed: bool,
    /// Measured from outside only (a callee's pullback closure: its own size, not what it
    /// keeps on the heap).
    pub opaque: bool,
}

impl SavedReport {
    /// An empty report for `function` (generated code fills it).
    #[doc(hidden)]
    pub fn new(function: &'static str) -> Self {
        SavedReport {
            function,
            values: vec![],
            total_bytes: 0,
            heap_bytes: 0,
            peak_bytes: 0,
            peak_heap_bytes: 0,
        }
    }

    /// The reverse sweep's recordings: the tapes held `tapes_then` bytes on the heap after
    /// the forward sweep and, with the snapshots still held, at most `tapes_at_most` while
    /// a segment's recording was complete.
    #[doc(hidden)]
    pub fn recorded(&mut self, tapes_then: usize, tapes_at_most: usize) {
        let heap = (self.heap_bytes - tapes_then.min(self.heap_bytes)) + tapes_at_most;
        if heap > self.peak_heap_bytes {
            self.peak_heap_bytes = heap;
            self.peak_bytes = self.total_bytes - self.heap_bytes + heap;
        }
    }

    /// Adds a value measured by [`measure`].
    #[doc(hidden)]
    pub fn add(&mut self, name: String, site: String, line: u32, size: Size, recomputed: bool) {
        let (elements, bytes, heap_bytes) = match recomputed {
            true => (0, 0, 0),
            false => (size.elements, size.bytes, size.heap),
        };
        self.total_bytes += bytes;
        self.heap_bytes += heap_bytes;
        self.peak_bytes = self.total_bytes;
        self.peak_heap_bytes = self.heap_bytes;
        self.values.push(SavedValue {
            name,
            site,
            line,
            elements,
            bytes,
            heap_bytes,
            recomputed,
            opaque: size.opaque,
        });
    }
}

impl fmt::Display for SavedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "what the reverse pass of `{}` keeps:", self.function)?;
        let width = self.values.iter().map(|v| v.name.chars().count()).max();
        let width = width.unwrap_or(0).max(5);
        let sites = self.values.iter().map(|v| v.site.chars().count()).max();
        let sites = sites.unwrap_or(0).max(8);
        writeln!(
            f,
            "  {:<width$}  {:<sites$}  {:>8}  {:>12}",
            "value", "saved at", "elements", "bytes"
        )?;
        for v in &self.values {
            let bytes = match (v.recomputed, v.opaque) {
                (true, _) => "recomputed".to_string(),
                (false, true) => format!("{} (closure)", v.bytes),
                (false, false) => v.bytes.to_string(),
            };
            writeln!(
                f,
                "  {:<width$}  {:<sites$}  {:>8}  {:>12}",
                v.name, v.site, v.elements, bytes
            )?;
        }
        write!(
            f,
            "  total {} bytes ({} on the heap), peak {} bytes",
            self.total_bytes, self.heap_bytes, self.peak_bytes
        )
    }
}

/// The size of a value: scalars, bytes of data, and the part on the heap.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Size {
    pub elements: usize,
    pub bytes: usize,
    pub heap: usize,
    pub opaque: bool,
}

impl Size {
    /// A callee's pullback, or a tape of them, measured from outside (the closures' own
    /// size), with what the callees' reports say they hold on the heap; still opaque if a
    /// callee made no report.
    pub fn holding(self, callees: &Callees) -> Size {
        Size {
            elements: self.elements,
            bytes: self.bytes + callees.heap,
            heap: self.heap + callees.heap,
            opaque: callees.unreported,
        }
    }
}

/// What the pullbacks of one call site hold on the heap, from their callees' own reports
/// (one per call: a call in a loop adds up its iterations').
///
/// A differentiated callee `g` with `#[differentiate(report)]` has `g::saved_all(&(args…))`,
/// its report for these arguments; the caller's `f_saved` calls it beside each call of
/// `g`. A callee without one (no `report`, a method, a runtime rule) resolves to
/// [`Unreported`]'s, which says nothing: its pullbacks are listed by their own size, as
/// `opaque`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Callees {
    pub heap: usize,
    pub unreported: bool,
}

impl Callees {
    /// Adds one call's report (`None`: a callee without one).
    pub fn add(&mut self, report: Option<SavedReport>) {
        match report {
            Some(r) => self.heap += r.heap_bytes,
            None => self.unreported = true,
        }
    }
}

/// `g::saved_all(&args)` of a callee type that has no report of its own: an inherent
/// associated function of that name (what `report` declares) is found first, this one
/// otherwise.
#[doc(hidden)]
pub trait Unreported {
    fn saved_all<A: ?Sized>(_args: &A) -> Option<SavedReport> {
        None
    }
}

impl<T: ?Sized> Unreported for T {}

/// `saved_all` of the runtime's rules (modules, which a trait cannot reach): no report.
#[doc(hidden)]
pub fn unreported<A: ?Sized>(_args: &A) -> Option<SavedReport> {
    None
}

/// How much a value a pullback keeps holds. Implemented for floats, integers, dual
/// numbers, `Vec`s, arrays, tuples, `Option`s, `ndarray` arrays and the tapes
/// ([`SaveStack`]) of any of them.
///
/// ```
/// use autodiff_runtime::saved::Held;
/// let mut v: Vec<f64> = Vec::with_capacity(10);
/// v.push(1.0);
/// assert_eq!((v.elements(), v.heap_bytes(), v.data_bytes()), (1, 80, 80));
/// assert_eq!((2.0f64.elements(), 2.0f64.heap_bytes(), 2.0f64.data_bytes()), (1, 0, 8));
/// ```
pub trait Held {
    /// Scalars (or entries) held.
    fn elements(&self) -> usize;
    /// Bytes of heap buffers owned.
    fn heap_bytes(&self) -> usize;
    /// Bytes of its data: its own size for a plain value, its buffers for a container.
    fn data_bytes(&self) -> usize;
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl Held for $t {
            fn elements(&self) -> usize { 1 }
            fn heap_bytes(&self) -> usize { 0 }
            fn data_bytes(&self) -> usize { size_of::<$t>() }
        }
    )*};
}
plain!(f32, f64, usize, isize, u8, u16, u32, u64, i8, i16, i32, i64, bool);

impl<T: Copy> Held for crate::Dual<T> {
    fn elements(&self) -> usize {
        1
    }
    fn heap_bytes(&self) -> usize {
        0
    }
    fn data_bytes(&self) -> usize {
        size_of::<Self>()
    }
}

/// A buffer of `capacity` elements of `T` holding `items`.
fn buffer<T: Held>(items: &[T], capacity: usize) -> (usize, usize) {
    let inner: usize = items.iter().map(Held::heap_bytes).sum();
    let elements = items.iter().map(Held::elements).sum();
    (elements, capacity * size_of::<T>() + inner)
}

impl<T: Held> Held for Vec<T> {
    fn elements(&self) -> usize {
        buffer(self, self.capacity()).0
    }
    fn heap_bytes(&self) -> usize {
        buffer(self, self.capacity()).1
    }
    fn data_bytes(&self) -> usize {
        self.heap_bytes()
    }
}

impl<T: Held> Held for SaveStack<T> {
    fn elements(&self) -> usize {
        buffer(self.as_slice(), self.capacity()).0
    }
    fn heap_bytes(&self) -> usize {
        buffer(self.as_slice(), self.capacity()).1
    }
    fn data_bytes(&self) -> usize {
        self.heap_bytes()
    }
}

impl<T: Held, const N: usize> Held for [T; N] {
    fn elements(&self) -> usize {
        self.iter().map(Held::elements).sum()
    }
    fn heap_bytes(&self) -> usize {
        self.iter().map(Held::heap_bytes).sum()
    }
    fn data_bytes(&self) -> usize {
        self.iter().map(Held::data_bytes).sum()
    }
}

/// The binomial schedule's own work list, held while a reverse sweep follows it.
impl Held for crate::checkpoint::Revolve {
    fn elements(&self) -> usize {
        0
    }
    fn heap_bytes(&self) -> usize {
        self.held_bytes()
    }
    fn data_bytes(&self) -> usize {
        self.held_bytes()
    }
}

impl<T: Held> Held for Option<T> {
    fn elements(&self) -> usize {
        self.as_ref().map_or(0, Held::elements)
    }
    fn heap_bytes(&self) -> usize {
        self.as_ref().map_or(0, Held::heap_bytes)
    }
    fn data_bytes(&self) -> usize {
        self.as_ref().map_or(0, Held::data_bytes)
    }
}

impl<T: Held + ?Sized> Held for &T {
    /// A reference holds nothing of its own.
    fn elements(&self) -> usize {
        0
    }
    fn heap_bytes(&self) -> usize {
        0
    }
    fn data_bytes(&self) -> usize {
        0
    }
}

/// An owned `ndarray` array: its elements, on the heap (the arrays ndarray builds hold
/// exactly their elements).
impl<T: Held, D: ndarray::Dimension> Held for ndarray::Array<T, D> {
    fn elements(&self) -> usize {
        self.iter().map(Held::elements).sum()
    }
    fn heap_bytes(&self) -> usize {
        self.len() * size_of::<T>() + self.iter().map(Held::heap_bytes).sum::<usize>()
    }
    fn data_bytes(&self) -> usize {
        self.heap_bytes()
    }
}

macro_rules! tuples {
    ($(($($t:ident $i:tt),*)),*) => {$(
        impl<$($t: Held),*> Held for ($($t,)*) {
            fn elements(&self) -> usize { 0 $(+ self.$i.elements())* }
            fn heap_bytes(&self) -> usize { 0 $(+ self.$i.heap_bytes())* }
            fn data_bytes(&self) -> usize { 0 $(+ self.$i.data_bytes())* }
        }
    )*};
}
tuples!(
    (),
    (A 0),
    (A 0, B 1),
    (A 0, B 1, C 2),
    (A 0, B 1, C 2, D 3),
    (A 0, B 1, C 2, D 3, E 4),
    (A 0, B 1, C 2, D 3, E 4, G 5)
);

/// Generated code measures `value` with `(&&&&&Probe(&value)).measure()`: the first of
/// these that applies (autoref specialisation): a value that is [`Held`]; a struct value
/// (`Differentiable`), by its own size and its float leaves on the heap (a `Vec` field's
/// elements by their length); a tape of struct values; a tape of values that are neither
/// (a callee's pullbacks: the buffer counted, what each keeps on the heap not); any other
/// value (a closure), by its own size.
#[doc(hidden)]
pub struct Probe<'a, T: ?Sized>(pub &'a T);

#[doc(hidden)]
pub trait MeasureHeld {
    fn measure(&self) -> Size;
}

impl<T: Held> MeasureHeld for &&&&Probe<'_, T> {
    fn measure(&self) -> Size {
        let v = self.0;
        Size {
            elements: v.elements(),
            bytes: v.data_bytes(),
            heap: v.heap_bytes(),
            opaque: false,
        }
    }
}

#[doc(hidden)]
pub trait MeasureLeaves {
    fn measure(&self) -> Size;
}

/// A struct value (`#[derive(Differentiable)]`): its own size, and its float leaves that
/// lie outside it (a `Vec` field's elements, by length) on the heap.
impl<T: crate::Differentiable> MeasureLeaves for &&&Probe<'_, T> {
    fn measure(&self) -> Size {
        let (elements, heap) = leaves(std::slice::from_ref(self.0));
        Size {
            elements,
            bytes: size_of::<T>() + heap,
            heap,
            opaque: false,
        }
    }
}

#[doc(hidden)]
pub trait MeasureLeafTape {
    fn measure(&self) -> Size;
}

/// A tape of struct values: its buffer, and their leaves outside it.
impl<T: crate::Differentiable> MeasureLeafTape for &&Probe<'_, SaveStack<T>> {
    fn measure(&self) -> Size {
        let tape = self.0;
        let (elements, outside) = leaves(tape.as_slice());
        let bytes = tape.capacity() * size_of::<T>() + outside;
        Size {
            elements,
            bytes,
            heap: bytes,
            opaque: false,
        }
    }
}

/// The float leaves of `items` and the bytes of those that lie outside the items' own
/// memory (on the heap: a `Vec` field's elements, counted by length).
fn leaves<T: crate::Differentiable>(items: &[T]) -> (usize, usize) {
    let start = items.as_ptr() as usize;
    let end = start + std::mem::size_of_val(items);
    let (mut elements, mut outside) = (0, 0);
    for item in items {
        item.for_each_leaf(&mut |leaf| {
            elements += leaf.len();
            let at = leaf.as_ptr() as usize;
            if at < start || at >= end {
                outside += std::mem::size_of_val(leaf);
            }
        });
    }
    (elements, outside)
}

#[doc(hidden)]
pub trait MeasureTape {
    fn measure(&self) -> Size;
}

impl<T> MeasureTape for &Probe<'_, SaveStack<T>> {
    fn measure(&self) -> Size {
        let bytes = self.0.capacity() * size_of::<T>();
        Size {
            elements: self.0.len(),
            bytes,
            heap: bytes,
            opaque: true,
        }
    }
}

#[doc(hidden)]
pub trait MeasureOpaque {
    fn measure(&self) -> Size;
}

impl<T> MeasureOpaque for Probe<'_, T> {
    fn measure(&self) -> Size {
        Size {
            elements: 1,
            bytes: size_of::<T>(),
            heap: 0,
            opaque: true,
        }
    }
}

// The probes' references are the autoref specialisation itself.
#[cfg(test)]
#[allow(clippy::needless_borrow)]
mod tests {
    use super::*;

    #[test]
    fn probes_pick_the_most_precise_measure() {
        let v = vec![1.0f64; 3];
        assert_eq!((&&&&&Probe(&v)).measure().heap, 24);
        let mut tape = SaveStack::new();
        tape.push(|| 1.0);
        let size = (&&&&&Probe(&tape)).measure();
        assert!(size.opaque);
        let closure = move || v.len();
        let size = (&&&&&Probe(&closure)).measure();
        assert!(size.opaque && size.bytes == size_of::<Vec<f64>>());
    }

    #[test]
    fn a_report_adds_what_it_lists() {
        let mut r = SavedReport::new("f");
        let x = 1.0f64;
        let v = vec![0.0f32; 4];
        r.add(
            "x".into(),
            "line 1".into(),
            1,
            (&&&&&Probe(&x)).measure(),
            false,
        );
        r.add(
            "v".into(),
            "line 2".into(),
            2,
            (&&&&&Probe(&v)).measure(),
            false,
        );
        r.add(
            "t".into(),
            "line 3".into(),
            3,
            (&&&&&Probe(&x)).measure(),
            true,
        );
        assert_eq!((r.total_bytes, r.heap_bytes, r.peak_bytes), (24, 16, 24));
        assert!(r.to_string().contains("recomputed"));
    }
}
