//! Scalar reverse mode on a flat tape (Wengert list): the runtime baseline that the
//! compile-time reverse mode is measured against.
//!
//! Every operation on a [`Value`] appends one node to its [`Tape`]: the indices of at most two
//! parents and the local partials `∂node/∂parent`, taken from [`crate::partial`]. Nodes are
//! appended in evaluation order, so the tape is already a topological order and
//! [`Value::backward`] is a single loop from the output down to the first node, accumulating
//! `x̄ += ȳ · ∂y/∂x`. There is no recursion and no per-node allocation: a graph of 10⁷ nodes is
//! one `Vec` of 10⁷ small structs.
//!
//! Both loops are bound by memory traffic, so a node is kept small and branch-free:
//! - node 0 is a hidden *sink*: leaves and unary nodes send their unused parent slots there
//!   with partial 0, and constants are values whose index is the sink, so the backward loop
//!   never asks how many parents a node has. Whatever accumulates in the sink is discarded.
//! - parents are `u32`: a node is 24 bytes for `f64` (2³² nodes at most, ~100 GB of tape).
//! - the operation and value of each node, needed only to print the tape, are recorded only
//!   by a [`Tape::traced`] tape: on the n = 10⁵ Rosenbrock gradient, 40-byte nodes that
//!   carried them made recording and sweep ~1.6× slower.
//!
//! ```
//! use autodiff_runtime::Tape;
//! let tape = Tape::new();
//! let (a, b) = (tape.var(2.0), tape.var(3.0));
//! let y = a * b + a.sin();
//! let g = y.backward();
//! assert_eq!(g[a], 3.0 + 2.0_f64.cos());
//! assert_eq!(g[b], 2.0);
//! ```

mod ops;

use std::cell::RefCell;
use std::fmt;
use std::ops::Index;

use num_traits::Float;

pub use ops::Operand;

/// Index of the hidden node that absorbs the edges of leaves, unary nodes and constants.
const SINK: u32 = 0;

/// Declares the operation tags with their printed name and arity (number of operands).
macro_rules! define_ops {
    ($($variant:ident => $name:literal / $arity:literal,)*) => {
        /// What a node computes; recorded by traced tapes for `Display`, never read by the sweep.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Op {
            $($variant,)*
        }

        impl Op {
            fn name(self) -> &'static str {
                match self {
                    $(Op::$variant => $name,)*
                }
            }

            fn arity(self) -> usize {
                match self {
                    $(Op::$variant => $arity,)*
                }
            }
        }
    };
}

define_ops! {
    Sink => "sink" / 0, Var => "var" / 0,
    Add => "add" / 2, Sub => "sub" / 2, Mul => "mul" / 2, Div => "div" / 2, Rem => "rem" / 2,
    Neg => "neg" / 1,
    Sin => "sin" / 1, Cos => "cos" / 1, Tan => "tan" / 1,
    Asin => "asin" / 1, Acos => "acos" / 1, Atan => "atan" / 1, Atan2 => "atan2" / 2,
    Sinh => "sinh" / 1, Cosh => "cosh" / 1, Tanh => "tanh" / 1,
    Asinh => "asinh" / 1, Acosh => "acosh" / 1, Atanh => "atanh" / 1,
    Exp => "exp" / 1, Exp2 => "exp2" / 1, ExpM1 => "exp_m1" / 1,
    Ln => "ln" / 1, Ln1p => "ln_1p" / 1, Log => "log" / 2, Log2 => "log2" / 1,
    Log10 => "log10" / 1,
    Sqrt => "sqrt" / 1, Cbrt => "cbrt" / 1, Powi => "powi" / 1, Powf => "powf" / 2,
    Hypot => "hypot" / 2, Recip => "recip" / 1, Abs => "abs" / 1, Signum => "signum" / 1,
    Max => "max" / 2, Min => "min" / 2, MulAdd => "mul_add" / 3, Clamp => "clamp" / 3,
    Floor => "floor" / 1, Ceil => "ceil" / 1, Round => "round" / 1, Trunc => "trunc" / 1,
    Fract => "fract" / 1, ToRadians => "to_radians" / 1, ToDegrees => "to_degrees" / 1,
    Copysign => "copysign" / 2, RemEuclid => "rem_euclid" / 2,
    // First half of a three-operand node: a tape node has only two parent slots.
    Join => "join" / 2,
}

/// The part of a node the reverse sweep reads: the edges to its (at most two) parents.
#[derive(Clone, Copy, Debug)]
struct Edge<T> {
    parents: [u32; 2],
    partials: [T; 2],
}

/// The part of a node only `Display` reads, recorded by a [traced](Tape::traced) tape.
#[derive(Clone, Copy, Debug)]
struct Trace<T> {
    op: Op,
    value: T,
}

/// What the `check-finite` feature keeps of a node, to name it in a report.
#[cfg(feature = "check-finite")]
#[derive(Clone, Copy, Debug)]
struct Provenance {
    op: Op,
    /// Whether every operand was finite: only then is a non-finite cotangent reported.
    operands_finite: bool,
    /// The statement named by `check::statement` when the node was recorded.
    statement: Option<&'static str>,
}

/// Everything a tape records; one `RefCell` so a push takes one borrow.
struct Records<T> {
    edges: Vec<Edge<T>>,
    trace: Option<Vec<Trace<T>>>,
    #[cfg(feature = "check-finite")]
    provenance: Vec<Provenance>,
}

/// The tape (Wengert list) that records every operation on its [`Value`]s.
///
/// Create variables with [`var`](Tape::var), compute, call [`Value::backward`]. To evaluate
/// many gradients, [`clear`](Tape::clear) and reuse one tape: its memory is kept.
///
/// The float type `T` is inferred from the variables; when they are bare literals and a
/// number stands left of an operator (`2.0 * x`), name it: `Tape::<f64>::new()`.
///
/// ```
/// use autodiff_runtime::Tape;
/// let mut tape = Tape::with_capacity(16);
/// for x0 in [1.0, 2.0, 3.0] {
///     tape.clear();
///     let x = tape.var(x0);
///     let g = (x * x * x).backward();
///     assert_eq!(g[x], 3.0 * x0 * x0); // d/dx x³ = 3x²
/// }
/// ```
pub struct Tape<T = f64> {
    records: RefCell<Records<T>>,
}

impl<T: Float> Tape<T> {
    /// An empty tape.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::<f64>::new();
    /// assert_eq!(tape.len(), 0);
    /// ```
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// An empty tape with room for `capacity` nodes before it reallocates.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::<f64>::with_capacity(1000);
    /// assert!(tape.capacity() >= 1000);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        let mut edges = Vec::with_capacity(capacity + 1);
        edges.push(Edge {
            parents: [SINK; 2],
            partials: [T::zero(); 2],
        });
        Tape {
            records: RefCell::new(Records {
                edges,
                trace: None,
                #[cfg(feature = "check-finite")]
                provenance: vec![Provenance {
                    op: Op::Sink,
                    operands_finite: true,
                    statement: None,
                }],
            }),
        }
    }

    /// An empty tape that also records each node's operation and value, so that
    /// [`describe`](Tape::describe) can list it. For teaching and debugging: the trace
    /// makes recording slower.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::traced();
    /// let x = tape.var(3.0);
    /// let _ = x * x;
    /// assert_eq!(tape.describe(), "v0 = var = 3\nv1 = mul(v0, v0) = 9  ∂ = (3, 3)\n");
    /// ```
    pub fn traced() -> Self {
        let tape = Self::new();
        let sink = Trace {
            op: Op::Sink,
            value: T::zero(),
        };
        tape.records.borrow_mut().trace = Some(vec![sink]);
        tape
    }

    /// A new independent variable (leaf) with value `x`.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(1.5);
    /// assert_eq!(x.value(), 1.5);
    /// assert_eq!(x.backward()[x], 1.0); // dx/dx = 1
    /// ```
    #[inline]
    pub fn var(&self, x: T) -> Value<'_, T> {
        self.push(Op::Var, [SINK; 2], [T::zero(); 2], x, true)
    }

    /// One variable per element of `xs`, in order.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let v = tape.vars(&[1.0, 2.0]);
    /// let g = (v[0] * v[1]).backward();
    /// assert_eq!((g[v[0]], g[v[1]]), (2.0, 1.0)); // ∇(ab) = (b, a)
    /// ```
    pub fn vars(&self, xs: &[T]) -> Vec<Value<'_, T>> {
        xs.iter().map(|&x| self.var(x)).collect()
    }

    /// A constant: a value that takes no tape node and whose adjoint is always zero.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let (x, c) = (tape.var(2.0), tape.constant(5.0));
    /// let g = (x * c).backward();
    /// assert_eq!((g[x], g[c]), (5.0, 0.0));
    /// assert_eq!(tape.len(), 2); // x and the product
    /// ```
    #[inline]
    pub fn constant(&self, x: T) -> Value<'_, T> {
        Value {
            tape: self,
            index: SINK,
            value: x,
        }
    }

    /// Number of nodes recorded (variables and operations; constants take none).
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(1.0);
    /// let _ = x.exp() + 1.0;
    /// assert_eq!(tape.len(), 3); // x, exp, add
    /// ```
    pub fn len(&self) -> usize {
        self.records.borrow().edges.len() - 1
    }

    /// Whether no node has been recorded.
    ///
    /// ```
    /// let mut tape = autodiff_runtime::Tape::new();
    /// tape.var(1.0);
    /// assert!(!tape.is_empty());
    /// tape.clear();
    /// assert!(tape.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of nodes the tape holds before it reallocates.
    ///
    /// ```
    /// let mut tape = autodiff_runtime::Tape::<f64>::with_capacity(8);
    /// let before = tape.capacity();
    /// tape.clear();
    /// assert_eq!(tape.capacity(), before);
    /// ```
    pub fn capacity(&self) -> usize {
        self.records.borrow().edges.capacity() - 1
    }

    /// Forgets every node but keeps the memory, for the next evaluation.
    ///
    /// Takes `&mut self`, so the borrow checker guarantees no [`Value`] of the old
    /// recording survives to index into the new one.
    ///
    /// ```
    /// let mut tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(3.0);
    /// assert_eq!((x * x).backward()[x], 6.0);
    /// tape.clear();
    /// assert_eq!(tape.len(), 0);
    /// ```
    pub fn clear(&mut self) {
        let records = self.records.get_mut();
        records.edges.truncate(1);
        if let Some(trace) = &mut records.trace {
            trace.truncate(1);
        }
        #[cfg(feature = "check-finite")]
        records.provenance.truncate(1);
    }

    /// The tape in topological order, one node a line: index, operation, parents, value and
    /// local partials. The same text as `Display`; `{:.3}` limits the digits. Only a
    /// [traced](Tape::traced) tape knows operations and values; others print their size.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::traced();
    /// let (a, b) = (tape.var(2.0), tape.var(3.0));
    /// let _ = (a * b).sin();
    /// let text = tape.describe();
    /// assert!(text.starts_with("v0 = var = 2\nv1 = var = 3\nv2 = mul(v0, v1) = 6"));
    /// ```
    pub fn describe(&self) -> String
    where
        T: fmt::Display,
    {
        self.to_string()
    }

    /// Appends a node and returns the value that names it. `operands_finite` is read by the
    /// `check-finite` feature only.
    #[inline]
    fn push(
        &self,
        op: Op,
        parents: [u32; 2],
        partials: [T; 2],
        value: T,
        operands_finite: bool,
    ) -> Value<'_, T> {
        let records = &mut *self.records.borrow_mut();
        let index = u32::try_from(records.edges.len()).expect("a tape holds at most 2³² nodes");
        records.edges.push(Edge { parents, partials });
        if let Some(trace) = &mut records.trace {
            trace.push(Trace { op, value });
        }
        #[cfg(feature = "check-finite")]
        records.provenance.push(Provenance {
            op,
            operands_finite,
            statement: crate::check::current_statement(),
        });
        #[cfg(not(feature = "check-finite"))]
        let _ = operands_finite;
        Value {
            tape: self,
            index,
            value,
        }
    }
}

impl<T: Float> Default for Tape<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> fmt::Debug for Tape<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Listing every node of a 10⁶-node tape is never what `{:?}` wants.
        let records = self.records.borrow();
        f.debug_struct("Tape")
            .field("len", &(records.edges.len() - 1))
            .field("traced", &records.trace.is_some())
            .finish()
    }
}

impl<T: Float + fmt::Display> fmt::Display for Tape<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let records = self.records.borrow();
        let Some(trace) = &records.trace else {
            let len = records.edges.len() - 1;
            return writeln!(
                f,
                "untraced tape of {len} nodes (Tape::traced() lists them)"
            );
        };
        for (i, (edge, node)) in records.edges.iter().zip(trace).enumerate().skip(1) {
            write!(f, "v{} = {}", i - 1, node.op.name())?;
            let used = node.op.arity().min(2);
            if used > 0 {
                let names: Vec<String> = edge.parents[..used]
                    .iter()
                    .map(|&p| parent_name(p))
                    .collect();
                write!(f, "({})", names.join(", "))?;
            }
            write!(f, " = ")?;
            write_number(f, node.value)?;
            if used > 0 {
                write!(f, "  ∂ = (")?;
                for (k, &d) in edge.partials[..used].iter().enumerate() {
                    if k > 0 {
                        write!(f, ", ")?;
                    }
                    write_number(f, d)?;
                }
                write!(f, ")")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// How `Display` names a parent: a tape node, or a constant (the sink).
fn parent_name(p: u32) -> String {
    if p == SINK {
        "const".to_owned()
    } else {
        format!("v{}", p - 1)
    }
}

/// Writes a number with the formatter's precision, if one was asked for.
fn write_number<T: fmt::Display>(f: &mut fmt::Formatter<'_>, x: T) -> fmt::Result {
    match f.precision() {
        Some(p) => write!(f, "{x:.p$}"),
        None => write!(f, "{x}"),
    }
}

/// A scalar recorded on a [`Tape`]: its value and the index of its node.
///
/// `Copy`, 24 bytes for `f64`. Use it like a float: operators with other values and with
/// plain numbers on either side (`f64` and `f32` on the left), and the math methods of
/// [`Float`]. Comparisons compare values.
///
/// ```
/// use autodiff_runtime::Tape;
/// let tape = Tape::new();
/// let x = tape.var(0.5_f64);
/// let y = 2.0 * x.exp() - x / 4.0;
/// assert!(y > 0.0);
/// assert_eq!(y.backward()[x], 2.0 * 0.5_f64.exp() - 0.25);
/// ```
#[derive(Clone, Copy)]
pub struct Value<'t, T = f64> {
    tape: &'t Tape<T>,
    index: u32,
    value: T,
}

impl<'t, T: Float> Value<'t, T> {
    /// The primal value.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// assert_eq!((tape.var(3.0) * 2.0).value(), 6.0);
    /// ```
    #[inline]
    pub fn value(self) -> T {
        self.value
    }

    /// Position of this value's node in [`Tape::describe`], `None` for a constant.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(1.0);
    /// assert_eq!(((x + 1.0).index(), tape.constant(1.0).index()), (Some(1), None));
    /// ```
    #[inline]
    pub fn index(self) -> Option<usize> {
        (self.index != SINK).then(|| self.index as usize - 1)
    }

    /// The tape this value is recorded on, e.g. to make constants in generic code.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(2.0);
    /// let one = x.tape().constant(1.0);
    /// assert_eq!((x + one).backward()[x], 1.0);
    /// ```
    #[inline]
    pub fn tape(self) -> &'t Tape<T> {
        self.tape
    }

    /// The adjoints `∂self/∂v` of every node `v` recorded before `self`: one reverse sweep.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let (a, b) = (tape.var(3.0), tape.var(4.0));
    /// let y = a * b;
    /// let z = y + y * a; // z = ab + a²b: ∂z/∂a = b + 2ab, ∂z/∂b = a + a²
    /// let g = z.backward();
    /// assert_eq!((g[a], g[b]), (4.0 + 24.0, 3.0 + 9.0));
    /// ```
    pub fn backward(self) -> Gradients<T> {
        let mut grads = Gradients::new();
        self.backward_into(&mut grads);
        grads
    }

    /// [`backward`](Value::backward) into an existing buffer, which is resized, not
    /// reallocated once large enough: for repeated gradient evaluations.
    ///
    /// ```
    /// use autodiff_runtime::{Gradients, Tape};
    /// let mut tape = Tape::new();
    /// let mut grads = Gradients::new();
    /// for x0 in [1.0, 2.0] {
    ///     tape.clear();
    ///     let x = tape.var(x0);
    ///     x.ln().backward_into(&mut grads);
    ///     assert_eq!(grads[x], 1.0 / x0);
    /// }
    /// ```
    pub fn backward_into(self, grads: &mut Gradients<T>) {
        let records = self.tape.records.borrow();
        let end = self.index as usize + 1;
        let adjoints = &mut grads.adjoints;
        adjoints.clear();
        adjoints.resize(end, T::zero());
        adjoints[self.index as usize] = T::one();
        #[cfg(not(feature = "check-finite"))]
        sweep(&records.edges[..end], adjoints);
        #[cfg(feature = "check-finite")]
        checked_sweep(&records.edges[..end], &records.provenance[..end], adjoints);
        // The sink collected the edges of leaves and constants: not an adjoint of anything.
        adjoints[SINK as usize] = T::zero();
    }
}

/// The reverse sweep: node `i` pushes its adjoint to its parents, for `i` from the last node
/// down to 1. Parents precede children on the tape, so each adjoint is complete when read.
#[cfg_attr(feature = "check-finite", allow(dead_code))]
fn sweep<T: Float>(edges: &[Edge<T>], adjoints: &mut [T]) {
    // Equal lengths let the compiler drop the bounds checks on `edges[i]` and `adjoints[i]`.
    let adjoints = &mut adjoints[..edges.len()];
    for i in (1..edges.len()).rev() {
        let Edge {
            parents: [p, q],
            partials: [dp, dq],
        } = edges[i];
        let bar = adjoints[i];
        adjoints[p as usize] = adjoints[p as usize] + bar * dp;
        adjoints[q as usize] = adjoints[q as usize] + bar * dq;
    }
}

/// [`sweep`], reporting the first adjoint that a contribution `ȳ · ∂` makes non-finite while
/// `ȳ`, the adjoint before and the node's operands are finite (an infinite partial, or an
/// overflow): the `check-finite` feature. Edges into the sink are not adjoints of anything.
#[cfg(feature = "check-finite")]
fn checked_sweep<T: Float>(edges: &[Edge<T>], provenance: &[Provenance], adjoints: &mut [T]) {
    for i in (1..edges.len()).rev() {
        let (edge, node, bar) = (edges[i], provenance[i], adjoints[i]);
        for (k, (&p, &d)) in edge.parents.iter().zip(&edge.partials).enumerate() {
            let (p, before) = (p as usize, adjoints[p as usize]);
            let after = before + bar * d;
            adjoints[p] = after;
            let finite_in = bar.is_finite() && before.is_finite() && node.operands_finite;
            if p != SINK as usize && finite_in && !after.is_finite() {
                let number = |x: T| x.to_f64().map_or("?".to_owned(), |v| format!("{v:?}"));
                let at = node
                    .statement
                    .map_or(String::new(), |s| format!(" (in {s})"));
                panic!(
                    "check-finite: the cotangent of operand {} of `{}` (node v{}) is {} from \
                     finite inputs: adjoint {} times partial {}, added to {}{at}",
                    k + 1,
                    node.op.name(),
                    i - 1,
                    number(after),
                    number(bar),
                    number(d),
                    number(before),
                );
            }
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Value<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Value")
            .field("index", &self.index)
            .field("value", &self.value)
            .finish()
    }
}

impl<T: fmt::Display> fmt::Display for Value<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// The adjoints computed by [`Value::backward`]: `grads[x]` is `∂y/∂x`.
///
/// A value recorded after `y`, or a constant, gets 0: `y` does not depend on it.
///
/// ```
/// let tape = autodiff_runtime::Tape::new();
/// let x = tape.var(2.0);
/// let y = x.powi(3);
/// let g = y.backward();
/// assert_eq!(g[x], 12.0); // 3x²
/// assert_eq!(g.wrt(x), 12.0);
/// assert_eq!(g[y], 1.0);
/// assert_eq!(g[x + 1.0], 0.0);
/// ```
#[derive(Clone, Debug)]
pub struct Gradients<T = f64> {
    adjoints: Vec<T>,
    zero: T,
}

impl<T: Float> Gradients<T> {
    /// An empty buffer for [`Value::backward_into`].
    ///
    /// ```
    /// let g = autodiff_runtime::Gradients::<f64>::new();
    /// assert!(g.as_slice().is_empty());
    /// ```
    pub fn new() -> Self {
        Gradients {
            adjoints: Vec::new(),
            zero: T::zero(),
        }
    }

    /// The adjoint `∂y/∂x`; the same as `grads[x]`.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.var(4.0);
    /// assert_eq!(x.sqrt().backward().wrt(x), 0.25); // 1 / (2√x)
    /// ```
    #[inline]
    pub fn wrt(&self, x: Value<'_, T>) -> T {
        self[x]
    }

    /// All adjoints in tape order: entry `i` belongs to the value whose
    /// [`index`](Value::index) is `i`, up to the output of `backward`.
    ///
    /// ```
    /// let tape = autodiff_runtime::Tape::new();
    /// let x = tape.vars(&[1.0, 2.0]);
    /// let y = x[0] * x[1];
    /// assert_eq!(y.backward().as_slice(), &[2.0, 1.0, 1.0]);
    /// ```
    pub fn as_slice(&self) -> &[T] {
        self.adjoints.get(1..).unwrap_or(&[])
    }
}

impl<T: Float> Default for Gradients<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Index<Value<'_, T>> for Gradients<T> {
    type Output = T;

    #[inline]
    fn index(&self, x: Value<'_, T>) -> &T {
        self.adjoints.get(x.index as usize).unwrap_or(&self.zero)
    }
}

/// Value and gradient of `f` at `x`, on a fresh tape.
///
/// ```
/// use autodiff_runtime::value::grad;
/// // f(x, y) = x² y + y: ∇f = (2xy, x² + 1)
/// let (f, g) = grad(|v| v[0] * v[0] * v[1] + v[1], &[3.0, 2.0]);
/// assert_eq!(f, 20.0);
/// assert_eq!(g, vec![12.0, 10.0]);
/// ```
pub fn grad<T: Float>(f: impl for<'t> Fn(&[Value<'t, T>]) -> Value<'t, T>, x: &[T]) -> (T, Vec<T>) {
    let tape = Tape::new();
    let xs = tape.vars(x);
    let y = f(&xs);
    let g = y.backward();
    (y.value(), xs.iter().map(|&v| g[v]).collect())
}
